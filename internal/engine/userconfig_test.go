package engine_test

import (
	"context"
	"slices"
	"testing"

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
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		path string
		want []engine.Outcome
	}{
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
	} {
		for _, kind := range []engine.Kind{engine.KindWrite, engine.KindEdit} {
			d := decide(t, p, fileReq(kind, tc.path))
			if !slices.Contains(tc.want, d.Outcome) {
				t.Errorf("%s %q: got %s by %s/%s (%s), want one of %v", kind, tc.path, d.Outcome, d.Layer, d.Rule, d.Message, tc.want)
			}
		}
	}
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
