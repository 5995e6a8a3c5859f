package mcpproxy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/agentgov/governance/internal/prefixlog"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Restarts of a server that stopped: the first after minBackoff, doubling
// to maxBackoff; a server that ran for stableAfter starts over at
// minBackoff.
const (
	minBackoff     = 500 * time.Millisecond
	maxBackoff     = 30 * time.Second
	stableAfter    = time.Minute
	connectTimeout = 30 * time.Second
	// terminateWait is how long a server has to exit once its stdin is
	// closed, and again once it is signalled.
	terminateWait = 2 * time.Second
)

// upstream is one real MCP server behind the proxy: its connection, which
// is restarted when it ends, and what it offers.
type upstream struct {
	p      *Proxy
	cfg    ServerConfig
	client *mcp.Client
	// ready is closed once the first connection attempt is over.
	ready     chan struct{}
	readyOnce sync.Once

	mu sync.Mutex
	cs *mcp.ClientSession
	// proc is the running server process, for servers run by command.
	proc *serverProcess
	// down says why the server is not connected; retry when it is tried
	// next.
	down   string
	retry  time.Time
	closed bool
	// What the server offers, as it listed it.
	tools     []*mcp.Tool
	prompts   []*mcp.Prompt
	resources []*mcp.Resource
	templates []*mcp.ResourceTemplate
	instr     string
}

func newUpstream(p *Proxy, sc ServerConfig) *upstream {
	u := &upstream{p: p, cfg: sc, ready: make(chan struct{}), down: "starting"}
	u.client = mcp.NewClient(&mcp.Implementation{Name: "governance-mcp-proxy", Version: p.version}, &mcp.ClientOptions{
		// No roots: the client's workspace must not widen what a server
		// was configured to reach.
		Capabilities: &mcp.ClientCapabilities{},
		CreateMessageHandler: func(ctx context.Context, req *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return p.createMessage(u, ctx, req)
		},
		ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return p.elicit(u, ctx, req)
		},
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			p.relay.forwardProgress(req.Params)
		},
		LoggingMessageHandler: func(_ context.Context, req *mcp.LoggingMessageRequest) {
			p.logMessage(u, req.Params)
		},
		ResourceUpdatedHandler: func(ctx context.Context, req *mcp.ResourceUpdatedNotificationRequest) {
			if s := p.agentServer(); s != nil {
				_ = s.ResourceUpdated(ctx, req.Params)
			}
		},
		// Notification handlers run on the connection's reader: listing
		// again there would wait for itself.
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			go u.refresh(p.life, true, false, false)
		},
		PromptListChangedHandler: func(context.Context, *mcp.PromptListChangedRequest) {
			go u.refresh(p.life, false, true, false)
		},
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) {
			go u.refresh(p.life, false, false, true)
		},
	})
	return u
}

// run keeps the server connected until ctx ends: it connects, lists what
// the server offers, waits for the connection to end, and starts again
// after a backoff.
func (u *upstream) run(ctx context.Context) {
	backoff := u.p.minBackoff
	for {
		started := time.Now()
		cs, err := u.connect(ctx)
		if err == nil {
			u.refresh(ctx, true, true, true)
		}
		u.readyOnce.Do(func() { close(u.ready) })
		if err == nil {
			err = u.wait(cs)
			if time.Since(started) > stableAfter {
				backoff = u.p.minBackoff
			}
		}
		if ctx.Err() != nil {
			return
		}
		u.mu.Lock()
		u.down, u.retry = err.Error(), time.Now().Add(backoff)
		u.mu.Unlock()
		u.p.warnf("server %s: %v; restarting it in %s", u.cfg.Name, err, backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, maxBackoff)
	}
}

// connect starts (or reaches) the server and completes the handshake.
func (u *upstream) connect(ctx context.Context) (*mcp.ClientSession, error) {
	var t mcp.Transport
	var proc *serverProcess
	switch {
	case u.cfg.Transport != nil:
		t = u.cfg.Transport()
	case u.cfg.Command != "":
		cmd, err := u.p.serverCommand(u.cfg)
		if err == nil {
			proc, t, err = startProcess(cmd, &prefixlog.Writer{W: u.p.stderr, Prefix: "[" + u.cfg.Name + "] "})
		}
		if err != nil {
			return nil, fmt.Errorf("could not start: %w", err)
		}
	default:
		t = &mcp.StreamableClientTransport{Endpoint: u.cfg.URL,
			HTTPClient: &http.Client{Transport: headerTransport{headers: u.cfg.Headers, base: http.DefaultTransport}}}
	}
	cctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	cs, err := u.client.Connect(cctx, t, &mcp.ClientSessionOptions{ProtocolVersion: upstreamVersion})
	if err != nil {
		if proc != nil {
			// A server that exits at once says why on its stderr.
			if proc.exited(terminateWait) {
				return nil, fmt.Errorf("could not start: %w; %w", err, proc.why())
			}
			killGroup(proc.cmd)
			proc.exited(terminateWait)
			return nil, fmt.Errorf("could not start: %w%s", err, proc.stderrTail())
		}
		return nil, fmt.Errorf("could not start: %w", err)
	}
	u.mu.Lock()
	if u.closed {
		u.mu.Unlock()
		cs.Close()
		if proc != nil {
			proc.stop()
		}
		return nil, errors.New("the proxy is stopping")
	}
	u.cs, u.proc, u.down = cs, proc, ""
	if ir := cs.InitializeResult(); ir != nil {
		u.instr = ir.Instructions
	}
	u.mu.Unlock()
	return cs, nil
}

