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
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
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
}

// Dialect is one harness's hook protocol.
type Dialect interface {
	// Decode reads an event from the harness's input.
	Decode(data []byte, env Env) (*Event, error)
	// Encode renders a decision for an event as the harness's output.
	Encode(ev *Event, d *governance.Decision) []byte
	// Fail renders a deny for input that could not be decoded or decided.
	Fail(msg string) []byte
}

// Env is the hook's view of its environment.
type Env struct {
	Getenv func(string) string
	// LookupEnv reads the environment tool calls run in; nil when unknown.
	LookupEnv func(string) (string, bool)
	Now       func() time.Time
	// Cwd is the process's working directory.
	Cwd string
}

// OSEnv returns the environment of the current process.
func OSEnv() Env {
	cwd, _ := os.Getwd()
	return Env{Getenv: os.Getenv, LookupEnv: os.LookupEnv, Now: time.Now, Cwd: cwd}
}

// Dialects maps dialect names to implementations.
var Dialects = map[string]Dialect{
	"claude": claude{},
}

// ErrUnknownDialect is returned for a dialect name that is not supported.
var ErrUnknownDialect = errors.New("unknown hook dialect")

// maxInput bounds the hook input; larger input is refused.
const maxInput = 8 << 20

// Run handles one hook invocation and returns the process exit code.
func Run(ctx context.Context, dialect string, stdin io.Reader, stdout, stderr io.Writer, env Env) (code int) {
	d, ok := Dialects[dialect]
	if !ok {
		fmt.Fprintf(stderr, "governance: error: %v %q (supported: claude)\n", ErrUnknownDialect, dialect)
		// Answer in Claude's format: it is the common protocol, and a deny
		// is better than silence.
		stdout.Write(claude{}.Fail(fmt.Sprintf("governance-hook was started with an unknown dialect %q.", dialect)))
		return 0
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "governance: error: internal error: %v\n", r)
			stdout.Write(d.Fail(fmt.Sprintf("governance hit an internal error (%v) and blocked the call to stay safe.", r)))
			code = 0
		}
	}()
	data, err := io.ReadAll(io.LimitReader(stdin, maxInput+1))
	if err == nil && len(data) > maxInput {
		err = fmt.Errorf("the input is larger than %d bytes", maxInput)
	}
	if err != nil {
		fmt.Fprintf(stderr, "governance: error: reading hook input: %v\n", err)
		stdout.Write(d.Fail("governance could not read the hook input: " + err.Error()))
		return 0
	}
	ev, err := d.Decode(data, env)
	if err != nil {
		fmt.Fprintf(stderr, "governance: error: %v\n", err)
		stdout.Write(d.Fail("governance could not understand the hook input: " + err.Error()))
		return 0
	}
	if ev.Name != EventPreToolUse {
		stdout.Write(d.Encode(ev, nil))
		return 0
	}
	dec := Decide(ctx, ev, env)
	stdout.Write(d.Encode(ev, dec))
	return 0
}

// Decide loads the configuration for the event's project and decides the
// event's request.
func Decide(ctx context.Context, ev *Event, env Env) *governance.Decision {
	req := &ev.Request
	cwd := req.Cwd
	if cwd == "" {
		cwd = env.Cwd
		req.Cwd = cwd
	}
	paths := layout.Discover(cwd, ev.ProjectDir, env.Getenv)
	if req.ProjectRoot == "" {
		req.ProjectRoot = paths.ProjectRoot
	}
	if req.Home == "" {
		req.Home = paths.Home
	}
	pol := snapshot.Load(paths, snapshot.ExecCompiler)
	e := governance.NewEngine(pol)
	e.LookupEnv = env.LookupEnv
	return e.Decide(ctx, req)
}
