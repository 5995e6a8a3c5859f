package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// What a hook manager's installed hook reads from the work tree runs in
// the person's git as they commit: the built-in policy asks before any
// of it is written, by a file tool or a shell, wherever in the project.
func TestHookManagerFilesAsked(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	folders := []string{".husky", ".lefthook", ".lefthook-local", ".git-hooks"}
	for _, m := range engine.HookManagers {
		for _, f := range m.Files {
			paths := []string{f, "web/" + f}
			if slices.Contains(folders, f) {
				paths = append(paths, f+"/pre-commit", f+"/pre_commit/check.rb")
			}
			for _, p := range paths {
				for _, req := range []*engine.Request{fileReq(engine.KindWrite, root+"/"+p), shellReq("echo x > " + p)} {
					d := e.Decide(context.Background(), req)
					if d.Outcome < engine.Ask {
						t.Errorf("%s: writing %s: got %s by %s, want it asked or denied", m.Name, p, d.Outcome, d.Rule)
					}
				}
			}
		}
	}
	for _, p := range []string{"lefthook.go", "docs/lefthook.md", "package.json", ".pre-commit-hooks.yaml"} {
		if d := e.Decide(context.Background(), fileReq(engine.KindWrite, root+"/"+p)); d.Outcome != engine.Allow && d.Rule == "code-run-on-open" {
			t.Errorf("writing %s: got %s by %s", p, d.Outcome, d.Rule)
		}
	}
}

// Marking a file assume-unchanged or skip-worktree hides its changes from
// git status and git diff, a planted hook configuration's among them:
// asked, never run as a plain call.
func TestHidingChangesAsked(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	for _, cmd := range []string{"git update-index --assume-unchanged .pre-commit-config.yaml", "git update-index --skip-worktree lefthook.yml",
		"cd sub && git update-index -q --assume-unchanged x"} {
		if d := e.Decide(context.Background(), shellReq(cmd)); d.Outcome != engine.Ask || d.Rule != "git-hide-changes" {
			t.Errorf("%s: got %s by %s, want ask by git-hide-changes", cmd, d.Outcome, d.Rule)
		}
	}
}

// What programs read as they start in a folder (StartFiles) is what a
// confined call cannot write in the root and the folders up from where
// it runs; a file tool or a shell writing it anywhere in the project is
// asked or denied, so that the two lists stay one.
func TestStartFilesAsked(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	var names []string
	for _, f := range engine.StartFiles {
		names = append(names, f.Name)
	}
	names = append(names, ".github/mcp.json", ".github/copilot/settings.json", ".github/copilot/settings.local.json")
	for _, f := range names {
		f = strings.ReplaceAll(strings.ReplaceAll(f, "**", "config.toml"), "*", "app")
		for _, p := range []string{f, "web/" + f, "a/b/" + f} {
			for _, req := range []*engine.Request{fileReq(engine.KindWrite, root+"/"+p), shellReq("echo x > " + p)} {
				if d := e.Decide(context.Background(), req); d.Outcome < engine.Ask {
					t.Errorf("writing %s: got %s by %s, want it asked or denied", p, d.Outcome, d.Rule)
				}
			}
		}
	}
}

// TestRepoCodeDenied: a write of what Mercurial or Jujutsu run from a
// repository's own folder (engine.RepoCode) is denied, in the root and
// in a nested repository, by a file tool or the shell.
func TestRepoCodeDenied(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	for _, f := range engine.RepoCode {
		for _, p := range []string{f, "web/" + f} {
			for _, req := range []*engine.Request{fileReq(engine.KindWrite, root+"/"+p), fileReq(engine.KindEdit, root+"/"+p), shellReq("echo x >> " + p)} {
				if d := e.Decide(context.Background(), req); d.Outcome < engine.Ask {
					t.Errorf("writing %s: got %s by %s, want it asked or denied", p, d.Outcome, d.Rule)
				}
			}
		}
	}
}
