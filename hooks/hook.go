// Package hooks speaks each agent harness's hook protocol: it decodes a
// hook event into a canonical request, asks the engine, and encodes the
// decision in the harness's own output format.
//
// Rules of this package: standard output is the protocol and nothing else
// is ever written there; diagnostics go to standard error as
// "governance: error: ..."; the exit code is decided in [Run] alone; and
// nothing fails open: malformed input, a broken configuration or an
// internal error becomes a deny with a message.
package hooks

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/plugineval"
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

// Event is a decoded hook event.
type Event struct {
	// Name is the canonical event; Raw the harness's own name.
	Name, Raw string
	// Request describes the call (for tool events) and its caller.
	Request governance.Request
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
	// Input is a shell call's input as the harness sent it, kept where
	// the dialect can run a rewritten one (see [Event.shellInput]); nil
	// when the call cannot be rewritten.
	Input map[string]any `json:"-"`
	// Unwatched reports that nobody may be at the harness to answer its
	// prompts: an unattended mode, or a harness that does not say.
	Unwatched bool `json:"-"`
	// Waiting, when set, follows a call that waits for a person (governance
	// run prints it); a cancelled call then withdraws its approval.
	Waiting *pipeline.Follow
}

// Reply is what the hook answers to an event.
type Reply struct {
	// Decision answers a PreToolUse; nil for other events.
	Decision *governance.Decision
	// Context is text to add to the agent's context.
	Context string
	// Block stops a user prompt, saying why (UserPromptSubmit).
	Block string
	// Notice is told to the person, not the agent, where the harness
	// shows a hook's message (Claude Code's and Gemini CLI's
	// systemMessage); "" for none.
	Notice string
}

// Dialect is one harness's hook protocol.
type Dialect interface {
	// Decode reads an event from the harness's input.
	Decode(data []byte, env Env) (*Event, error)
	// Encode renders the reply to an event as the harness's output.
	Encode(ev *Event, r *Reply) []byte
	// Fail renders a deny for input that could not be decoded or decided.
	Fail(msg string) []byte
}

// Env is the hook's view of its environment.
type Env struct {
	Getenv func(string) string
	// LookupEnv reads the environment tool calls run in; nil when unknown.
	LookupEnv func(string) (string, bool)
	Now       func() time.Time
	// Confiner finds the confinement launcher, or says why this machine
	// cannot confine; nil: the caller confines nothing.
	Confiner func() (string, error)
	// Cwd is the process's working directory.
	Cwd string
	// getwd reads the working directory the first time a call needs it
	// and Cwd is empty: harnesses report the call's folder, so the hook
	// rarely does.
	getwd func() (string, error)
}

// OSEnv returns the environment of the current process.
func OSEnv() Env {
	return Env{Getenv: os.Getenv, LookupEnv: os.LookupEnv, Now: time.Now, Confiner: locate.Locate, getwd: os.Getwd}
}

// cwd returns the working directory, reading it on first use.
func (e *Env) cwd() string {
	if e.Cwd == "" && e.getwd != nil {
		e.Cwd, _ = e.getwd()
		e.getwd = nil
	}
	return e.Cwd
}

// Dialects maps dialect names to implementations.
var Dialects = map[string]Dialect{
	"claude":   claude{},
	"codex":    codex{},
	"gemini":   gemini{},
	"cursor":   cursor{},
	"copilot":  copilot{},
	"opencode": opencode{},
}

// ErrUnknownDialect is returned for a dialect name that is not supported.
var ErrUnknownDialect = errors.New("unknown hook dialect")

// maxInput bounds the hook input; larger input is refused.
const maxInput = 8 << 20

