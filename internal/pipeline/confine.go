package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
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
// safe set), with a read-only profile. An allow of a rule, a learned
// entry or an evaluator vouches for the call, not for code the call runs
// that nobody can see (make test runs the makefile the agent may have
// written a moment before): such a call is confined as a defer is, and
// one the analysis alone proves read-only gets the read-only profile
// under auto (see vouched). A call of unknown effects is checkpointed
// by the launcher first, under the decision's ID; in a session a person
// watches it is confined only where the checkpoint can be taken (see
// canCheckpoint), and otherwise keeps its decision. Where the call cannot
// be confined (the caller cannot rewrite, the machine cannot confine), an
// unproven call keeps its decision when a person watches the session, and
// needs a person's yes when nobody does: queue reports that the ask goes
// to the approval queue. So does a call the analysis says would not work
// confined (Decision.ConfineHazard), where nobody watches; a person who
// watches gets the harness's prompt. An allow a person's policy gave
// stands wherever the call cannot be confined. A pipeline with no
// confiner confines nothing.
func (p *Pipeline) confine(ctx context.Context, c Call, d *engine.Decision) (_ *engine.Decision, queue bool) {
	req := c.Request
	mode := p.Policy.Settings.Confine
	if p.Env.Confiner == nil || mode == engine.ConfineOff || p.Policy.Settings.LogOnly || req.Tool.Kind != engine.KindShell || d.Err != nil || p.Policy.Err != nil ||
		req.Tool.Input.Command == "" {
		return d, false
	}
	var kind, unseen string
	switch {
	case d.Outcome == engine.Defer && d.Layer == engine.LayerDefault:
		kind = KindUnknownEffects
	case d.Outcome == engine.Allow && d.Layer == engine.LayerSafeSet && mode == engine.ConfineAuto:
		kind = KindReadOnly
	case d.Outcome == engine.Allow && d.Layer != engine.LayerSafeSet:
		if kind, unseen = p.vouched(ctx, req, mode); kind == "" {
			return d, false
		}
	default:
		return d, false
	}
	// A person's policy allowed the call: where it cannot run confined,
	// that allow stands.
	policy := d.Outcome == engine.Allow && d.Layer != engine.LayerSafeSet
	// A person watches the session: the call runs confined in place of
	// the harness's prompt only when what it changes can be undone: a
	// checkpoint of the project is taken first, and the launcher does not
	// run the call when it cannot take one (--require-checkpoint). That
	// needs a state folder to keep it in, and a git work tree, whose
	// ignore rules keep the checkpoint to the project's own files; in a
	// folder that is no repository (build output, dependencies, data, all
	// unignored) the harness asks its user, as before. A policy's allow
	// has no prompt behind it to fall back on: it runs confined all the
	// same, with no checkpoint, as where nobody watches.
	attended := kind == KindUnknownEffects && !c.Unwatched
	checkpointed := attended && p.canCheckpoint(req)
	if attended && !checkpointed && !policy {
		return d, false
	}
	if kind == KindUnknownEffects && d.ConfineHazard != "" {
		if attended || policy {
			// The harness's own prompt asks the person watching.
			return d, false
		}
		// Confined, the call would fail or half-work (an install whose
		// hook manager writes .git/config): a person decides, as where
		// nothing can confine.
		out := *d
		out.Outcome = engine.Ask
		out.Layer, out.Rule = "confine", "confine-hazard"
		out.Message = "This command would not work confined: " + d.ConfineHazard + ". A confined call cannot write those " +
			"(they stay read-only, so that no code is planted for git to run later), and nobody is watching this session: a person decides."
		out.Suggestion = "Wait for the user to approve it (`governance approvals`), or, when the hooks are set up already, " +
			"install without running scripts (npm install --ignore-scripts)."
		return &out, true
	}
	root := req.ProjectRoot
	if root == "" {
		root = req.Cwd
	}
	launcher, err := "", ErrCannotRewrite
	if c.Rewrites {
		launcher, err = p.Env.Confiner()
	}
	if err == nil && !locate.Trusted(launcher, locate.Folders(root, req.Cwd)) {
		// The harness's shell runs the launcher on the host: one on PATH
		// in the project (an activated .venv/bin) a confined call could
		// have planted. (Locate, which knows no project, left out the
		// other folders a confined call can write.)
		err = fmt.Errorf("%w: the launcher found, %s, is in a folder a confined call can write; install it beside governance-hook",
			locate.ErrCannotConfine, launcher)
	}
	if err != nil {
		if kind == KindReadOnly || !c.Unwatched || policy {
			// A proven read-only call, or a person at the harness's own
			// prompt: today's decision.
			return d, false
		}
		out := *d
		out.Outcome = engine.Ask
		out.Layer, out.Rule = "confine", "cannot-confine"
		out.Message = "The analysis cannot prove what this command does, nobody is watching this session, and it cannot run " +
			"confined here (" + err.Error() + "): a person decides."
		out.Suggestion = "Wait for the user to approve it (`governance approvals`), or use a command the policy proves."
		return &out, true
	}
	out := *d
	out.Outcome = engine.Confined
	argv := []string{launcher, "--kind", kind, "--project", root}
	if engine.HarnessDialect(req.Harness) {
		// The harness that made the call: the launcher holds its absent
		// settings by placeholders, and checks most others' after the
		// call (see engine.Engine.ProtectedHolds).
		argv = append(argv, "--harness", req.Harness)
	}
	cf := &engine.Confinement{Kind: kind, Original: req.Tool.Input.Command}
	if kind == KindUnknownEffects {
		// A call that may write the project: the launcher checkpoints it
		// first, under the decision's ID in the log.
		cf.Decision = decisionlog.NewID()
		argv = append(argv, "--decision", cf.Decision)
		if checkpointed {
			argv = append(argv, "--require-checkpoint")
		}
	}
	cf.Command = shellquote.Join(append(argv, "--", "bash", "-c", req.Tool.Input.Command))
	out.Confinement = cf
	out.Message = ConfinedNote(kind, req.Tool.Input.Command, cf.Decision, p.Policy.Settings.ConfineGrants)
	if c.Mode != Enforce {
		// check and explain: nothing ran, and no checkpoint was taken.
		out.Message = confinedNote("governance would run this command confined", kind, req.Tool.Input.Command, "",
			p.Policy.Settings.ConfineGrants)
	}
	if policy {
		out.Message = allowedBy(d) + vouchedWhy(kind, unseen) + out.Message
	}
	return &out, false
}

