package mcpproxy

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/template"
)

// fake is an in-memory upstream MCP server whose tools exercise every
// path of the proxy. Each connection gets a fresh server; crash ends the
// live one.
type fake struct {
	name  string
	calls atomic.Int64
	// args records the arguments of the last call, as the server got them.
	mu       sync.Mutex
	args     json.RawMessage
	sessions []*mcp.ServerSession
	servers  []*mcp.Server
	// cancelled counts calls of "block" that saw their context end;
	// subscribed lists the URIs clients subscribed to.
	cancelled  atomic.Int64
	subscribed []string
}

// server is the live server.
func (f *fake) server() *mcp.Server {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.servers[len(f.servers)-1]
}

func (f *fake) transport(t *testing.T) func() mcp.Transport {
	return func() mcp.Transport {
		srv := mcp.NewServer(&mcp.Implementation{Name: f.name, Version: "1"}, &mcp.ServerOptions{
			Instructions: "the " + f.name + " server",
			CompletionHandler: func(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
				return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{
					Values: []string{req.Params.Ref.Type + ":" + req.Params.Ref.Name + req.Params.Ref.URI + ":" + req.Params.Argument.Value}}}, nil
			},
			SubscribeHandler: func(ctx context.Context, req *mcp.SubscribeRequest) error {
				f.mu.Lock()
				f.subscribed = append(f.subscribed, req.Params.URI)
				f.mu.Unlock()
				return nil
			},
			UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
		})
		f.addTools(srv)
		srv.AddPrompt(&mcp.Prompt{Name: "greet", Arguments: []*mcp.PromptArgument{{Name: "who"}}},
			func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user",
					Content: &mcp.TextContent{Text: "hello " + req.Params.Arguments["who"]}}}}, nil
			})
		srv.AddResource(&mcp.Resource{URI: "fake://" + f.name + "/readme", Name: "readme"},
			func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "readme of " + f.name}}}, nil
			})
		srv.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "fake://" + f.name + "/items/{id}", Name: "item"},
			func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "item " + req.Params.URI}}}, nil
			})
		ct, st := mcp.NewInMemoryTransports()
		ss, err := srv.Connect(context.Background(), st, nil)
		if err != nil {
			t.Errorf("fake server: %v", err)
		}
		f.mu.Lock()
		f.sessions = append(f.sessions, ss)
		f.servers = append(f.servers, srv)
		f.mu.Unlock()
		return ct
	}
}

// crash ends the server's live connection, as a dying process would.
func (f *fake) crash() {
	f.mu.Lock()
	ss := f.sessions[len(f.sessions)-1]
	f.mu.Unlock()
	ss.Close()
}

func (f *fake) lastArgs() json.RawMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.args
}

func (f *fake) addTools(srv *mcp.Server) {
	object := json.RawMessage(`{"type":"object"}`)
	add := func(name string, h func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)) {
		srv.AddTool(&mcp.Tool{Name: name, InputSchema: object}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			f.calls.Add(1)
			f.mu.Lock()
			f.args = append(json.RawMessage(nil), req.Params.Arguments...)
			f.mu.Unlock()
			return h(ctx, req)
		})
	}
	text := func(s string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
	}
	args := func(req *mcp.CallToolRequest) map[string]any {
		var m map[string]any
		_ = json.Unmarshal(req.Params.Arguments, &m)
		return m
	}
	for _, name := range []string{"echo", "secret", "nuke", "approve-me", "warned", "write"} {
		add(name, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%s: %v", name, args(req)["message"])}},
				StructuredContent: map[string]any{"tool": name}}, nil
		})
	}
	// misuse answers with the JSON-RPC error code it is given.
	add("misuse", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		code, _ := args(req)["code"].(float64)
		return nil, &jsonrpc.Error{Code: int64(code), Message: "upstream says so", Data: json.RawMessage(`{"from":"upstream"}`)}
	})
	add("progress", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		token := req.Params.GetProgressToken()
		for i := 1; i <= 3; i++ {
			if token != nil {
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: float64(i), Total: 3})
			}
		}
		return text(fmt.Sprintf("token %v", token)), nil
	})
	add("block", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		<-ctx.Done()
		f.cancelled.Add(1)
		return nil, ctx.Err()
	})
	add("log", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		err := req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "warning", Logger: "inner", Data: "careful"})
		return text(fmt.Sprint("logged ", err)), nil
	})
	add("sample", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10,
			Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "say hi"}}}})
		if err != nil {
			return nil, err
		}
		return text("model said " + res.Content.(*mcp.TextContent).Text), nil
	})
	add("elicit", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "your name?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}})
		if err != nil {
			return nil, err
		}
		return text(fmt.Sprintf("%s %v", res.Action, res.Content["name"])), nil
	})
}

