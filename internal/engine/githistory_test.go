package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// A secret removed from a repository is still in its history: the
// commands that print the history's contents are not plain reads where
// any commit reachable from a branch, a tag, a stash or a reflog added
// one; those that print the index's or one path's are.
func TestHistorySecrets(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name string) {
		t.Helper()
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("x=1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pol := builtin(engine.DefaultSettings())
	pol.StateDir = t.TempDir()
	eng := engine.NewEngine(pol)
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		// The first look at a repository's history may still be reading
		// it: the next decision finds it read.
		deadline := time.Now().Add(10 * time.Second)
		for {
			d := eng.Decide(context.Background(), req)
			if d.Rule != "recursive-read-unchecked" || time.Now().After(deadline) {
				return d
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	printers := []string{"git log -p", "git show HEAD~1", "git diff HEAD~1", "git archive HEAD~1", "git log -p --all",
		"git diff --cached", "git format-patch --stdout HEAD~2"}
	quiet := []string{"git diff", "git log -p -- src", "git show --stat", "git diff -- src/a.go", "git log --oneline", "git status"}
	check := func(stage string, cmds []string, allowed bool) {
		t.Helper()
		for _, cmd := range cmds {
			d := decide(cmd)
			if got := d.Outcome == engine.Allow; got != allowed {
				t.Errorf("%s: %s: %s (%s: %s), want allowed=%v", stage, cmd, d.Outcome, d.Rule, d.Message, allowed)
			}
		}
	}

	git("init", "-q")
	write("src/a.go")
	write("README.md")
	git("add", "-A")
	git("commit", "-qm", "one")
	write("src/b.go")
	git("add", "-A")
	git("commit", "-qm", "two")
	git("commit", "-q", "--allow-empty", "-m", "three")
	check("no secret ever", printers, true)
	check("no secret ever", quiet, true)

	// Added, then removed: only commits new since the last scan are read.
	write("deploy/.env")
	git("add", "-A")
	git("commit", "-qm", "four")
	git("rm", "-q", "deploy/.env")
	git("commit", "-qm", "five")
	check("removed", printers, false)
	check("removed", quiet, true)

	// A commit only a reflog reaches still prints (git show HEAD@{1}).
	dir = t.TempDir()
	git("init", "-q")
	write("src/a.go")
	git("add", "-A")
	git("commit", "-qm", "one")
	write("prod.env")
	git("add", "-A")
	git("commit", "-qm", "two")
	git("reset", "-q", "--hard", "HEAD~1")
	check("reflog", []string{"git show HEAD@{1}", "git log -p -g"}, false)
	check("reflog", []string{"git diff", "git log -p -- src"}, true)
}
