package decisionlog

import (
	"encoding/json"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

func shellRequest(cmd string) *engine.Request {
	return &engine.Request{Harness: "claude", Event: "PreToolUse", SessionID: "s1", Agent: "reviewer",
		AgentID: "a1", Role: "ai", Depth: 1, Cwd: "/p/src", ProjectRoot: "/p",
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd, Content: "never logged"}}}
}

// keys returns the JSON pointers of every object key in a decoded value.
func keys(v any, ptr string, out *[]string) {
	if m, ok := v.(map[string]any); ok {
		for k, x := range m {
			*out = append(*out, ptr+"/"+k)
			keys(x, ptr+"/"+k, out)
		}
	}
}

// The entry has the field names of an OPA decision log entry and of the
// request, and nothing else.
func TestEntryShape(t *testing.T) {
	t.Parallel()
	d := &engine.Decision{Outcome: engine.Deny, Layer: engine.LayerRules, Rule: "no-db",
		Source: "rules/db.yaml:3", Subject: "mysql -ppw", Message: "no mysql -ppw here", Suggestion: "not logged"}
	e := New(Labels{Harness: "claude"}, shellRequest("mysql -ppw app"), d, 1500*time.Microsecond)
	line, err := e.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(line), "}\n") || strings.Count(string(line), "\n") != 1 {
		t.Fatalf("not one line: %q", line)
	}
	var v map[string]any
	if err := json.Unmarshal(line, &v); err != nil {
		t.Fatal(err)
	}
	var got []string
	keys(v, "", &got)
	sort.Strings(got)
	want := []string{
		"/decision_id", "/input", "/input/agent", "/input/agent_id", "/input/cwd", "/input/depth", "/input/event",
		"/input/harness", "/input/project_root", "/input/role", "/input/session", "/input/tool", "/input/tool/input",
		"/input/tool/input/command", "/input/tool/kind", "/input/tool/name", "/labels", "/labels/harness",
		"/labels/host", "/labels/version", "/masked", "/metrics", "/metrics/timer_governance_eval_ns", "/path",
		"/result", "/result/decision", "/result/layer", "/result/message", "/result/rule", "/result/source",
		"/result/subject", "/timestamp",
	}
	if !slices.Equal(got, want) {
		t.Errorf("fields:\n got %v\nwant %v", got, want)
	}
	for ptr, want := range map[string]any{
		"path": "governance/rules/no-db", "labels.harness": "claude", "labels.version": Version,
		"input.tool.input.command": "mysql -p*** app", "result.decision": "deny", "result.subject": "mysql -p***",
		"result.message": "no mysql -p*** here", "metrics.timer_governance_eval_ns": 1.5e6, "input.depth": 1.0,
	} {
		var cur any = v
		for _, k := range strings.Split(ptr, ".") {
			cur = cur.(map[string]any)[k]
		}
		if cur != want {
			t.Errorf("%s = %v, want %v", ptr, cur, want)
		}
	}
	if m := v["masked"].([]any); len(m) != 3 || m[0] != "/input/tool/input/command" || m[1] != "/result/subject" ||
		m[2] != "/result/message" {
		t.Errorf("masked = %v", m)
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(e.DecisionID) {
		t.Errorf("decision_id %q is not a version 4 UUID", e.DecisionID)
	}
	ts, _ := v["timestamp"].(string)
	if parsed, err := time.Parse(time.RFC3339Nano, ts); err != nil || !strings.HasSuffix(ts, "Z") ||
		time.Since(parsed) > time.Minute {
		t.Errorf("timestamp %q: %v", ts, err)
	}
}

