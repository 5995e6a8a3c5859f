package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

func mcpReq(server, tool, args string) *engine.Request {
	req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
		Tool: engine.Tool{Kind: engine.KindMCP, Name: server + "_" + tool,
			Input: engine.Input{Server: server, MCPTool: tool}}}
	if args != "" {
		req.Tool.Input.Arguments = []byte(args)
	}
	return req
}

func mustRule(t *testing.T, spec engine.RuleSpec) *engine.Rule {
	t.Helper()
	r, err := engine.CompileRule(spec, engine.ScopeRepo)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// mcpPolicy has a tool denied outright, writes denied outside a sandbox
// (argument-dependent), and an allow that holds only for some arguments
// under a default that denies.
func mcpPolicy(t *testing.T) *engine.Policy {
	s := engine.DefaultSettings()
	s.Default = engine.Deny
	p := builtin(s)
	p.Rules = append(p.Rules,
		mustRule(t, engine.RuleSpec{ID: "no-env", Decision: engine.Deny, Message: "m", Suggestion: "s",
			Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"everything"}, MCPTool: []string{"get-env"}}}}}),
		mustRule(t, engine.RuleSpec{ID: "writes-in-box", Decision: engine.Deny, Message: "m", Suggestion: "s",
			Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"files"}, MCPTool: []string{"write_file"},
				NotArguments: []engine.ArgumentMatch{{Key: "path", Glob: "/box/**"}}}}}}),
		mustRule(t, engine.RuleSpec{ID: "files", Decision: engine.Allow,
			Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"files"}}}}}),
		mustRule(t, engine.RuleSpec{ID: "echo-hello", Decision: engine.Allow,
			Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"everything"}, MCPTool: []string{"echo"},
				Arguments: []engine.ArgumentMatch{{Key: "message", Glob: "hello*"}}}}}}),
	)
	return p
}

func TestMCPArguments(t *testing.T) {
	t.Parallel()
	p := mcpPolicy(t)
	for _, tc := range []struct {
		name, server, tool, args string
		want                     engine.Outcome
		rule                     string
	}{
		{"write inside the sandbox", "files", "write_file", `{"path":"/box/a.txt","content":"x"}`, engine.Allow, "files"},
		{"write outside the sandbox", "files", "write_file", `{"path":"/etc/a.txt"}`, engine.Deny, "writes-in-box"},
		{"a path that climbs out is where it lands", "files", "write_file", `{"path":"/box/../etc/a.txt"}`, engine.Deny, "writes-in-box"},
		{"a missing argument is not inside", "files", "write_file", `{}`, engine.Deny, "writes-in-box"},
		{"other tools of the server", "files", "read_file", `{"path":"/etc/a.txt"}`, engine.Allow, "files"},
		{"an allow for some arguments", "everything", "echo", `{"message":"hello there"}`, engine.Allow, "echo-hello"},
		{"other arguments fall to the default", "everything", "echo", `{"message":"bye"}`, engine.Deny, "default"},
		{"a tool denied outright", "everything", "get-env", `{}`, engine.Deny, "no-env"},
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

// An MCP call's path arguments are where they lead: a link inside the
// allowed folder does not carry a write outside it, and the files they
// name are judged by the rules on secrets and by self-protection.
func TestMCPPathsOnDisk(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	project := filepath.Join(dir, "project")
	box := filepath.Join(project, "box")
	for _, d := range []string{box, filepath.Join(dir, "outside"), filepath.Join(project, ".claude"), filepath.Join(project, ".git")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(project, ".env"), filepath.Join(project, ".claude", "settings.json")} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "outside"), filepath.Join(box, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(project, ".env"), filepath.Join(box, "notes.txt")); err != nil {
		t.Fatal(err)
	}
	s := engine.DefaultSettings()
	s.Default = engine.Deny
	p := builtin(s)
	p.Rules = append(p.Rules,
		mustRule(t, engine.RuleSpec{ID: "writes-in-box", Decision: engine.Deny, Message: "m", Suggestion: "s",
			Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"files"}, MCPTool: []string{"write_file"},
				NotArguments: []engine.ArgumentMatch{{Key: "path", Glob: box + "/**"}}}}}}),
		mustRule(t, engine.RuleSpec{ID: "files", Decision: engine.Allow,
			Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"files"}}}}}))
	e := engine.NewEngine(p)
	for _, tc := range []struct {
		name, tool, args string
		want             engine.Outcome
		rule             string
	}{
		{"a write in the box", "write_file", `{"path":"box/a.txt"}`, engine.Allow, "files"},
		{"a write through a link out of the box", "write_file", `{"path":"box/link/a.txt"}`, engine.Deny, "writes-in-box"},
		{"the same, absolute", "write_file", `{"path":"` + box + `/link/a.txt"}`, engine.Deny, "writes-in-box"},
		{"a read of a link to a secret", "read_file", `{"path":"box/notes.txt"}`, engine.Deny, "secrets-env-files"},
		{"a read of a secret among others", "read_multiple_files", `{"paths":["box/a.txt",".env"]}`, engine.Deny, "secrets-env-files"},
		{"a write of harness settings", "write_file", `{"path":"` + project + `/.claude/settings.json"}`, engine.Deny, "hook-settings"},
		{"a move onto harness settings", "move_file", `{"source":"box/a.txt","destination":".claude/settings.json"}`, engine.Deny, "hook-settings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			req := &engine.Request{Cwd: project, ProjectRoot: project, Home: dir,
				Tool: engine.Tool{Kind: engine.KindMCP, Name: "files_" + tc.tool,
					Input: engine.Input{Server: "files", MCPTool: tc.tool, Arguments: []byte(tc.args)}}}
			d := e.Decide(context.Background(), req)
			if d.Outcome != tc.want || d.Rule != tc.rule {
				t.Errorf("got %s by %s (%s), want %s by %s", d.Outcome, d.Rule, d.Message, tc.want, tc.rule)
			}
		})
	}
}
