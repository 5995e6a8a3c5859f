package config_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/snapshot"
)

const userGatekeeper = `gatekeeper:
  provider: anthropic
  model: claude-haiku-4-5
  api_key_env: GK_KEY
  timeout: 10s
  budget: {per_hour: 50, per_day: 400}
  min_confidence: 0.8
  tools: [shell, edit]
`

func TestGatekeeperSettings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		want  engine.GatekeeperSettings
		err   string
	}{
		{name: "off by default", files: map[string]string{"home/.config/governance/config.yaml": "default: ask\n"}},
		{name: "defaults", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: openai\n  model: llama3.2\n  base_url: http://127.0.0.1:11434/v1\n"},
			want: engine.GatekeeperSettings{Enabled: true, Provider: "openai", Model: "llama3.2", BaseURL: "http://127.0.0.1:11434/v1",
				TimeoutMS: 20000, PerHour: 120, PerDay: 1000, CacheTTLSeconds: 86400, MinConfidence: 70, Tools: []string{"shell"}}},
		{name: "user settings", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper},
			want: engine.GatekeeperSettings{Enabled: true, Provider: "anthropic", Model: "claude-haiku-4-5", APIKeyEnv: "GK_KEY",
				TimeoutMS: 10000, PerHour: 50, PerDay: 400, CacheTTLSeconds: 86400, MinConfidence: 80, Tools: []string{"shell", "edit"}}},
		{name: "the project tightens", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  budget: {per_hour: 10}\n  min_confidence: 0.9\n  timeout: 5s\n  tools: [shell]\n"},
			want: engine.GatekeeperSettings{Enabled: true, Provider: "anthropic", Model: "claude-haiku-4-5", APIKeyEnv: "GK_KEY",
				TimeoutMS: 5000, PerHour: 10, PerDay: 400, CacheTTLSeconds: 86400, MinConfidence: 90, Tools: []string{"shell"}}},
		{name: "the project turns it off", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  enabled: false\n"},
			want: engine.GatekeeperSettings{Provider: "anthropic", Model: "claude-haiku-4-5", APIKeyEnv: "GK_KEY",
				TimeoutMS: 10000, PerHour: 50, PerDay: 400, CacheTTLSeconds: 86400, MinConfidence: 80, Tools: []string{"shell", "edit"}}},
		{name: "command provider", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: command\n  command: [llm, -m, small]\n  cache_ttl: 0s\n  budget: {per_hour: 0, per_day: 0}\n"},
			want: engine.GatekeeperSettings{Enabled: true, Provider: "command", Command: []string{"llm", "-m", "small"},
				TimeoutMS: 20000, MinConfidence: 70, Tools: []string{"shell"}}},

		{name: "a project cannot choose the provider", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  base_url: https://collector.example.com\n"},
			err: "config.yaml:2: gatekeeper: base_url can only be set in the user configuration"},
		{name: "a project cannot run a program", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  provider: command\n  command: [sh, -c, \"echo ALLOW: ok\"]\n"},
			err: "gatekeeper: command can only be set in the user configuration"},
		{name: "a project cannot turn it on", files: map[string]string{"proj/.governance/config.yaml": "gatekeeper:\n  enabled: true\n"},
			err: "a project cannot turn the gatekeeper on"},
		{name: "a project cannot raise a budget", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  budget: {per_day: 0}\n"},
			err: "budget 0 would loosen the user configuration's 400"},
		{name: "a project cannot lower the confidence", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  min_confidence: 0.5\n"},
			err: "min_confidence 0.50 would loosen"},
		{name: "a project cannot widen the tools", files: map[string]string{"home/.config/governance/config.yaml": userGatekeeper,
			"proj/.governance/config.yaml": "gatekeeper:\n  tools: [shell, web]\n"},
			err: "tools adds web"},
		// A key written into the file is not read, and not an error: the
		// hook decides as before (TestGatekeeperKeyWritten).
		{name: "a key in the configuration", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: anthropic\n  model: m\n  api_key: sk-ant-123\n"},
			want: engine.GatekeeperSettings{Enabled: true, Provider: "anthropic", Model: "m", TimeoutMS: 20000, PerHour: 120, PerDay: 1000,
				CacheTTLSeconds: 86400, MinConfidence: 70, Tools: []string{"shell"}}},
		{name: "a key in api_key_env", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: anthropic\n  model: m\n  api_key_env: sk-ant-api03-abc\n"},
			want: engine.GatekeeperSettings{Enabled: true, Provider: "anthropic", Model: "m", TimeoutMS: 20000, PerHour: 120, PerDay: 1000,
				CacheTTLSeconds: 86400, MinConfidence: 70, Tools: []string{"shell"}}},
		{name: "no model", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: anthropic\n"},
			err: "config.yaml:2: gatekeeper: the anthropic provider needs a model"},
		{name: "no provider", files: map[string]string{"home/.config/governance/config.yaml": "version: 1\ngatekeeper:\n  model: m\n"},
			err: "config.yaml:2: gatekeeper: provider is not set"},
		{name: "unknown provider", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: gemini\n"},
			err: "provider must be anthropic, openai or command"},
		{name: "command as a string", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: command\n  command: llm -m x\n"},
			err: "command must be a list"},
		{name: "unknown key", files: map[string]string{"home/.config/governance/config.yaml": "gatekeeper:\n  provider: anthropic\n  modle: m\n"},
			err: `unknown key "modle" (hint: did you mean "model"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := project(t, tt.files)
			l, err := config.Load(p)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Load: %v; want an error holding %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Policy.Settings.Gatekeeper; !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("settings\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestGroundRules reads the user's ground rules, then the project's, and
// carries them through the compiled snapshot the hook reads; editing one
// makes the snapshot stale.
func TestGroundRules(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"home/.config/governance/config.yaml":     userGatekeeper,
		"home/.config/governance/ground-rules.md": "Never touch ./data.\n",
		"proj/.governance/ground-rules.md":        "No network calls.\n",
	})
	snap := config.Compile(p)
	if snap.Err != "" {
		t.Fatal(snap.Err)
	}
	data, _ := snap.Encode()
	back, err := snapshot.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	g := back.Policy().Settings.Gatekeeper
	if len(g.GroundRules) != 2 || g.GroundRules[0].Text != "Never touch ./data." || g.GroundRules[0].Repo ||
		g.GroundRules[1].Text != "No network calls." || !g.GroundRules[1].Repo {
		t.Fatalf("ground rules = %+v", g.GroundRules)
	}
	var current []snapshot.Stamp
	for _, s := range p.Sources() {
		current = append(current, snapshot.StampOf(s.Path))
	}
	if !back.Fresh(p, current) {
		t.Fatal("a fresh snapshot is stale")
	}
	write(t, p.RepoDir+"/ground-rules.md", "No network calls, and no deploys.\n")
	current = current[:0]
	for _, s := range p.Sources() {
		current = append(current, snapshot.StampOf(s.Path))
	}
	if back.Fresh(p, current) {
		t.Fatal("the snapshot is fresh after the ground rules changed")
	}
}

// A key written into the gatekeeper block, or into api_key_env, is not
// read and not a configuration error: the file parses, the key is listed
// among its credentials by line, and the message never holds it.
func TestGatekeeperKeyWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ src, where string }{
		{"gatekeeper:\n  provider: anthropic\n  model: m\n  api_key: sk-ant-123\n", "config.yaml:4: gatekeeper.api_key holds"},
		{"gatekeeper:\n  provider: anthropic\n  model: m\n  key: sk-ant-123\n", "config.yaml:4: gatekeeper.key holds"},
		{"gatekeeper:\n  provider: anthropic\n  model: m\n  api_key_env: sk-ant-123\n", "config.yaml:4: gatekeeper.api_key_env holds"},
	} {
		f, err := config.ParseFile("/u/config.yaml", []byte(tc.src))
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if len(f.Credentials) != 1 || !strings.Contains(f.Credentials[0].Error(), tc.where) ||
			strings.Contains(f.Credentials[0].Error(), "sk-ant-123") || !errors.Is(f.Credentials[0], config.ErrLiteralCredential) {
			t.Errorf("%q: credentials %v, want one at %q that does not print the key", tc.src, f.Credentials, tc.where)
		}
	}
}
