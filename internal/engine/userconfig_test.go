package engine_test

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// bypassUserConfigCases write the user's configuration or start-up files
// that a later allowed call reads (go list reads go's env file, every
// python its sitecustomize.py): none is left to the harness.
var bypassUserConfigCases = []bypassCase{
	{"user-config", `echo 'GOFLAGS=-toolexec=/tmp/evil' > ~/.config/go/env`, blocked, "user-tool-configuration", ""},
	{"user-config", `printf 'import os\n' > ~/.local/lib/python3.11/site-packages/sitecustomize.py`, blocked, "user-tool-configuration", ""},
	{"user-config", `echo 'output-format = "full"' > ~/.config/ruff/ruff.toml`, stopped, "user-configuration", ""},
	{"user-config", `cp scripts/uv.toml ~/.config/uv/uv.toml`, stopped, "user-configuration", ""},
	{"user-config", `echo 'x = !sh scripts/evil.sh' >> ~/.aws/cli/alias`, stopped, "user-configuration", ""},
	{"user-config", `tee ~/.kube/kuberc < scripts/kuberc`, stopped, "user-configuration", ""},
	{"user-config", `cp scripts/p.rb ~/.gem/ruby/3.2.0/plugins/x_plugin.rb`, stopped, "user-configuration", ""},
	{"user-config", `echo '--pager="sh scripts/evil.sh"' > ~/.config/bat/config`, stopped, "user-configuration", ""},
	{"user-config", `echo '.shell sh scripts/evil.sh' > ~/.duckdbrc`, stopped, "user-configuration", ""},
	{"user-config", `cp scripts/init.gradle ~/.gradle/init.d/x.gradle`, stopped, "user-configuration", ""},
	{"user-config", `echo 'x' > ~/.config/pnpm/rc`, stopped, "user-configuration", ""},
	{"user-config", `echo 'import os' > ~/.local/lib/python3.11/site-packages/zz_auto.py`, stopped, "user-configuration", ""},
	{"user-config", `echo x > $HOME/.somerc`, stopped, "user-configuration", ""},
	{"user-config", `cd ~/.config && mkdir -p ruff && echo x > ruff/ruff.toml`, stopped, "", ""},
	{"user-config", `sed -i 's/a/b/' ~/.config/bat/config`, stopped, "", ""},
	{"user-config", `dd if=scripts/x of=$HOME/.duckdbrc`, stopped, "", ""},
	{"user-config", `install -D scripts/x ~/.gradle/init.d/x.gradle`, stopped, "", ""},
	{"user-config", `cp -r scripts/cfg ~/.config/uv`, stopped, "", ""},
	{"user-config", `tee -a ${XDG_CONFIG_HOME}/pnpm/rc < scripts/x`, stopped, "", ""},
	{"user-config", `mv scripts/x.pth ~/.local/lib/python3.11/site-packages/`, stopped, "", ""},
	{"user-config", `printf x > ~/.config/go/env.tmp && mv ~/.config/go/env.tmp ~/.config/go/env`, blocked, "", ""},
	{"user-config", `ln -sf "$PWD/scripts/env" ~/.config/go/env`, blocked, "", ""},
	// What is not configuration, and the project's own files.
	{"user-config", `echo x > ~/notes.txt`, runs, "", ""},
	{"user-config", `echo x > ~/.local/state/app/log.txt`, runs, "", ""},
	{"user-config", `echo x > .config/app.toml`, runs, "", ""},
}

func TestBypassUserConfiguration(t *testing.T) {
	t.Parallel()
	checkBypass(t, bypassUserConfigCases)
}

// The file tools meet the same files, and the harness's own notes (a
// plan, the agent's memory) stay the agent's to write.
func TestWriteUserConfiguration(t *testing.T) {
	t.Parallel()
	checkFileCases(t, builtin(engine.DefaultSettings()), []engine.Kind{engine.KindWrite, engine.KindEdit}, []fileCase{
		{"~/.config/go/env", blocked},
		{"~/.local/lib/python3.11/site-packages/sitecustomize.py", blocked},
		{"~/.local/lib/python3.11/site-packages/usercustomize.py", blocked},
		{"~/.config/ruff/ruff.toml", stopped},
		{"~/.duckdbrc", stopped},
		{"~/.gradle/init.d/x.gradle", stopped},
		{"~/.local/bin/tool", stopped},
		{"~/.cache/pre-commit/repo1/hook.py", stopped},
		{"~/.claude/plans/plan.md", runs},
		{"~/.claude/projects/-project/memory/MEMORY.md", runs},
		{"~/notes.txt", runs},
		{"src/main.go", runs},
	})
}

