// Package pipeline owns everything between a decoded request and the
// final decision of a tool call: the engine, assembled with a declared set
// of evaluators (plugins and the LLM gatekeeper); rate limits; log-only
// mode; what becomes of a call that no layer decides or that a person must
// answer (the approval queue); the decision log; and the brain's
// bookkeeping of delegation and blocked calls; the session events a
// harness reports ([Pipeline.Handle]); and handing a hook's call to a
// process that links what the hook leaves out ([Pipeline.Forward]). Every
// entry point builds its pipeline with [New] (or [ForEvent]) and decides
// through it: the hook (in-process, through governance hook and through
// the daemon), the MCP proxy, the daemon's decision API, and the check,
// explain and run commands. A call is evaluated once and logged once.
package pipeline

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/plugineval"
)

// Env is the environment the pipeline runs in.
type Env struct {
	Getenv func(string) string
	// LookupEnv reads the environment tool calls run in; nil when it is
	// not known (the daemon's decision API).
	LookupEnv func(string) (string, bool)
	Now       func() time.Time
	// Confiner returns the path of the confinement launcher, or why this
	// machine cannot confine a call; nil: the caller confines nothing
	// (every decision is the engine's).
	Confiner func() (string, error)
	// FS is the file system the engine resolves paths against; nil: the
	// machine's (see governance.Engine.FS).
	FS engine.FileSystem
	// Warn reports a problem that does not change the decision (a log
	// that cannot be written).
	Warn func(error)
}

// Evaluators declares what decides beyond the deterministic layers, and
// how each is reached.
type Evaluators struct {
	// Plugins reaches a configured plugin: the daemon's warm ones, a pool
	// of the CLI's, or a cold start from the hook. Nil consults none.
	Plugins func(engine.PluginSpec) plugineval.Caller
	// Models makes the gatekeeper's models: in-process, or as processes
	// from the hook. Nil consults no gatekeeper.
	Models gatekeeper.NewModel
	// Extra evaluators, after the plugins and before the gatekeeper.
	Extra []engine.Evaluator
}

// Pipeline decides the calls of one project with its policy.
type Pipeline struct {
	Policy     *engine.Policy
	Paths      layout.Paths
	Env        Env
	Evaluators Evaluators
	// Label names the entry point in the decision log (a harness, run,
	// check, mcp-proxy).
	Label string

	brainOnce sync.Once
	b         *brain.Brain
	hostOnce  sync.Once
	host      string
	// engine is built once: a pipeline that decides many calls, one at a
	// time (check --jsonl), builds it, its plugins and its gatekeeper once.
	engineOnce sync.Once
	engine     *engine.Engine
}

// Brain returns the project's brain, opened on first use.
func (p *Pipeline) Brain() *brain.Brain {
	p.brainOnce.Do(func() {
		p.b = brain.Open(p.Paths.BrainDir())
		if p.Env.Now != nil {
			p.b.Now = p.Env.Now
		}
	})
	return p.b
}

func (p *Pipeline) warn(err error) {
	if err != nil && p.Env.Warn != nil {
		p.Env.Warn(err)
	}
}

func (p *Pipeline) now() time.Time {
	if p.Env.Now != nil {
		return p.Env.Now()
	}
	return time.Now()
}

// Engine returns the engine for the policy with the declared evaluators:
// the plugins in their positions, the extra evaluators, then the
// gatekeeper.
func (p *Pipeline) Engine() *engine.Engine {
	e := engine.NewEngine(p.Policy)
	if p.Env.LookupEnv != nil {
		e.LookupEnv = p.Env.LookupEnv
	}
	if p.Env.FS != nil {
		e.FS = p.Env.FS
	}
	ev := p.Evaluators
	if ev.Plugins != nil && len(p.Policy.Plugins) > 0 {
		plugineval.Install(e, p.Policy.Plugins, ev.Plugins)
	}
	e.Evaluators = append(e.Evaluators, ev.Extra...)
	if ev.Models != nil {
		e.Evaluators = append(e.Evaluators, gatekeeper.Evaluators(p.Policy, gatekeeper.Env{StateDir: p.Paths.StateDir,
			NewModel: ev.Models, Getenv: p.Env.Getenv, LookupEnv: p.Env.LookupEnv, Now: p.Env.Now, Warn: p.warn})...)
	}
	return e
}