func TestEntryTools(t *testing.T) {
	t.Parallel()
	allow := &engine.Decision{Outcome: engine.Allow, Layer: engine.LayerSafeSet, Rule: "read-only"}
	for _, tc := range []struct {
		name           string
		tool           engine.Tool
		want           ToolInput
		masked, erased []string
	}{
		{"paths", engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: []string{"a.go", "https://u:p@h/x"}}},
			ToolInput{Paths: []string{"a.go", "https://u:***@h/x"}}, []string{"/input/tool/input/paths/1"}, nil},
		{"web", engine.Tool{Kind: engine.KindWeb, Name: "WebFetch", Input: engine.Input{URL: "https://h/?api_key=k"}},
			ToolInput{URL: "https://h/?api_key=***"}, []string{"/input/tool/input/url"}, nil},
		{"search", engine.Tool{Kind: engine.KindWeb, Name: "WebSearch", Input: engine.Input{Query: "go iter"}},
			ToolInput{Query: "go iter"}, nil, nil},
		{"agent", engine.Tool{Kind: engine.KindAgent, Name: "Task", Input: engine.Input{Subagent: "reviewer", Prompt: "secret plans"}},
			ToolInput{Subagent: "reviewer"}, nil, nil},
		{"mcp", engine.Tool{Kind: engine.KindMCP, Name: "mcp__db__query", Input: engine.Input{Server: "db", MCPTool: "query",
			Arguments: json.RawMessage(`{"sql":"select 1","password":"pw"}`)}},
			ToolInput{Server: "db", MCPTool: "query", Arguments: json.RawMessage(`{"password":"***","sql":"select 1"}`)},
			[]string{"/input/tool/input/arguments/password"}, nil},
		{"mcp not json", engine.Tool{Kind: engine.KindMCP, Name: "mcp__x__y", Input: engine.Input{Server: "x", MCPTool: "y",
			Arguments: json.RawMessage(`{"password":`)}},
			ToolInput{Server: "x", MCPTool: "y"}, nil, []string{"/input/tool/input/arguments"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			req := &engine.Request{Tool: tc.tool}
			e := New(Labels{}, req, allow, 0)
			got := e.Input.Tool.Input
			if g, w := mustJSON(t, got), mustJSON(t, tc.want); g != w {
				t.Errorf("tool input:\n got %s\nwant %s", g, w)
			}
			if !slices.Equal(e.Masked, tc.masked) || !slices.Equal(e.Erased, tc.erased) {
				t.Errorf("masked %v erased %v, want %v %v", e.Masked, e.Erased, tc.masked, tc.erased)
			}
			if e.Labels.Version != Version || e.Labels.Host == "" {
				t.Errorf("default labels not filled: %+v", e.Labels)
			}
			if _, err := e.Marshal(); err != nil {
				t.Errorf("marshal: %v", err)
			}
		})
	}
	// Masking never writes to the request.
	req := &engine.Request{Tool: engine.Tool{Kind: engine.KindRead, Input: engine.Input{Paths: []string{"https://u:p@h"}}}}
	New(Labels{}, req, allow, 0)
	if req.Tool.Input.Paths[0] != "https://u:p@h" {
		t.Errorf("the request was changed: %v", req.Tool.Input.Paths)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Marshal writes what encoding/json would, so that readers in any
// language, and Entry's own struct tags, read the line back.
func TestMarshalMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	no := false
	weird := "q\"b\\s/ <&> \n\r\t\b\f\x01\x1f\x7f é \u2028\u2029 \xff\xfe end"
	for _, tc := range []struct {
		name string
		e    Entry
	}{
		{"empty", Entry{}},
		{"full", Entry{DecisionID: "id", Timestamp: time.Date(2026, 11, 21, 12, 0, 0, 123456789, time.UTC),
			Labels: Labels{Harness: "claude", Version: "v1", Host: "h"}, Path: "governance/rules/x",
			Input: Input{Harness: "claude", Event: "PreToolUse", Session: "s", Agent: "a", AgentID: "i", Role: "ai", Depth: 2,
				Cwd: "/c", ProjectRoot: "/p", Tool: Tool{Kind: "mcp", Name: "mcp__s__t", Input: ToolInput{
					Command: "c", Paths: []string{"a", "b"}, URL: "u", Query: "q", Subagent: "sa", Server: "s", MCPTool: "t",
					Arguments: json.RawMessage(" {\"a\" : [1, 2.5e3, \"<x>\"], \"b\":{ }} ")}}},
			Result: Result{Decision: "deny", Layer: "l", Rule: "r", Source: "f:1", Subject: "sub", Message: "m", Enforced: &no,
				Approval: &Approval{ID: "a1", State: "waiting"}, Error: "an evaluator failed: x"},
			Metrics: Metrics{EvalNS: 1234567}, Erased: []string{"/e"}, Masked: []string{"/m1", "/m2"},
			Cut: []Cut{{Pointer: "/input/tool/input/command", Length: 70000, SHA256: "ab"}, {Pointer: "/x", Length: 2, SHA256: "cd"}}}},
		{"escapes", Entry{DecisionID: weird, Timestamp: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Path: weird,
			Input:  Input{Tool: Tool{Kind: weird, Input: ToolInput{Command: weird, Paths: []string{weird}}}},
			Result: Result{Decision: weird, Message: weird, Approval: &Approval{ID: weird, State: weird}, Error: weird}}},
		{"first fields empty", Entry{Input: Input{Cwd: "/c", Tool: Tool{Input: ToolInput{URL: "u"}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := tc.e.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(&tc.e); err != nil {
				t.Fatal(err)
			}
			if string(got) != want.String() {
				t.Errorf("Marshal:\n got %s\nwant %s", got, want.String())
			}
		})
	}
	bad := Entry{Input: Input{Tool: Tool{Input: ToolInput{Arguments: json.RawMessage(`{"a":`)}}}}
	if _, err := bad.Marshal(); err == nil {
		t.Error("arguments that are not JSON were written")
	}
}
