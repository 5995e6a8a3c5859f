package pipeline

import (
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// A call with no input as a harness sent it (governance run) shows the
// fields it has, not every field a call could have.
func TestShownInputLeavesOutEmptyFields(t *testing.T) {
	got := string(shownInput(engine.Tool{Kind: engine.KindShell, Name: "run", Input: engine.Input{Command: "make deploy"}}))
	if got != `{"Command":"make deploy"}` {
		t.Errorf("shownInput = %s, want the command alone", got)
	}
	raw := map[string]any{"command": "ls", "description": ""}
	if got := string(shownInput(engine.Tool{Raw: raw, Input: engine.Input{Command: "ls"}})); got != `{"command":"ls","description":""}` {
		t.Errorf("shownInput of a harness's input = %s, want it as sent", got)
	}
}