// Mode says what deciding a call may do besides deciding.
type Mode int

const (
	// Enforce decides a call that will run if allowed: it counts against
	// its role's budget, a call a person must answer goes to the approval
	// queue when nobody can answer in place, the brain keeps track, and
	// log-only mode lets blocked calls through (the hook, the MCP proxy,
	// governance run).
	Enforce Mode = iota
	// Report decides and logs a call that will not run (check).
	Report
	// Explain decides and logs nothing (explain, the tool listing, tests).
	Explain
)

// Call is one call to decide and how it came.
type Call struct {
	Request *engine.Request
	Mode    Mode
	// CanAsk reports that the caller can put an ask to its user itself
	// (a harness with a permission prompt).
	CanAsk bool
	// Rewrites reports that the caller runs a call as the decision
	// rewrites it (a harness that takes an updated input), so a call can
	// be confined; Unwatched that no person may be at the harness to
	// answer its prompts (an unattended session, or a harness that does
	// not say).
	Rewrites, Unwatched bool
	// DeferAsAsk makes a call no layer decides need a person, for callers
	// with no permission flow of their own to defer to (governance run,
	// the MCP proxy with default ask).
	DeferAsAsk bool
	// RateKey is the key of the caller's per-agent budget; RateHint says
	// how to do more with each call, for an over-budget denial.
	RateKey, RateHint string
	// Approval: how a call that waits for a person is announced and
	// followed, and how long it waits (0: the policy's approval_wait).
	Notify func(*approvals.Item)
	Tick   func(it *approvals.Item, waited time.Duration)
	// Follow, when set, is told of the item at once and as the wait
	// passes, and makes a cancelled call withdraw its item (Notify and
	// Tick still apply).
	Follow *Follow
	Wait   time.Duration
	// Poll is how often the queue is read for the answer (250ms when
	// zero).
	Poll time.Duration
	// Timeout bounds the engine's work (0: none): a call with no decision
	// in time is denied, with governance.ErrTimeout.
	Timeout time.Duration
}

// Follow is a caller that stays with a call waiting for a person and
// says so to whoever started it (governance run).
type Follow struct {
	// Filed is called once the item is known (new or already waiting),
	// with how long the call will wait.
	Filed func(it *approvals.Item, wait time.Duration)
	// Left is called as the wait passes, with the time left.
	Left func(it *approvals.Item, left time.Duration)
	// Withdrawn is called when the call was cancelled and its item
	// withdrawn.
	Withdrawn func(it *approvals.Item)
}

// Result is what became of a call.
type Result struct {
	// Decision is the decision to apply. In log-only mode a call the
	// policy blocks is let through: Decision is then a defer, and Logged
	// the decision that was recorded.
	Decision *engine.Decision
	// Logged is the decision written to the decision log.
	Logged *engine.Decision
	// Enforced is false when the logged decision was not applied
	// (log-only).
	Enforced bool
	// Counted reports that the call holds a running slot of its role's
	// budget: Release frees it once the call has returned.
	Counted bool
}

