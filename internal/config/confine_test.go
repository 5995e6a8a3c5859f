package config_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/config"
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
		want    governance.ConfineMode
		wantErr string
	}{
		{name: "unknown unless set", files: map[string]string{}, want: governance.ConfineUnknown},
		{name: "the user turns it off", files: map[string]string{user: "confine: off\n"}, want: governance.ConfineOff},
		{name: "a project may confine more", files: map[string]string{repo: "confine: auto\n"}, want: governance.ConfineAuto},
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
