package pipeline

import (
	"errors"
	"strings"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/shellquote"
)

// Profile kinds of a confined call, as the launcher (internal/confine)
// names them.
const (
	KindUnknownEffects = "unknown-effects"
	KindReadOnly       = "read-only"
)

// ErrCannotRewrite is the confiner's answer for a caller that cannot run
// a call as the decision rewrites it.
var ErrCannotRewrite = errors.New("the caller cannot run a rewritten call")

// confine is the step after the engine: a shell call the analysis could
// not prove (a defer of the default layer: no rule or layer decided it)
// runs through the confinement launcher, with a profile of unknown
// effects; under confine: auto, so does a proven read-only allow (the
// safe set), with a read-only profile. Allows of rules, learned policy
// and evaluators stay allows. Where the call cannot be confined (the
// caller cannot rewrite, the machine cannot confine), an unproven call
// keeps its decision when a person watches the session, and needs a
// person's yes when nobody does: queue reports that the ask goes to the
// approval queue. A pipeline with no confiner confines nothing.
func (p *Pipeline) confine(c Call, d *governance.Decision) (_ *governance.Decision, queue bool) {
	req := c.Request
	mode := p.Policy.Settings.Confine
	if p.Env.Confiner == nil || mode == governance.ConfineOff || p.Policy.Settings.LogOnly || req.Tool.Kind != governance.KindShell || d.Err != nil || p.Policy.Err != nil ||
		req.Tool.Input.Command == "" {
		return d, false
	}
	var kind string
	switch {
	case d.Outcome == governance.Defer && d.Layer == governance.LayerDefault:
		kind = KindUnknownEffects
	case d.Outcome == governance.Allow && d.Layer == governance.LayerSafeSet && mode == governance.ConfineAuto:
		kind = KindReadOnly
	default:
		return d, false
	}
	if kind == KindUnknownEffects && !c.Unwatched {
		// A person watches the session: the harness's own prompt asks
		// them, as before. Confining instead would run the call without
		// that prompt, and a confined call may still change the project
		// (no checkpoint is kept yet) or create a harness folder that
		// does not exist yet; where nobody watches, the defer ran with
		// the user's full power, and confined it runs with far less.
		return d, false
	}
	launcher, err := "", ErrCannotRewrite
	if c.Rewrites {
		launcher, err = p.Env.Confiner()
	}
	if err != nil {
		if kind == KindReadOnly || !c.Unwatched {
			// A proven read-only call, or a person at the harness's own
			// prompt: today's decision.
			return d, false
		}
		out := *d
		out.Outcome = governance.Ask
		out.Layer, out.Rule = "confine", "cannot-confine"
		out.Message = "The analysis cannot prove what this command does, nobody is watching this session, and it cannot run " +
			"confined here (" + err.Error() + "): a person decides."
		out.Suggestion = "Wait for the user to approve it (`governance approvals`), or use a command the policy proves."
		return &out, true
	}
	root := req.ProjectRoot
	if root == "" {
		root = req.Cwd
	}
	out := *d
	out.Outcome = governance.Confined
	out.Confinement = &governance.Confinement{Kind: kind, Original: req.Tool.Input.Command,
		Command: shellquote.Join([]string{launcher, "--kind", kind, "--project", root, "--", "bash", "-c", req.Tool.Input.Command})}
	out.Message = ConfinedNote(kind, req.Tool.Input.Command, p.Policy.Settings.ConfineGrants)
	return &out, false
}

// ConfinedNote is what the agent is told of a call that ran confined:
// what it could not see or change, what the configuration granted, and
// how to ask for more.
func ConfinedNote(kind, command string, grants governance.ConfineGrants) string {
	what := "it could write the project (not its .governance folder or the harnesses' settings) and a private /tmp"
	if kind == KindReadOnly {
		what = "it could write nothing but a private /tmp and the tools' caches"
	}
	secrets, network := "secret files read as empty", "it had no network"
	if len(grants.Read) > 0 {
		secrets = "secret files read as empty but those the configuration grants (" + strings.Join(grants.Read, ", ") + ")"
	}
	if len(grants.Network) > 0 {
		network = "it had the network the configuration grants (" + strings.Join(grants.Network, ", ") + ")"
	}
	return "governance ran this command confined (" + kind + "): " + what + "; " + secrets + ", " +
		"secret environment variables were removed and " + network + ". If it needs more, ask the user to run it " +
		"themselves: governance run --why \"REASON\" -- " + command
}