// wait blocks until the connection ends and says why it did.
func (u *upstream) wait(cs *mcp.ClientSession) error {
	err := cs.Wait()
	u.mu.Lock()
	proc := u.proc
	u.cs, u.proc = nil, nil
	u.mu.Unlock()
	if proc != nil {
		// The connection ends when the server's output does, and the
		// process exits about then; one that lives on is stopped, with
		// whatever it started, before another is started.
		if !proc.exited(terminateWait) {
			cs.Close()
			proc.stop()
		}
		killGroup(proc.cmd)
		return proc.why()
	}
	if err != nil && !errors.Is(err, mcp.ErrConnectionClosed) {
		return fmt.Errorf("the connection ended: %w", err)
	}
	return errors.New("the connection ended")
}

// close ends the connection and the server's process, and everything it
// started.
func (u *upstream) close() {
	u.mu.Lock()
	u.closed = true
	cs, proc := u.cs, u.proc
	u.mu.Unlock()
	if cs != nil {
		// Closing the connection closes the server's input, which asks it
		// to exit.
		cs.Close()
	}
	if proc != nil {
		proc.stop()
	}
}

// session returns the live connection, or nil.
func (u *upstream) session() *mcp.ClientSession {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.cs
}

// unavailable is the error for a request to a server that is not
// connected.
func (u *upstream) unavailable() error {
	u.mu.Lock()
	defer u.mu.Unlock()
	why := "the server is not connected"
	if u.down != "" {
		why = "the server is not running: " + u.down
	}
	if !u.retry.IsZero() && !u.closed {
		if left := time.Until(u.retry).Round(100 * time.Millisecond); left > 0 {
			why += fmt.Sprintf("; the proxy starts it again in %s", left)
		} else {
			why += "; the proxy is starting it again"
		}
	}
	return unavailableError(u.cfg.Name, why)
}

func (u *upstream) instructions() string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.instr
}

// refresh lists again what the server offers, and publishes it.
func (u *upstream) refresh(ctx context.Context, tools, prompts, resources bool) {
	cs := u.session()
	if cs == nil {
		return
	}
	caps := &mcp.ServerCapabilities{}
	if ir := cs.InitializeResult(); ir != nil && ir.Capabilities != nil {
		caps = ir.Capabilities
	}
	lctx, cancel := context.WithTimeout(ctx, connectTimeout)
	defer cancel()
	listed := func(err error, what string, set func()) {
		if err != nil {
			if ctx.Err() == nil {
				u.p.warnf("server %s: listing its %s: %v", u.cfg.Name, what, err)
			}
			return
		}
		u.mu.Lock()
		set()
		u.mu.Unlock()
	}
	if tools && caps.Tools != nil {
		list, err := collect(cs.Tools(lctx, nil))
		listed(err, "tools", func() { u.tools = list })
	}
	if prompts && caps.Prompts != nil {
		list, err := collect(cs.Prompts(lctx, nil))
		listed(err, "prompts", func() { u.prompts = list })
	}
	if resources && caps.Resources != nil {
		list, err := collect(cs.Resources(lctx, nil))
		listed(err, "resources", func() { u.resources = list })
		tl, err := collect(cs.ResourceTemplates(lctx, nil))
		listed(err, "resource templates", func() { u.templates = tl })
	}
	u.publish()
}

func collect[T any](seq func(func(T, error) bool)) ([]T, error) {
	var out []T
	for v, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

// publish registers what the server offers on the agents' server.
func (u *upstream) publish() {
	u.mu.Lock()
	tools, prompts, resources, templates := u.tools, u.prompts, u.resources, u.templates
	u.mu.Unlock()
	u.p.publishTools(u, tools)
	u.p.publishPrompts(u, prompts)
	u.p.publishResources(u, resources, templates)
}

// callTool forwards a call the policy let through, with exactly the
// argument bytes the policy decided on. The result comes back as the
// server sent it.
func (u *upstream) callTool(ctx context.Context, ss *mcp.ServerSession, name string, params *mcp.CallToolParamsRaw) (*mcp.CallToolResult, error) {
	cs := u.session()
	if cs == nil {
		return nil, u.unavailable()
	}
	meta, end := u.p.relay.begin(ctx, u, ss, params.Meta)
	defer end()
	var args any
	if len(params.Arguments) > 0 {
		args = params.Arguments
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Meta: meta, Name: name, Arguments: args})
	if err != nil {
		return nil, u.requestError(ctx, err)
	}
	return res, nil
}

// requestError is what the client sees of a forwarded request's error.
func (u *upstream) requestError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, mcp.ErrConnectionClosed) {
		return u.unavailable()
	}
	return upstreamError(u.cfg.Name, err)
}

// upstreamEnv is the environment servers run in: the proxy's, without
// the proxy's own secrets.
func upstreamEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOVERNANCE_MCP_") {
			out = append(out, kv)
		}
	}
	return out
}

// headerTransport adds the configured headers to every request to an
// HTTP server.
type headerTransport struct {
	headers map[string]string
	base    http.RoundTripper
}

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(t.headers) > 0 {
		r = r.Clone(r.Context())
		for k, v := range t.headers {
			r.Header.Set(k, v)
		}
	}
	return t.base.RoundTrip(r)
}
