package engine_test

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// A command that prints git's configuration is not a plain read when the
// configuration holds a credential (a token in a remote's URL): in the
// repository's own, through -C, a worktree's .git file and -f, or in the
// user's when every scope is printed. A command that prints no values,
// or a repository whose configuration holds none, stays a read.
func TestConfigCredentials(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	git := func(dir string, args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	root := t.TempDir()
	userHome := filepath.Join(root, "home")
	os.MkdirAll(userHome, 0o755)
	secret, clean := filepath.Join(root, "secret"), filepath.Join(root, "clean")
	for _, d := range []string{secret, clean} {
		os.MkdirAll(filepath.Join(d, "src"), 0o755)
		git(d, "init", "-q")
	}
	git(secret, "remote", "add", "origin", "https://bob:s3cr3t-t0ken@git.example.com/team/app.git")
	git(clean, "remote", "add", "origin", "https://git.example.com/team/app.git")
	// A worktree of the repository: its .git is a file, its configuration
	// the main repository's.
	git(secret, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "init")
	tree := filepath.Join(root, "tree")
	git(secret, "worktree", "add", "-q", tree)

	decide := func(cwd, cmd string) *engine.Decision {
		req := &engine.Request{Cwd: cwd, ProjectRoot: filepath.Dir(cwd), Home: userHome,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	printers := []string{"git remote -v", "git remote get-url origin", "git remote show -n origin", "git config --get remote.origin.url",
		"git config remote.origin.url", "git config --list", "git config -l --local", "git config get remote.origin.url",
		"git ls-remote --get-url origin", "git ls-remote", "git -C .. remote -v", "git config -f ../.git/config -l", "git var -l"}
	// Reading the file itself prints it all the same.
	printers = append(printers, "cat ../.git/config", "grep url ../.git/config", "head -5 ../.git/config", "grep -r token ..",
		"rg -uu bob ..", "git diff --no-index . ../.git", "cat /proc/self/cwd/../.git/config", "git -C /proc/self/cwd/.. remote -v")
	quiet := []string{"git remote", "git status", "git log --oneline", "grep -r token ../src", "cat ../.git/HEAD",
		"git grep url", "git grep --untracked url", "git diff --no-index a.txt b.txt", "git remote show", "git config --name-only -l",
		"git ls-remote -q"}
	for _, cmd := range printers {
		if d := decide(filepath.Join(secret, "src"), cmd); d.Outcome == engine.Allow ||
			d.Rule != "config-credentials" && !strings.Contains(d.Message, ".git/config") {
			t.Errorf("%s in the repository with a token: %s %s %q", cmd, d.Outcome, d.Rule, d.Message)
		}
		if d := decide(filepath.Join(clean, "src"), cmd); d.Outcome != engine.Allow && d.Rule == "config-credentials" {
			t.Errorf("%s in a clean repository: %s %s %q", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
	for _, cmd := range quiet {
		if d := decide(filepath.Join(secret, "src"), cmd); d.Rule == "config-credentials" {
			t.Errorf("%s prints no configuration: %s %s", cmd, d.Outcome, d.Rule)
		}
	}
	if d := decide(tree, "git remote -v"); d.Rule != "config-credentials" {
		t.Errorf("git remote -v in a worktree of the repository: %s %s %q", d.Outcome, d.Rule, d.Message)
	}
	// The Read tool too.
	read := &engine.Request{Cwd: secret, ProjectRoot: secret, Home: userHome,
		Tool: engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: []string{filepath.Join(secret, ".git", "config")}}}}
	if d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), read); d.Rule != "config-credentials" ||
		!strings.Contains(d.Message, "a password in a URL") {
		t.Errorf("Read of .git/config: %s %s %q", d.Outcome, d.Rule, d.Message)
	}

	// The repository named with --git-dir, from a folder that is none.
	for _, cmd := range []string{"git --git-dir=" + filepath.Join(secret, ".git") + " remote -v",
		"git --git-dir " + filepath.Join(secret, ".git") + " config -l"} {
		if d := decide(filepath.Join(clean, "src"), cmd); d.Rule != "config-credentials" {
			t.Errorf("%s: %s %s %q", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
	// Only the user's configuration is printed with --global.
	if d := decide(filepath.Join(secret, "src"), "git config --global -l"); d.Rule == "config-credentials" {
		t.Errorf("git config --global -l prints the user's configuration only: %s %s %q", d.Outcome, d.Rule, d.Message)
	}

	// A file the configuration includes is printed with it.
	git(clean, "config", "include.path", "creds.inc")
	os.WriteFile(filepath.Join(clean, ".git", "creds.inc"), []byte("[remote \"up\"]\n\turl = https://bob:s3cr3t@git.example.com/x.git\n"), 0o600)
	if d := decide(filepath.Join(clean, "src"), "git config -l --local"); d.Rule != "config-credentials" {
		t.Errorf("a token in an included file: %s %s %q", d.Outcome, d.Rule, d.Message)
	}
	git(clean, "config", "--unset", "include.path")

	// The user's configuration is printed with every scope, not with
	// --local; a token in it reaches the URLs remote -v prints through
	// url.*.insteadOf.
	os.WriteFile(filepath.Join(userHome, ".gitconfig"), []byte("[url \"https://ci:ghp_0123456789abcdefghijklmnopqrstuvwxyzAB@github.com/\"]\n\tinsteadOf = https://github.com/\n"), 0o600)
	if d := decide(filepath.Join(clean, "src"), "git config --list"); d.Rule != "config-credentials" {
		t.Errorf("git config --list with a token in ~/.gitconfig: %s %s", d.Outcome, d.Rule)
	}
	if d := decide(filepath.Join(clean, "src"), "git config --list --local"); d.Rule == "config-credentials" {
		t.Errorf("git config --list --local prints only the repository's: %s %s", d.Outcome, d.Rule)
	}
	for _, cmd := range []string{"git remote -v", "git remote get-url origin", "git ls-remote --get-url", "git config --global -l"} {
		if d := decide(filepath.Join(clean, "src"), cmd); d.Rule != "config-credentials" {
			t.Errorf("%s with a token in ~/.gitconfig: %s %s", cmd, d.Outcome, d.Rule)
		}
	}
}

// TestConfigAuthHeaders: an Authorization header in git's
// http.extraHeader, as actions/checkout leaves one in .git/config, is a
// credential whatever its scheme's case; another header is not.
func TestConfigAuthHeaders(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	userHome := filepath.Join(root, "home")
	repo := filepath.Join(root, "repo")
	os.MkdirAll(userHome, 0o755)
	os.MkdirAll(filepath.Join(repo, "src"), 0o755)
	git := func(args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = repo
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: filepath.Join(repo, "src"), ProjectRoot: repo, Home: userHome,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	printers := []string{"git config -l", "git config --list --local", "cat ../.git/config", "git config --get-regexp .extraheader",
		"grep -r extraheader .."}
	// The base64 of x-access-token:ghs_..., which has no token's shape.
	const basic = "eC1hY2Nlc3MtdG9rZW46Z2hzX2V4YW1wbGVleGFtcGxlZXhhbXBsZQ=="
	for _, header := range []string{"AUTHORIZATION: basic " + basic, "Authorization: Bearer " + basic[:30], "authorization:basic " + basic} {
		git("config", "http.https://github.com/.extraheader", header)
		for _, cmd := range printers {
			if d := decide(cmd); d.Outcome == engine.Allow || d.Rule != "config-credentials" && d.Rule != "recursive-read-secrets" {
				t.Errorf("%s with extraheader %q: %s %s %q", cmd, header, d.Outcome, d.Rule, d.Message)
			}
		}
		read := &engine.Request{Cwd: repo, ProjectRoot: repo, Home: userHome,
			Tool: engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: []string{filepath.Join(repo, ".git", "config")}}}}
		if d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), read); d.Rule != "config-credentials" ||
			!strings.Contains(d.Message, "an Authorization header") {
			t.Errorf("Read of .git/config with extraheader %q: %s %s %q", header, d.Outcome, d.Rule, d.Message)
		}
	}
	git("config", "--unset-all", "http.https://github.com/.extraheader")
	// The user's configuration, printed by every scope.
	os.WriteFile(filepath.Join(userHome, ".gitconfig"), []byte("[http]\n\textraHeader = \"Authorization: Basic "+basic+"\"\n"), 0o600)
	for _, cmd := range []string{"git config -l", "cat ~/.gitconfig"} {
		if d := decide(cmd); d.Rule != "config-credentials" {
			t.Errorf("%s with an Authorization header in ~/.gitconfig: %s %s %q", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
	os.Remove(filepath.Join(userHome, ".gitconfig"))
	// Other headers, and a header that only names the word.
	git("config", "http.extraheader", "X-Trace: on")
	git("config", "remote.origin.url", "https://github.com/o/authorization.git")
	for _, cmd := range printers {
		if d := decide(cmd); d.Outcome != engine.Allow {
			t.Errorf("%s with no credential: %s %s %q", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
}

// TestRegistryTokens: a project's npm or yarn settings are read freely
// unless they hold a registry token in clear; a token taken from the
// environment is none.
func TestRegistryTokens(t *testing.T) {
	t.Parallel()
	const token = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
	for _, tc := range []struct {
		name, file, text string
		credential       bool
	}{
		{"npm auth token", ".npmrc", "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=" + token + "\n", true},
		{"npm auth token quoted", ".npmrc", "//npm.pkg.github.com/:_authToken=\"" + token + "\"\n", true},
		{"npm basic auth", ".npmrc", "_auth = dXNlcjpwYXNzd29yZA==\nalways-auth=true\n", true},
		{"npm password", ".npmrc", "//r.example.com/:username=bob\n//r.example.com/:_password=c2VjcmV0\n", true},
		{"yarn token", ".yarnrc.yml", "npmRegistryServer: https://r.example.com\nnpmAuthToken: " + token + "\n", true},
		{"yarn scoped token", ".yarnrc.yml", "npmScopes:\n  acme:\n    npmAuthToken: '" + token + "'\n", true},
		{"yarn ident", ".yarnrc.yml", "npmAuthIdent: \"bob:hunter2\"\n", true},
		{"npm token from the environment", ".npmrc", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n", false},
		{"yarn token from the environment", ".yarnrc.yml", "npmAuthToken: \"${NPM_TOKEN}\"\n", false},
		{"npm registry only", ".npmrc", "registry=https://registry.npmjs.org/\nsave-exact=true\n", false},
		{"yarn settings only", ".yarnrc.yml", "nodeLinker: node-modules\nyarnPath: .yarn/releases/yarn-4.1.0.cjs\n", false},
		{"yarn classic", ".yarnrc", "registry \"https://registry.npmjs.org/\"\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.text), 0o600)
			os.WriteFile(filepath.Join(dir, "README.md"), []byte("# p\n"), 0o644)
			e := engine.NewEngine(builtin(engine.DefaultSettings()))
			reqs := []*engine.Request{
				{Cwd: dir, ProjectRoot: dir, Home: filepath.Join(dir, "home"),
					Tool: engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: []string{filepath.Join(dir, tc.file)}}}},
			}
			for _, cmd := range []string{"cat " + tc.file, "grep -r registry .", "head -3 " + tc.file} {
				reqs = append(reqs, &engine.Request{Cwd: dir, ProjectRoot: dir, Home: filepath.Join(dir, "home"),
					Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}})
			}
			for _, req := range reqs {
				d := e.Decide(context.Background(), req)
				what := cmp.Or(req.Tool.Input.Command, "Read "+tc.file)
				if tc.credential && (d.Outcome == engine.Allow || !strings.Contains(d.Rule, "credentials") && !strings.Contains(d.Rule, "secrets")) {
					t.Errorf("%s: %s %s %q, want it held", what, d.Outcome, d.Rule, d.Message)
				}
				if !tc.credential && d.Outcome != engine.Allow {
					t.Errorf("%s: %s %s %q, want allow", what, d.Outcome, d.Rule, d.Message)
				}
			}
		})
	}
}

// TestFindNames checks what find passes to -exec in a folder with a
// secret: -iname matches any case, and a -name under -not, ! or -o
// narrows nothing; a plain -name narrows to that name.
func TestFindNames(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ".env"), []byte("SECRET=1\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("hi\n"), 0o644)
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: filepath.Join(dir, "home"),
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	for _, cmd := range []string{"find . -iname .ENV -exec cat {} +", "find . -type f -not -name x -exec cat {} +",
		"find . -name x -o -type f -exec cat {} +", "find . ! -name x -exec cat {} +", "find . -name '.e[!x]v' -exec cat {} +"} {
		if d := decide(cmd); d.Outcome == engine.Allow {
			t.Errorf("%s: allowed, and it prints .env", cmd)
		}
	}
	if d := decide("find . -name '*.md' -exec cat {} +"); d.Outcome != engine.Allow {
		t.Errorf("find -name '*.md' -exec cat: %s %s %q", d.Outcome, d.Rule, d.Message)
	}
}

// TestDotDotAfterLinks checks that a path is resolved as the kernel does:
// the link before a .. is followed first, so l/../credentials, with l a
// link into ~/.aws, is ~/.aws/credentials, not a file of the project.
func TestDotDotAfterLinks(t *testing.T) {
	dir := t.TempDir()
	home, proj := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(home, ".aws", "x"), 0o700)
	os.MkdirAll(proj, 0o755)
	os.WriteFile(filepath.Join(home, ".aws", "credentials"), []byte("[default]\n"), 0o600)
	os.WriteFile(filepath.Join(proj, "credentials"), []byte("not one\n"), 0o644)
	if err := os.Symlink(filepath.Join(home, ".aws", "x"), filepath.Join(proj, "l")); err != nil {
		t.Fatal(err)
	}
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: proj, ProjectRoot: proj, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	if d := decide("cat l/../credentials"); d.Outcome == engine.Allow {
		t.Errorf("cat l/../credentials reads ~/.aws/credentials and was allowed")
	}
	if d := decide("cat credentials"); d.Outcome != engine.Allow {
		t.Errorf("cat credentials (the project's): %s %s %q", d.Outcome, d.Rule, d.Message)
	}
}

// TestCdThatMayFail: after a cd to a folder that is not there, the shell
// may still be where it was, so a relative path may name a file beside
// the project: ../.aws/credentials from a project in the home folder.
func TestCdThatMayFail(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	proj := filepath.Join(home, "proj")
	os.MkdirAll(filepath.Join(home, ".aws"), 0o700)
	os.MkdirAll(filepath.Join(proj, "src"), 0o755)
	os.WriteFile(filepath.Join(home, ".aws", "credentials"), []byte("[default]\n"), 0o600)
	os.WriteFile(filepath.Join(proj, "README.md"), []byte("# p\n"), 0o644)
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: proj, ProjectRoot: proj, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	for _, cmd := range []string{
		"cd nope; cat ../.aws/credentials",
		"cd nope\ncat ../.aws/credentials",
		"cd nope 2>/dev/null; cat ../.aws/credentials",
		"cd nope && ls; cat ../.aws/credentials",
		"cd nope || true; cat ../.aws/credentials",
		"pushd nope >/dev/null; cat ../.aws/credentials",
		"cd src && cd nope; cat ../../.aws/credentials",
		// The folder stack: +N and -N rotate to a folder pushed before,
		// -n moves nothing.
		"pushd ../.aws; pushd /; pushd +1; cat credentials",
		"cd ../.aws && pushd -n /tmp >/dev/null && cat credentials",
	} {
		if d := decide(cmd); d.Outcome == engine.Allow {
			t.Errorf("%q reads ~/.aws/credentials when the cd fails, and was allowed", cmd)
		}
	}
	for _, cmd := range []string{
		"cd src; cat ../README.md",
		"cd src && ls; cat README.md",
		"cd nope && cat README.md",
		"cd nope || exit; cat README.md",
		"cd nope || { echo missing; exit 1; }; cat README.md",
	} {
		if d := decide(cmd); d.Outcome != engine.Allow {
			t.Errorf("%q: %s %s %q, want allow", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
}

// TestIgnoreFileLetsHiddenThrough: ripgrep and fd skip dot files, except
// those a ! line of an ignore file names; a repository can ship one.
func TestIgnoreFileLetsHiddenThrough(t *testing.T) {
	for _, tt := range []struct {
		file, content string
		allow         bool
	}{
		{".rgignore", "!.env\n", false},
		{".ignore", "!/.env\n", false},
		{".gitignore", "node_modules/\n!*.env\n", false},
		{"src/.gitignore", "!../.env\n", true}, // a line names files under its own folder
		{".fdignore", "!.e[n]v\n", false},
		{".ignore", "!**/.env\n", false},
		{".gitignore", ".env\n!.env.example\n", true},
		{".gitignore", "build/\n", true},
	} {
		dir := t.TempDir()
		home, proj := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
		os.MkdirAll(filepath.Join(proj, "src"), 0o755)
		os.MkdirAll(home, 0o755)
		os.WriteFile(filepath.Join(proj, ".env"), []byte("API_KEY=sk-test-1234567890\n"), 0o600)
		os.WriteFile(filepath.Join(proj, "src", "main.go"), []byte("package main\n"), 0o644)
		os.WriteFile(filepath.Join(proj, tt.file), []byte(tt.content), 0o644)
		for _, cmd := range []string{"rg sk-", "rg -n -i api"} {
			req := &engine.Request{Cwd: proj, ProjectRoot: proj, Home: home,
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
			d := engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
			if (d.Outcome == engine.Allow) != tt.allow {
				t.Errorf("%s holding %q: %s: %s %s %q, want allowed %v", tt.file, tt.content, cmd, d.Outcome, d.Rule, d.Message, tt.allow)
			}
		}
	}
}

// TestSearchNameFilters: grep's --include and --exclude and rg's globs
// decide which files a recursive search reads; the last glob that
// matches a file decides, and an rg glob names hidden files too.
func TestSearchNameFilters(t *testing.T) {
	dir := t.TempDir()
	home, proj := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(proj, "src"), 0o755)
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(proj, ".env"), []byte("API_KEY=sk-test-1234567890\n"), 0o600)
	os.WriteFile(filepath.Join(proj, ".env.production"), []byte("API_KEY=sk-prod-1234567890\n"), 0o600)
	os.WriteFile(filepath.Join(proj, "src", "main.go"), []byte("package main\n"), 0o644)
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: proj, ProjectRoot: proj, Home: home,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	for _, tt := range []struct {
		cmd   string
		allow bool
	}{
		{`grep -rn "func main" --include='*.go' .`, true},
		{`grep -rn TODO --exclude=.env --exclude='.env.*' .`, true},
		{`grep -rn TODO --exclude='.env*' .`, true},
		{`grep -rn sk- .`, false},
		{`grep -r --include='.env' KEY .`, false},
		{`grep -r --include='*' KEY .`, false},
		{`grep -r --exclude='*.env' --include='.env' KEY .`, false}, // the last that matches decides
		{`grep -r --include='.e[n]v' KEY .`, false},
		{`grep -r --exclude='.env*' --include="$X" KEY .`, false},
		{`rg -g '*.go' func`, true},
		{`rg -g 'src/*.go' func`, true},
		{`rg -g '!.env' func`, true},
		{`rg func`, true},
		{`rg -g '*' sk-`, false},
		{`rg -g .env sk-`, false},
		{`rg --glob=.env sk-`, false},
		{`rg --iglob .ENV sk-`, false},
		{`rg --glob-case-insensitive -g '.ENV' sk-`, false},
		{`rg -g '*.go' -g '.env' sk-`, false},
		{`rg -g '**/.env' sk-`, false},
		{`rg -g '.env' -g '!.env*' sk-`, true},
	} {
		if d := decide(tt.cmd); (d.Outcome == engine.Allow) != tt.allow {
			t.Errorf("%s: %s %s %q, want allowed %v", tt.cmd, d.Outcome, d.Rule, d.Message, tt.allow)
		}
	}
}

// TestGhWebBrowser: gh --web opens a page of the forge in the user's
// browser, unless gh's configuration names a program of its own, which
// is read when the call is decided.
func TestGhWebBrowser(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	userHome := filepath.Join(root, "home")
	os.MkdirAll(filepath.Join(userHome, ".config", "gh"), 0o755)
	decide := func(cmd string) *engine.Decision {
		req := &engine.Request{Cwd: root, ProjectRoot: root, Home: userHome,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
		return engine.NewEngine(builtin(engine.DefaultSettings())).Decide(context.Background(), req)
	}
	config := filepath.Join(userHome, ".config", "gh", "config.yml")
	for _, tt := range []struct {
		config, cmd string
		allow       bool
	}{
		{"", "gh gist view abc --web", true},
		{"", "gh ruleset view 1 --web", true},
		{"git_protocol: https\nbrowser:\n", "gh pr view 1 --web", true},
		{"git_protocol: https\nbrowser: \"\"\n", "gh pr view 1 --web", true},
		{"browser: /tmp/x.sh\n", "gh pr view 1 --web", false},
		{"browser: 'sh -c id'\n", "gh gist view abc --web", false},
		{"browser: /tmp/x.sh\n", "gh pr view 1", true},
		{"", "GH_BROWSER=/tmp/x.sh gh pr view 1 --web", false},
		{"", "BROWSER=/tmp/x.sh gh pr view 1 --web", false},
		{"", "gh repo view other.example/o/r --web", false},
		{"", "glab mr view 1 --web", false},
	} {
		os.Remove(config)
		if tt.config != "" {
			os.WriteFile(config, []byte(tt.config), 0o600)
		}
		if d := decide(tt.cmd); (d.Outcome == engine.Allow) != tt.allow {
			t.Errorf("%s with config %q: %s %s %q, want allowed=%v", tt.cmd, tt.config, d.Outcome, d.Rule, d.Message, tt.allow)
		}
	}
}
