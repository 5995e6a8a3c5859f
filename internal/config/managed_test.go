package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// managedProject is a project with a managed folder of its own.
func managedProject(t *testing.T, files map[string]string) (p layout.Paths) {
	t.Helper()
	p = project(t, files)
	p.ManagedDir = filepath.Join(filepath.Dir(p.ProjectRoot), "managed")
	return p
}

// The user's and the project's configuration may tighten the managed
// configuration and what it locks, never loosen it.
func TestManagedLayer(t *testing.T) {
	t.Parallel()
	denyCurl := "rules:\n  - id: no-curl\n    match: {program: curl}\n    decision: deny\n    message: no curl here\n    suggestion: use the team proxy\n"
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string
		check   func(t *testing.T, l *config.Loaded)
	}{
		{name: "managed rules apply", files: map[string]string{"managed/rules/team.yaml": denyCurl},
			check: func(t *testing.T, l *config.Loaded) {
				for _, r := range l.Policy.Rules {
					if r.ID == "no-curl" && r.Scope == engine.ScopeManaged {
						return
					}
				}
				t.Error("no managed rule no-curl")
			}},
		{name: "user may not loosen a locked mode", wantErr: "mode: log-only would loosen the managed configuration",
			files: map[string]string{"managed/config.yaml": "lock: [mode]\n", "home/.config/governance/config.yaml": "mode: log-only\n"}},
		{name: "user sets what is not locked", files: map[string]string{"managed/config.yaml": "lock: [default]\n",
			"home/.config/governance/config.yaml": "mode: log-only\n"},
			check: func(t *testing.T, l *config.Loaded) {
				if !l.Policy.Settings.LogOnly {
					t.Error("log-only not set")
				}
			}},
		{name: "user may not loosen the managed default", wantErr: "default: defer would loosen the managed configuration's default (deny)",
			files: map[string]string{"managed/config.yaml": "default: deny\n", "home/.config/governance/config.yaml": "default: defer\n"}},
		{name: "project may not loosen the managed default", wantErr: "would loosen the managed configuration's default",
			files: map[string]string{"managed/config.yaml": "default: deny\n", "proj/.governance/config.yaml": "default: ask\n"}},
		{name: "what the managed file leaves alone is the user's", wantErr: "max_delegation_depth: 5 would loosen the user configuration's 3",
			files: map[string]string{"managed/config.yaml": "lock: [mode]\n", "proj/.governance/config.yaml": "max_delegation_depth: 5\n"}},
		{name: "user may tighten", files: map[string]string{"managed/config.yaml": "default: defer\n", "home/.config/governance/config.yaml": "default: deny\n"},
			check: func(t *testing.T, l *config.Loaded) {
				if l.Policy.Settings.Default != engine.Deny {
					t.Errorf("default %s", l.Policy.Settings.Default)
				}
			}},
		{name: "locked builtin", wantErr: "locks disable_builtin",
			files: map[string]string{"managed/config.yaml": "lock: [disable_builtin]\n", "home/.config/governance/config.yaml": "disable_builtin: [rm-recursive-outside-project]\n"}},
		{name: "locked project plugins", wantErr: "locks plugins",
			files: map[string]string{"managed/config.yaml": "lock: [project_plugins]\n",
				"proj/.governance/config.yaml": "plugins:\n  - name: p\n    path: /bin/true\n    position: before_rules\n"}},
		{name: "locked gatekeeper", wantErr: "locks the gatekeeper",
			files: map[string]string{"managed/config.yaml": "lock: [gatekeeper]\n", "home/.config/governance/config.yaml": "gatekeeper:\n  enabled: false\n"}},
		{name: "lock is managed only", wantErr: "lock: belongs in the managed configuration",
			files: map[string]string{"home/.config/governance/config.yaml": "lock: [mode]\n"}},
		{name: "a bundle is a managed layer", files: map[string]string{
			"managed/bundle/r1/.manifest": `{"revision":"r1","roots":["governance"]}`, "managed/bundle/r1/rules/team.yaml": denyCurl,
			"managed/bundle/r1/config.yaml": "lock: [mode]\n", "home/.config/governance/config.yaml": "mode: log-only\n"},
			wantErr: "mode: log-only would loosen the managed configuration"},
		{name: "a bundle cannot name a bundle", wantErr: "cannot name a bundle", files: map[string]string{
			"managed/bundle/r1/.manifest":   `{"revision":"r1"}`,
			"managed/bundle/r1/config.yaml": "bundle: {source: 'oci://x/y:z', public_key: k.pem}\n"}},
		{name: "plain http only on loopback", wantErr: "http:// only for a loopback address",
			files: map[string]string{"managed/config.yaml": "bundle: {source: 'http://example.com/b.tar.gz', public_key: k.pem}\n"}},
		{name: "the managed folder is protected", files: map[string]string{"managed/config.yaml": "default: ask\n"},
			check: func(t *testing.T, l *config.Loaded) {
				for _, d := range l.Policy.ConfigDirs {
					if d == l.Paths.ManagedDir {
						return
					}
				}
				t.Errorf("config dirs %v miss the managed folder", l.Policy.ConfigDirs)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := managedProject(t, tt.files)
			if _, ok := tt.files["managed/bundle/r1/.manifest"]; ok {
				symlink(t, "r1", filepath.Join(p.ManagedDir, "bundle", "active"))
			}
			l, err := config.Load(p)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatal(err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want %q", err, tt.wantErr)
			}
			if tt.check != nil {
				tt.check(t, l)
			}
		})
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestBundlePoll checks bundle.poll: five minutes unless set, off, or a
// duration; anything else names the file and line.
func TestBundlePoll(t *testing.T) {
	for _, c := range []struct {
		poll string
		want time.Duration
		err  string
	}{
		{"", config.DefaultBundlePoll, ""},
		{"\n  poll: off", 0, ""},
		{"\n  poll: 90s", 90 * time.Second, ""},
		{"\n  poll: soon", 0, "config.yaml:4"},
	} {
		f, err := config.ParseFile("config.yaml", []byte("bundle:\n  source: oci://r/p:t\n  public_key: team.pub"+c.poll+"\n"))
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("poll %q: %v, want an error at %s", c.poll, err, c.err)
			}
		case err != nil:
			t.Errorf("poll %q: %v", c.poll, err)
		case f.Bundle.Poll != c.want:
			t.Errorf("poll %q: %s, want %s", c.poll, f.Bundle.Poll, c.want)
		}
	}
}
