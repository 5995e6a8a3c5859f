package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
)

// Every outcome of the policy, on the wire, for a client of the proxy.
func TestOutcomes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	for _, tc := range []struct {
		name, tool, args string
		// code is the JSON-RPC error wanted, 0 for a result.
		code int64
		data any
		// text is the result's text, when there is one.
		text string
	}{
		{name: "allow returns the upstream result", tool: "fake_echo", args: `{"message":"hi"}`, text: "echo: hi"},
		{name: "deny", tool: "fake_secret", args: `{}`, code: CodeDeniedContinue, data: &DenialData{Decision: "deny", Server: "fake",
			Tool: "secret", Reason: "Secrets stay secret. (rule no-secret)", Suggestion: "Use echo."}},
		{name: "abort", tool: "fake_nuke", args: `{}`, code: CodeDenied, data: &DenialData{Decision: "abort", Server: "fake",
			Tool: "nuke", Reason: "Nuking stops everything. (rule no-nuke)", Suggestion: "Stop and ask the user."}},
		{name: "warn runs the call and tells the agent", tool: "fake_warned", args: `{"message":"x"}`,
			text: "warned: xgovernance warning: Mind the blast radius."},
		{name: "arguments decide", tool: "fake_write", args: `{"path":"/box/a"}`, text: "write: <nil>"},
		{name: "arguments deny", tool: "fake_write", args: `{"path":"/box/../etc/passwd"}`, code: CodeDeniedContinue,
			data: &DenialData{Decision: "deny", Server: "fake", Tool: "write", Reason: "Writes stay in /box. (rule writes-in-box)",
				Suggestion: "Write under /box."}},
		{name: "a tool the list hides is denied when called", tool: "other_echo", args: `{}`, code: CodeDeniedContinue,
			data: &DenialData{Decision: "deny", Server: "other", Tool: "echo", Reason: "Nobody uses this. (rule hidden)", Suggestion: "Use echo."}},
		{name: "an unknown tool", tool: "other_nothing", args: `{}`, code: jsonrpc.CodeInvalidParams},
		{name: "duplicate keys are rejected", tool: "fake_echo", args: `{"message":"hi","message":"ho"}`, code: jsonrpc.CodeInvalidParams},
		{name: "nested duplicate keys are rejected", tool: "fake_echo", args: `{"a":{"b":1,"b":2}}`, code: jsonrpc.CodeInvalidParams},
		{name: "arguments must be an object", tool: "fake_echo", args: `[1]`, code: jsonrpc.CodeInvalidParams},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := h.call(tc.tool, tc.args)
			if tc.code == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if got := text(res); got != tc.text {
					t.Errorf("got %q, want %q", got, tc.text)
				}
				return
			}
			we := wireErr(t, err)
			if we.Code != tc.code {
				t.Fatalf("got code %d (%s), want %d", we.Code, we.Message, tc.code)
			}
			if tc.data != nil {
				got := reflect.New(reflect.TypeOf(tc.data).Elem()).Interface()
				if err := json.Unmarshal(we.Data, got); err != nil {
					t.Fatalf("data %s: %v", we.Data, err)
				}
				if !reflect.DeepEqual(got, tc.data) {
					t.Errorf("data %+v, want %+v", got, tc.data)
				}
				// A client that drops the data still shows the model
				// the reason and the suggestion.
				if d, ok := tc.data.(*DenialData); ok {
					name := map[int64]string{CodeDenied: "policy_denied: ", CodeDeniedContinue: "policy_denied_continue: "}[tc.code]
					want := name + d.Reason
					if d.Suggestion != "" {
						want += " Suggestion: " + d.Suggestion
					}
					if we.Message != want {
						t.Errorf("message %q, want %q", we.Message, want)
					}
				}
			}
		})
	}
	// Only the calls the policy let through reached the server.
	if n := h.fake.calls.Load(); n != 3 {
		t.Errorf("the fake server got %d calls, want 3 (echo, warned, write in /box)", n)
	}
}

