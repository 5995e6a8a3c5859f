package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestBypassPathspecMagic: git's pathspec magic widens what a call reads
// (gitglossary(7)): :/, :(top) and a lone : name the whole work tree from
// its top, wherever the call runs; an exclusion (:!x, :^x, :(exclude)x)
// takes files away from the other pathspecs, or from the whole tree when
// it is alone; icase and attr match any name. Each is judged as the
// recursive read it is, so a secret in the tree is found; a pathspec that
// reaches no secret stays a read.
func TestBypassPathspecMagic(t *testing.T) {
	// A work tree with an untracked .env; no secret in the history.
	untracked := gitRepo(t, "2", "src/a.go", "sub/b.go", "README.md")
	os.WriteFile(filepath.Join(untracked, ".env"), []byte("API_TOKEN=x\n"), 0o644)
	// A repository that tracks a secret.
	tracked := gitRepo(t, "2", "src/a.go", "deploy/.env", "README.md")
	sub := func(dir string) string { return filepath.Join(dir, "sub") }
	for _, tt := range []struct {
		dir, cwd, cmd string
		allowed       bool
	}{
		{untracked, "", "git grep --untracked -e API -- ':/'", false},
		{untracked, "", "git grep --untracked -e API -- ':(top)'", false},
		{untracked, "", "git grep --untracked -e API -- ':'", false},
		{untracked, "", "git grep --untracked -e API -- ':!x'", false},
		{untracked, "", "git grep --untracked -e API -- ':^README.md'", false},
		{untracked, "", "git grep --untracked -e API -- ':(exclude)README.md'", false},
		{untracked, "", "git grep --untracked -e API -- ':(top,exclude)src'", false},
		{untracked, "", "git grep --untracked -e API -- ':!/src' ':^sub'", false},
		{untracked, "", "git grep --untracked -e API -- ':(icase).ENV'", false},
		{untracked, "", "git grep --untracked -e API -- ':(attr:secret).env'", false},
		{untracked, "", "git grep --no-index -e API -- ':/'", false},
		{untracked, "", "git grep --no-index -e API -- src ':!x' ':/'", false},
		{untracked, sub(untracked), "git grep --untracked -e API -- ':/'", false},
		{untracked, sub(untracked), "git grep --untracked -e API -- ':/.env'", false},
		{untracked, sub(untracked), "git grep --untracked -e API -- ':(top)'", false},
		{untracked, sub(untracked), "git -C .. grep --untracked -e API -- ':!x'", false},
		{untracked, sub(untracked), "git grep --untracked -e API ':/'", false},
		{untracked, sub(untracked), "git grep --untracked -e API ':(top)'", false},
		// What reaches no secret stays a read.
		{untracked, "", "git grep foo -- src/", true},
		{untracked, "", "git grep --untracked -e API -- src ':!src/x'", true},
		{untracked, "", "git grep --untracked -e API -- ':/src' ':(exclude).env'", true},
		{untracked, sub(untracked), "git grep --untracked -e API -- .", true},
		{untracked, sub(untracked), "git grep --untracked -e API -- ':!x'", true},
		{untracked, sub(untracked), "git grep --untracked -e API -- ':/sub'", true},
		{untracked, "", "git diff -- ':!vendor'", true},
		{untracked, "", "git log -p -- ':!vendor'", true},
		{untracked, "", "git log --stat -- ':/'", true},
		// The history of a repository that tracks a secret.
		{tracked, "", "git log -p -- ':!src'", false},
		{tracked, "", "git show -- ':(exclude)README.md'", false},
		{tracked, "", "git diff HEAD -- ':^src'", false},
		{tracked, filepath.Join(tracked, "src"), "git log -p -- ':/'", false},
		{tracked, filepath.Join(tracked, "src"), "git log -p -- ':(top)deploy'", false},
		{tracked, filepath.Join(tracked, "src"), "git log -p -- ':'", false},
		{tracked, "", "git log -p -- src", true},
		{tracked, "", "git log -p -- src ':!src/x'", true},
		{tracked, filepath.Join(tracked, "deploy"), "git log -p -- ':/src'", true},
		{tracked, "", "git log --stat -- ':!src'", true},
	} {
		cwd := tt.cwd
		if cwd == "" {
			cwd = tt.dir
		}
		req := &engine.Request{Cwd: cwd, ProjectRoot: tt.dir, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tt.cmd}}}
		d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
		if got := d.Outcome == engine.Allow; got != tt.allowed {
			t.Errorf("%s in %s: %s (%s: %s), want allowed=%v", tt.cmd, cwd, d.Outcome, d.Rule, d.Message, tt.allowed)
		}
	}
}
