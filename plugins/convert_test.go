package plugins

import (
	"testing"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/pluginwire"
)

// TestWireOutcomes: the wire values of the outcomes stay what plugins of
// every release read (none 0 to abort 6), and confined, which only the
// pipeline decides, crosses the wire as an outcome out of range.
func TestWireOutcomes(t *testing.T) {
	t.Parallel()
	want := map[governance.Outcome]pluginwire.Outcome{governance.NoOpinion: 0, governance.Allow: 1, governance.Warn: 2,
		governance.Defer: 3, governance.Ask: 4, governance.Deny: 5, governance.Abort: 6}
	for o, w := range want {
		if got := verdictToWire(Verdict{Outcome: o}).GetOutcome(); got != w {
			t.Errorf("%s goes on the wire as %d, want %d", o, got, w)
		}
		if got := verdictFromWire(&pluginwire.Verdict{Outcome: w}).Outcome; got != o {
			t.Errorf("wire %d reads as %s, want %s", w, got, o)
		}
	}
	if got := verdictFromWire(verdictToWire(Verdict{Outcome: governance.Confined})).Outcome; got <= governance.Abort {
		t.Errorf("confined crosses the wire as %s, want an outcome out of range", got)
	}
	if got := verdictFromWire(&pluginwire.Verdict{Outcome: 7}).Outcome; got <= governance.Abort {
		t.Errorf("an unknown wire value reads as %s, want an outcome out of range", got)
	}
}
