package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

	// An untracked secret only a stash holds (git stash push -u): the
	// commands that print a stash's files print it, from the stash or
	// from its objects.
	dir = t.TempDir()
	git("init", "-q")
	write("src/a.go")
	git("add", "-A")
	git("commit", "-qm", "one")
	write(".env.local")
	git("stash", "push", "-q", "-u", "--", ".env.local")
	blob := func() string {
		c := exec.Command("git", "rev-parse", "stash@{0}^3:.env.local")
		c.Dir = dir
		out, err := c.Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}()
	check("stash", []string{"git stash show -p --include-untracked", "git stash show -p -u", "git stash show --only-untracked -p",
		"git stash show --patch -u stash@{0}", "git stash list -p", "git show stash@{0}^3", "git cat-file -p " + blob,
		"git cat-file blob " + blob, "git grep -e x= stash@{0}^3"}, false)
	check("stash", []string{"git stash show", "git stash show -u", "git stash show --stat -u", "git stash list",
		"git cat-file -t " + blob, "git grep -e x= -- src", "git cat-file -p HEAD:src/a.go"}, true)
}
