package governance_test

import (
	"testing"

	"github.com/agentgov/governance/governance"
)

func mcpReq(server, tool, args string) *governance.Request {
	req := &governance.Request{Cwd: root, ProjectRoot: root, Home: home,
		Tool: governance.Tool{Kind: governance.KindMCP, Name: server + "_" + tool,
			Input: governance.Input{Server: server, MCPTool: tool}}}
	if args != "" {
		req.Tool.Input.Arguments = []byte(args)
	}
	return req
}

func mustRule(t *testing.T, spec governance.RuleSpec) *governance.Rule {
	t.Helper()
	r, err := governance.CompileRule(spec, governance.ScopeRepo)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// mcpPolicy has a tool denied outright, writes denied outside a sandbox
// (argument-dependent), and an allow that holds only for some arguments
// under a default that denies.
func mcpPolicy(t *testing.T) *governance.Policy {
	s := governance.DefaultSettings()
	s.Default = governance.Deny
	p := builtin(s)
	p.Rules = append(p.Rules,
		mustRule(t, governance.RuleSpec{ID: "no-env", Decision: governance.Deny, Message: "m", Suggestion: "s",
			Match: []governance.MatchSpec{{More: &governance.MatchMore{Server: []string{"everything"}, MCPTool: []string{"get-env"}}}}}),
		mustRule(t, governance.RuleSpec{ID: "writes-in-box", Decision: governance.Deny, Message: "m", Suggestion: "s",
			Match: []governance.MatchSpec{{More: &governance.MatchMore{Server: []string{"files"}, MCPTool: []string{"write_file"},
				NotArguments: []governance.ArgumentMatch{{Key: "path", Glob: "/box/**"}}}}}}),
		mustRule(t, governance.RuleSpec{ID: "files", Decision: governance.Allow,
			Match: []governance.MatchSpec{{More: &governance.MatchMore{Server: []string{"files"}}}}}),
		mustRule(t, governance.RuleSpec{ID: "echo-hello", Decision: governance.Allow,
			Match: []governance.MatchSpec{{More: &governance.MatchMore{Server: []string{"everything"}, MCPTool: []string{"echo"},
				Arguments: []governance.ArgumentMatch{{Key: "message", Glob: "hello*"}}}}}}),
	)
	return p
}

func TestMCPArguments(t *testing.T) {
	t.Parallel()
	p := mcpPolicy(t)
	for _, tc := range []struct {
		name, server, tool, args string
		want                     governance.Outcome
		rule                     string
	}{
		{"write inside the sandbox", "files", "write_file", `{"path":"/box/a.txt","content":"x"}`, governance.Allow, "files"},
		{"write outside the sandbox", "files", "write_file", `{"path":"/etc/a.txt"}`, governance.Deny, "writes-in-box"},
		{"a path that climbs out is where it lands", "files", "write_file", `{"path":"/box/../etc/a.txt"}`, governance.Deny, "writes-in-box"},
		{"a missing argument is not inside", "files", "write_file", `{}`, governance.Deny, "writes-in-box"},
		{"other tools of the server", "files", "read_file", `{"path":"/etc/a.txt"}`, governance.Allow, "files"},
		{"an allow for some arguments", "everything", "echo", `{"message":"hello there"}`, governance.Allow, "echo-hello"},
		{"other arguments fall to the default", "everything", "echo", `{"message":"bye"}`, governance.Deny, "default"},
		{"a tool denied outright", "everything", "get-env", `{}`, governance.Deny, "no-env"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := decide(t, p, mcpReq(tc.server, tc.tool, tc.args))
			if d.Outcome != tc.want || d.Rule != tc.rule {
				t.Errorf("got %s by %s, want %s by %s", d.Outcome, d.Rule, tc.want, tc.rule)
			}
		})
	}
}

// A tool is listed when some arguments could make a call pass, and hidden
// when none could.
func TestToolListing(t *testing.T) {
	t.Parallel()
	p := mcpPolicy(t)
	listing := p.ToolListing()
	for _, tc := range []struct {
		server, tool string
		listed       bool
	}{
		{"files", "write_file", true},
		{"files", "read_file", true},
		{"everything", "echo", true},
		{"everything", "get-env", false},
		{"everything", "get-sum", false}, // nothing allows it and the default denies
	} {
		t.Run(tc.server+"_"+tc.tool, func(t *testing.T) {
			t.Parallel()
			d := decide(t, listing, mcpReq(tc.server, tc.tool, ""))
			if listed := !d.Outcome.Blocks(); listed != tc.listed {
				t.Errorf("listed %v (%s by %s), want %v", listed, d.Outcome, d.Rule, tc.listed)
			}
		})
	}
	if len(p.Rules) != len(mcpPolicy(t).Rules) || p.Rules[len(p.Rules)-1].Match[0].More.Arguments == nil {
		t.Error("ToolListing changed the policy it was given")
	}
}
