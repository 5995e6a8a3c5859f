// Package plugineval turns what plugins answer into verdicts of the
// policy. It groups a policy's plugins by position into evaluators for the
// engine, applies a plugin's scope (a project's plugin may only ask, deny
// or abort), and
// decides a call that a plugin fails to answer as the plugin's on_error
// says, with a message that names the plugin.
//
// It links no plugin transport, so that the hook can use it: callers say
// how a plugin is reached (the daemon's warm plugins, a cold start).
package plugineval

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/agentgov/governance/internal/engine"
)

// Caller reaches one plugin.
type Caller interface {
	// Call asks the plugin about a request, within the plugin's timeout.
	// The verdict is the plugin's own answer: an outcome, a rule, a
	// message and a suggestion; the zero verdict has no opinion.
	Call(ctx context.Context, req *engine.Request) (engine.Verdict, error)
}

// Reasons a plugin did not answer; the errors callers return wrap them.
var (
	// ErrTimeout means the plugin did not answer within its timeout.
	ErrTimeout = errors.New("did not answer in time")
	// ErrCrashed means the plugin's process ended while deciding.
	ErrCrashed = errors.New("crashed")
	// ErrNoDaemon means no daemon runs the plugin and the configuration
	// does not let the hook start it.
	ErrNoDaemon = errors.New("no daemon is running it and allow_cold_start is off")
	// ErrUntrusted means the plugin comes from a project's configuration
	// and the user has not trusted its executable.
	ErrUntrusted = errors.New("the user has not trusted its executable")
)

// Install adds evaluators for plugins to an engine, one per position:
// before the rules as a BeforeRules evaluator, the others as evaluators
// of what layer 1 leaves undecided, in evaluation order. (Learned policy
// goes between after_rules and before_gatekeeper, the LLM gatekeeper after
// both.) reach says how each plugin is called.
func Install(e *engine.Engine, specs []engine.PluginSpec, reach func(engine.PluginSpec) Caller) {
	for _, pos := range engine.PluginPositions {
		g := &group{}
		for _, s := range specs {
			if s.Position == pos {
				var c Caller = untrusted{}
				if !s.Untrusted {
					c = reach(s)
				}
				g.members = append(g.members, member{spec: s, c: c})
			}
		}
		if len(g.members) == 0 {
			continue
		}
		if pos == engine.BeforeRules {
			e.BeforeRules = append(e.BeforeRules, g)
		} else {
			e.Evaluators = append(e.Evaluators, g)
		}
	}
}

type member struct {
	spec engine.PluginSpec
	c    Caller
}

// group is the plugins of one position as one evaluator: every plugin is
// asked, at the same time, and the strictest verdict wins.
type group struct{ members []member }

func (g *group) Name() string { return engine.LayerPlugin }

func (g *group) Evaluate(ctx context.Context, req *engine.Request) (engine.Verdict, error) {
	got := make([]engine.Verdict, len(g.members))
	ask := func(i int) {
		m := g.members[i]
		v, err := m.c.Call(ctx, req)
		if err != nil {
			got[i] = ErrorVerdict(m.spec, err)
			return
		}
		got[i] = Verdict(m.spec, v)
	}
	if len(g.members) == 1 {
		ask(0)
	} else {
		var wg sync.WaitGroup
		for i := range g.members {
			wg.Go(func() { ask(i) })
		}
		wg.Wait()
	}
	var win engine.Verdict
	for _, v := range got {
		if v.Outcome > win.Outcome {
			win = v
		}
	}
	if win.Outcome != engine.NoOpinion {
		win.Subject = subject(req)
	}
	return win, nil
}

// subject is what a plugin's verdict is about: a plugin judges the whole
// call.
func subject(req *engine.Request) string {
	in := req.Tool.Input
	switch {
	case in.Command != "":
		return in.Command
	case len(in.Paths) > 0:
		return strings.Join(in.Paths, " ")
	case in.URL != "" || in.Query != "":
		return in.URL + in.Query
	case in.Subagent != "":
		return "agent " + in.Subagent
	case in.Server != "":
		return in.Server + "_" + in.MCPTool
	}
	return req.Tool.Name
}

