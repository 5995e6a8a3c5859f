package config_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
)

// TestConfineSetting: confine: defaults to unknown; a layer below may
// confine more (auto), never less (off), than the layers above it or a
// managed lock at the built-in value.
func TestConfineSetting(t *testing.T) {
	t.Parallel()
	user, repo := "home/.config/governance/config.yaml", "proj/.governance/config.yaml"
	tests := []struct {
		name    string
		files   map[string]string
		want    engine.ConfineMode
		wantErr string
	}{
		{name: "unknown unless set", files: map[string]string{}, want: engine.ConfineUnknown},
		{name: "the user turns it off", files: map[string]string{user: "confine: off\n"}, want: engine.ConfineOff},
		{name: "a project may confine more", files: map[string]string{repo: "confine: auto\n"}, want: engine.ConfineAuto},
		{name: "a project may not turn it off", files: map[string]string{repo: "confine: off\n"},
			wantErr: "confine: off would loosen the user configuration's confine: unknown"},
		{name: "a project may not loosen the user's auto", files: map[string]string{user: "confine: auto\n", repo: "confine: unknown\n"},
			wantErr: "confine: unknown would loosen the user configuration's confine: auto"},
		{name: "managed and locked", files: map[string]string{"managed/config.yaml": "confine: auto\nlock: [confine]\n", user: "confine: unknown\n"},
			wantErr: "confine: unknown would loosen the managed configuration's confine: auto"},
		{name: "locked at the built-in value", files: map[string]string{"managed/config.yaml": "lock: [confine]\n", user: "confine: off\n"},
			wantErr: "confine: off would loosen the managed configuration"},
		{name: "a value it does not take", files: map[string]string{user: "confine: always\n"}, wantErr: `confine must be auto, unknown or off, not "always"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l, err := config.Load(managedProject(t, tt.files))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Policy.Settings.Confine; got != tt.want {
				t.Errorf("Confine = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestConfineGrants: the user's and the managed grants apply to every
// project; a project's only while the user trusts it, as its allows.
func TestConfineGrants(t *testing.T) {
	t.Parallel()
	user, repo := "home/.config/governance/config.yaml", "proj/.governance/config.yaml"
	tests := []struct {
		name    string
		files   map[string]string
		trust   bool
		want    engine.ConfineGrants
		wantErr string
	}{
		{name: "none unless set", files: map[string]string{}},
		{name: "the user's", files: map[string]string{user: "confine_grants:\n  read: [.env]\n  network: [loopback]\n"},
			want: engine.ConfineGrants{Read: []string{".env"}, Network: []string{"loopback"}}},
		{name: "managed and the user's add up", files: map[string]string{"managed/config.yaml": "confine_grants:\n  write: [~/.npm]\n",
			user: "confine_grants:\n  write: [~/.npm, /srv/cache]\n"},
			want: engine.ConfineGrants{Write: []string{"~/.npm", "/srv/cache"}}},
		{name: "an untrusted project grants nothing", files: map[string]string{repo: "confine_grants:\n  read: [.env]\n"}},
		{name: "a trusted project grants", files: map[string]string{repo: "confine_grants:\n  read: [.env]\n  network: [registry.example.com]\n"},
			trust: true, want: engine.ConfineGrants{Read: []string{".env"}, Network: []string{"registry.example.com"}}},
		{name: "a managed lock grants alone", files: map[string]string{"managed/config.yaml": "lock: [confine_grants]\nconfine_grants:\n  read: [.env]\n",
			user: "confine_grants:\n  network: [loopback]\n"}, wantErr: "the managed configuration locks confine_grants"},
		{name: "a managed lock and no grant below", files: map[string]string{"managed/config.yaml": "lock: [confine_grants]\nconfine_grants:\n  read: [.env]\n"},
			want: engine.ConfineGrants{Read: []string{".env"}}},
		{name: "an unknown key", files: map[string]string{user: "confine_grants:\n  reads: [.env]\n"}, wantErr: `unknown key "reads"`},
		{name: "a write inside the project", files: map[string]string{user: "confine_grants:\n  write: [node_modules]\n"},
			wantErr: `confine_grants: write: "node_modules"`},
		{name: "a read out of the project", files: map[string]string{user: "confine_grants:\n  read: [../other/.env]\n"},
			wantErr: `confine_grants: read: "../other/.env"`},
		{name: "not a host", files: map[string]string{user: "confine_grants:\n  network: [\"http://x\"]\n"},
			wantErr: `confine_grants: network: "http://x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := managedProject(t, tt.files)
			if tt.trust {
				if _, err := config.TrustProject(p); err != nil {
					t.Fatal(err)
				}
			}
			l, err := config.Load(p)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Policy.Settings.ConfineGrants; !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ConfineGrants = %+v, want %+v", got, tt.want)
			}
		})
	}
}
