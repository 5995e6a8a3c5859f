package hooks

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// handler answers one event with the project's policy and brain.
type handler struct {
	ev     *Event
	env    Env
	stderr io.Writer
	paths  layout.Paths
	policy *governance.Policy
	b      *brain.Brain
	opts   Options
}

func newHandler(ev *Event, env Env, stderr io.Writer, o Options) *handler {
	req := &ev.Request
	h := &handler{ev: ev, env: env, stderr: stderr, opts: o}
	if req.Cwd == "" {
		req.Cwd = h.env.cwd()
	}
	h.paths = layout.Discover(req.Cwd, ev.ProjectDir, env.Getenv)
	if req.ProjectRoot == "" {
		req.ProjectRoot = h.paths.ProjectRoot
	}
	if req.Home == "" {
		req.Home = h.paths.Home
	}
	if o.Load != nil {
		h.policy = o.Load(h.paths)
	} else {
		h.policy = snapshot.Load(h.paths, snapshot.ExecCompiler)
	}
	return h
}

// brain opens the project's brain on first use.
func (h *handler) brain() *brain.Brain {
	if h.b == nil {
		h.b = brain.Open(h.paths.BrainDir())
		if h.env.Now != nil {
			h.b.Now = h.env.Now
		}
	}
	return h.b
}

// warn reports a state problem on stderr; it does not change the reply.
func (h *handler) warn(err error) {
	if err != nil {
		fmt.Fprintf(h.stderr, "governance: error: %v\n", err)
	}
}

func (h *handler) decide(ctx context.Context) *governance.Decision {
	e := governance.NewEngine(h.policy)
	e.LookupEnv = h.env.LookupEnv
	h.addPlugins(e)
	// The gatekeeper comes after the plugins placed before it.
	e.Evaluators = append(e.Evaluators, h.evaluators()...)
	return e.Decide(ctx, &h.ev.Request)
}

// preToolUse decides a tool call. Starting a subagent needs the caller's
// place in the session's delegation tree; a blocked call is recorded; in
// log-only mode a blocking decision is recorded and not enforced.
func (h *handler) preToolUse(ctx context.Context) *governance.Decision {
	start := time.Now()
	if h.ev.InferSubagents {
		h.inferCaller()
	}
	req := &h.ev.Request
	session := req.SessionID
	if req.Tool.Kind == governance.KindAgent && session != "" {
		s, err := h.brain().ReadSession(session)
		if err != nil {
			return &governance.Decision{Outcome: governance.Deny, Layer: "state", Rule: "session-state",
				Subject: req.Tool.Input.Subagent,
				Message: "The session's state could not be read, so the delegation depth of this subagent cannot be checked: " +
					err.Error(),
				Suggestion: "Ask the user to run `governance validate`; subagents stay blocked until the state reads."}
		}
		req.Depth, req.Chain = s.Depth(req.AgentID), s.Chain(req.AgentID)
	}
	// The engine turns an unattended ask into a deny; here an ask that
	// nobody can answer in the harness goes to the approval queue.
	unattended := req.Unattended
	req.Unattended = false
	d := h.decide(ctx)
	req.Unattended = unattended
	if d.Outcome < governance.Deny {
		if v := h.rateLimit(); v != nil {
			d = v
		}
	}
	logOnly := h.policy.Settings.LogOnly && h.policy.Err == nil
	if d.Outcome == governance.Defer && h.ev.DeferAsAsk {
		d.Outcome = governance.Ask
		if d.Message == "" {
			d.Message = "No rule decides this command, and there is no harness to defer to: a person decides."
		}
	}
	if d.Outcome == governance.Ask && !logOnly && h.outOfBand(unattended) {
		d = h.awaitApproval(ctx, d)
	}
	h.recordDecision(d, logOnly, start)
	if d.Outcome >= governance.Ask && session != "" {
		h.warn(h.brain().Blocked(session, req.Agent, d.Outcome.String(), d.Subject, logOnly))
	}
	if req.Tool.Kind == governance.KindAgent && session != "" && (d.Outcome < governance.Deny || logOnly) {
		h.warn(h.brain().Spawned(session, req.AgentID, req.Tool.Input.Subagent, req.ToolUseID))
	}
	if logOnly && d.Outcome >= governance.Ask {
		// Log-only: the decision is recorded above and left to the
		// harness's own permission flow.
		return &governance.Decision{Outcome: governance.Defer, Layer: d.Layer, Rule: d.Rule, Subject: d.Subject}
	}
	return d
}

