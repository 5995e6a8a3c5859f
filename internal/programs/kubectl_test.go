package programs_test

import "testing"

// TestClients: kubectl, helm, gh and glab calls that read, and those that
// reveal secrets, change state or run programs.
func TestClients(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd     string
		unknown bool
	}{
		{"kubectl get pods -o yaml", false},
		{"kubectl get secret db -o yaml", true},
		{"kubectl get secret/db -ojson", true},
		{"kubectl get --raw /api", true},
		{"kubectl config view --raw", true},
		{"kubectl --server https://x get pods", true},
		{"kubectl describe $R", true},
		{"helm install web ./c --dry-run=server", true},
		{"gh auth status --show-token", true},
		// pflag's flags given false are off; given true, or last, on.
		{"gh auth status --show-token=false", false},
		{"gh auth status --show-token=false --show-token", true},
		{"gh auth status --show-token --show-token=0", false},
		{"kubectl config view --raw=false", false},
		{"kubectl config view --raw=true", true},
		{"gh auth token", true},
		{"gh pr list -R o/r", false},
		{"glab ci get --with-variables", true},
	} {
		if got := hasUnknown(t, tt.cmd); got != tt.unknown {
			t.Errorf("%q: unknown effect %v, want %v (%s)", tt.cmd, got, tt.unknown, effects(t, tt.cmd))
		}
	}
}
