package programs_test

import (
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

func TestGitHookManager(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pkg, name, where string
	}{
		{`{"scripts":{"prepare":"husky"}}`, "husky", "scripts.prepare"},
		{`{"scripts":{"prepare":"husky install"}}`, "husky", "scripts.prepare"},
		{`{"scripts":{"postinstall":"npx simple-git-hooks"}}`, "simple-git-hooks", "scripts.postinstall"},
		{`{"scripts":{"prepare":"git config core.hooksPath .githooks"}}`, "git config", "scripts.prepare"},
		{`{"scripts":{"postinstall":"cp hooks/* .git/hooks/"}}`, ".git/hooks", "scripts.postinstall"},
		{`{"devDependencies":{"lefthook":"^1.6.0"}}`, "lefthook", "devDependencies"},
		{`{"devDependencies":{"simple-git-hooks":"2.9.0"}}`, "simple-git-hooks", "devDependencies"},
		{`{"dependencies":{"husky":"^4.3.8"}}`, "husky", "dependencies"},
		{`{"devDependencies":{"yorkie":"^2.0.0"}}`, "yorkie", "devDependencies"},
		// husky 5 on installs nothing unless a script runs it.
		{`{"devDependencies":{"husky":"^9.1.7"}}`, "", ""},
		{`{"scripts":{"test":"husky","build":"lefthook run"}}`, "", ""},
		{`{"scripts":{"prepare":"tsc -p ."},"devDependencies":{"typescript":"5"}}`, "", ""},
		{`{"scripts":{"prepare":"my-husky-fork"}}`, "", ""},
		{`not json`, "", ""},
	} {
		name, where := programs.GitHookManager([]byte(tc.pkg))
		if name != tc.name || where != tc.where {
			t.Errorf("%s: %q %q, want %q %q", tc.pkg, name, where, tc.name, tc.where)
		}
	}
}

// TestLifecycle: the installs of npm, yarn, pnpm and bun mark their
// Exec of the project's code as the install lifecycle; running a script,
// installing without scripts or asking for help does not.
func TestLifecycle(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]bool{
		"npm install": true, "npm i lodash": true, "npm ci": true, "yarn": true, "yarn add -D husky": true,
		"pnpm install": true, "pnpm i": true, "bun install": true, "bun add zod": true,
		"npm install --ignore-scripts": false, "npm run build": false, "npm test": false, "yarn build": false,
		"yarn --version": false, "pnpm run lint": false, "bun run dev": false, "npm install --help": false,
		"npm ci --ignore-scripts --no-ignore-scripts": true,
	} {
		a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
		fx := programs.Parse(a.Commands[0]).Effects()
		got := false
		for _, e := range fx.List {
			got = got || e.Op == programs.Exec && e.Lifecycle
		}
		if got != want {
			t.Errorf("%s: lifecycle %v, want %v (%+v)", cmd, got, want, fx.List)
		}
	}
}
