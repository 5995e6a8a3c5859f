package plugins_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/plugins"
	"github.com/agentgov/governance/plugins/plugintest"
)

// recorder answers with a fixed verdict and keeps the requests it saw.
type recorder struct {
	mu   sync.Mutex
	seen []*governance.Request
	v    plugins.Verdict
	err  error
}

func (r *recorder) Describe(context.Context) (plugins.Info, error) {
	return plugins.Info{Name: "recorder", Version: "0.1.0", Kinds: []governance.Kind{governance.KindShell, governance.KindMCP}}, nil
}

func (r *recorder) Evaluate(_ context.Context, req *governance.Request) (plugins.Verdict, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen = append(r.seen, req)
	return r.v, r.err
}

// Every field of a request reaches the plugin as it was sent.
func TestRequestRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		req  governance.Request
	}{
		{"shell", governance.Request{Harness: "claude", Event: "PreToolUse", SessionID: "s1", ParentSessionID: "s0",
			AgentID: "a1", Agent: "reviewer", Role: "ai", Depth: 2, Chain: []string{"main", "planner", "reviewer"},
			Tool: governance.Tool{Kind: governance.KindShell, Name: "Bash", Input: governance.Input{Command: "git push --force"}},
			Cwd:  "/p/sub", ProjectRoot: "/p", Home: "/home/u", Justification: "publish", Safety: "a branch of mine",
			PermissionMode: "default", Unattended: true, ToolUseID: "toolu_1"}},
		{"write", governance.Request{Harness: "codex", Event: "PreToolUse",
			Tool: governance.Tool{Kind: governance.KindWrite, Name: "Write",
				Input: governance.Input{Paths: []string{"a.txt", "b.txt"}, Content: "line 1\nline 2\n"}}}},
		{"web", governance.Request{Tool: governance.Tool{Kind: governance.KindWeb, Name: "WebFetch",
			Input: governance.Input{URL: "https://example.com/x", Query: "q"}}}},
		{"subagent", governance.Request{Tool: governance.Tool{Kind: governance.KindAgent, Name: "Task",
			Input: governance.Input{Subagent: "explorer", Prompt: "find the bug"}}}},
		{"mcp", governance.Request{Tool: governance.Tool{Kind: governance.KindMCP, Name: "mcp__github__create_issue",
			Input: governance.Input{Server: "github", MCPTool: "create_issue", Arguments: json.RawMessage(`{"title":"x"}`)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := &recorder{}
			ev := plugintest.Connect(t, r)
			if _, err := ev.Evaluate(t.Context(), &tt.req); err != nil {
				t.Fatal(err)
			}
			if len(r.seen) != 1 || !reflect.DeepEqual(*r.seen[0], tt.req) {
				t.Errorf("the plugin saw\n%+v\nwant\n%+v", r.seen, tt.req)
			}
		})
	}
}

// Every outcome, with its rule, message and suggestion, reaches the host.
func TestVerdictRoundTrip(t *testing.T) {
	t.Parallel()
	for o := governance.NoOpinion; o <= governance.Abort; o++ {
		if o == governance.Confined {
			// The pipeline's alone; TestWireOutcomes.
			continue
		}
		t.Run(o.String(), func(t *testing.T) {
			t.Parallel()
			want := plugins.Verdict{Outcome: o, Rule: "r-" + o.String(), Message: "because " + o.String(), Suggestion: "instead"}
			ev := plugintest.Connect(t, &recorder{v: want})
			got, err := ev.Evaluate(t.Context(), &governance.Request{Tool: governance.Tool{Kind: governance.KindShell}})
			if err != nil || got != want {
				t.Errorf("Evaluate = %+v, %v; want %+v", got, err, want)
			}
		})
	}
}

// An error the plugin returns reaches the host with its text.
func TestEvaluateError(t *testing.T) {
	t.Parallel()
	ev := plugintest.Connect(t, &recorder{err: errors.New("policy bundle not loaded")})
	_, err := ev.Evaluate(t.Context(), &governance.Request{})
	if err == nil || !strings.Contains(err.Error(), "policy bundle not loaded") {
		t.Errorf("Evaluate error = %v", err)
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	info, err := plugintest.Connect(t, &recorder{}).Describe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := plugins.Info{Name: "recorder", Version: "0.1.0", Kinds: []governance.Kind{governance.KindShell, governance.KindMCP}}
	if !reflect.DeepEqual(info, want) {
		t.Errorf("Describe = %+v, want %+v", info, want)
	}
	if !info.Wants(governance.KindMCP) || info.Wants(governance.KindRead) || !(plugins.Info{}).Wants(governance.KindRead) {
		t.Error("Wants does not follow Kinds (empty: every kind)")
	}
}