// Run handles one hook invocation and returns the process exit code.
func Run(ctx context.Context, dialect string, stdin io.Reader, stdout, stderr io.Writer, env Env) (code int) {
	d, ok := Dialects[dialect]
	if !ok {
		fmt.Fprintf(stderr, "governance: error: %v %q (supported: claude, codex, copilot, cursor, gemini, opencode)\n", ErrUnknownDialect, dialect)
		// Answer in Claude's format: it is the common protocol, and a deny
		// is better than silence.
		stdout.Write(claude{}.Fail(fmt.Sprintf("governance-hook was started with an unknown dialect %q.", dialect)))
		return 0
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err == nil && len(data) > maxInput {
		err = fmt.Errorf("the input is larger than %d bytes", maxInput)
	}
	if err != nil {
		fmt.Fprintf(stderr, "governance: error: reading hook input: %v\n", err)
		stdout.Write(d.Fail("governance could not read the hook input: " + err.Error()))
		return 0
	}
	stdout.Write(respondWithin(ctx, d, dialect, data, env, stderr, Options{}, loadBound))
	return 0
}

// respondWithin is [Respond] bounded in time: a call that has not
// answered within limit (plus the approval wait its policy allows, once
// loaded) is denied, naming what it was doing. What it was doing goes on
// in the background until the process exits.
func respondWithin(ctx context.Context, d Dialect, dialect string, data []byte, env Env, stderr io.Writer, o Options, limit time.Duration) []byte {
	b := newBound(limit)
	defer b.stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errw := &lockedWriter{w: stderr}
	o.bound = b
	done := make(chan []byte, 1)
	go func() {
		growStack(len(data))
		done <- Respond(ctx, dialect, data, env, errw, o)
	}()
	select {
	case out := <-done:
		return out
	case <-b.expired:
		msg := b.reason()
		fmt.Fprintf(errw, "governance: error: %s\n", msg)
		return d.Fail(msg)
	}
}

// Options change where Respond gets its policy.
type Options struct {
	// Load returns the policy of a project; nil reads the compiled
	// snapshot, compiling it when it is stale.
	Load func(layout.Paths) *governance.Policy
	// InDaemon marks the daemon answering for a hook: it never asks a
	// daemon itself.
	InDaemon bool
	// Models makes the gatekeeper's models in-process (the daemon); nil
	// runs them as processes.
	Models gatekeeper.NewModel
	// Plugins reaches the configured plugins (the daemon's warm ones);
	// nil starts them for the call where the configuration allows it.
	Plugins func(governance.PluginSpec) plugineval.Caller
	// bound is the call's deadline, told what the call does.
	bound *bound
}

// Respond answers one hook input in a dialect and returns the reply to
// print. It never fails: bad input, a broken configuration or an internal
// error becomes a deny in the dialect's format.
func Respond(ctx context.Context, dialect string, data []byte, env Env, stderr io.Writer, o Options) (out []byte) {
	d, ok := Dialects[dialect]
	if !ok {
		return claude{}.Fail(fmt.Sprintf("governance-hook was started with an unknown dialect %q.", dialect))
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "governance: error: internal error: %v\n", r)
			out = d.Fail(fmt.Sprintf("governance hit an internal error (%v) and blocked the call to stay safe.", r))
		}
	}()
	ev, err := d.Decode(data, env)
	if err != nil {
		fmt.Fprintf(stderr, "governance: error: %v\n", err)
		return d.Fail("governance could not understand the hook input: " + err.Error())
	}
	h := newHandler(ev, env, stderr, o)
	if len(h.policy.ExternalChecks) > 0 && !o.InDaemon {
		// Executable rules need a program with the Starlark interpreter:
		// the daemon when one runs, else governance itself.
		if reply, ok := h.viaDaemon(dialect, data); ok {
			return reply
		}
		if reply, err := h.viaGovernance(dialect, data); err == nil {
			return reply
		} else {
			h.warn(err)
			return d.Fail("This project has executable (Starlark) rules, which governance-hook hands to the governance program, and that failed: " +
				err.Error())
		}
	}
	if h.policy.UsesDaemon() && !o.InDaemon {
		if reply, ok := h.viaDaemon(dialect, data); ok {
			return reply
		}
		if reply, ok := h.awaitPluginDaemon(dialect, data); ok {
			return reply
		}
	}
	return d.Encode(ev, h.handle(ctx))
}

// Handle answers one event: it decides a PreToolUse and keeps the
// session's state for the others. State that cannot be written is
// reported on stderr; it never blocks a call that the policy allows, and a
// delegation that cannot be checked is refused.
func Handle(ctx context.Context, ev *Event, env Env, stderr io.Writer) *Reply {
	return newHandler(ev, env, stderr, Options{}).handle(ctx)
}

// evaluators are the evaluators as the options reach them: those not
// given as the hook reaches them ([pipeline.Spawned]).
func (o Options) evaluators() pipeline.Evaluators {
	ev := pipeline.Spawned()
	if o.Plugins != nil {
		ev.Plugins = o.Plugins
	}
	if o.Models != nil {
		ev.Models = o.Models
	}
	return ev
}

func (h *handler) handle(ctx context.Context) *Reply {
	if h.ev.Name == EventPreToolUse {
		return &Reply{Decision: h.preToolUse(ctx)}
	}
	return h.sessionEvent()
}
