package engine_test

import (
	"os"
	"testing"

	"github.com/agentgov/governance/internal/corpus"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// FuzzDecide decides arbitrary shell commands with the built-in policy:
// the engine must not fail, must give a valid outcome, must explain every
// block, and must never let through a command it could not analyse.
//
//	go test -run '^$' -fuzz '^FuzzDecide$' -fuzztime 60s ./governance/
func FuzzDecide(f *testing.F) {
	for _, c := range corpus.Commands(f) {
		f.Add(c)
	}
	p := builtin(engine.DefaultSettings())
	f.Fuzz(func(t *testing.T, cmd string) {
		d := decide(t, p, shellReq(cmd))
		checkDecision(t, cmd, d)
		// The engine analyses in the environment of the process.
		a := shell.Analyze(cmd, shell.Options{Cwd: root, Home: home, LookupEnv: os.LookupEnv, Launcher: programs.Launcher})
		for _, pr := range a.Problems {
			if d.Outcome < engine.Ask {
				t.Errorf("%q: the analysis reports a %s problem (%s), yet the decision is %s by %s",
					cmd, pr.Kind, pr.Detail, d.Outcome, d.Rule)
			}
		}
		if again := decide(t, p, shellReq(cmd)); again.Outcome != d.Outcome {
			t.Errorf("%q: decided %s by %s, then %s by %s", cmd, d.Outcome, d.Rule, again.Outcome, again.Rule)
		}

		// With nobody to answer, an ask becomes a deny; nothing else
		// changes.
		req := shellReq(cmd)
		req.Unattended = true
		u := decide(t, p, req)
		checkDecision(t, cmd, u)
		if want := d.Outcome; want == engine.Ask && u.Outcome != engine.Deny || want != engine.Ask && u.Outcome != want {
			t.Errorf("%q: attended %s by %s, unattended %s by %s", cmd, d.Outcome, d.Rule, u.Outcome, u.Rule)
		}
	})
}

// checkDecision checks what every decision must satisfy.
func checkDecision(t *testing.T, cmd string, d *engine.Decision) {
	t.Helper()
	switch d.Outcome {
	case engine.Allow, engine.Warn, engine.Defer, engine.Ask, engine.Deny, engine.Abort:
	default:
		t.Fatalf("%q: invalid outcome %s in %+v", cmd, d.Outcome, d)
	}
	if d.Rule == "internal-error" {
		t.Fatalf("%q: the engine failed: %s", cmd, d.Message)
	}
	if d.Layer == "" || d.Rule == "" {
		t.Errorf("%q: %s names no layer or rule: %+v", cmd, d.Outcome, d)
	}
	if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
		t.Errorf("%q: %s by %s without a message or a suggestion: %+v", cmd, d.Outcome, d.Rule, d)
	}
}
