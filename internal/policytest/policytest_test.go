package policytest_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/policytest"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, src string
		want            int
		err             string
	}{
		{"yaml", "c.yaml", "cases:\n  - command: ls\n    expect: allow\n  - tool: Read\n    input: {file_path: .env}\n    expect: deny\n", 2, ""},
		{"jsonl with comments", "c.jsonl", "# cases\n{\"cmd\": \"ls\", \"expect\": \"allow\"}\n\n{\"tool\": \"read\", \"input\": {\"path\": \"x\"}, \"expect\": \"not-deny\"}\n", 2, ""},
		{"unknown key", "c.yaml", "cases:\n  - comand: ls\n    expect: allow\n", 0, `c.yaml:2:5: unknown key "comand"`},
		{"both", "c.yaml", "cases:\n  - command: ls\n    tool: Read\n    expect: allow\n", 0, "either a command or a tool"},
		{"no expect", "c.jsonl", "{\"cmd\": \"ls\"}\n", 0, "c.jsonl:1: a case needs an expect"},
		{"unknown jsonl field", "c.jsonl", "{\"cmd\": \"ls\", \"expected\": \"allow\"}\n", 0, `unknown field "expected"`},
		{"bad input", "c.yaml", "cases:\n  - tool: Read\n    input: .env\n    expect: deny\n", 0, "input must be a map"},
		{"not a list", "c.yaml", "cases: {command: ls}\n", 0, "cases must be a list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cases, err := policytest.ParseFile(tt.file, []byte(tt.src))
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("got error %v, want %q", err, tt.err)
			}
			if len(cases) != tt.want {
				t.Errorf("got %d cases, want %d", len(cases), tt.want)
			}
		})
	}
}

func TestPass(t *testing.T) {
	t.Parallel()
	tests := []struct {
		expect, rule string
		got          engine.Outcome
		gotRule      string
		pass         bool
	}{
		{"deny", "", engine.Deny, "x", true},
		{"deny", "", engine.Abort, "x", false},
		{"deny", "y", engine.Deny, "x", false},
		{"not-allow", "", engine.Defer, "", true},
		{"not-allow", "", engine.Warn, "", false},
		{"not-deny", "", engine.Ask, "", true},
		{"not-deny", "", engine.Abort, "", false},
		{"defer", "", engine.Defer, "default", true},
	}
	for _, tt := range tests {
		c := policytest.Case{Expect: tt.expect, Rule: tt.rule}
		if got := c.Pass(&engine.Decision{Outcome: tt.got, Rule: tt.gotRule}); got != tt.pass {
			t.Errorf("expect %s (rule %q) vs %s by %s: got %v", tt.expect, tt.rule, tt.got, tt.gotRule, got)
		}
	}
}
