package config_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/snapshot"
)

const sum = "3f1c2ab6c48e1e5d6b0e9a7c3d2f1e0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e"

func TestPlugins(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"home/.config/governance/config.yaml": `plugins:
  - name: secrets
    path: /usr/local/bin/governance-secrets
    position: before_rules
`,
		"proj/.governance/config.yaml": `plugins:
  - name: opa
    path: plugins/governance-opa
    args: [--policy, policy]
    sha256: ` + strings.ToUpper(sum) + `
    position: before_gatekeeper
    timeout: 500ms
    on_error: ask
    allow_cold_start: true
`,
	})
	l, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	user := filepath.Join(p.UserDir, "config.yaml")
	repo := filepath.Join(p.RepoDir, "config.yaml")
	want := []engine.PluginSpec{
		{Name: "secrets", Path: "/usr/local/bin/governance-secrets", Dir: p.UserDir, Position: engine.BeforeRules,
			Timeout: 2 * time.Second, OnError: engine.Deny, Scope: engine.ScopeGlobal, Source: user + ":2"},
		{Name: "opa", Path: filepath.Join(p.RepoDir, "plugins/governance-opa"), Args: []string{"--policy", "policy"},
			Dir: p.RepoDir, SHA256: sum, Position: engine.BeforeGatekeeper, Timeout: 500 * time.Millisecond,
			OnError: engine.Ask, AllowColdStart: true, Scope: engine.ScopeRepo, Source: repo + ":2",
			// Nobody has trusted the project's plugin yet.
			Untrusted: true},
	}
	if !reflect.DeepEqual(l.Policy.Plugins, want) {
		t.Errorf("plugins\n%+v\nwant\n%+v", l.Policy.Plugins, want)
	}
	// The hook reads them from the snapshot.
	data, err := config.Compile(p).Encode()
	if err != nil {
		t.Fatal(err)
	}
	snap, err := snapshot.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := snap.Policy().Plugins; !reflect.DeepEqual(got, want) {
		t.Errorf("from the snapshot\n%+v\nwant\n%+v", got, want)
	}
	if !snap.Policy().UsesDaemon() {
		t.Error("a configuration with plugins does not use the daemon")
	}
	// No AI caller may replace a plugin's executable.
	e := engine.NewEngine(snap.Policy())
	for _, path := range []string{"/usr/local/bin/governance-secrets", filepath.Join(p.RepoDir, "plugins/governance-opa")} {
		d := e.Decide(t.Context(), &engine.Request{Cwd: p.ProjectRoot, ProjectRoot: p.ProjectRoot, Home: p.Home,
			Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{path}}}})
		if d.Outcome != engine.Deny || d.Rule != "self-protection" {
			t.Errorf("writing %s: %s by %s", path, d.Outcome, d.Rule)
		}
	}
	d := e.Decide(t.Context(), &engine.Request{Cwd: p.ProjectRoot, ProjectRoot: p.ProjectRoot, Home: p.Home,
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "cp evil /usr/local/bin/governance-secrets"}}})
	if d.Outcome != engine.Deny {
		t.Errorf("replacing a plugin through the shell: %s by %s", d.Outcome, d.Rule)
	}
}

func TestPluginErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, user, repo string
		want             string
	}{
		{"not a list", "", "plugins: {opa: x}\n", "plugins must be a list"},
		{"no name", "", "plugins:\n  - path: x/y\n", "a plugin needs a name"},
		{"no path", "", "plugins:\n  - name: opa\n", "plugin opa needs a path"},
		{"bad name", "", "plugins:\n  - name: 'o p a'\n    path: x\n", "is not a name"},
		{"unknown key", "", "plugins:\n  - name: opa\n    path: x\n    postion: after_rules\n", "postion"},
		{"position", "", "plugins:\n  - name: opa\n    path: x\n    position: first\n", "position must be before_rules, after_rules or before_gatekeeper"},
		{"timeout", "", "plugins:\n  - name: opa\n    path: x\n    timeout: soon\n", `"soon" is not a duration`},
		{"on_error allow", "", "plugins:\n  - name: opa\n    path: x\n    on_error: allow\n", "on_error must be deny or ask"},
		{"sha256", "", "plugins:\n  - name: opa\n    path: x\n    sha256: abc\n", "sha256 must be 64 hex digits"},
		{"duplicate", "", "plugins:\n  - name: opa\n    path: x\n  - name: opa\n    path: y\n", `duplicate plugin name "opa"`},
		{"project replaces the user's", "plugins:\n  - name: opa\n    path: /bin/a\n", "plugins:\n  - name: opa\n    path: /bin/b\n",
			`plugin "opa" is already configured by the user configuration`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{"proj/.governance/config.yaml": tt.repo}
			if tt.user != "" {
				files["home/.config/governance/config.yaml"] = tt.user
			}
			l, err := config.Load(project(t, files))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
			if !strings.Contains(err.Error(), "config.yaml:") || l.Policy.Err == nil {
				t.Errorf("the error does not name the file and line, or does not deny every call: %v", err)
			}
		})
	}
}

// daemon: off keeps the hook from the daemon even with plugins.
func TestDaemonOffWithPlugins(t *testing.T) {
	t.Parallel()
	l, err := config.Load(project(t, map[string]string{
		"proj/.governance/config.yaml": "daemon: off\nplugins:\n  - name: opa\n    path: /bin/true\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if l.Policy.UsesDaemon() || l.Policy.Settings.Daemon != "off" {
		t.Errorf("daemon %q, uses daemon %v", l.Policy.Settings.Daemon, l.Policy.UsesDaemon())
	}
}

// A project's plugin runs only once the user has trusted its executable
// as it is; the trust pins the checksum, and a plugin whose configured
// sha256 disagrees with the trusted one stays untrusted.
func TestPluginTrust(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"proj/.governance/config.yaml": "plugins:\n  - name: a\n    path: bin/a\n  - name: b\n    path: bin/b\n    sha256: " + sum + "\n",
		"proj/.governance/bin/a":       "#!/bin/sh\n",
		"proj/.governance/bin/b":       "#!/bin/sh\n",
	})
	untrusted := func() map[string]engine.PluginSpec {
		l, err := config.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]engine.PluginSpec{}
		for _, s := range l.Policy.Plugins {
			out[s.Name] = s
		}
		return out
	}
	if got := untrusted(); !got["a"].Untrusted || !got["b"].Untrusted {
		t.Fatalf("before any trust: %+v", got)
	}
	a := filepath.Join(p.RepoDir, "bin/a")
	aSum, err := config.TrustPlugin(p.UserDir, a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := config.TrustPlugin(p.UserDir, filepath.Join(p.RepoDir, "bin/b")); err != nil {
		t.Fatal(err)
	}
	got := untrusted()
	if got["a"].Untrusted || got["a"].SHA256 != aSum {
		t.Errorf("trusted a: %+v, want trusted with sha256 %s", got["a"], aSum)
	}
	if !got["b"].Untrusted {
		t.Errorf("b's configured sha256 is not the one trusted, yet it is trusted: %+v", got["b"])
	}
	// Trusting again replaces the entry; a broken store trusts nothing
	// and says where it is broken.
	if _, err := config.TrustPlugin(p.UserDir, a); err != nil {
		t.Fatal(err)
	}
	if ts, err := config.ReadTrustedPlugins(p.UserDir); err != nil || len(ts) != 2 {
		t.Errorf("trust store after trusting a twice: %+v, %v", ts, err)
	}
	write(t, filepath.Join(p.UserDir, config.TrustedPluginsFile), "not a checksum\n")
	l, err := config.Load(p)
	if err == nil || !strings.Contains(err.Error(), config.TrustedPluginsFile+":1") {
		t.Errorf("a broken trust store: %v", err)
	}
	for _, s := range l.Policy.Plugins {
		if !s.Untrusted {
			t.Errorf("with a broken trust store, %s is trusted", s.Name)
		}
	}
}