// An allowed call's result is the server's, unchanged: the same as a
// client connected straight to the server gets.
func TestAllowedResultUnchanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	via, err := h.call("fake_echo", `{"message":"same"}`)
	if err != nil {
		t.Fatal(err)
	}
	direct, err := mcp.NewClient(&mcp.Implementation{Name: "direct"}, nil).Connect(t.Context(), h.fake.transport(t)(),
		&mcp.ClientSessionOptions{ProtocolVersion: upstreamVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer direct.Close()
	want, err := direct.CallTool(t.Context(), &mcp.CallToolParams{Name: "echo", Arguments: json.RawMessage(`{"message":"same"}`)})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(via)
	b, _ := json.Marshal(want)
	if string(a) != string(b) {
		t.Errorf("through the proxy %s, directly %s", a, b)
	}
	// The server got the very bytes the policy decided on.
	if got := string(h.fake.lastArgs()); got != `{"message":"same"}` {
		t.Errorf("the server got arguments %s", got)
	}
}

// An upstream's error passes through as it came, unless it uses a code
// reserved for the proxy's decisions.
func TestUpstreamErrorCodes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	for _, code := range []int64{-32949, -32950, -32951, -32952, -32953, -32954, -32001} {
		t.Run(strings.TrimPrefix(json.Number(jsonNumber(code)).String(), "-"), func(t *testing.T) {
			_, err := h.call("fake_misuse", `{"code":`+jsonNumber(code)+`}`)
			we := wireErr(t, err)
			if !reserved(code) {
				if we.Code != code || we.Message != "upstream says so" || string(we.Data) != `{"from":"upstream"}` {
					t.Errorf("got %d %q %s, want the upstream's error unchanged", we.Code, we.Message, we.Data)
				}
				return
			}
			if we.Code != CodeBackendReservedMisuse || we.Message != "policy_backend_reserved_misuse" {
				t.Fatalf("got %d %q, want -32952", we.Code, we.Message)
			}
			var data ReservedMisuseData
			if err := json.Unmarshal(we.Data, &data); err != nil || data != (ReservedMisuseData{Name: "fake", BackendCode: code}) {
				t.Errorf("data %s (%v)", we.Data, err)
			}
		})
	}
}

func jsonNumber(n int64) string { b, _ := json.Marshal(n); return string(b) }

// failing is an evaluator that fails, or never answers.
type failing struct {
	hang bool
}

func (f failing) Name() string { return "failing" }

func (f failing) Evaluate(ctx context.Context, req *engine.Request) (engine.Verdict, error) {
	if f.hang {
		select {} // ignores its context: the proxy must not wait for it
	}
	return engine.Verdict{}, errors.New("the evaluator broke")
}

// A decision that cannot be reached fails the call with -32953 and the
// name of what failed; the server never sees the call.
func TestEvaluatorErrors(t *testing.T) {
	t.Parallel()
	broken := testPolicy(t)
	broken.Err = errors.New("rules/x.yaml:3: unknown key")
	for _, tc := range []struct {
		name   string
		s      setup
		wanted EvaluatorErrorData
	}{
		{"an evaluator fails", setup{evaluators: []engine.Evaluator{failing{}}},
			EvaluatorErrorData{Name: "failing", Reason: "The failing evaluator failed: the evaluator broke"}},
		{"an evaluator times out", setup{evaluators: []engine.Evaluator{failing{hang: true}},
			cfg: func(c *Config) { c.DecideTimeout = 100 * time.Millisecond }},
			EvaluatorErrorData{Name: "governance", Reason: "The policy reached no decision within 100ms."}},
		{"the configuration is broken", setup{policy: NewStaticPolicy(broken)},
			EvaluatorErrorData{Name: "configuration", Reason: "The governance configuration is broken, so no call can be checked: rules/x.yaml:3: unknown key"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, tc.s)
			_, err := h.call("fake_echo", `{"message":"hi"}`)
			we := wireErr(t, err)
			if we.Code != CodeEvaluatorError || we.Message != "policy_evaluator_error: "+tc.wanted.Name+": "+tc.wanted.Reason {
				t.Fatalf("got %d %q, want -32953", we.Code, we.Message)
			}
			var data EvaluatorErrorData
			if err := json.Unmarshal(we.Data, &data); err != nil || data != tc.wanted {
				t.Errorf("data %s, want %+v", we.Data, tc.wanted)
			}
			if n := h.fake.calls.Load(); n != 0 {
				t.Errorf("the server got %d calls", n)
			}
		})
	}
}

