package soundness_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/soundness"
)

// TestLoginProfilePredicted: a login shell that runs the user's profile
// is predicted to run what the profile's files run, and nothing else.
func TestLoginProfilePredicted(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".profile"), []byte("uname -s >/dev/null\nif [ -n \"$BASH\" ]; then hostname; fi\n"), 0o600)
	p := soundness.Predict("bash -lc ls", "/p", home)
	for _, name := range []string{"uname", "hostname", "ls"} {
		if !p.Programs[name] && !p.Helpers[name] {
			t.Errorf("bash -lc ls: %s is not predicted (%v, %v)", name, p.Programs, p.Helpers)
		}
	}
	if q := soundness.Predict("bash -c ls", "/p", home); q.Helpers["uname"] {
		t.Errorf("bash -c ls: the profile is predicted to run, but only a login shell runs it")
	}
	if q := soundness.Predict("HOME=/x bash -lc ls", "/p", home); q.Helpers["uname"] || len(q.Execs) == 0 {
		t.Errorf("HOME=/x bash -lc ls: another home's profile is unseen code, not the user's (%v, %v)", q.Helpers, q.Execs)
	}
}
