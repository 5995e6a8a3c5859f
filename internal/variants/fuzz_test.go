package variants_test

import (
	"errors"
	"os/exec"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/variants"
)

// FuzzVariants applies random transforms to a command: every variant
// must parse, unless bash reads it (the parser then reads bash otherwise
// than bash, which is logged). With -variants.strict, the policy must also treat a variant
// as its original: never allow a variant of a command it blocks, and
// allow a harmless variant of a command it allows.
//
//	go test -run '^$' -fuzz '^FuzzVariants$' -fuzztime 60s ./internal/variants/
func FuzzVariants(f *testing.F) {
	for _, c := range readCorpus(f) {
		f.Add(c.Cmd, uint64(len(c.Cmd)))
	}
	harmless := map[string]bool{}
	for _, tr := range variants.Transforms() {
		harmless[tr.Name] = tr.Harmless
	}
	e := newEngine()
	f.Fuzz(func(t *testing.T, cmd string, seed uint64) {
		g := &variants.Generator{PerCase: 4, MaxSteps: 3, Seed: seed}
		// Labelled deny, the command may get every transform, sudo too.
		vs, err := g.Generate(variants.Case{Cmd: cmd, Assert: variants.Deny})
		if errors.Is(err, variants.ErrParse) {
			t.Skip()
		}
		for _, b := range brokenErrors(err) {
			if bashReads(b.From) && bashReads(b.Made) {
				t.Logf("the parser rejects what bash reads: %v", b)
				continue
			}
			t.Error(b)
		}
		orig := decide(e, cmd)
		for _, v := range vs {
			got := decide(e, v.Cmd)
			all := true
			for _, s := range v.Steps {
				all = all && harmless[s.Transform]
			}
			switch {
			case !*strict:
			case orig.Outcome.Blocks() && allowed(got.Outcome):
				t.Errorf("%q is %s by %s, but its variant %q (%s) is %s by %s", cmd, orig.Outcome, orig.Rule, v.Cmd, steps(v),
					got.Outcome, got.Rule)
			case all && allowed(orig.Outcome) && !allowed(got.Outcome):
				t.Errorf("%q is %s by %s, but its harmless variant %q (%s) is %s by %s", cmd, orig.Outcome, orig.Rule, v.Cmd,
					steps(v), got.Outcome, got.Rule)
			}
		}
	})
}

func allowed(o engine.Outcome) bool { return o == engine.Allow || o == engine.Warn }

// brokenErrors returns the BrokenErrors that err joins.
func brokenErrors(err error) []*variants.BrokenError {
	var out []*variants.BrokenError
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		if b, ok := e.(*variants.BrokenError); ok {
			out = append(out, b)
		}
	}
	return out
}

// bashReads reports whether bash -n reads a command without a syntax
// error; false when there is no bash.
func bashReads(cmd string) bool {
	return exec.Command("bash", "-n", "-c", cmd).Run() == nil
}