// Verdict makes a plugin's answer a verdict of the policy: in the plugin
// layer, named after the plugin, with its configuration as the source,
// and with text fit for an agent's terminal. A project's plugin can only
// ask, deny or abort, and an outcome the protocol does not have is an
// error.
func Verdict(spec engine.PluginSpec, v engine.Verdict) engine.Verdict {
	switch {
	case v.Outcome > engine.Abort || v.Outcome == engine.Confined:
		// Confined is the pipeline's alone: it comes with the rewrite.
		return ErrorVerdict(spec, fmt.Errorf("answered with an unknown outcome (%d)", v.Outcome))
	case v.Outcome == engine.NoOpinion:
		return engine.Verdict{}
	case v.Outcome < engine.Ask && spec.Scope == engine.ScopeRepo:
		// A project may tighten the policy, never loosen it: an allow, a
		// warn or a defer would decide calls the user's policy may ask
		// about.
		return engine.Verdict{}
	}
	out := engine.Verdict{Outcome: v.Outcome, Layer: engine.LayerPlugin, Rule: spec.Name, Source: spec.Source,
		Message: engine.Sanitize(v.Message), Suggestion: engine.Sanitize(v.Suggestion)}
	if v.Rule != "" {
		out.Rule += ":" + engine.Sanitize(v.Rule)
	}
	if v.Outcome >= engine.Ask {
		if out.Message == "" {
			out.Message = fmt.Sprintf("The plugin %s %s this call.", spec.Name, verb(v.Outcome))
		}
		if out.Suggestion == "" {
			out.Suggestion = fmt.Sprintf("Ask the people who maintain the %s plugin's policy whether the call should run.", spec.Name)
		}
	}
	return out
}

func verb(o engine.Outcome) string {
	switch o {
	case engine.Ask:
		return "needs a person to approve"
	case engine.Abort:
		return "stops the agent over"
	}
	return "blocks"
}

// untrusted is a plugin that is never started.
type untrusted struct{}

func (untrusted) Call(context.Context, *engine.Request) (engine.Verdict, error) {
	return engine.Verdict{}, ErrUntrusted
}

// ErrorVerdict decides a call that a plugin failed to answer, as the
// plugin's on_error says, naming the plugin and what went wrong. A
// plugin the user has not trusted asks, whatever on_error says: the
// project wants its check, and only a person can let it run.
func ErrorVerdict(spec engine.PluginSpec, err error) engine.Verdict {
	if errors.Is(err, ErrUntrusted) {
		return engine.Verdict{Outcome: engine.Ask, Layer: engine.LayerPlugin, Rule: spec.Name, Source: spec.Source,
			Message: fmt.Sprintf("The project's configuration runs the plugin %s (%s), a program you have not trusted, so it was not started and a person must approve the call.",
				spec.Name, engine.Sanitize(spec.Path)),
			Suggestion: fmt.Sprintf("Tell the user: after checking the program, they trust it with `governance plugins trust %s` in the project, or remove it from the project's config.yaml.", spec.Name)}
	}
	out := spec.OnError
	if out != engine.Ask {
		out = engine.Deny
	}
	var what string
	switch {
	case errors.Is(err, ErrTimeout):
		what = fmt.Sprintf("did not answer within %s", spec.Timeout)
	case errors.Is(err, ErrCrashed):
		what = "crashed while deciding this call (it is restarted)"
	case errors.Is(err, ErrNoDaemon):
		what = "runs in the governance daemon, and no daemon answered"
	default:
		what = "failed: " + engine.Sanitize(err.Error())
	}
	then := "so the call is blocked"
	if out == engine.Ask {
		then = "so a person must approve the call"
	}
	v := engine.Verdict{Outcome: out, Layer: engine.LayerPlugin, Rule: spec.Name, Source: spec.Source,
		Message: fmt.Sprintf("The plugin %s %s, %s (on_error: %s).", spec.Name, what, then, out)}
	if errors.Is(err, ErrNoDaemon) {
		v.Suggestion = "Start one with `governance daemon` (with `daemon: auto` the hook starts it), or set `allow_cold_start: true` on the plugin to start it for each call, which is much slower."
	} else {
		v.Suggestion = fmt.Sprintf("Retry the call; if the plugin keeps failing, ask a human to check it with `governance plugins test %s -- COMMAND`.", spec.Name)
	}
	return v
}