// An ask files an approval and blocks, reporting progress, until a human
// answers: approve runs the call, deny fails it, and no answer in time
// fails it naming the approval.
func TestAsk(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// answer, when set, is the human's answer: approve or deny.
		answer   string
		code     int64
		decision string
	}{
		{"approved", "approve", 0, ""},
		{"denied", "deny", CodeDeniedContinue, "deny"},
		{"no answer in time", "", CodeDeniedContinue, "ask"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, setup{cfg: func(c *Config) {
				if tc.answer == "" {
					c.ApprovalWait = 300 * time.Millisecond
				}
			}})
			store := approvals.Open(h.paths.StateDir)
			done := make(chan struct{})
			var res *mcp.CallToolResult
			var err error
			go func() {
				defer close(done)
				res, err = h.client.CallTool(t.Context(), &mcp.CallToolParams{Name: "fake_approve-me",
					Arguments: json.RawMessage(`{"message":"please"}`), Meta: mcp.Meta{"progressToken": "tok-1"}})
			}()
			var item *approvals.Item
			eventually(t, "an approval item", func() bool {
				items, _ := store.List(approvals.Pending)
				if len(items) == 1 {
					item = items[0]
				}
				return item != nil
			})
			if !strings.Contains(item.Summary, "fake approve-me") || item.Harness != "mcp-proxy" || item.Rule != "ask-first" {
				t.Errorf("item %+v", item)
			}
			// Progress reaches the client while the call waits.
			eventually(t, "progress while waiting", func() bool {
				h.handler.mu.Lock()
				defer h.handler.mu.Unlock()
				return len(h.handler.progress) >= 2 && h.handler.progress[0].ProgressToken == "tok-1" &&
					strings.Contains(h.handler.progress[0].Message, item.ID)
			})
			if tc.answer != "" {
				if _, err := store.Answer(item.ID, tc.answer == "approve", "test", "not today", false); err != nil {
					t.Fatal(err)
				}
			}
			<-done
			if tc.code == 0 {
				if err != nil || text(res) != "approve-me: please" {
					t.Fatalf("got %v %v", res, err)
				}
				return
			}
			we := wireErr(t, err)
			var data DenialData
			if we.Code != tc.code || json.Unmarshal(we.Data, &data) != nil || data.Decision != tc.decision ||
				!strings.Contains(data.Reason, item.ID) {
				t.Errorf("got %d %s", we.Code, we.Data)
			}
			if n := h.fake.calls.Load(); n != 0 {
				t.Errorf("the server got %d calls", n)
			}
		})
	}
}

// tools/list shows only the tools the caller may use: a tool denied for
// some arguments is listed; one denied outright is not.
func TestToolsList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	var names []string
	for tool, err := range h.client.Tools(t.Context(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	for _, want := range []string{"fake_echo", "fake_write", "fake_approve-me", "other_log", "governance_propose_rule"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s is not listed", want)
		}
	}
	for _, hidden := range []string{"fake_secret", "fake_nuke", "other_echo", "governance_decide", "governance_approve"} {
		if slices.Contains(names, hidden) {
			t.Errorf("%s is listed", hidden)
		}
	}
}

// Every call lands in the decision log, whatever became of it.
func TestEveryCallIsRecorded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	calls := []struct{ tool, args, decision, rule string }{
		{"fake_echo", `{"message":"a"}`, "defer", "default"},
		{"fake_secret", `{}`, "deny", "no-secret"},
		{"fake_nuke", `{}`, "abort", "no-nuke"},
		{"other_echo", `{}`, "deny", "hidden"},
		{"nothing_here", `{}`, "deny", "unknown-tool"},
		{"fake_echo", `{"a":1,"a":2}`, "deny", "invalid-arguments"},
	}
	for _, c := range calls {
		h.call(c.tool, c.args)
	}
	got := h.decisions()
	if len(got) != len(calls) {
		t.Fatalf("%d decisions logged, want %d", len(got), len(calls))
	}
	for i, c := range calls {
		e := got[i]
		if e.Input.Tool.Name != c.tool || e.Result.Decision != c.decision || e.Result.Rule != c.rule ||
			e.Labels.Harness != "mcp-proxy" || e.Input.Tool.Kind != "mcp" {
			t.Errorf("entry %d: %s %s by %s, want %s %s by %s", i, e.Input.Tool.Name, e.Result.Decision, e.Result.Rule,
				c.tool, c.decision, c.rule)
		}
	}
}

// In log-only mode every call runs, and what the policy would have done
// is recorded as not enforced.
func TestLogOnly(t *testing.T) {
	t.Parallel()
	pol := testPolicy(t)
	pol.Settings.LogOnly = true
	h := newHarness(t, setup{policy: NewStaticPolicy(pol)})
	res, err := h.call("fake_secret", `{"message":"x"}`)
	if err != nil || text(res) != "secret: x" {
		t.Fatalf("got %v %v", res, err)
	}
	d := h.decisions()
	if len(d) != 1 || d[0].Result.Decision != "deny" || d[0].Result.Enforced == nil || *d[0].Result.Enforced {
		t.Errorf("decisions %+v", d)
	}
}
