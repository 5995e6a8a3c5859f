package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestGitHooksUnseen: a git call that fires hooks runs code the analysis
// cannot see where the repository has a hook installed (an executable in
// .git/hooks or the folder core.hooksPath names, a hook manager's
// configuration), so that an allow of a rule runs it confined; where
// none is (git's samples only), the hooks are not counted.
func TestGitHooksUnseen(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		files map[string]string // path: content; a name ending in * is made executable
		cmd   string
		want  string // in Unseen, "" for none
	}{
		{name: "no hook", cmd: "git commit -am wip"},
		{name: "samples only", files: map[string]string{".git/hooks/pre-commit.sample*": "#!/bin/sh\n"}, cmd: "git commit -am wip"},
		{name: "a hook not executable", files: map[string]string{".git/hooks/pre-commit": "#!/bin/sh\n"}, cmd: "git commit -am wip"},
		{name: "an installed hook", files: map[string]string{".git/hooks/pre-commit*": "#!/bin/sh\n"}, cmd: "git commit -am wip",
			want: ".git/hooks/pre-commit"},
		{name: "push", files: map[string]string{".git/hooks/pre-push*": "#!/bin/sh\n"}, cmd: "git push origin main",
			want: ".git/hooks/pre-push"},
		{name: "merge", files: map[string]string{".git/hooks/post-merge*": "#!/bin/sh\n"}, cmd: "git merge topic",
			want: ".git/hooks/post-merge"},
		{name: "core.hooksPath", files: map[string]string{".git/config": "[core]\n\thooksPath = .husky/_\n",
			".husky/_/pre-commit*": "#!/bin/sh\n"}, cmd: "git commit -m x", want: ".husky/_/pre-commit"},
		{name: "core.hooksPath in a file the configuration includes", files: map[string]string{
			".git/config": "[include]\n\tpath = ../team.gitconfig\n", "team.gitconfig": "[core]\n\thooksPath = hooks\n",
			"hooks/pre-commit*": "#!/bin/sh\n"}, cmd: "git commit -m x", want: "hooks/pre-commit"},
		{name: "core.hooksPath included under a condition, two deep", files: map[string]string{
			".git/config":         "[includeIf \"gitdir:**\"]\n\tpath = ../a.gitconfig\n",
			"a.gitconfig":         "[include]\n\tpath = cfg/b.gitconfig\n",
			"cfg/b.gitconfig":     "[core]\n\thooksPath = .githooks\n",
			".githooks/pre-push*": "#!/bin/sh\n"}, cmd: "git push origin main", want: ".githooks/pre-push"},
		{name: "an include that loops", files: map[string]string{".git/config": "[include]\n\tpath = config\n"}, cmd: "git commit -m x"},
		{name: "a hook manager's configuration", files: map[string]string{".pre-commit-config.yaml": "repos: []\n"},
			cmd: "git commit -m x", want: "pre-commit"},
		{name: "a call that fires no hook", files: map[string]string{".git/hooks/pre-commit*": "#!/bin/sh\n"}, cmd: "git status"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, ".git/hooks"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, content := range tc.files {
				mode := os.FileMode(0o644)
				if n, ok := strings.CutSuffix(name, "*"); ok {
					name, mode = n, 0o755
				}
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), mode); err != nil {
					t.Fatal(err)
				}
			}
			req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: home,
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
			d := engine.NewEngine(builtin(engine.DefaultSettings())).AnalysisAlone(context.Background(), req)
			if tc.want == "" && d.Unseen != "" || tc.want != "" && !strings.Contains(d.Unseen, tc.want) {
				t.Errorf("%s: unseen %q, want %q", tc.cmd, d.Unseen, tc.want)
			}
		})
	}
}
