// Package hooks speaks each agent harness's hook protocol: it decodes a
// hook event into a canonical event (a [pipeline.Event]), has the
// pipeline answer it, and encodes the reply in the harness's own output
// format. Loading the policy, reaching the evaluators, keeping the
// session's state and handing a call to the daemon are the pipeline's.
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
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
)

// Canonical event names.
const (
	EventPreToolUse         = pipeline.EventPreToolUse
	EventPostToolUse        = pipeline.EventPostToolUse
	EventPostToolUseFailure = pipeline.EventPostToolUseFailure
	EventUserPromptSubmit   = pipeline.EventUserPromptSubmit
	EventSessionStart       = pipeline.EventSessionStart
	EventSessionEnd         = pipeline.EventSessionEnd
	EventStop               = pipeline.EventStop
	EventSubagentStart      = pipeline.EventSubagentStart
	EventSubagentStop       = pipeline.EventSubagentStop
	EventPreCompact         = pipeline.EventPreCompact
	EventOther              = pipeline.EventOther
)

// Event is a decoded hook event: the session event the pipeline answers,
// and what the dialect needs to encode its reply.
type Event struct {
	pipeline.Event
	// Raw is the harness's own name of the event.
	Raw string
	// Input is a shell call's input as the harness sent it, kept where
	// the dialect can run a rewritten one (see [Event.shellInput]); nil
	// when the call cannot be rewritten.
	Input map[string]any `json:"-"`
}

// Reply is what the hook answers to an event.
type Reply = pipeline.Reply

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
	e := pipeline.OSEnv()
	return Env{Getenv: e.Getenv, LookupEnv: e.LookupEnv, Now: e.Now, Confiner: e.Confiner, getwd: os.Getwd}
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
	return run(ctx, dialect, stdin, stdout, stderr, env, nil)
}

// run is [Run]; read, when not nil, is called once the input is read,
// before the call is decided.
func run(ctx context.Context, dialect string, stdin io.Reader, stdout, stderr io.Writer, env Env, read func()) (code int) {
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
	if read != nil {
		read()
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

// Options change where Respond gets its policy and evaluators.
type Options struct {
	// Load returns the policy of a project; nil reads the compiled
	// snapshot, compiling it when it is stale.
	Load func(layout.Paths) *engine.Policy
	// NoForward marks a process that decides what a hook hands it
	// (governance hook): it never hands the call on.
	NoForward bool
	// Evaluators reach the plugins and the gatekeeper's models (the
	// daemon's warm plugins, in-process models); an evaluator left nil is
	// reached as the hook reaches it ([pipeline.Spawned]).
	Evaluators pipeline.Evaluators
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
	req := &ev.Request
	if req.Cwd == "" {
		req.Cwd = env.cwd()
	} else if !filepath.IsAbs(req.Cwd) {
		// A harness that reports a relative folder means one under the
		// folder it started the hook in.
		req.Cwd = filepath.Join(env.cwd(), req.Cwd)
	}
	warn := func(err error) {
		if err != nil {
			fmt.Fprintf(stderr, "governance: error: %v\n", err)
		}
	}
	p := pipeline.ForEvent(&ev.Event, pipeline.Options{Load: o.Load, Evaluators: o.evaluators(),
		Env: pipeline.Env{Getenv: env.Getenv, LookupEnv: env.LookupEnv, Now: env.Now, Confiner: env.Confiner, Warn: warn}})
	o.bound.set("deciding the call", p.DecideWait())
	// A dialect that holds the shell call's input can run it rewritten.
	ev.Rewrites = ev.Input != nil
	if !o.NoForward {
		r, out, err := p.Forward(&ev.Event, dialect, data, stderr)
		switch {
		case err != nil:
			warn(err)
			return d.Fail("This project has executable (Starlark) rules, which governance-hook hands to the governance program, and that failed: " +
				err.Error())
		case out != nil:
			return out
		case r != nil:
			return d.Encode(ev, r)
		}
	}
	return d.Encode(ev, p.Handle(ctx, &ev.Event))
}

// evaluators are the evaluators as the options reach them: those not
// given as the hook reaches them ([pipeline.Spawned]).
func (o Options) evaluators() pipeline.Evaluators {
	ev := pipeline.Spawned()
	if o.Evaluators.Plugins != nil {
		ev.Plugins = o.Evaluators.Plugins
	}
	if o.Evaluators.Models != nil {
		ev.Models = o.Evaluators.Models
	}
	ev.Extra = o.Evaluators.Extra
	return ev
}
