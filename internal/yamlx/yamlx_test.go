package yamlx_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/yamlx"
)

func TestItems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data string
		items      int
		err        string
	}{
		{"empty document", "", 0, ""},
		{"no list", "version: 1\n", 0, ""},
		{"empty list", "version: 1\nrules:\n", 0, ""},
		{"items", "version: 1\nrules:\n  - id: a\n  - id: b\n", 2, ""},
		{"not a list", "rules: {id: a}\n", 0, "f.yaml:1:8: rules must be a list (hint: start with -)"},
		{"unknown key", "rule: []\n", 0, `f.yaml:1:1: unknown key "rule" (hint: did you mean "rules"?)`},
		{"not a mapping", "- id: a\n", 0, "f.yaml:1:1: expected a mapping, found a list"},
		{"bad YAML", "rules: [\n", 0, "f.yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			items, err := yamlx.Items("f.yaml", []byte(tt.data), "rules", "start with -")
			if tt.err == "" {
				if err != nil || len(items) != tt.items {
					t.Fatalf("got %d items, %v; want %d", len(items), err, tt.items)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Fatalf("got %v, want %s", err, tt.err)
			}
		})
	}
}
