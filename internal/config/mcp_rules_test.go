package config_test

import (
	"os"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
)

// MCP rules match arguments that must and must not have a value, and
// their examples are checked when the file loads.
func TestMCPArgumentRules(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, yaml, err string
	}{
		{"not_arguments", `rules:
  - id: writes-in-box
    match: {server: files, mcp_tool: write_file, not_arguments: {path: "/box/**"}}
    decision: deny
    message: Writes stay in the sandbox.
    suggestion: Write under /box.
    examples:
      match: ['files write_file {"path": "/etc/passwd"}', 'files write_file {"path": "/box/../etc/x"}']
      not_match: ['files write_file {"path": "/box/a.txt"}', 'files read_file {"path": "/etc/passwd"}']
`, ""},
		{"an example that does not hold", `rules:
  - id: writes-in-box
    match: {server: files, not_arguments: {path: "/box/**"}}
    decision: deny
    message: Writes stay in the sandbox.
    suggestion: Write under /box.
    examples:
      match: ['files write_file {"path": "/box/a.txt"}']
`, "writes-in-box"},
		{"values are strings", `rules:
  - id: x
    match: {server: files, not_arguments: {path: [a, b]}}
    decision: allow
`, "x.yaml:3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rules, err := config.ParseRules("x.yaml", []byte(tc.yaml), engine.ScopeRepo)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want an error naming %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rules[0].Match[0].More.NotArguments; len(got) != 1 || got[0].Key != "path" || got[0].Glob != "/box/**" {
				t.Errorf("not_arguments parsed as %+v", got)
			}
		})
	}
}

// The example rules of docs/mcp-proxy.md for an MCP file server load, their examples
// hold, and a move is judged at both of its ends.
func TestREADMEMCPRules(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../docs/mcp-proxy.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "Rules match MCP calls by server, tool and argument values:\n\n```yaml\n")
	block, _, _ := strings.Cut(rest, "```")
	if !ok || !strings.Contains(block, "move_file") {
		t.Fatal("docs/mcp-proxy.md has no MCP rule example")
	}
	rules, err := config.ParseRules("README.yaml", []byte(block), engine.ScopeRepo)
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, r := range rules {
		for _, m := range r.Match {
			for _, a := range m.More.NotArguments {
				covered[a.Key] = true
			}
		}
	}
	for _, key := range []string{"path", "source", "destination"} {
		if !covered[key] {
			t.Errorf("no rule of the example in docs/mcp-proxy.md bounds the %s argument", key)
		}
	}
}
