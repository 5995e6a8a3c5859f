package mcpproxy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressGrace is how long an upstream's progress for a call is still
// passed on after the call returned.
const progressGrace = 5 * time.Second

// relay carries what flows from an upstream back to a client: progress
// of a forwarded call, and the requests an upstream sends while it works
// on one (sampling, elicitation).
type relay struct {
	mu  sync.Mutex
	seq int64
	// progress maps the tokens the proxy gave upstreams to the client's.
	progress map[string]*inflight
	// active lists each upstream's calls in flight, oldest first.
	active map[*upstream][]*inflight
}

// inflight is one forwarded request: the client's session, the request's
// context (over HTTP it routes messages to the request's stream), and the
// client's progress token.
type inflight struct {
	ctx   context.Context
	ss    *mcp.ServerSession
	token any
}

func (r *relay) init() {
	r.progress = map[string]*inflight{}
	r.active = map[*upstream][]*inflight{}
}

// begin registers a request forwarded to u. When the client asked for
// progress, the upstream gets a token of the proxy's (clients' tokens
// are only unique per client) and the returned params carry it. end
// forgets the request.
func (r *relay) begin(ctx context.Context, u *upstream, ss *mcp.ServerSession, meta mcp.Meta) (mcp.Meta, func()) {
	f := &inflight{ctx: ctx, ss: ss}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active[u] = append(r.active[u], f)
	var token string
	if t, ok := meta["progressToken"]; ok && t != nil {
		r.seq++
		token = fmt.Sprintf("governance-%d", r.seq)
		f.token = t
		r.progress[token] = f
		m := make(mcp.Meta, len(meta))
		for k, v := range meta {
			m[k] = v
		}
		m["progressToken"] = token
		meta = m
	}
	return meta, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if token != "" {
			// The SDK hands a call its result as soon as it is read, and
			// notifications the server sent before it to their handler in
			// turn: progress may come after the result.
			time.AfterFunc(progressGrace, func() {
				r.mu.Lock()
				delete(r.progress, token)
				r.mu.Unlock()
			})
		}
		list := r.active[u]
		for i, g := range list {
			if g == f {
				r.active[u] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(r.active[u]) == 0 {
			delete(r.active, u)
		}
	}
}

// forwardProgress passes an upstream's progress notification to the
// client that asked for it, with the client's own token.
func (r *relay) forwardProgress(params *mcp.ProgressNotificationParams) {
	r.mu.Lock()
	f := r.progress[fmt.Sprint(params.ProgressToken)]
	r.mu.Unlock()
	if f == nil {
		return
	}
	out := *params
	out.ProgressToken = f.token
	// The call may have returned (see begin): keep its context's values,
	// which route the message over HTTP, without its end.
	_ = f.ss.NotifyProgress(context.WithoutCancel(f.ctx), &out)
}

// target finds the client session a request from upstream u belongs to:
// the session of u's newest call in flight, or, when u has none, the only
// session the server has.
func (r *relay) target(u *upstream, s *mcp.Server) (*inflight, error) {
	r.mu.Lock()
	list := r.active[u]
	var f *inflight
	if len(list) > 0 {
		f = list[len(list)-1]
	}
	r.mu.Unlock()
	if f != nil {
		return f, nil
	}
	if s == nil {
		return nil, errors.New("the proxy has no client yet")
	}
	var only *mcp.ServerSession
	n := 0
	for ss := range s.Sessions() {
		only = ss
		n++
	}
	if n != 1 {
		return nil, errors.New("no client call is in progress to relay the request to")
	}
	return &inflight{ctx: context.Background(), ss: only}, nil
}

// within returns a context for a request relayed to the client: the
// client request's context (so that over HTTP it travels on that
// request's stream), cancelled too when the upstream cancels.
func within(f *inflight, upstream context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(f.ctx)
	stop := context.AfterFunc(upstream, cancel)
	return ctx, func() { stop(); cancel() }
}

// createMessage relays an upstream's sampling request to the client.
func (p *Proxy) createMessage(u *upstream, ctx context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
	f, err := p.relay.target(u, p.agentServer())
	if err != nil {
		return nil, err
	}
	if ip := f.ss.InitializeParams(); ip == nil || ip.Capabilities == nil || ip.Capabilities.Sampling == nil {
		return nil, errors.New("the proxy's client does not support sampling")
	}
	rctx, cancel := within(f, ctx)
	defer cancel()
	return f.ss.CreateMessage(rctx, req.Params)
}

// elicit relays an upstream's elicitation request to the client.
func (p *Proxy) elicit(u *upstream, ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	f, err := p.relay.target(u, p.agentServer())
	if err != nil {
		return nil, err
	}
	if ip := f.ss.InitializeParams(); ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil {
		return nil, errors.New("the proxy's client does not support elicitation")
	}
	rctx, cancel := within(f, ctx)
	defer cancel()
	return f.ss.Elicit(rctx, req.Params)
}

// logMessage relays an upstream's log message to every client session,
// which drops it below the level the client set.
func (p *Proxy) logMessage(u *upstream, params *mcp.LoggingMessageParams) {
	s := p.agentServer()
	if s == nil {
		return
	}
	out := *params
	out.Logger = u.cfg.Name
	if params.Logger != "" {
		out.Logger += "/" + params.Logger
	}
	for ss := range s.Sessions() {
		_ = ss.Log(context.Background(), &out)
	}
}

// setUpstreamLevel passes a client's logging level on to the upstreams
// that log.
func (p *Proxy) setUpstreamLevel(ctx context.Context, level mcp.LoggingLevel) {
	for _, u := range p.upstreams {
		cs := u.session()
		if cs == nil || cs.InitializeResult() == nil || cs.InitializeResult().Capabilities == nil ||
			cs.InitializeResult().Capabilities.Logging == nil {
			continue
		}
		if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: level}); err != nil {
			p.warnf("setting the log level of %s: %v", u.cfg.Name, err)
		}
	}
}

// agentServer is the agents' server, once built.
func (p *Proxy) agentServer() *mcp.Server {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.agent
}
