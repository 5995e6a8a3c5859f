package mcpproxy

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/proposals"
)

const (
	agentToken    = "agent-token-0123456789"
	approverToken = "approver-token-0123456789"
)

// httpHarness serves the proxy over streamable HTTP, with a human
// principal.
func httpHarness(t *testing.T, s setup) (*harness, string) {
	t.Helper()
	cfg := s.cfg
	s.cfg = func(c *Config) {
		c.ApproverTokenFile = "set"
		if cfg != nil {
			cfg(c)
		}
	}
	h := newHarness(t, s)
	srv := httptest.NewServer(h.proxy.Handler(agentToken, approverToken))
	t.Cleanup(srv.Close)
	return h, srv.URL + "/mcp"
}

// dial connects a client over HTTP with a bearer token.
func dial(t *testing.T, url, token string) (*mcp.ClientSession, error) {
	t.Helper()
	tr := &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1,
		HTTPClient: &http.Client{Transport: headerTransport{headers: map[string]string{"Authorization": "Bearer " + token},
			base: http.DefaultTransport}}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), tr, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	var names []string
	for tool, err := range cs.Tools(t.Context(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	return names
}

// The tokens select the principal: agents never see or reach the
// approver's tools; the human sees nothing of the upstreams.
func TestPrincipals(t *testing.T) {
	t.Parallel()
	_, url := httpHarness(t, setup{})
	agent, err := dial(t, url, agentToken)
	if err != nil {
		t.Fatal(err)
	}
	human, err := dial(t, url, approverToken)
	if err != nil {
		t.Fatal(err)
	}
	approver := []string{toolAccept, toolApprove, toolDeny, toolReject}
	got := toolNames(t, agent)
	if !slices.Contains(got, "fake_echo") || !slices.Contains(got, toolPropose) {
		t.Errorf("the agent sees %v", got)
	}
	for _, name := range approver {
		if slices.Contains(got, name) {
			t.Errorf("the agent sees %s", name)
		}
		_, err := agent.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{"id": "x"}})
		if we := wireErr(t, err); we.Code != jsonrpc.CodeInvalidParams || we.Message != `unknown tool "`+name+`"` {
			t.Errorf("the agent calling %s: %d %s", name, we.Code, we.Message)
		}
	}
	got = toolNames(t, human)
	slices.Sort(got)
	if !slices.Equal(got, approver) {
		t.Errorf("the human sees %v, want %v", got, approver)
	}
	if _, err := human.CallTool(t.Context(), &mcp.CallToolParams{Name: "fake_echo", Arguments: map[string]any{}}); err == nil {
		t.Error("the human reached an upstream tool")
	}

	for name, token := range map[string]string{"no token": "", "a wrong token": "wrong-token-0123456789"} {
		if _, err := dial(t, url, token); err == nil {
			t.Errorf("%s: connected", name)
		}
	}
	// A session belongs to the principal that opened it.
	req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`))
	req.Header.Set("Authorization", "Bearer "+agentToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", human.ID())
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("the agent's token on the human's session: %s", resp.Status)
	}
}

// A human answers a waiting call through the approver.
func TestApproverAnswers(t *testing.T) {
	t.Parallel()
	h, url := httpHarness(t, setup{})
	agent, err := dial(t, url, agentToken)
	if err != nil {
		t.Fatal(err)
	}
	human, err := dial(t, url, approverToken)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var res *mcp.CallToolResult
	go func() {
		var err error
		res, err = agent.CallTool(t.Context(), &mcp.CallToolParams{Name: "fake_approve-me",
			Arguments: json.RawMessage(`{"message":"token=ghp_0123456789abcdefghijABCDEFGHIJ012345"}`)})
		done <- err
	}()
	var pending []approvalSummary
	eventually(t, "the call in the reader's approvals", func() bool {
		rr, err := human.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uriApprovals})
		return err == nil && json.Unmarshal([]byte(rr.Contents[0].Text), &pending) == nil && len(pending) == 1
	})
	if strings.Contains(pending[0].Summary, "ghp_0123") || !strings.Contains(pending[0].Summary, "***") {
		t.Errorf("the reader shows %q: secrets must be masked", pending[0].Summary)
	}
	if _, err := human.CallTool(t.Context(), &mcp.CallToolParams{Name: toolApprove, Arguments: map[string]any{"id": pending[0].ID}}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil || !strings.HasPrefix(text(res), "approve-me: token=") {
		t.Fatalf("the approved call: %v %v", res, err)
	}
	it, _ := approvals.Open(h.paths.StateDir).Get(pending[0].ID)
	if it.By != approverBy {
		t.Errorf("answered by %q", it.By)
	}
	// The human's call is in the decision log too.
	found := false
	for _, e := range h.decisions() {
		found = found || e.Input.Tool.Name == toolApprove && e.Input.Role == "human" && e.Result.Rule == "human"
	}
	if !found {
		t.Error("the approver's call is not in the decision log")
	}
}

// An agent's proposal changes nothing until a human accepts it; then the
// rule is in the project's rules and decides.
func TestProposals(t *testing.T) {
	t.Parallel()
	h, url := httpHarness(t, setup{project: true})
	agent, err := dial(t, url, agentToken)
	if err != nil {
		t.Fatal(err)
	}
	human, err := dial(t, url, approverToken)
	if err != nil {
		t.Fatal(err)
	}
	rule := map[string]any{"id": "no-bye", "match": map[string]any{"server": "fake", "mcp_tool": "echo",
		"arguments": map[string]any{"message": "bye*"}}, "decision": "deny", "message": "No goodbyes.", "suggestion": "Say hello."}

	// A rule a rules file would reject is not recorded.
	bad := map[string]any{"id": "bad", "match": map[string]any{"server": "fake"}, "decision": "deny", "message": "no suggestion"}
	res, err := agent.CallTool(t.Context(), &mcp.CallToolParams{Name: toolPropose, Arguments: map[string]any{"rule": bad, "reason": "r"}})
	if err != nil || !res.IsError || !strings.Contains(text(res), "needs a message and a suggestion") {
		t.Errorf("a bad rule: %v %v", text(res), err)
	}

	res, err = agent.CallTool(t.Context(), &mcp.CallToolParams{Name: toolPropose, Arguments: map[string]any{"rule": rule, "reason": "tidy"}})
	if err != nil || res.IsError {
		t.Fatalf("propose: %v %v", text(res), err)
	}
	var out proposeOut
	b, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &out)
	if out.Status != proposals.Pending || !strings.HasPrefix(out.Proposal, "p-") {
		t.Fatalf("proposal %+v", out)
	}
	// Nothing changed: the call the rule would deny still runs.
	if _, err := agent.CallTool(t.Context(), &mcp.CallToolParams{Name: "fake_echo", Arguments: map[string]any{"message": "bye now"}}); err != nil {
		t.Fatalf("before accepting: %v", err)
	}
	if _, err := os.Stat(filepath.Join(h.paths.RepoDir, "rules")); !os.IsNotExist(err) {
		t.Errorf("proposing wrote rules: %v", err)
	}
	rr, err := human.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uriProposals})
	if err != nil || !strings.Contains(rr.Contents[0].Text, out.Proposal) {
		t.Fatalf("the reader's proposals: %v %v", rr, err)
	}

	if _, err := human.CallTool(t.Context(), &mcp.CallToolParams{Name: toolAccept, Arguments: map[string]any{"id": out.Proposal}}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(h.paths.RepoDir, "rules", proposalsFile))
	if err != nil || !bytes.Contains(data, []byte("id: no-bye")) {
		t.Fatalf("the rules file: %s %v", data, err)
	}
	_, err = agent.CallTool(t.Context(), &mcp.CallToolParams{Name: "fake_echo", Arguments: map[string]any{"message": "bye now"}})
	if we := wireErr(t, err); we.Code != CodeDeniedContinue || !strings.Contains(string(we.Data), "no-bye") {
		t.Errorf("after accepting: %d %s", we.Code, we.Data)
	}
	rr, err = human.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: uriPolicy})
	if err != nil || !strings.Contains(rr.Contents[0].Text, `"id": "no-bye"`) {
		t.Errorf("the reader's policy does not show the rule: %v", err)
	}
}

// governance_decide is a dry run, gated like any call, that never tells
// a hidden tool from a missing one.
func TestDecide(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{cfg: func(c *Config) { c.ExposeDecide = true }})
	if !slices.Contains(toolNames(t, h.client), toolDecide) {
		t.Fatal("governance_decide is not listed")
	}
	decide := func(args string) (decideOut, error) {
		res, err := h.call(toolDecide, args)
		if err != nil {
			return decideOut{}, err
		}
		if res.IsError {
			t.Fatalf("%s: %s", args, text(res))
		}
		var out decideOut
		b, _ := json.Marshal(res.StructuredContent)
		return out, json.Unmarshal(b, &out)
	}
	for _, tc := range []struct {
		args string
		want decideOut
	}{
		{`{"tool":"fake_echo","arguments":{"message":"hi"}}`, decideOut{Decision: "defer", Layer: "default", Rule: "default"}},
		{`{"tool":"fake_write","arguments":{"path":"/etc/x"}}`, decideOut{Decision: "deny", Code: CodeDeniedContinue, Layer: "rules",
			Rule: "writes-in-box", Reason: "Writes stay in /box.", Suggestion: "Write under /box."}},
	} {
		got, err := decide(tc.args)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %+v %v, want %+v", tc.args, got, err, tc.want)
		}
	}
	// A hidden tool and a missing one get the same answer.
	_, hidden := decide(`{"tool":"fake_secret"}`)
	_, missing := decide(`{"tool":"fake_nothing"}`)
	hw, mw := wireErr(t, hidden), wireErr(t, missing)
	if hw.Code != mw.Code || strings.ReplaceAll(hw.Message, "fake_secret", "X") != strings.ReplaceAll(mw.Message, "fake_nothing", "X") {
		t.Errorf("hidden: %d %q; missing: %d %q", hw.Code, hw.Message, mw.Code, mw.Message)
	}
	// The dry run is itself a call the policy decides.
	_, err := decide(`{"tool":"fake_nuke"}`)
	if we := wireErr(t, err); we.Code != CodeDeniedContinue || !strings.Contains(string(we.Data), "no-decide-of-nuke") {
		t.Errorf("got %d %s", we.Code, we.Data)
	}
	if n := h.fake.calls.Load(); n != 0 {
		t.Errorf("a dry run reached the server %d times", n)
	}
}
