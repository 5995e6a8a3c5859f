package pipeline

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// Canonical event names.
const (
	EventPreToolUse         = "PreToolUse"
	EventPostToolUse        = "PostToolUse"
	EventPostToolUseFailure = "PostToolUseFailure"
	EventUserPromptSubmit   = "UserPromptSubmit"
	EventSessionStart       = "SessionStart"
	EventSessionEnd         = "SessionEnd"
	EventStop               = "Stop"
	EventSubagentStart      = "SubagentStart"
	EventSubagentStop       = "SubagentStop"
	EventPreCompact         = "PreCompact"
	EventOther              = "Other"
)

// Event is one event of an agent session: a harness's hook event as
// hooks/ decodes it, or a call a caller makes itself (governance run).
type Event struct {
	// Name is the canonical event.
	Name string
	// Request describes the call (for tool events) and its caller.
	Request engine.Request
	// ProjectDir is the project folder the harness reports, if any.
	ProjectDir string
	// Source is why a session starts: startup, resume, clear or compact.
	Source string
	// Prompt is the user's prompt (UserPromptSubmit).
	Prompt string
	// Reason is why a session ended.
	Reason string
	// DurationMS is how long a finished tool call took.
	DurationMS int64
	// CanAsk reports that the harness can put an ask to its user.
	CanAsk bool
	// InferSubagents marks harnesses that do not say which agent makes a
	// call: a call made while a subagent the main thread started is
	// running is taken to be the subagent's.
	InferSubagents bool
	// DeferAsAsk makes a call no layer decides need a person's approval,
	// for callers with no permission flow of their own to defer to
	// (governance run).
	DeferAsAsk bool
	// Rewrites reports that the caller can run a shell call as the
	// decision rewrites it (see [Call.Rewrites]).
	Rewrites bool `json:"-"`
	// Unwatched reports that nobody may be at the harness to answer its
	// prompts: an unattended mode, or a harness that does not say.
	Unwatched bool `json:"-"`
	// Waiting, when set, follows a call that waits for a person (governance
	// run prints it); a cancelled call then withdraws its approval.
	Waiting *Follow `json:"-"`
}

// Reply is what an event is answered.
type Reply struct {
	// Decision answers a PreToolUse; nil for other events.
	Decision *engine.Decision
	// Context is text to add to the agent's context.
	Context string
	// Block stops a user prompt, saying why (UserPromptSubmit).
	Block string
	// Notice is told to the person, not the agent, where the harness
	// shows a hook's message (Claude Code's and Gemini CLI's
	// systemMessage); "" for none.
	Notice string
}

// ForEvent returns the pipeline of the project an event comes from, found
// from the event's folder (absolute) and the project folder its harness
// reports: [New] with o.Paths so discovered. A request that does not say
// its project's root or its home gets them.
func ForEvent(ev *Event, o Options) *Pipeline {
	req := &ev.Request
	o.Paths = layout.Discover(req.Cwd, ev.ProjectDir, o.Env.Getenv)
	if req.ProjectRoot == "" {
		req.ProjectRoot = o.Paths.ProjectRoot
	}
	if req.Home == "" {
		req.Home = o.Paths.Home
	}
	return New(o)
}

// DecideWait is how long deciding a call may take beyond loading its
// policy: the wait for a person's approval and a gatekeeper's answer,
// which governance install adds to the harness's timeout.
func (p *Pipeline) DecideWait() time.Duration {
	wait := time.Duration(p.Policy.Settings.ApprovalWaitSeconds) * time.Second
	if g := p.Policy.Settings.Gatekeeper; g.Enabled {
		wait += time.Duration(g.TimeoutMS) * time.Millisecond
	}
	return wait
}

// Handle answers one event: it decides a PreToolUse and keeps the
// session's state for the others. State that cannot be written is
// reported (Env.Warn); it never blocks a call that the policy allows, and
// a delegation that cannot be checked is refused.
func (p *Pipeline) Handle(ctx context.Context, ev *Event) *Reply {
	s := &session{p: p, ev: ev}
	if ev.Name == EventPreToolUse {
		return &Reply{Decision: s.preToolUse(ctx)}
	}
	return s.sessionEvent()
}

// session answers one event with the project's policy and brain.
type session struct {
	p  *Pipeline
	ev *Event
}

// preToolUse decides a tool call through the pipeline. A harness that
// does not say which agent calls has the call attributed first.
func (s *session) preToolUse(ctx context.Context) *engine.Decision {
	if s.ev.InferSubagents {
		s.inferCaller()
	}
	req := &s.ev.Request
	r := s.p.Decide(ctx, Call{Request: req, Mode: Enforce, CanAsk: s.ev.CanAsk, DeferAsAsk: s.ev.DeferAsAsk,
		Rewrites: s.ev.Rewrites, Unwatched: s.ev.Unwatched,
		RateKey: req.SessionID + "/" + req.AgentID, RateHint: " (batch commands, read several files at once)",
		Notify: NotifyApproval, Follow: s.ev.Waiting})
	return r.Decision
}

// limitsConcurrency reports whether any role bounds running calls.
func (s *session) limitsConcurrency() bool {
	for _, r := range s.p.Policy.Roles {
		if r.Limits.MaxConcurrent > 0 {
			return true
		}
	}
	return false
}

