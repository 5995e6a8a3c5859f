package programs_test

import "testing"

func TestHadolint(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"hadolint Dockerfile", "read Dockerfile"},
		{"hadolint --ignore DL3008 -t error -f json docker/Dockerfile", "read docker/Dockerfile"},
		{"hadolint -c .hadolint.yaml Dockerfile", "read .hadolint.yaml; read Dockerfile"},
		{"hadolint -", ""},
	})
}
