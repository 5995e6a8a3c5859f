package oracle

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// confinedSandbox returns a sandbox whose confined mode runs, with the
// confinement launcher built into its Bin, or skips the test where the
// mode cannot run (not root, no unshare); in CI it fails instead.
func confinedSandbox(t *testing.T) *Sandbox {
	t.Helper()
	s := newSandbox(t)
	s.Bin = t.TempDir()
	if err := s.ConfinedErr(); err != nil {
		if os.Getenv("CI") != "true" && (errors.Is(err, ErrToolMissing) || errors.Is(err, ErrUnusable)) {
			t.Skipf("the confined mode cannot run here: %v", err)
		}
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", s.Bin, "github.com/agentgov/governance/cmd/governance-confine", "github.com/agentgov/governance/cmd/governance")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the launcher: %v\n%s", err, out)
	}
	if err := s.Prime(t.Context(), filepath.Join(BinDir, "governance-confine")+" --kind unknown-effects --project "+Project+" -- true"); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRunConfined runs a command through the confinement launcher in the
// confined mode: the command runs as the unprivileged owner of the decoy
// home, bubblewrap inside mounts a fresh /proc, the launcher leaves the
// command no capability, secrets read empty and the secret variables are
// gone, a write to the project lands and one to the home or the settings
// of a harness does not, and the trace follows the processes inside.
func TestRunConfined(t *testing.T) {
	s := confinedSandbox(t)
	launcher := filepath.Join(BinDir, "governance-confine")
	cmd := launcher + ` --kind unknown-effects --project ` + Project + ` -- bash -c '` +
		`cat .env ~/.ssh/id_rsa; echo "var=$GITHUB_TOKEN"; grep Cap /proc/self/status; id -u; ` +
		`echo x > ~/pwned; echo y > .claude/settings.json; echo ok > out.txt'`
	obs, err := s.RunConfined(context.Background(), cmd)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.Leaks) > 0 {
		t.Errorf("leaks: %+v", obs.Leaks)
	}
	out := string(obs.Stdout)
	// No capability in any set, though the launcher's caller was root
	// before strace dropped to the user.
	for _, set := range []string{"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"} {
		if !strings.Contains(out, set+":\t0000000000000000\n") {
			t.Errorf("the confined command kept a capability in %s:\n%s", set, out)
		}
	}
	if !strings.Contains(out, "var=\n") {
		t.Errorf("the confined command saw a secret variable:\n%s", out)
	}
	if uid := strconv.Itoa(s.confined.uid); !strings.Contains(out, "\n"+uid+"\n") {
		t.Errorf("the command did not run as the user %s:\n%s", uid, out)
	}
	var changed []string
	for _, c := range obs.Changed {
		// The launcher's own state, written outside the sandbox before the
		// command runs: the policy it compiles, the index of secrets.
		state := Home + "/.local/state/governance/"
		if !strings.HasPrefix(c.Path, state+"compiled/") && !strings.HasPrefix(c.Path, state+"confine-index/") &&
			!strings.HasPrefix(c.Path, "/tmp/") {
			changed = append(changed, string(c.Kind)+" "+c.Path)
		}
	}
	if want := []string{"created " + Project + "/out.txt"}; !slices.Equal(changed, want) {
		t.Errorf("changed %q, want %q", changed, want)
	}
	// strace follows the processes inside bubblewrap's namespaces.
	if !slices.ContainsFunc(obs.Execs, func(x Exec) bool { return x.Path == "/usr/bin/id" }) {
		t.Errorf("the trace does not show id run inside the sandbox: %+v", obs.Execs)
	}
	if t.Failed() {
		t.Logf("stdout:\n%s\nstderr:\n%s", obs.Stdout, obs.Stderr)
	}
}