// testRules govern the fake server's tools.
var testRules = []engine.RuleSpec{
	{ID: "no-secret", Decision: engine.Deny, Message: "Secrets stay secret.", Suggestion: "Use echo.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"fake"}, MCPTool: []string{"secret"}}}}},
	{ID: "no-nuke", Decision: engine.Abort, Message: "Nuking stops everything.", Suggestion: "Stop and ask the user.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"fake"}, MCPTool: []string{"nuke"}}}}},
	{ID: "ask-first", Decision: engine.Ask, Message: "A person decides this.", Suggestion: "Wait.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"fake"}, MCPTool: []string{"approve-me"}}}}},
	{ID: "careful", Decision: engine.Warn, Message: "Mind the blast radius.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"fake"}, MCPTool: []string{"warned"}}}}},
	{ID: "writes-in-box", Decision: engine.Deny, Message: "Writes stay in /box.", Suggestion: "Write under /box.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"fake"}, MCPTool: []string{"write"},
			NotArguments: []engine.ArgumentMatch{{Key: "path", Glob: "/box/**"}}}}}},
	{ID: "hidden", Decision: engine.Deny, Message: "Nobody uses this.", Suggestion: "Use echo.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"other"}, MCPTool: []string{"echo"}}}}},
	{ID: "no-decide-of-nuke", Decision: engine.Deny, Message: "Do not ask about nuke.", Suggestion: "Ask about echo.",
		Match: []engine.MatchSpec{{More: &engine.MatchMore{Server: []string{"governance"}, MCPTool: []string{"decide"},
			Arguments: []engine.ArgumentMatch{{Key: "tool", Glob: "fake_nuke"}}}}}},
}

func testPolicy(t *testing.T) *engine.Policy {
	t.Helper()
	p := &engine.Policy{Settings: engine.DefaultSettings(),
		Rules: engine.CompileAllTrusted(template.Policy, engine.ScopeBuiltin, nil)}
	for _, spec := range testRules {
		r, err := engine.CompileRule(spec, engine.ScopeRepo)
		if err != nil {
			t.Fatal(err)
		}
		p.Rules = append(p.Rules, r)
	}
	return p
}

// harness is a proxy in front of fake servers "fake" and "other", with an
// agent client connected over in-memory transports.
type harness struct {
	t       *testing.T
	proxy   *Proxy
	paths   layout.Paths
	fake    *fake
	other   *fake
	client  *mcp.ClientSession
	stderr  *syncBuffer
	handler clientHandlers
}

// clientHandlers record what reaches the agent client.
type clientHandlers struct {
	mu          sync.Mutex
	progress    []*mcp.ProgressNotificationParams
	logs        []*mcp.LoggingMessageParams
	updated     []string
	toolChanges int
}

type setup struct {
	cfg        func(*Config)
	policy     PolicySource
	evaluators []engine.Evaluator
	// noSampling leaves the client without sampling and elicitation.
	noSampling bool
	// minBackoff replaces the first wait before a restart.
	minBackoff time.Duration
	// project decides with the project's configuration files, as the
	// command does.
	project bool
}

func newHarness(t *testing.T, s setup) *harness {
	t.Helper()
	root := t.TempDir()
	paths := layout.Paths{ProjectRoot: filepath.Join(root, "project"), RepoDir: filepath.Join(root, "project", ".governance"),
		UserDir: filepath.Join(root, "home", ".config", "governance"), StateDir: filepath.Join(root, "state"),
		Home: filepath.Join(root, "home")}
	for _, d := range []string{paths.RepoDir, paths.StateDir, paths.Home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	h := &harness{t: t, paths: paths, fake: &fake{name: "fake"}, other: &fake{name: "other"}, stderr: &syncBuffer{}}
	cfg := &Config{ApprovalWait: 5 * time.Second, DecideTimeout: 2 * time.Second, Servers: []ServerConfig{
		{Name: "fake", Transport: h.fake.transport(t)}, {Name: "other", Transport: h.other.transport(t)}}}
	if s.cfg != nil {
		s.cfg(cfg)
	}
	switch {
	case s.project:
		s.policy = NewProjectPolicy(paths)
	case s.policy == nil:
		s.policy = NewStaticPolicy(testPolicy(t))
	}
	h.proxy = New(Options{Config: cfg, Paths: paths, Policy: s.policy, Evaluators: pipeline.Evaluators{Extra: s.evaluators}, Stderr: h.stderr})
	h.proxy.progressEvery, h.proxy.pollEvery = 50*time.Millisecond, 20*time.Millisecond
	h.proxy.notify = func(*approvals.Item) {}
	if s.minBackoff > 0 {
		h.proxy.minBackoff = s.minBackoff
	}
	h.proxy.Start(t.Context(), 5*time.Second)
	t.Cleanup(h.proxy.Close)
	h.client = h.connect(h.proxy.agent, s.noSampling)
	return h
}

// connect connects a new client to one of the proxy's servers.
func (h *harness) connect(s *mcp.Server, noSampling bool) *mcp.ClientSession {
	h.t.Helper()
	opts := &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			h.handler.mu.Lock()
			h.handler.progress = append(h.handler.progress, req.Params)
			h.handler.mu.Unlock()
		},
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) {
			h.handler.mu.Lock()
			h.handler.logs = append(h.handler.logs, req.Params)
			h.handler.mu.Unlock()
		},
		ResourceUpdatedHandler: func(_ context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
			h.handler.mu.Lock()
			h.handler.updated = append(h.handler.updated, req.Params.URI)
			h.handler.mu.Unlock()
		},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			h.handler.mu.Lock()
			h.handler.toolChanges++
			h.handler.mu.Unlock()
		},
	}
	if !noSampling {
		opts.CreateMessageHandler = func(ctx context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return &mcp.CreateMessageResult{Model: "test", Role: "assistant", Content: &mcp.TextContent{Text: "hi from the model"}}, nil
		}
		opts.ElicitationHandler = func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
		}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, opts)
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(h.t.Context(), st, nil); err != nil {
		h.t.Fatal(err)
	}
	cs, err := c.Connect(h.t.Context(), ct, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool with raw JSON arguments.
func (h *harness) call(name, args string) (*mcp.CallToolResult, error) {
	h.t.Helper()
	var a any
	if args != "" {
		a = json.RawMessage(args)
	}
	return h.client.CallTool(h.t.Context(), &mcp.CallToolParams{Name: name, Arguments: a})
}

// wireErr unwraps the JSON-RPC error a call failed with.
func wireErr(t *testing.T, err error) *jsonrpc.Error {
	t.Helper()
	var we *jsonrpc.Error
	if !errors.As(err, &we) {
		t.Fatalf("got %v, want a JSON-RPC error", err)
	}
	return we
}

func text(res *mcp.CallToolResult) string {
	out := ""
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			out += tc.Text
		}
	}
	return out
}

// decisions reads the decision log.
func (h *harness) decisions() []decisionlog.Entry {
	h.t.Helper()
	f, err := os.Open(h.paths.DecisionLog())
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	defer f.Close()
	var out []decisionlog.Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e decisionlog.Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			h.t.Fatalf("decision log line %q: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	return out
}

type syncBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b = append(s.b, p...)
	return len(p), nil
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.b)
}

// eventually polls cond until it holds, for at most ten seconds; it
// waits for things that happen in the background, and asserts nothing
// about how long they take.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("%s never happened", what)
}