// Where XDG_CONFIG_HOME moves ~/.config, the rules that name files there
// hold them where they are: the user's configuration, go's env file, a
// credential.
func TestMovedConfigFolder(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	e.LookupEnv = func(k string) (string, bool) {
		switch k {
		case "XDG_CONFIG_HOME":
			return "/data/cfg", true
		case "PATH":
			return "/usr/bin:/bin", true
		}
		return "", false
	}
	for _, tc := range []struct {
		req  *engine.Request
		want []engine.Outcome
		rule string
	}{
		{fileReq(engine.KindWrite, "/data/cfg/go/env"), blocked, "user-tool-configuration"},
		{fileReq(engine.KindWrite, "/data/cfg/ruff/ruff.toml"), stopped, "user-configuration"},
		{shellReq("echo x > /data/cfg/uv/uv.toml"), stopped, "user-configuration"},
		{fileReq(engine.KindRead, "/data/cfg/gh/hosts.yml"), blocked, "secrets-credentials"},
		{shellReq("cat /data/cfg/gh/hosts.yml~"), blocked, "secrets-credentials"},
		{fileReq(engine.KindRead, "/data/cfg/ruff/ruff.toml"), allowed, ""},
		{fileReq(engine.KindWrite, "/data/other/x.toml"), runs, ""},
	} {
		d := e.Decide(context.Background(), tc.req)
		if !slices.Contains(tc.want, d.Outcome) || tc.rule != "" && d.Rule != tc.rule {
			t.Errorf("%s %v%s: got %s by %s/%s (%s), want one of %v", tc.req.Tool.Kind, tc.req.Tool.Input.Paths, tc.req.Tool.Input.Command,
				d.Outcome, d.Layer, d.Rule, d.Message, tc.want)
		}
	}
}

// The go command's environment file acts as settings of every call: a
// GOFLAGS=-toolexec, a CC or a GOPROXY there makes go list what the same
// setting on the command line makes it; settings of no harm keep it
// allowed. The file is found where GOENV or XDG_CONFIG_HOME put it.
func TestGoEnvironmentFile(t *testing.T) {
	t.Parallel()
	h := strings.TrimPrefix(home, "/")
	for _, tc := range []struct {
		name    string
		file    string // relative to the file system's root
		content string
		env     map[string]string
		allowed bool
		cmd     string // go list ./... when empty
	}{
		{"toolexec", h + "/.config/go/env", "GOFLAGS=-toolexec=/tmp/evil -export\n", nil, false, ""},
		{"cc", h + "/.config/go/env", "CC=/tmp/evil\n", nil, false, ""},
		{"proxy", h + "/.config/go/env", "GOPROXY=http://proxy.example\nGOSUMDB=off\n", nil, false, ""},
		{"toolchain", h + "/.config/go/env", "GOTOOLCHAIN=go1.99.0\n", nil, false, ""},
		{"macos", h + "/Library/Application Support/go/env", "GOFLAGS=-toolexec=/tmp/evil\n", nil, false, ""},
		{"goenv", "data/goenv", "GOFLAGS=-toolexec=/tmp/evil\n", map[string]string{"GOENV": "/data/goenv"}, false, ""},
		{"xdg", "data/cfg/go/env", "GOFLAGS=-toolexec=/tmp/evil\n", map[string]string{"XDG_CONFIG_HOME": "/data/cfg"}, false, ""},
		{"harmless", h + "/.config/go/env", "# mine\nGOFLAGS=-mod=mod -trimpath\nGOPRIVATE=example.com/*\nGOTOOLCHAIN=local\n", nil, true, ""},
		{"none", h + "/notes.txt", "x\n", nil, true, ""},
		// go env and go version download nothing: a proxy is no matter.
		{"env-proxy", h + "/.config/go/env", "GOPROXY=http://proxy.example\n", nil, true, "go env GOFLAGS"},
		{"version-toolchain", h + "/.config/go/env", "GOTOOLCHAIN=go1.99.0\n", nil, false, "go version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := engine.NewEngine(builtin(engine.DefaultSettings()))
			e.FS = mapFS{fstest.MapFS{tc.file: {Data: []byte(tc.content)}}}
			e.LookupEnv = func(k string) (string, bool) {
				if k == "PATH" {
					return "/usr/bin:/bin", true
				}
				v, ok := tc.env[k]
				return v, ok
			}
			cmd := cmp.Or(tc.cmd, "go list ./...")
			d := e.Decide(context.Background(), shellReq(cmd))
			if got := d.Outcome == engine.Allow; got != tc.allowed {
				t.Errorf("%s with %s holding %q: got %s by %s (%s), want allowed=%v", cmd, tc.file, tc.content, d.Outcome, d.Rule, d.Message, tc.allowed)
			}
		})
	}
}
