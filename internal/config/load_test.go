package config_test

import (
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
)

// A learned entry takes the scope of the folder it is written in, also
// when there is no user configuration folder.
func TestLearnedScope(t *testing.T) {
	t.Parallel()
	entry := `entries:
  - id: L1
    description: make
    pattern: {program: make, positionals: []}
    decision: allow
    confidence: 1
    provenance: human
    status: approved
    created: 2026-01-01T00:00:00Z
`
	tests := []struct {
		name   string
		file   string
		noUser bool
		want   string
	}{
		{"user", "home/.config/governance/learned.yaml", false, engine.ScopeGlobal},
		{"project", "proj/.governance/learned.yaml", false, engine.ScopeRepo},
		{"project without a user folder", "proj/.governance/learned.yaml", true, engine.ScopeRepo},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := project(t, map[string]string{tt.file: entry})
			if tt.noUser {
				p.UserDir = ""
			}
			// As written: a project's learned allows need trust to apply.
			l, err := config.LoadAsWritten(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Policy.Learned) != 1 || l.Policy.Learned[0].Scope != tt.want {
				for _, r := range l.Policy.Learned {
					t.Logf("%s: %s", r.ID, r.Scope)
				}
				t.Fatalf("want one learned rule of scope %s", tt.want)
			}
		})
	}
}
