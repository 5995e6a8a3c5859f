package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// Names used in decisions the proxy makes itself.
const (
	harnessName = "mcp-proxy"
	layerMCP    = "mcp-proxy"
	principal   = "principal"
)

// agentMiddleware sees every request of an agent client: tools/call is
// decided before it is dispatched, tools/list shows only the tools the
// caller may use, and a logging level is passed on to the upstreams.
func (p *Proxy) agentMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "tools/call":
			r := req.(*mcp.CallToolRequest)
			return p.gateCall(ctx, r, func() (mcp.Result, error) { return next(ctx, method, req) })
		case "tools/list":
			res, err := next(ctx, method, req)
			if err != nil {
				return res, err
			}
			lr := res.(*mcp.ListToolsResult)
			ss, _ := req.GetSession().(*mcp.ServerSession)
			_, listing := p.currentPolicy()
			visible := make([]*mcp.Tool, 0, len(lr.Tools))
			for _, t := range lr.Tools {
				if p.visible(ctx, ss, listing, t.Name) {
					visible = append(visible, t)
				}
			}
			out := *lr
			out.Tools = visible
			return &out, nil
		case "logging/setLevel":
			res, err := next(ctx, method, req)
			if err == nil {
				p.setUpstreamLevel(ctx, req.GetParams().(*mcp.SetLoggingLevelParams).Level)
			}
			return res, err
		}
		return next(ctx, method, req)
	}
}

// humanMiddleware records the human principal's calls: they are the
// human's own answers, so no policy stands between them and the tools.
func (p *Proxy) humanMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		start := time.Now()
		r := req.(*mcp.CallToolRequest)
		gr := p.request(r.Session, r.Params.Name, toolRef{server: ReservedServer, name: strings.TrimPrefix(r.Params.Name, ReservedServer+"_")}, r.Params.Arguments)
		gr.Role = engine.RoleHuman
		p.record(gr, &engine.Decision{Outcome: engine.Allow, Layer: principal, Rule: "human", Subject: r.Params.Name,
			Message: "The human principal's own call."}, start)
		return next(ctx, method, req)
	}
}

// request is the engine's request for a call of an aggregated tool.
func (p *Proxy) request(ss *mcp.ServerSession, name string, ref toolRef, args json.RawMessage) *engine.Request {
	return &engine.Request{Harness: harnessName, Event: "PreToolUse", SessionID: p.sessionID(ss), Agent: p.cfg.Agent,
		Cwd: p.paths.ProjectRoot, ProjectRoot: p.paths.ProjectRoot, Home: p.paths.Home,
		ToolUseID: fmt.Sprintf("%s-%d-%d", harnessName, os.Getpid(), p.calls.Add(1)),
		Tool: engine.Tool{Kind: engine.KindMCP, Name: name,
			Input: engine.Input{Server: ref.server, MCPTool: ref.name, Arguments: args}}}
}

// currentPolicy returns the policy and the listing policy. When the
// policy changed since the last call, the agents' clients are told that
// the tool list changed, since what they may see may have.
func (p *Proxy) currentPolicy() (policy, listing *engine.Policy) {
	policy, listing = p.policy.Policy()
	p.mu.Lock()
	changed := p.lastPolicy != nil && p.lastPolicy != policy
	p.lastPolicy = policy
	agent := p.agent
	p.mu.Unlock()
	if changed && agent != nil {
		// The SDK announces a list change when a tool is added: adding
		// the proposer again changes nothing else.
		p.addProposer(agent)
	}
	return policy, listing
}

// lookup finds what an aggregated tool name calls.
func (p *Proxy) lookup(name string) (toolRef, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	ref, ok := p.tools[name]
	return ref, ok
}

// downUpstream returns the server a tool name belongs to (server_tool;
// server names hold no "_") when that server is not connected, or nil.
func (p *Proxy) downUpstream(name string) *upstream {
	server, _, ok := strings.Cut(name, "_")
	if !ok {
		return nil
	}
	for _, u := range p.upstreams {
		if u.cfg.Name == server && u.session() == nil {
			return u
		}
	}
	return nil
}

// visible reports whether the caller may use a tool with some arguments,
// as the listing policy decides.
func (p *Proxy) visible(ctx context.Context, ss *mcp.ServerSession, listing *engine.Policy, name string) bool {
	ref, ok := p.lookup(name)
	if !ok {
		return false
	}
	d, werr := p.decide(ctx, listing, p.request(ss, name, ref, nil))
	return werr == nil && !d.Outcome.Blocks()
}

