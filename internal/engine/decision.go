package engine

import "errors"

// Layer names, as they appear in decisions and traces.
const (
	LayerAnalysis  = "analysis"
	LayerInvariant = "invariant"
	LayerRules     = "rules"
	LayerAgent     = "agent"
	LayerRole      = "role"
	LayerSafeSet   = "safe-set"
	LayerDefault   = "default"
)

// Decision is the engine's answer for a request.
type Decision struct {
	// Outcome is what happens to the call.
	Outcome Outcome
	// Layer and Rule name what decided; Source is the rule's file:line.
	Layer, Rule, Source string
	// Subject is what the deciding verdict was about: a simple command,
	// a path, a URL.
	Subject string
	// Message says why; Suggestion what to do instead.
	Message, Suggestion string
	// Warnings are messages of warn verdicts on other parts of the call.
	Warnings []string
	// Notices are for the decision log, not the agent: what the decision
	// rests on that a person should know (a subagent with no agent file).
	Notices []string
	// Trace lists every verdict that was reached, in evaluation order.
	Trace []Step
	// Approval is set when the call went to the approval queue: the item
	// it waits on, or the person's answer that decided it.
	Approval *Approval
	// Confinement is set when the outcome is Confined: how the call is
	// run instead of as it came.
	Confinement *Confinement
	// ConfineHazard says why the call would not work confined, when the
	// analysis can tell: an install whose git hook manager writes git's
	// configuration, which a confinement keeps read-only. Such a call is
	// not confined; where nobody watches, a person decides.
	ConfineHazard string
	// Unseen, in a decision of Engine.AnalysisAlone, says what code the
	// call runs that the analysis cannot see (a makefile's recipes, a
	// script, a test suite), or is "": what it runs is known.
	Unseen string
	// Err says why no decision could be reached (a broken configuration,
	// an evaluator that failed, an internal error, no decision in time):
	// it wraps one of ErrConfig, ErrEvaluator, ErrInternal or ErrTimeout,
	// and the decision then blocks the call.
	Err error
}

// Confinement is how a confined call runs: the profile kind the
// launcher builds at run time and the command the harness runs in place
// of the original.
type Confinement struct {
	// Kind is the profile's kind: unknown-effects or read-only.
	Kind string
	// Command is the rewritten shell command; Original the one that came.
	Command, Original string
	// Decision is the ID the decision log records the decision under,
	// chosen before it is logged so that the rewritten command can name
	// it: the launcher records the project's checkpoint under it.
	Decision string
}

// Approval is a call's item in the approval queue and its state.
type Approval struct {
	ID    string
	State ApprovalState
}

// ApprovalState is where an approval item stands for the call.
type ApprovalState string

// The states of an approval, as a decision reports them.
const (
	// ApprovalWaiting: no person answered in time; the item waits.
	ApprovalWaiting ApprovalState = "waiting"
	// ApprovalWithdrawn: the caller gave up waiting and withdrew it.
	ApprovalWithdrawn ApprovalState = "withdrawn"
	// ApprovalApproved: a person approved the call.
	ApprovalApproved ApprovalState = "approved"
	// ApprovalDenied: a person denied it.
	ApprovalDenied ApprovalState = "denied"
)

// Why no decision could be reached; a decision's Err wraps one of them.
var (
	ErrConfig    = errors.New("the governance configuration is broken")
	ErrEvaluator = errors.New("an evaluator failed")
	ErrInternal  = errors.New("governance failed")
	ErrTimeout   = errors.New("no decision was reached in time")
)

// Step is one verdict in a decision's trace.
type Step struct {
	Layer   string
	Subject string
	Outcome Outcome
	Rule    string
	Source  string
	Note    string
}

// Verdict is the opinion of one layer on one subject.
type Verdict struct {
	Outcome             Outcome
	Layer, Rule, Source string
	Subject             string
	Message, Suggestion string
	// Err is set on the verdict of an evaluator that failed.
	Err error
}

// stricter reports whether v should replace cur as the winning verdict:
// the stricter outcome wins; on a tie the more specific source is
// reported: an invariant, which no configuration can change, then a rule,
// then the rest, and last the analysis's generic problems and the safe
// set's allows: an allow of a call that a rule or an evaluator allowed in
// part names that allow, which vouches for more than the safe set's
// proof that the rest only reads (the pipeline confines by it).
func (v Verdict) stricter(cur Verdict) bool {
	if v.Outcome != cur.Outcome {
		return v.Outcome > cur.Outcome
	}
	return specificity(v.Layer) > specificity(cur.Layer)
}

func specificity(layer string) int {
	switch layer {
	case LayerInvariant:
		return 3
	case LayerRules, LayerLearned:
		return 2
	case LayerAnalysis, LayerSafeSet:
		return 0
	}
	return 1
}

// Basis names what decided: the rule, and the approval item when a person
// answered or is asked ("human-approval a1b2c3").
func (d *Decision) Basis() string {
	if d.Approval != nil && d.Approval.ID != "" {
		return d.Rule + " " + d.Approval.ID
	}
	return d.Rule
}
