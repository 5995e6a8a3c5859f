package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
)

// handler answers one event with the project's policy and brain.
type handler struct {
	ev     *Event
	env    Env
	stderr io.Writer
	paths  layout.Paths
	policy *governance.Policy
	pipe   *pipeline.Pipeline
	opts   Options
}

func newHandler(ev *Event, env Env, stderr io.Writer, o Options) *handler {
	req := &ev.Request
	h := &handler{ev: ev, env: env, stderr: stderr, opts: o}
	if req.Cwd == "" {
		req.Cwd = h.env.cwd()
	} else if !filepath.IsAbs(req.Cwd) {
		// A harness that reports a relative folder means one under the
		// folder it started the hook in.
		req.Cwd = filepath.Join(h.env.cwd(), req.Cwd)
	}
	h.paths = layout.Discover(req.Cwd, ev.ProjectDir, env.Getenv)
	if req.ProjectRoot == "" {
		req.ProjectRoot = h.paths.ProjectRoot
	}
	if req.Home == "" {
		req.Home = h.paths.Home
	}
	h.pipe = pipeline.New(pipeline.Options{Paths: h.paths, Load: o.Load,
		Env:        pipeline.Env{Getenv: env.Getenv, LookupEnv: env.LookupEnv, Now: env.Now, Confiner: env.Confiner, Warn: h.warn},
		Evaluators: o.evaluators()})
	h.policy = h.pipe.Policy
	// Deciding may wait for a person's approval and a gatekeeper's
	// answer, which governance install adds to the harness's timeout.
	wait := time.Duration(h.policy.Settings.ApprovalWaitSeconds) * time.Second
	if g := h.policy.Settings.Gatekeeper; g.Enabled {
		wait += time.Duration(g.TimeoutMS) * time.Millisecond
	}
	o.bound.set("deciding the call", wait)
	return h
}

// brain opens the project's brain on first use.
func (h *handler) brain() *brain.Brain { return h.pipe.Brain() }

// warn reports a state problem on stderr; it does not change the reply.
func (h *handler) warn(err error) {
	if err != nil {
		fmt.Fprintf(h.stderr, "governance: error: %v\n", err)
	}
}

// preToolUse decides a tool call through the pipeline. A harness that
// does not say which agent calls has the call attributed first.
func (h *handler) preToolUse(ctx context.Context) *governance.Decision {
	if h.ev.InferSubagents {
		h.inferCaller()
	}
	req := &h.ev.Request
	r := h.pipe.Decide(ctx, pipeline.Call{Request: req, Mode: pipeline.Enforce, CanAsk: h.ev.CanAsk, DeferAsAsk: h.ev.DeferAsAsk,
		Rewrites: h.ev.Input != nil, Unwatched: h.ev.Unwatched,
		RateKey: req.SessionID + "/" + req.AgentID, RateHint: " (batch commands, read several files at once)",
		Notify: pipeline.NotifyApproval, Follow: h.ev.Waiting})
	return r.Decision
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
			if ce := (*brain.CorruptError)(nil); errors.As(err, &ce) {
				// The session starts without its anchors and phase: say
				// so, and how to get them back, rather than nothing.
				return &Reply{Context: "governance: this session starts without the project's anchors and phase: " + ce.Error() +
					". Tell the user; only they can run it."}
			}
			return &Reply{}
		}
		first, err := b.GiveContext(id)
		h.warn(err)
		r := &Reply{Notice: h.trustNotice()}
		if first || ev.Source == "compact" {
			r.Context = h.summary(st, ev.Source == "compact")
		}
		if r.Notice != "" {
			r.Context = strings.TrimSpace(r.Context + "\n" + r.Notice + " Tell the user; only they can run it.")
		}
		return r
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

// trustNotice says, at a session's start, that the project's policy
// changed since the person trusted it, so that its allows are suspended;
// "" when they are not.
func (h *handler) trustNotice() string {
	u := h.policy.Untrusted
	if u == nil || !strings.HasPrefix(u.Why, "changed since trusted") {
		return ""
	}
	return "governance: the project's policy " + governance.Sanitize(u.Why) +
		": its allow rules are suspended until a person reads `governance trust --diff` and runs `governance trust`."
}