// gateCall decides a tools/call and dispatches it when the policy lets it
// run. Every call, whatever its fate, lands in the decision log.
func (p *Proxy) gateCall(ctx context.Context, r *mcp.CallToolRequest, dispatch func() (mcp.Result, error)) (mcp.Result, error) {
	start := time.Now()
	params := r.Params
	name := params.Name
	ref, known := p.lookup(name)
	req := p.request(r.Session, name, ref, params.Arguments)
	if !known {
		if u := p.downUpstream(name); u != nil {
			// A tool of a server that is not running is unavailable,
			// not unknown: the client is told which server and why.
			req.Tool.Input.Server, req.Tool.Input.MCPTool = u.cfg.Name, strings.TrimPrefix(name, u.cfg.Name+"_")
			err := u.unavailable()
			p.record(req, &engine.Decision{Outcome: engine.Deny, Layer: layerMCP, Rule: "upstream-unavailable", Subject: name,
				Message: err.Error()}, start)
			return nil, err
		}
		req.Tool.Input.MCPTool = name
		p.record(req, &engine.Decision{Outcome: engine.Deny, Layer: layerMCP, Rule: "unknown-tool", Subject: name,
			Message: "No server of the proxy has this tool."}, start)
		return nil, unknownToolError(name)
	}
	if err := checkArguments(params.Arguments); err != nil {
		p.record(req, &engine.Decision{Outcome: engine.Deny, Layer: layerMCP, Rule: "invalid-arguments", Subject: name,
			Message: err.Error()}, start)
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid arguments for " + name + ": " + err.Error()}
	}
	// A tool that tools/list does not show is decided like any other: a
	// client may hold a list from before the policy changed, and a denial
	// says why where "unknown tool" would not.
	pol, _ := p.currentPolicy()
	pipe := p.pipeline(pol)
	token := r.Params.GetProgressToken()
	res := pipe.Decide(ctx, pipeline.Call{Request: req, Mode: pipeline.Enforce, RateKey: req.SessionID + "/" + req.Agent,
		Wait: p.cfg.ApprovalWait, Poll: p.pollEvery, Notify: p.notify, Tick: p.progress(ctx, r.Session, token),
		Timeout: p.cfg.DecideTimeout})
	if res.Counted {
		defer pipe.Release(req.ToolUseID)
	}
	d := res.Decision
	if !res.Enforced {
		// Log-only: the call runs; the decision is in the log.
		return dispatch()
	}
	if werr := decisionError(d); werr != nil {
		return nil, werr
	}
	switch d.Outcome {
	case engine.Deny, engine.Abort:
		decision := d.Outcome.String()
		if d.Approval != nil && d.Approval.State == engine.ApprovalWaiting {
			decision = engine.Ask.String()
		}
		return nil, denialError(DenialData{Decision: decision, Server: ref.server, Tool: ref.name,
			Reason: reason(d), Suggestion: engine.Sanitize(d.Suggestion)}, d.Outcome == engine.Abort)
	}
	out, err := dispatch()
	if w := warning(d); err == nil && w != "" {
		// The agent is meant to read a warning: it goes with the result.
		if cr, ok := out.(*mcp.CallToolResult); ok {
			withWarning := *cr
			withWarning.Content = append(append([]mcp.Content(nil), cr.Content...),
				&mcp.TextContent{Text: "governance warning: " + engine.Sanitize(w)})
			out = &withWarning
		}
	}
	return out, err
}

// warning is what a decision warns of: its message when a warn decided,
// else the warnings of warn rules beside what decided.
func warning(d *engine.Decision) string {
	if d.Outcome == engine.Warn {
		return d.Message
	}
	return strings.Join(d.Warnings, "\n")
}

// reason is a decision's message, naming the rule that decided.
func reason(d *engine.Decision) string {
	msg := strings.TrimSpace(d.Message)
	if msg == "" {
		msg = "The policy does not allow this call."
	}
	if d.Rule != "" && !strings.Contains(msg, d.Rule) {
		msg += " (rule " + d.Rule + ")"
	}
	return engine.Sanitize(msg)
}

// pipeline returns the pipeline that decides the proxy's calls with a
// policy.
func (p *Proxy) pipeline(pol *engine.Policy) *pipeline.Pipeline {
	return pipeline.New(pipeline.Options{Policy: pol, Paths: p.paths, Label: harnessName, Evaluators: p.evaluators,
		Env: pipeline.Env{Getenv: os.Getenv, Now: time.Now, Warn: func(err error) { p.warnf("%v", err) }}})
}

// decide asks what the policy says of a call without deciding it (the
// tool listing): the decision, or the -32953 error of one that could not
// be reached.
func (p *Proxy) decide(ctx context.Context, pol *engine.Policy, req *engine.Request) (*engine.Decision, *jsonrpc.Error) {
	d := p.pipeline(pol).Decide(ctx, pipeline.Call{Request: req, Mode: pipeline.Explain, Timeout: p.cfg.DecideTimeout}).Decision
	return d, decisionError(d)
}

// decisionError is the -32953 error of a decision that could not be
// reached (a broken configuration, an evaluator that failed, no decision
// in time, an approval that could not be filed), or nil.
func decisionError(d *engine.Decision) *jsonrpc.Error {
	switch {
	case d.Err == nil:
		return nil
	case errors.Is(d.Err, engine.ErrEvaluator):
		return evaluatorError(d.Layer, d.Message)
	case errors.Is(d.Err, engine.ErrConfig):
		return evaluatorError("configuration", d.Message)
	case errors.Is(d.Err, pipeline.ErrQueue):
		return evaluatorError("approvals", d.Err.Error())
	}
	return evaluatorError("governance", d.Message)
}

// record appends a decision the proxy reached itself (an unknown tool,
// arguments that are not one JSON object) to the decision log.
func (p *Proxy) record(req *engine.Request, d *engine.Decision, start time.Time) {
	pol, _ := p.currentPolicy()
	p.pipeline(pol).Record(req, d, true, time.Since(start))
}
