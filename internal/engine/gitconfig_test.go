package engine_test

import (
	"context"
	"encoding/binary"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// gitIndex returns a git index (version 2) that lists the submodules
// (gitlinks) at paths.
func gitIndex(paths ...string) []byte {
	b := []byte("DIRC")
	b = binary.BigEndian.AppendUint32(b, 2)
	b = binary.BigEndian.AppendUint32(b, uint32(len(paths)))
	for _, p := range paths {
		e := make([]byte, 62)
		binary.BigEndian.PutUint32(e[24:], 0o160000)
		binary.BigEndian.PutUint16(e[60:], uint16(len(p)))
		e = append(e, p...)
		e = append(e, make([]byte, 8-(len(e)%8))...)
		b = append(b, e...)
	}
	return b
}

// TestRepositoryConfigNamingPrograms: a git call runs the programs the
// configuration of its repository names (core.fsmonitor on status, a
// textconv driver on log -p), and that configuration is every file git
// reads, as git finds them from the folder it runs in: the git folder a
// .git file points to, its common folder, config.worktree, includes, the
// submodules' configurations, a nested repository's. A setting that
// names a program makes the call not read-only; the settings every
// repository has, git lfs's filter, husky's hooksPath and a boolean
// fsmonitor keep it one.
func TestRepositoryConfigNamingPrograms(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	dir := strings.TrimPrefix(root, "/")
	const plain = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote \"origin\"]\n\turl = https://example.com/r.git\n" +
		"\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n"
	const fsmon = "[core]\n\tfsmonitor = \"cat ~/.ssh/id_rsa >&2; false\"\n"
	cases := []struct {
		name  string
		files map[string]string
		cwd   string
		cmd   string
		allow bool
	}{
		// What every repository's configuration holds.
		{"plain", map[string]string{".git/config": plain}, root, "git status", true},
		{"plain log", map[string]string{".git/config": plain}, root, "git log -p", true},
		{"plain in a folder", map[string]string{".git/config": plain}, root + "/src", "git diff", true},
		{"husky", map[string]string{".git/config": plain + "[core]\n\thooksPath = .husky\n"}, root, "git status", true},
		{"lfs", map[string]string{".git/config": plain + "[filter \"lfs\"]\n\tclean = git-lfs clean -- %f\n\tsmudge = git-lfs smudge -- %f\n" +
			"\tprocess = git-lfs filter-process\n\trequired = true\n"}, root, "git status", true},
		{"builtin fsmonitor", map[string]string{".git/config": plain + "[core]\n\tfsmonitor = true\n\tuntrackedCache = true\n"}, root, "git status", true},
		{"output settings", map[string]string{".git/config": plain + "[diff]\n\trenames = copies\n\ttool = vimdiff\n[merge]\n\tconflictStyle = zdiff3\n" +
			"[credential]\n\tusername = me\n[gpg]\n\tformat = ssh\n"}, root, "git diff", true},
		{"an alias of another name", map[string]string{".git/config": plain + "[alias]\n\tst = status\n\tx = !id\n"}, root, "git log", true},
		{"submodule", map[string]string{".git/config": plain, ".git/modules/lib/config": plain + "[core]\n\tworktree = ../../../lib\n"}, root, "git status", true},
		{"missing include", map[string]string{".git/config": plain + "[include]\n\tpath = none.cfg\n"}, root, "git status", true},
		{"nested, not entered", map[string]string{".git/config": plain, "sub/.git/config": fsmon}, root, "git status", true},
		{"no repository", map[string]string{"src/x": ""}, root, "git status", true},

		// The repository's own configuration.
		{"fsmonitor", map[string]string{".git/config": fsmon}, root, "git status", false},
		{"fsmonitor, log", map[string]string{".git/config": fsmon}, root, "git log --oneline", false},
		{"fsmonitor, from a folder", map[string]string{".git/config": fsmon}, root + "/src", "git status", false},
		{"textconv", map[string]string{".git/config": plain + "[diff \"x\"]\n\ttextconv = sh -c id\n"}, root, "git log -p", false},
		{"pager", map[string]string{".git/config": plain + "[pager]\n\tlog = sh -c id\n"}, root, "git log", false},
		{"ssh signing program", map[string]string{".git/config": plain + "[gpg \"ssh\"]\n\tprogram = /tmp/x\n"}, root, "git log", false},
		{"alias of the subcommand", map[string]string{".git/config": plain + "[alias]\n\tlg = !id\n"}, root, "git lg", false},
		// Spellings git reads.
		{"key on the section's line", map[string]string{".git/config": "[core]fsmonitor = id\n"}, root, "git status", false},
		{"any case", map[string]string{".git/config": "[CORE]\n\tFsMonitor=id\n"}, root, "git status", false},
		{"continued value", map[string]string{".git/config": "[core]\n\tfsmonitor = \"cat \\\n ~/.ssh/id_rsa\" ; c\n"}, root, "git status", false},
		{"old subsection", map[string]string{".git/config": "[diff.x]\n\ttextconv = id\n"}, root, "git status", false},
		{"not a git configuration", map[string]string{".git/config": "[core\n\tfsmonitor = id\n"}, root, "git status", false},
		// The files git reads besides .git/config.
		{"commondir", map[string]string{".git/config": plain, ".git/commondir": "x\n", ".git/x/config": fsmon}, root, "git status", false},
		{"commondir, absolute", map[string]string{".git/config": plain, ".git/commondir": "/elsewhere/c\n", "/elsewhere/c/config": fsmon}, root, "git status", false},
		{"config.worktree", map[string]string{".git/config": plain, ".git/config.worktree": fsmon}, root, "git status", false},
		{".git file", map[string]string{".git": "gitdir: ../store/wt\n", "/store/wt/config": fsmon}, root, "git status", false},
		{"worktree", map[string]string{".git": "gitdir: /store/.git/worktrees/a\n", "/store/.git/worktrees/a/commondir": "../..\n",
			"/store/.git/worktrees/a/config.worktree": plain, "/store/.git/config": fsmon}, root, "git log", false},
		{"include", map[string]string{".git/config": plain + "[include]\n\tpath = extra.cfg\n", ".git/extra.cfg": fsmon}, root, "git status", false},
		{"includeIf", map[string]string{".git/config": plain + "[includeIf \"gitdir:/\"]\n\tpath = /tmp/i.cfg\n", "/tmp/i.cfg": fsmon}, root, "git status", false},
		{"includes too deep", map[string]string{".git/config": "[include]\npath=a\n", ".git/a": "[include]\npath=b\n", ".git/b": "[include]\npath=c\n",
			".git/c": "[include]\npath=d\n", ".git/d": "[include]\npath=e\n", ".git/e": "[include]\npath=f\n", ".git/f": plain}, root, "git status", false},
		{"a submodule's", map[string]string{".git/config": plain, ".git/modules/lib/config": fsmon}, root, "git status", false},
		{"a submodule of a submodule", map[string]string{".git/config": plain, ".git/modules/a/b/modules/c/config": fsmon}, root, "git diff", false},
		{"a submodule of the index, a repository in place", map[string]string{".git/config": plain, ".git/index": string(gitIndex("lib")),
			"lib/.git/config": fsmon}, root, "git status", false},
		{"a nested repository", map[string]string{".git/config": plain, "sub/.git/config": fsmon}, root, "git -C sub status", false},
		{"a nested repository, cd", map[string]string{".git/config": plain, "sub/.git/config": fsmon}, root, "cd sub && git status", false},
		{"a nested repository, its folder", map[string]string{".git/config": plain, "sub/.git/config": fsmon}, root + "/sub/x", "git log", false},
		{"--git-dir", map[string]string{".git/config": plain, "sub/.git/config": fsmon}, root, "git --git-dir=sub/.git log", false},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fsys := fstest.MapFS{dir + "/src/main.go": {Data: []byte("package main\n")}}
			for name, data := range tt.files {
				if !strings.HasPrefix(name, "/") {
					name = dir + "/" + name
				}
				fsys[strings.TrimPrefix(name, "/")] = &fstest.MapFile{Data: []byte(data)}
			}
			e := engine.NewEngine(p)
			e.FS = mapFS{fsys}
			req := shellReq(tt.cmd)
			req.Cwd = tt.cwd
			d := e.Decide(context.Background(), req)
			if got := d.Outcome == engine.Allow; got != tt.allow {
				t.Errorf("%s, %q in %s: got %s by %s/%s (%s), want allowed=%v", tt.name, tt.cmd, tt.cwd, d.Outcome, d.Layer, d.Rule, d.Message, tt.allow)
			}
		})
	}
}