// sessionEvent keeps the session's state and answers with context where
// the event takes it.
func (s *session) sessionEvent() *Reply {
	ev, req := s.ev, &s.ev.Request
	id := req.SessionID
	if id == "" {
		return &Reply{}
	}
	b := s.p.Brain()
	switch ev.Name {
	case EventSessionStart:
		_, st, err := b.SessionStart(id, req.Harness, ev.Source)
		if err != nil {
			s.p.warn(err)
			if ce := (*brain.CorruptError)(nil); errors.As(err, &ce) {
				// The session starts without its anchors and phase: say
				// so, and how to get them back, rather than nothing.
				return &Reply{Context: "governance: this session starts without the project's anchors and phase: " + ce.Error() +
					". Tell the user; only they can run it."}
			}
			return &Reply{}
		}
		first, err := b.GiveContext(id)
		s.p.warn(err)
		r := &Reply{Notice: s.trustNotice()}
		if first || ev.Source == "compact" {
			r.Context = s.summary(st, ev.Source == "compact")
		}
		if r.Notice != "" {
			r.Context = strings.TrimSpace(r.Context + "\n" + r.Notice + " Tell the user; only they can run it.")
		}
		return r
	case EventUserPromptSubmit:
		if s.p.Policy.Settings.BlockSecretPrompts {
			if kind := engine.FindSecret(ev.Prompt); kind != "" {
				s.p.warn(b.Record(brain.Entry{Kind: brain.KindPromptBlocked, Session: id, Detail: kind}))
				return &Reply{Block: "governance blocked this prompt: it contains what looks like " + kind +
					". Credentials in a prompt are sent to the model and kept in the transcript. Remove it and refer to the secret by name (an environment variable or a file the tools read) instead."}
			}
		}
		if first, err := b.GiveContext(id); err == nil && first {
			st, err := b.ReadState()
			s.p.warn(err)
			if st != nil {
				return &Reply{Context: s.summary(st, false)}
			}
		} else {
			s.p.warn(err)
		}
	case EventSubagentStart:
		node, _, err := b.SubagentStart(id, req.AgentID, req.Agent)
		if err != nil {
			s.p.warn(err)
			return &Reply{}
		}
		if node.Depth == 1 {
			st, err := b.ReadState()
			s.p.warn(err)
			if st != nil && st.Phase != "" {
				return &Reply{Context: "governance: the project's current phase is " + engine.Sanitize(st.Phase) + "."}
			}
		}
	case EventSubagentStop:
		s.p.warn(b.SubagentStop(id, req.AgentID, req.Agent))
	case EventPostToolUse, EventPostToolUseFailure:
		s.p.warn(b.ToolDone(id, string(req.Tool.Kind), ev.DurationMS, ev.Name == EventPostToolUseFailure))
		if ev.InferSubagents {
			s.inferredDone()
		}
		if s.limitsConcurrency() {
			s.p.warn(brain.Release(brain.LimitsPath(s.p.Paths.StateDir), req.ToolUseID))
		}
	case EventStop:
		s.p.warn(b.Stop(id))
	case EventSessionEnd:
		s.p.warn(b.SessionEnd(id, ev.Reason))
	}
	return &Reply{}
}

// summary is the context the main thread gets: the active policy, the
// current phase and the pinned anchors.
func (s *session) summary(st *brain.State, afterCompaction bool) string {
	var b strings.Builder
	set := s.p.Policy.Settings
	if afterCompaction {
		b.WriteString("Reminder after compaction: ")
	}
	fmt.Fprintf(&b, "governance checks every tool call in this project (mode: %s). ", set.Mode())
	if set.LogOnly {
		b.WriteString("It records what it would block but blocks nothing.\n")
	} else {
		b.WriteString("A blocked call comes back with a reason and a suggestion: follow the suggestion instead of working around the block.\n")
	}
	counts := map[string]int{}
	for _, r := range s.p.Policy.Rules {
		counts[r.Scope]++
	}
	fmt.Fprintf(&b, "Policy: %d built-in, %d user and %d project rules", counts[engine.ScopeBuiltin],
		counts[engine.ScopeGlobal], counts[engine.ScopeRepo])
	if n := len(s.p.Policy.Checks); n > 0 {
		fmt.Fprintf(&b, ", %d executable rule files", n)
	}
	fmt.Fprintf(&b, "; subagents may nest %d levels deep", set.MaxDelegationDepth)
	if set.MainAgent != "" {
		fmt.Fprintf(&b, "; the main thread follows the agent file %s", engine.Sanitize(set.MainAgent))
	}
	b.WriteString(".\n")
	if st.Phase != "" {
		fmt.Fprintf(&b, "Current phase: %s.\n", engine.Sanitize(st.Phase))
	}
	if pinned := st.Pinned(); len(pinned) > 0 {
		b.WriteString("Pinned:\n")
		for _, a := range pinned {
			fmt.Fprintf(&b, "- [%s] %s\n", a.Priority, engine.Sanitize(a.Text))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// trustNotice says, at a session's start, that the project's policy
// changed since the person trusted it, so that its allows are suspended;
// "" when they are not.
func (s *session) trustNotice() string {
	u := s.p.Policy.Untrusted
	if u == nil || !strings.HasPrefix(u.Why, "changed since trusted") {
		return ""
	}
	return "governance: the project's policy " + engine.Sanitize(u.Why) +
		": its allow rules are suspended until a person reads `governance trust --diff` and runs `governance trust`."
}
