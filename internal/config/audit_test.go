package config_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/config"
)

// TestAuditRequired: audit: required makes every layer below it keep a
// record of every call; a lock holds it in the managed configuration.
func TestAuditRequired(t *testing.T) {
	t.Parallel()
	user, repo := "home/.config/governance/config.yaml", "proj/.governance/config.yaml"
	tests := []struct {
		name    string
		files   map[string]string
		want    bool
		wantErr string
	}{
		{name: "best effort unless set", files: map[string]string{}, want: false},
		{name: "the user requires it", files: map[string]string{user: "audit: required\n"}, want: true},
		{name: "a project may require it", files: map[string]string{repo: "audit: required\n"}, want: true},
		{name: "a project may not loosen the user's", files: map[string]string{user: "audit: required\n", repo: "audit: best-effort\n"},
			wantErr: "audit: best-effort would loosen the user configuration"},
		{name: "managed and locked", files: map[string]string{"managed/config.yaml": "audit: required\nlock: [audit]\n", user: "audit: best-effort\n"},
			wantErr: "audit: best-effort would loosen the managed configuration"},
		{name: "locked at the built-in value", files: map[string]string{"managed/config.yaml": "lock: [audit]\n", user: "audit: required\n"}, want: true},
		{name: "a value it does not take", files: map[string]string{user: "audit: always\n"}, wantErr: `audit must be required or best-effort, not "always"`},
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
			if got := l.Policy.Settings.AuditRequired; got != tt.want {
				t.Errorf("AuditRequired = %v, want %v", got, tt.want)
			}
		})
	}
}
