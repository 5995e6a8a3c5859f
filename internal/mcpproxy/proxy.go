// Package mcpproxy is the MCP policy proxy behind `governance mcp-proxy`:
// one MCP server in front of several real ones, which lists their tools
// as {server}_{tool} and decides every tools/call with the same engine,
// rules and approvals as the hook before the call reaches a server.
//
// Clients are principals: agents (stdio, or HTTP with the agent token)
// see the upstream tools the policy lets them use, the policy reader's
// resources and the proposer's governance_propose_rule; a human (HTTP
// with the approver token) sees the reader and the approver's tools and
// nothing else. Each principal has its own mcp.Server, so that no tool of
// one can be listed or called by the other.
//
// Both hops speak the session-based MCP protocol (up to 2025-11-25), in
// which a server may send requests back to its client: that is how
// sampling, elicitation and progress are relayed.
package mcpproxy

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/proposals"
)

// Options configure a proxy.
type Options struct {
	Config *Config
	// Paths are the project whose configuration decides, and the state
	// folder (approvals, proposals, the decision log).
	Paths layout.Paths
	// Policy gives the policy; nil means the project's configuration.
	Policy PolicySource
	// Evaluators declares the plugins and gatekeeper that decide what
	// the deterministic layers leave undecided, as for the hook.
	Evaluators pipeline.Evaluators
	// Stderr receives diagnostics and the upstreams' stderr.
	Stderr io.Writer
	// Version is the proxy's version in the MCP handshake.
	Version string
}

// protocolVersions are the versions both hops speak: the session-based
// protocol, where servers send requests to their clients.
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// upstreamVersion is the version the proxy asks its upstreams for.
const upstreamVersion = "2025-11-25"

// Proxy is a running MCP policy proxy.
type Proxy struct {
	cfg        *Config
	paths      layout.Paths
	policy     PolicySource
	evaluators pipeline.Evaluators
	stderr     *lockedWriter
	version    string
	approvals  *approvals.Store
	proposals  *proposals.Store

	// runSession names the stdio session in decisions and approvals.
	runSession string
	calls      atomic.Int64
	// progressEvery is how often a call waiting for approval reports
	// progress; pollEvery how often it looks for the answer.
	progressEvery, pollEvery time.Duration
	// minBackoff is the first wait before a server that stopped is
	// started again.
	minBackoff time.Duration
	// notify announces a new approval item to the desktop user.
	notify func(*approvals.Item)

	upstreams []*upstream
	agent     *mcp.Server
	human     *mcp.Server
	relay     relay

	mu sync.Mutex
	// tools maps every tool name of the agent server to what it calls.
	tools map[string]toolRef
	// prompts maps aggregated prompt names; resources and templates their
	// URIs to the upstream that serves them.
	prompts   map[string]toolRef
	resources map[string]*upstream
	templates map[string]*upstream
	// subscribed counts downstream subscriptions per resource URI.
	subscribed map[string]int
	// lastPolicy is the policy the last decision used.
	lastPolicy *engine.Policy

	// life ends when the proxy closes; cancel ends it.
	life   context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// toolRef is what an aggregated name calls: a tool (or prompt) of an
// upstream, by its own name, or one of the proxy's policy tools.
type toolRef struct {
	server string
	name   string
	up     *upstream
}

// New returns a proxy; Start connects it to its upstreams.
func New(o Options) *Proxy {
	if o.Policy == nil {
		o.Policy = NewProjectPolicy(o.Paths)
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	p := &Proxy{cfg: o.Config, paths: o.Paths, policy: o.Policy, evaluators: o.Evaluators,
		stderr: &lockedWriter{w: o.Stderr}, version: o.Version,
		approvals: approvals.Open(o.Paths.StateDir), proposals: proposals.Open(o.Paths.StateDir),
		runSession: "mcp-" + randomHex(6), progressEvery: 5 * time.Second, pollEvery: 250 * time.Millisecond,
		minBackoff: minBackoff, notify: pipeline.NotifyApproval,
		tools: map[string]toolRef{}, prompts: map[string]toolRef{}, resources: map[string]*upstream{},
		templates: map[string]*upstream{}, subscribed: map[string]int{}}
	p.relay.init()
	for _, sc := range p.cfg.Servers {
		p.upstreams = append(p.upstreams, newUpstream(p, sc))
	}
	return p
}

// Start connects to every upstream, waiting at most wait for the first
// attempts, and builds the servers clients talk to. Upstreams that are
// not up by then keep being retried, and their tools appear when they
// come up. Stop the proxy with Close.
func (p *Proxy) Start(ctx context.Context, wait time.Duration) {
	ctx, p.cancel = context.WithCancel(context.WithoutCancel(ctx))
	p.life = ctx
	for _, u := range p.upstreams {
		p.wg.Go(func() { u.run(ctx) })
	}
	waiting, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	for _, u := range p.upstreams {
		select {
		case <-u.ready:
		case <-waiting.Done():
		}
	}
	agent := p.newAgentServer()
	var human *mcp.Server
	if p.cfg.ApproverTokenFile != "" {
		human = p.newHumanServer()
	}
	p.mu.Lock()
	p.agent, p.human = agent, human
	p.mu.Unlock()
	// Register what the upstreams that came up offer; later changes
	// arrive through their list-changed notifications.
	for _, u := range p.upstreams {
		u.publish()
	}
}

// Close stops every upstream and waits for their processes to end.
func (p *Proxy) Close() {
	if p.cancel != nil {
		p.cancel()
	}
	var closing sync.WaitGroup
	for _, u := range p.upstreams {
		closing.Go(u.close)
	}
	closing.Wait()
	p.wg.Wait()
}

// newAgentServer is the server agents talk to.
func (p *Proxy) newAgentServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "governance-mcp-proxy", Title: "governance MCP policy proxy", Version: p.version},
		&mcp.ServerOptions{
			Instructions:              p.instructions(),
			SupportedProtocolVersions: protocolVersions,
			CompletionHandler:         p.complete,
			SubscribeHandler:          p.subscribe,
			UnsubscribeHandler:        p.unsubscribe,
			Capabilities: &mcp.ServerCapabilities{
				Logging:   &mcp.LoggingCapabilities{},
				Tools:     &mcp.ToolCapabilities{ListChanged: true},
				Prompts:   &mcp.PromptCapabilities{ListChanged: true},
				Resources: &mcp.ResourceCapabilities{ListChanged: true, Subscribe: true},
			},
		})
	s.AddReceivingMiddleware(p.agentMiddleware)
	p.addReader(s)
	p.addProposer(s)
	if p.cfg.ExposeDecide {
		p.addDecide(s)
	}
	return s
}

