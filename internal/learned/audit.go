package learned

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// Finding is a problem of a rule set.
type Finding struct {
	// Kind is shadowed, unused, broken-example or contradiction, or
	// young: a rule that may be unused, but the decision log does not
	// cover the whole window since it appeared (not a problem yet).
	Kind   string `json:"kind"`
	Rule   string `json:"rule"`
	Source string `json:"source,omitempty"`
	Detail string `json:"detail"`
}

// AuditOptions say what the rule-set audit looks at.
type AuditOptions struct {
	// Hits holds the last time each rule decided a call (from the
	// decision log); Days is how long a rule may go without one.
	Hits map[string]time.Time
	Days int
	Now  time.Time
	// LogSince is the time of the oldest logged call (zero: none).
	LogSince time.Time
	// Appeared tells when a rule appeared, as far as is known (nil or
	// zero: long ago).
	Appeared func(*engine.Rule) time.Time
}

// Young reports whether a finding says only that history is short.
func (f Finding) Young() bool { return f.Kind == "young" }

// Audit checks a policy's configured rules and learned entries: rules
// whose own examples another rule decides differently (an allow shadowed
// by a deny, or the reverse), rules no call hit for Days days, rules
// whose examples no longer hold, and learned entries that contradict a
// level-1 rule. Built-in rules are checked only for their examples.
func Audit(pol *engine.Policy, opts AuditOptions) []Finding {
	var out []Finding
	eng := func(p *engine.Policy) *engine.Engine {
		e := engine.NewEngine(p)
		e.LookupEnv = func(string) (string, bool) { return "", false }
		return e
	}
	full := eng(pol)
	layer1 := *pol
	layer1.Learned = nil
	rulesOnly := eng(&layer1)
	decide := func(e *engine.Engine, r *engine.Rule, ex string) *engine.Decision {
		return e.Decide(context.Background(), engine.ExampleRequest(r.ExampleKind(), ex))
	}
	configured := func(r *engine.Rule) bool { return r.Scope != engine.ScopeBuiltin }
	for _, r := range pol.Rules {
		if err := r.CheckExamples(); err != nil {
			out = append(out, Finding{Kind: "broken-example", Rule: r.ID, Source: r.Source, Detail: err.Error()})
			continue
		}
		if !configured(r) {
			continue
		}
		for _, ex := range r.Examples.Match {
			d := decide(full, r, ex)
			if d.Rule != r.ID && d.Outcome != r.Outcome() && d.Layer != engine.LayerDefault {
				out = append(out, Finding{Kind: "shadowed", Rule: r.ID, Source: r.Source,
					Detail: fmt.Sprintf("its example %q is decided %s by %s, not %s by this rule", ex, d.Outcome, d.Rule, r.Outcome())})
				break
			}
		}
	}
	if opts.Days > 0 {
		since := opts.Now.Add(-time.Duration(opts.Days) * 24 * time.Hour)
		for _, r := range append(append([]*engine.Rule{}, pol.Rules...), pol.Learned...) {
			if !configured(r) {
				continue
			}
			if last, ok := opts.Hits[r.ID]; !ok || last.Before(since) {
				when := "never in the decision log"
				if ok {
					when = "last on " + last.Format("2006-01-02")
				}
				// Unused only when the log covers the whole window and the
				// rule was there all along.
				var appeared time.Time
				if opts.Appeared != nil {
					appeared = opts.Appeared(r)
				}
				switch {
				case opts.LogSince.IsZero() || opts.LogSince.After(since):
					out = append(out, Finding{Kind: "young", Rule: r.ID, Source: r.Source,
						Detail: fmt.Sprintf("not enough history yet: the decision log covers less than %d days here", opts.Days)})
				case appeared.After(since):
					out = append(out, Finding{Kind: "young", Rule: r.ID, Source: r.Source,
						Detail: fmt.Sprintf("not enough history yet: it appeared on %s, less than %d days ago", appeared.Format("2006-01-02"), opts.Days)})
				default:
					out = append(out, Finding{Kind: "unused", Rule: r.ID, Source: r.Source,
						Detail: fmt.Sprintf("no call hit it in %d days (%s)", opts.Days, when)})
				}
			}
		}
	}
	for _, r := range pol.Learned {
		for _, ex := range r.Examples.Match {
			d := decide(rulesOnly, r, ex)
			if d.Layer == engine.LayerDefault || d.Outcome == engine.Defer || d.Outcome == r.Outcome() {
				continue
			}
			out = append(out, Finding{Kind: "contradiction", Rule: r.ID, Source: r.Source,
				Detail: fmt.Sprintf("it says %s for %q, but the rule %s says %s", r.Outcome(), ex, d.Rule, d.Outcome)})
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

// String renders a finding for a terminal.
func (f Finding) String() string {
	src := ""
	if f.Source != "" {
		src = " (" + strings.TrimPrefix(f.Source, "builtin:") + ")"
	}
	return fmt.Sprintf("%-14s %s%s: %s", f.Kind, f.Rule, src, f.Detail)
}
