package template

import "testing"

func TestEveryRuleHasItsExamples(t *testing.T) {
	t.Parallel()
	if len(PolicyExamples) != len(Policy) {
		t.Fatalf("%d example sets for %d rules", len(PolicyExamples), len(Policy))
	}
	for i, s := range PolicyWithExamples() {
		if len(Policy[i].Examples.Match) > 0 || len(Policy[i].Examples.NotMatch) > 0 {
			t.Errorf("rule %s: Policy holds examples; PolicyExamples should", s.ID)
		}
		if len(s.Examples.Match) == 0 {
			t.Errorf("rule %s has no examples", s.ID)
		}
	}
}
