package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// The governance CLI is known by what it is: run by its name, by a path
// that leads to an installed binary, under another name, from a copy on
// disk or one made earlier in the same call, or found with which.
func TestGovernanceByIdentity(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	project := filepath.Join(dir, "project")
	for _, d := range []string{bin, project, filepath.Join(project, ".git")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	gov := filepath.Join(bin, "governance")
	program := append([]byte("\x7fELF governance "), make([]byte, 200000)...)
	must(t, os.WriteFile(gov, program, 0o755))
	// A copy left on disk by an earlier call, a hard link and a link.
	must(t, os.WriteFile(filepath.Join(project, "tool"), program, 0o755))
	must(t, os.Link(gov, filepath.Join(project, "hard")))
	must(t, os.Symlink(gov, filepath.Join(project, "soft")))
	// The hook under another name.
	hook := filepath.Join(bin, "governance-hook")
	must(t, os.WriteFile(hook, append([]byte("\x7fELF governance-hook "), make([]byte, 200000)...), 0o755))
	must(t, os.Link(hook, filepath.Join(project, "answer")))
	// A program of the same size that is not governance.
	other := append([]byte("\x7fELF something "), make([]byte, 200000)...)
	must(t, os.WriteFile(filepath.Join(project, "other"), other, 0o755))

	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.Binaries = []string{gov, hook}
	e.LookupEnv = func(k string) (string, bool) {
		if k == "PATH" {
			return bin + ":/usr/bin:/bin", true
		}
		return "", false
	}
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"governance approvals approve 1", true},
		{gov + " approvals approve 1", true},
		{"../bin/governance approvals approve 1", true},
		{"./tool approvals approve 1", true},
		{"./hard approvals approve 1", true},
		{"./soft learn approve L1", true},
		{"cp " + gov + " /tmp/g && /tmp/g approvals approve 1", true},
		{"cp ../bin/governance x; ./x install codex", true},
		{"cp $(which governance) /tmp/g && /tmp/g approvals approve 1", true},
		{`"$(command -v governance)" approvals approve 1`, true},
		{"ln -s $(type -P governance) g; ./g approvals approve 1", true},
		{"env governance approvals approve 1", true},
		{"bash -c 'governance approvals approve 1'", true},
		{"./other approvals approve 1", false},
		{"governance check -- ls", false},
		// Compile is on no list of the CLI's read-only forms; status is.
		{"./tool compile", true},
		{"./hard status", false},
		{"./x compile", false},
		// The hook, by its identity: it writes state whatever it is given.
		{"./answer claude", true},
		{"echo '{}' | ./answer claude", true},
		{"cp ../bin/governance-hook h; ./h claude", true},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			t.Parallel()
			req := &engine.Request{Cwd: project, ProjectRoot: project, Home: dir,
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
			d := e.Decide(context.Background(), req)
			if got := d.Outcome == engine.Deny; got != tc.deny {
				t.Errorf("%q: got %s by %s (%s), want denied=%v", tc.cmd, d.Outcome, d.Rule, d.Message, tc.deny)
			}
		})
	}
}
