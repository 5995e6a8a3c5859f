package engine_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// gitRepo makes a repository with files committed, in every index format
// git writes (2, 3 with extended flags, 4 with compressed names).
func gitRepo(t *testing.T, version string, files ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q")
	for _, f := range files {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("x=1\n"), 0o644)
	}
	run("add", "-A")
	run("update-index", "--index-version", version)
	if version == "3" {
		// An extended flag, which only version 3 and up can hold.
		run("update-index", "--skip-worktree", files[0])
	}
	run("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "init")
	return dir
}

// A git command that prints the contents of files as commits hold them
// (a patch, an archive, objects named on its input) is not a plain read
// when the repository tracks a secret, whether or not the file is on disk;
// the same commands run in a repository that tracks none.
func TestCommittedSecrets(t *testing.T) {
	printers := []string{"git log -p", "git show", "git diff-tree -p --root HEAD", "git archive HEAD",
		"echo HEAD:.env | git cat-file --batch", "git log -p --all", "git whatchanged -p", "git format-patch --stdout HEAD~1",
		"git log -p --all -- ..", "git log -p ..", "git log -p -- ../deploy", "git show HEAD --",
		"git diff --exit-code", "git diff --check", "git show --oneline", "git log --check",
		"git log -L 1,1:../deploy/.env", "git log -L :main:../deploy/.env"}
	quiet := []string{"git log --oneline", "git show --stat", "git log -p -- .", "git log -p a.go", "git diff --name-only HEAD~1"}
	for _, version := range []string{"2", "3", "4"} {
		secret := gitRepo(t, version, "src/a.go", "deploy/.env", "README.md")
		os.Remove(filepath.Join(secret, "deploy", ".env")) // gone from disk, still in the history
		clean := gitRepo(t, version, "src/a.go", "README.md")
		for _, tc := range []struct {
			dir     string
			cmds    []string
			allowed bool
		}{{secret, printers, false}, {secret, quiet, true}, {clean, printers[:3], true}} {
			for _, cmd := range tc.cmds {
				req := &engine.Request{Cwd: filepath.Join(tc.dir, "src"), ProjectRoot: tc.dir, Home: home,
					Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
				d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
				if got := d.Outcome == engine.Allow; got != tc.allowed {
					t.Errorf("index v%s, %s: %s (%s: %s), want allowed=%v", version, cmd, d.Outcome, d.Rule, d.Message, tc.allowed)
				}
			}
		}
	}
}

// TestGitPatternsInARepositoryWithSecrets: a pathspec pattern of a call
// that prints only names picks names; one of a call that prints lines of
// files stays unknown, a tracked secret or not.
func TestGitPatternsInARepositoryWithSecrets(t *testing.T) {
	dir := gitRepo(t, "2", "src/a.go", "src/b.ts", "deploy/.env", "README.md")
	for _, tt := range []struct {
		cmd     string
		allowed bool
	}{
		{"git ls-files '*.go'", true},
		{"git ls-files '*.md' | wc -l", true},
		{"git log -- '*.py'", true},
		{"git diff --name-only -- '*.go'", true},
		{"git status --short -- '*.ts'", true},
		{"git grep -n TODO -- '*.ts'", false},
		{"git grep x -- '*.env'", false},
		{"git diff -- '*.go'", false},
		{"git log -p -- '*.py'", false},
		{"git show -- '*'", false},
	} {
		req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tt.cmd}}}
		d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
		if got := d.Outcome == engine.Allow; got != tt.allowed {
			t.Errorf("%s: %s (%s: %s), want allowed=%v", tt.cmd, d.Outcome, d.Rule, d.Message, tt.allowed)
		}
	}
}

// TestGitFiles: the index's object id and mode of each file asked for,
// in every index format, as git ls-files --stage prints them; a file the
// index does not hold is in the work tree untracked; a file outside any
// repository is left out.
func TestGitFiles(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		dir := gitRepo(t, version, "src/a.go", "deploy/.env", "README.md")
		os.Chmod(filepath.Join(dir, "src/a.go"), 0o755)
		c := exec.Command("git", "-c", "core.fileMode=true", "update-index", "--chmod=+x", "src/a.go")
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		c = exec.Command("git", "ls-files", "--stage", "deploy/.env")
		c.Dir = dir
		out, err := c.Output()
		if err != nil {
			t.Fatal(err)
		}
		// 100644 OBJECT 0	deploy/.env
		envObject := strings.Fields(string(out))[1]
		os.WriteFile(filepath.Join(dir, "new.key"), nil, 0o644)
		outside := filepath.Join(t.TempDir(), ".env")
		got := engine.GitFiles([]string{filepath.Join(dir, "deploy/.env"), filepath.Join(dir, "src/a.go"), filepath.Join(dir, "new.key"), outside})
		gitDir := filepath.Join(dir, ".git")
		want := []engine.GitFile{
			{Path: filepath.Join(dir, "deploy/.env"), Top: dir, GitDir: gitDir, Tracked: true, Object: envObject},
			{Path: filepath.Join(dir, "src/a.go"), Top: dir, GitDir: gitDir, Tracked: true, Object: got[1].Object, Executable: true},
			{Path: filepath.Join(dir, "new.key"), Top: dir, GitDir: gitDir},
		}
		if !reflect.DeepEqual(got, want) || len(got[1].Object) != 40 {
			t.Errorf("index v%s: GitFiles =\n%+v\nwant\n%+v", version, got, want)
		}
	}
}
