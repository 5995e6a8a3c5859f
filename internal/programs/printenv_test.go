package programs_test

import "testing"

// TestPrintenv checks that printenv reads the environment.
func TestPrintenv(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"printenv", "env"},
		{"printenv HOME PATH", "env HOME; env PATH"},
		{"printenv -0", "env"},
		{"printenv --help", ""},
		{"printenv $NAME", "unknown (the word $NAME is computed at run time and may be any option); env $NAME"},
	})
}