// Decide decides one call.
func (p *Pipeline) Decide(ctx context.Context, c Call) *Result {
	start := time.Now()
	req := c.Request
	if c.Mode == Enforce && req.Tool.Kind == engine.KindAgent && req.SessionID != "" {
		s, err := p.Brain().ReadSession(req.SessionID)
		if err != nil {
			d := &engine.Decision{Outcome: engine.Deny, Layer: "state", Rule: "session-state",
				Subject: req.Tool.Input.Subagent,
				Message: "The session's state could not be read, so the delegation depth of this subagent cannot be checked: " +
					err.Error(),
				Suggestion: "Ask the user to run `governance validate`; subagents stay blocked until the state reads."}
			p.record(c, d, true, start)
			return &Result{Decision: d, Logged: d, Enforced: true}
		}
		req.Depth, req.Chain = s.Depth(req.AgentID), s.Chain(req.AgentID)
	}
	// The engine turns an ask nobody can answer into a deny; where the
	// approval queue is open, the ask goes there instead.
	unattended := req.Unattended
	if c.Mode == Enforce {
		req.Unattended = false
	}
	d := p.engineDecide(ctx, c)
	req.Unattended = unattended
	d, queue := p.confine(ctx, c, d)
	res := &Result{Decision: d, Logged: d, Enforced: true}
	if c.Mode != Enforce {
		if c.Mode == Report {
			p.record(c, d, true, start)
		}
		return res
	}
	if d.Outcome < engine.Deny {
		if v, counted := RateLimit(p.Policy, req, p.Paths.StateDir, c.RateKey, p.now(), c.RateHint); v != nil {
			d = v
		} else {
			res.Counted = counted
		}
	}
	logOnly := p.Policy.Settings.LogOnly && p.Policy.Err == nil
	if d.Outcome == engine.Defer && c.DeferAsAsk {
		d.Outcome = engine.Ask
		if d.Message == "" {
			d.Message = "No rule decides this call, and there is no harness to defer to: a person decides."
		}
	}
	if d.Outcome == engine.Ask && !logOnly && d.Err == nil && (queue || unattended || !c.CanAsk || p.Policy.Settings.OutOfBand) {
		d = p.awaitApproval(ctx, c, d)
	}
	res.Decision, res.Logged = d, d
	if logOnly && d.Outcome >= engine.Ask {
		res.Enforced = false
	}
	if err := p.record(c, d, res.Enforced, start); err != nil && p.Policy.Settings.AuditRequired && (d.Outcome < engine.Deny || !res.Enforced) {
		// No call runs without a record: the allow, or the block that
		// log-only mode would let through, becomes a deny.
		d = unrecorded(d, err)
		res.Decision, res.Logged, res.Enforced = d, d, true
	}
	if session := req.SessionID; session != "" {
		if d.Outcome >= engine.Ask {
			p.warn(p.Brain().Blocked(session, req.Agent, d.Outcome.String(), d.Subject, logOnly))
		}
		if req.Tool.Kind == engine.KindAgent && (d.Outcome < engine.Deny || logOnly) {
			p.warn(p.Brain().Spawned(session, req.AgentID, req.Tool.Input.Subagent, req.ToolUseID))
		}
	}
	if !res.Enforced {
		// Log-only: the decision is recorded and left to the harness's
		// own permission flow.
		res.Decision = &engine.Decision{Outcome: engine.Defer, Layer: d.Layer, Rule: d.Rule, Subject: d.Subject}
	}
	return res
}

// engineDecide runs the engine, bounded by the call's timeout.
func (p *Pipeline) engineDecide(ctx context.Context, c Call) *engine.Decision {
	p.engineOnce.Do(func() { p.engine = p.Engine() })
	e := p.engine
	if c.Timeout <= 0 {
		return e.Decide(ctx, c.Request)
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	ch := make(chan *engine.Decision, 1)
	go func() { ch <- e.Decide(ctx, c.Request) }()
	select {
	case d := <-ch:
		return d
	case <-ctx.Done():
		msg := fmt.Sprintf("The policy reached no decision within %s.", c.Timeout)
		return &engine.Decision{Outcome: engine.Deny, Layer: "governance", Rule: "decide-timeout",
			Subject: c.Request.Tool.Name, Message: msg, Err: fmt.Errorf("%w: %s", engine.ErrTimeout, c.Timeout)}
	}
}

// Release frees the running slot a counted call holds.
func (p *Pipeline) Release(toolUseID string) {
	p.warn(brain.Release(brain.LimitsPath(p.Paths.StateDir), toolUseID))
}