// vouched returns the profile of a call a rule, a learned entry or an
// evaluator allowed, from what the analysis alone says of it: unknown
// effects for one that runs code nobody can see (unseen says what), and
// under auto the read-only profile for one it proves read-only. ""
// leaves the allow plain: a call whose effects the model predicts (git
// push writes a remote) gets what its allow gave, since no profile of
// just those effects exists yet.
func (p *Pipeline) vouched(ctx context.Context, req *engine.Request, mode engine.ConfineMode) (kind, unseen string) {
	a := p.engine.AnalysisAlone(ctx, req)
	switch {
	case a.Err != nil:
		return "", ""
	case a.Unseen != "":
		return KindUnknownEffects, a.Unseen
	case a.Outcome == engine.Allow && a.Layer == engine.LayerSafeSet && mode == engine.ConfineAuto:
		return KindReadOnly, ""
	}
	return "", ""
}

// allowedBy names what allowed a call: "The rule allow-tests allows this
// command", the learned entry's, the evaluator's.
func allowedBy(d *engine.Decision) string {
	switch d.Layer {
	case engine.LayerRules:
		return "The rule " + d.Rule + " allows this command"
	case engine.LayerLearned:
		return "The learned entry " + d.Rule + " allows this command"
	}
	return "The " + d.Layer + " layer allows this command"
}

// vouchedWhy says why an allowed call ran confined all the same.
func vouchedWhy(kind, unseen string) string {
	if kind == KindReadOnly {
		return ", and the analysis proves it only reads: it runs confined to reading.\n"
	}
	return ", but what it runs is code the analysis cannot see (" + unseen + "), which may have been written " +
		"since the allow was given: it runs confined.\n"
}

// ConfinedNote is what the agent is told of a call that ran confined:
// what it could not see or change, what the configuration granted, how
// to ask for more, and the checkpoint taken before it (decision, when
// not "").
func ConfinedNote(kind, command, decision string, grants engine.ConfineGrants) string {
	return confinedNote("governance ran this command confined", kind, command, decision, grants)
}

// confinedNote is ConfinedNote with its opening words: what ran, or, for
// check and explain, what would run.
func confinedNote(opening, kind, command, decision string, grants engine.ConfineGrants) string {
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
	note := opening + " (" + kind + "): " + what + "; " + secrets + ", " +
		"secret environment variables were removed and " + network + ". If it needs more, ask the user to run it " +
		"themselves: governance run --why \"REASON\" -- " + command
	if decision != "" {
		note += "\nBefore it ran, the project's files were checkpointed (unless its output says otherwise): the user can bring " +
			"them back with `governance restore " + decision + "`."
	}
	return note
}

// canCheckpoint reports whether the launcher can keep a checkpoint of the
// request's project: a state folder to keep it in, and a project that is
// a git work tree (.git a folder, or a file naming one).
func (p *Pipeline) canCheckpoint(req *engine.Request) bool {
	root := req.ProjectRoot
	if root == "" || p.Paths.StateDir == "" {
		return false
	}
	_, err := os.Lstat(filepath.Join(root, ".git"))
	return err == nil
}
