package engine_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
)

// everyMessage produces every decision the default template can reach:
// each built-in rule through its examples, each invariant, each analysis
// problem, the default layer, agent permissions and scopes, and a broken
// configuration.
func everyMessage(t *testing.T) []*engine.Decision {
	t.Helper()
	var out []*engine.Decision
	p := builtin(engine.DefaultSettings())
	for _, r := range p.Rules {
		for _, ex := range r.Examples.Match {
			req := engine.ExampleRequest(r.ExampleKind(), ex)
			d := decide(t, p, req)
			if d.Rule != r.ID && !strings.HasPrefix(d.Layer, engine.LayerInvariant) {
				t.Errorf("example %q of %s was decided by %s", ex, r.ID, d.Rule)
			}
			out = append(out, d)
		}
	}
	for _, cmd := range []string{
		"rm -rf /", "rm -rf ~/", "find ~ -delete", "chmod -R 777 /", "sudo mkfs.ext4 /dev/sda1",
		"dd if=/dev/zero of=/dev/nvme0n1", "wipefs -a /dev/sdb", ":(){ :|:& };:", "echo x > /dev/sda",
		"governance approvals approve 3", "governance install claude", "echo x > .governance/config.yaml",
		"cp a ~/.claude/settings.json",
		"echo 'x", "$CMD -rf /", `eval "$X"`, "", strings.Repeat("y", 300<<10),
	} {
		out = append(out, decide(t, p, shellReq(cmd)))
	}
	deep := "rm x"
	for range 10 {
		deep = "sh -c '" + strings.ReplaceAll(deep, "'", `'\''`) + "'"
	}
	out = append(out, decide(t, p, shellReq(deep)))
	ask := builtin(engine.Settings{Default: engine.Ask})
	out = append(out, decide(t, ask, shellReq("npm install")))
	unattended := shellReq("npm install")
	unattended.Unattended = true
	out = append(out, decide(t, ask, unattended))
	p.Agents = staticAgents{
		{Name: "reviewer", Declares: true, Rules: []agents.Rule{{Kinds: []string{"shell"}, Pattern: "git diff*", Action: agents.Allow},
			{Kinds: []string{"web"}, Action: agents.Deny}, {Kinds: []string{"agent"}, Action: agents.Ask}}},
		{Name: "builder", Declares: true, Rules: []agents.Rule{{Kinds: []string{"*"}, Action: agents.Allow}}},
		{Name: "planner", Scope: agents.ScopeBridge},
		{Name: "coder", Scope: agents.ScopeProject},
		{Name: "keeper", Scope: agents.ScopeMeta},
		{Name: "broken", Err: "broken.md:2: unknown key"},
	}
	as := func(agent string, r *engine.Request) *engine.Request {
		r.Agent, r.AgentID = agent, "a"
		return r
	}
	web := &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
		Tool: engine.Tool{Kind: engine.KindWeb, Input: engine.Input{URL: "https://example.com"}}}
	spawn := &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
		Tool: engine.Tool{Kind: engine.KindAgent, Input: engine.Input{Subagent: "builder"}}}
	for _, r := range []*engine.Request{
		as("reviewer", shellReq("npm install")), as("reviewer", web), as("reviewer", spawn),
		as("planner", fileReq(engine.KindWrite, root+"/a.go")), as("coder", fileReq(engine.KindWrite, "/etc/x")),
		as("coder", fileReq(engine.KindWrite, root+"/.governance/brain/state.json")),
		as("keeper", fileReq(engine.KindWrite, root+"/a.go")), as("broken", shellReq("ls")),
	} {
		out = append(out, decide(t, p, r))
	}
	p.Err = errorString("rules/x.yaml:3: unknown key \"mesage\"")
	out = append(out, decide(t, p, shellReq("ls")))
	return out
}

type errorString string

func (e errorString) Error() string { return string(e) }

// TestMessagesAreTUISafe fails on any character a terminal UI could
// misrender: non-ASCII, ANSI escapes, control characters, box drawing.
func TestMessagesAreTUISafe(t *testing.T) {
	t.Parallel()
	msgs := everyMessage(t)
	if len(msgs) < 60 {
		t.Fatalf("only %d messages produced", len(msgs))
	}
	for _, d := range msgs {
		for _, text := range []string{d.Render(), d.Message, d.Suggestion} {
			for i := 0; i < len(text); i++ {
				c := text[i]
				if c >= 0x7f || (c < 0x20 && c != '\n' && c != '\t') {
					t.Errorf("%s: byte %#x at %d in %q", d.Rule, c, i, text)
					break
				}
			}
		}
		if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
			t.Errorf("%s: a deny needs a message and a suggestion: %+v", d.Rule, d)
		}
	}
}

func TestSanitize(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"plain text\nline two", "plain text\nline two"},
		{"\x1b[31mred\x1b[0m", "red"},
		{"\x1b]0;title\x07text", "text"},
		{"\u2014 \u201cquoted\u201d \u2026", `-- "quoted" ...`},
		{"curl g\u0456thub.com", `curl g\u{0456}thub.com`},
		{"\u2500\u2500 box", `\u{2500}\u{2500} box`},
		{"bell\x07 nul\x00", "bell nul"},
	}
	for _, tt := range tests {
		if got := engine.Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

var backticks = regexp.MustCompile("`([^`]+)`")

// TestSuggestionsPassThePolicy runs every command a suggestion recommends
// through the policy: a suggestion must never be something the policy
// denies.
func TestSuggestionsPassThePolicy(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	var suggestions []string
	for _, s := range template.Policy {
		suggestions = append(suggestions, s.Suggestion)
	}
	for _, d := range everyMessage(t) {
		suggestions = append(suggestions, d.Suggestion)
	}
	checked := 0
	for _, s := range suggestions {
		for _, m := range backticks.FindAllStringSubmatch(s, -1) {
			cmd := m[1]
			if strings.ContainsAny(cmd[:1], "./~") {
				continue // a path, not a command
			}
			checked++
			if d := decide(t, p, shellReq(cmd)); d.Outcome.Blocks() {
				t.Errorf("suggestion %q is itself denied by %s", cmd, d.Rule)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d suggested commands found", checked)
	}
}
