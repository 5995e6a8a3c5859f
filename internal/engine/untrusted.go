package engine

import (
	"fmt"
	"strings"
)

// A project's committed policy may tighten the user's, and loosens it only
// once a person trusts it: until then, and again after any change to the
// files, what it would allow does not apply. Its denies and asks always
// apply. The configuration loader takes the project's allows out of the
// policy and keeps them here, so that a call they would have allowed says
// why it was not, and `governance explain` shows them skipped.

// untrustedNote is the trace note of a project allow that did not apply.
const untrustedNote = "skipped: the project's policy is not trusted as it is now (governance trust)"

// Untrusted is what a project's policy would allow but may not until a
// person trusts it.
type Untrusted struct {
	// Why says how the project stands: "not trusted", or "changed since
	// trusted" with what changed.
	Why string
	// Rules and Learned are the project's allow and warn rules and its
	// approved learned entries; they decide nothing.
	Rules, Learned []*Rule
}

// WithoutAllows wraps an executable rule of a project that is not
// trusted: its denies and asks apply, its allows and warnings do not.
func WithoutAllows(c CommandCheck) CommandCheck { return untrustedCheck{c} }

type untrustedCheck struct{ CommandCheck }

// skipped is a project allow that did not apply to a subject.
type skipped struct {
	s *subject
	v Verdict
}

// loosens reports outcomes that let a call run without a person.
func loosens(o Outcome) bool { return o == Allow || o == Warn }

// untrustedVerdicts records, for a subject no layer decided, the project
// allows that would have decided it, and returns the first of them.
func (ev *evaluation) untrustedVerdicts(s *subject) (Verdict, bool) {
	u := ev.e.Policy.Untrusted
	if u == nil {
		return Verdict{}, false
	}
	var first Verdict
	found := false
	note := func(v Verdict) {
		v.Subject = s.display
		ev.step(v, untrustedNote)
		if !found {
			first, found = v, true
		}
	}
	for _, l := range []struct {
		layer string
		rules []*Rule
	}{{LayerRules, u.Rules}, {LayerLearned, u.Learned}} {
		for _, r := range l.rules {
			if r.appliesTo(s, ev.agent, ev.scope) && r.matches(s, ev.pc, false) {
				note(Verdict{Outcome: r.outcome, Layer: l.layer, Rule: r.ID, Source: r.Source})
			}
		}
	}
	for _, sk := range ev.skipped {
		if sk.s == s && !found {
			first, found = sk.v, true
		}
	}
	return first, found
}

// untrustedMessage adds to a verdict on a call that a project allow would
// have decided why it did not, and what a person can do.
func (ev *evaluation) untrustedMessage(v *Verdict, by Verdict) {
	why := ev.e.Policy.Untrusted.Why
	if why == "" {
		why = "not trusted"
	}
	where := by.Rule
	if by.Source != "" {
		where += " (" + by.Source + ")"
	}
	v.Message = strings.TrimSpace(v.Message + fmt.Sprintf(" The project's rule %s would %s it, but the project's allows do not apply: its policy is %s.",
		where, by.Outcome, why))
	v.Suggestion = "Ask the user to review the project's .governance files and run `governance trust` in the project; until then the call needs a person's approval."
}