// limitsConcurrency reports whether any role bounds running calls.
func (h *handler) limitsConcurrency() bool {
	for _, r := range h.policy.Roles {
		if r.Limits.MaxConcurrent > 0 {
			return true
		}
	}
	return false
}

// sessionEvent keeps the session's state and answers with context where
// the event takes it.
func (h *handler) sessionEvent() *Reply {
	ev, req := h.ev, &h.ev.Request
	id := req.SessionID
	if id == "" {
		return &Reply{}
	}
	b := h.brain()
	switch ev.Name {
	case EventSessionStart:
		_, st, err := b.SessionStart(id, req.Harness, ev.Source)
		if err != nil {
			h.warn(err)
			return &Reply{}
		}
		first, err := b.GiveContext(id)
		h.warn(err)
		if first || ev.Source == "compact" {
			return &Reply{Context: h.summary(st, ev.Source == "compact")}
		}
	case EventUserPromptSubmit:
		if h.policy.Settings.BlockSecretPrompts {
			if kind := governance.FindSecret(ev.Prompt); kind != "" {
				h.warn(b.Record(brain.Entry{Kind: brain.KindPromptBlocked, Session: id, Detail: kind}))
				return &Reply{Block: "governance blocked this prompt: it contains what looks like " + kind +
					". Credentials in a prompt are sent to the model and kept in the transcript. Remove it and refer to the secret by name (an environment variable or a file the tools read) instead."}
			}
		}
		if first, err := b.GiveContext(id); err == nil && first {
			st, err := b.ReadState()
			h.warn(err)
			if st != nil {
				return &Reply{Context: h.summary(st, false)}
			}
		} else {
			h.warn(err)
		}
	case EventSubagentStart:
		node, _, err := b.SubagentStart(id, req.AgentID, req.Agent)
		if err != nil {
			h.warn(err)
			return &Reply{}
		}
		if node.Depth == 1 {
			st, err := b.ReadState()
			h.warn(err)
			if st != nil && st.Phase != "" {
				return &Reply{Context: "governance: the project's current phase is " + governance.Sanitize(st.Phase) + "."}
			}
		}
	case EventSubagentStop:
		h.warn(b.SubagentStop(id, req.AgentID, req.Agent))
	case EventPostToolUse, EventPostToolUseFailure:
		h.warn(b.ToolDone(id, string(req.Tool.Kind), ev.DurationMS, ev.Name == EventPostToolUseFailure))
		if ev.InferSubagents {
			h.inferredDone()
		}
		if h.limitsConcurrency() {
			h.warn(brain.Release(brain.LimitsPath(h.paths.StateDir), req.ToolUseID))
		}
	case EventStop:
		h.warn(b.Stop(id))
	case EventSessionEnd:
		h.warn(b.SessionEnd(id, ev.Reason))
	}
	return &Reply{}
}

// summary is the context the main thread gets: the active policy, the
// current phase and the pinned anchors.
func (h *handler) summary(st *brain.State, afterCompaction bool) string {
	var b strings.Builder
	s := h.policy.Settings
	if afterCompaction {
		b.WriteString("Reminder after compaction: ")
	}
	fmt.Fprintf(&b, "governance checks every tool call in this project (mode: %s). ", s.Mode())
	if s.LogOnly {
		b.WriteString("It records what it would block but blocks nothing.\n")
	} else {
		b.WriteString("A blocked call comes back with a reason and a suggestion: follow the suggestion instead of working around the block.\n")
	}
	counts := map[string]int{}
	for _, r := range h.policy.Rules {
		counts[r.Scope]++
	}
	fmt.Fprintf(&b, "Policy: %d built-in, %d user and %d project rules", counts[governance.ScopeBuiltin],
		counts[governance.ScopeGlobal], counts[governance.ScopeRepo])
	if n := len(h.policy.Checks); n > 0 {
		fmt.Fprintf(&b, ", %d executable rule files", n)
	}
	fmt.Fprintf(&b, "; subagents may nest %d levels deep", s.MaxDelegationDepth)
	if s.MainAgent != "" {
		fmt.Fprintf(&b, "; the main thread follows the agent file %s", governance.Sanitize(s.MainAgent))
	}
	b.WriteString(".\n")
	if st.Phase != "" {
		fmt.Fprintf(&b, "Current phase: %s.\n", governance.Sanitize(st.Phase))
	}
	if pinned := st.Pinned(); len(pinned) > 0 {
		b.WriteString("Pinned:\n")
		for _, a := range pinned {
			fmt.Fprintf(&b, "- [%s] %s\n", a.Priority, governance.Sanitize(a.Text))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