// newHumanServer is the server a human principal talks to: the policy
// reader and the approver, nothing of the upstreams.
func (p *Proxy) newHumanServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "governance-mcp-proxy", Title: "governance approver", Version: p.version},
		&mcp.ServerOptions{
			Instructions:              "Answer the calls that wait for a person's approval and review the rules agents propose.",
			SupportedProtocolVersions: protocolVersions,
			Capabilities:              &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}, Resources: &mcp.ResourceCapabilities{}},
		})
	s.AddReceivingMiddleware(p.humanMiddleware)
	p.addReader(s)
	p.addApprover(s)
	return s
}

// instructions tell the client what the proxy is, with the instructions
// of the upstreams that were up at start.
func (p *Proxy) instructions() string {
	text := "This server is a governance policy proxy in front of other MCP servers. Their tools are named {server}_{tool}. " +
		"Every tool call is checked against the team's policy first: a call the policy denies fails with error " +
		"-32951 (you may continue another way; the error data says why and what to do instead) or -32950 (stop). " +
		"A call that needs a person's approval waits for it."
	for _, u := range p.upstreams {
		if in := u.instructions(); in != "" {
			text += "\n\n## Server " + u.cfg.Name + "\n\n" + in
		}
	}
	return text
}

// sessionID names a downstream session: its transport's id, or for stdio
// (which has none) the proxy run's.
func (p *Proxy) sessionID(ss *mcp.ServerSession) string {
	if ss != nil {
		if id := ss.ID(); id != "" {
			return id
		}
	}
	return p.runSession
}

// warnf reports a problem on stderr.
func (p *Proxy) warnf(format string, args ...any) {
	fmt.Fprintf(p.stderr, "governance: error: mcp-proxy: "+format+"\n", args...)
}

// lockedWriter serializes writes from the upstreams and the proxy.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return fmt.Sprintf("%x", os.Getpid())
	}
	return hex.EncodeToString(b)
}
