package plugineval_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/plugineval"
	"github.com/agentgov/governance/template"
)

// fake is a plugin that always answers the same.
type fake struct {
	v     engine.Verdict
	err   error
	calls atomic.Int32
}

func (f *fake) Call(context.Context, *engine.Request) (engine.Verdict, error) {
	f.calls.Add(1)
	return f.v, f.err
}

func spec(name string, pos engine.PluginPosition) engine.PluginSpec {
	return engine.PluginSpec{Name: name, Position: pos, Timeout: 2 * time.Second, OnError: engine.Deny,
		Scope: engine.ScopeGlobal, Source: "config.yaml:4"}
}

func deny(msg string) engine.Verdict {
	return engine.Verdict{Outcome: engine.Deny, Rule: "r", Message: msg, Suggestion: "do not"}
}

type plugin struct {
	spec engine.PluginSpec
	f    *fake
}

func decide(t *testing.T, cmd string, ps ...plugin) *engine.Decision {
	t.Helper()
	pol := &engine.Policy{Settings: engine.DefaultSettings(),
		Rules: engine.CompileAllTrusted(template.Policy, engine.ScopeBuiltin, nil)}
	e := engine.NewEngine(pol)
	var specs []engine.PluginSpec
	byName := map[string]*fake{}
	for _, p := range ps {
		specs = append(specs, p.spec)
		byName[p.spec.Name] = p.f
	}
	plugineval.Install(e, specs, func(s engine.PluginSpec) plugineval.Caller { return byName[s.Name] })
	return e.Decide(context.Background(), &engine.Request{Cwd: "/p", ProjectRoot: "/p", Home: "/home/u",
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}})
}

// Where a plugin sits in the evaluation order decides which calls it
// sees and what its verdict can change.
func TestPositions(t *testing.T) {
	t.Parallel()
	const safe = "ls -la"            // the read-only safe set allows it
	const open = "make deploy-thing" // nothing decides it: the default defers
	tests := []struct {
		name    string
		cmd     string
		plugins []plugin
		want    engine.Outcome
		rule    string
		asked   []int // calls each plugin got
	}{
		{"before rules: a deny beats the safe set", safe,
			[]plugin{{spec("opa", engine.BeforeRules), &fake{v: deny("no")}}}, engine.Deny, "opa:r", []int{1}},
		{"before rules: an allow decides an open call", open,
			[]plugin{{spec("opa", engine.BeforeRules), &fake{v: engine.Verdict{Outcome: engine.Allow}}}},
			engine.Allow, "opa", []int{1}},
		{"before rules: an allow does not beat an invariant", "rm -rf /",
			[]plugin{{spec("opa", engine.BeforeRules), &fake{v: engine.Verdict{Outcome: engine.Allow}}}},
			engine.Deny, "", []int{1}},
		{"after rules: not asked what the rules decide", safe,
			[]plugin{{spec("opa", engine.AfterRules), &fake{v: deny("no")}}}, engine.Allow, "", []int{0}},
		{"after rules: decides an open call", open,
			[]plugin{{spec("opa", engine.AfterRules), &fake{v: deny("no")}}}, engine.Deny, "opa:r", []int{1}},
		{"before the gatekeeper: after the after-rules plugins", open,
			[]plugin{{spec("late", engine.BeforeGatekeeper), &fake{v: deny("late")}},
				{spec("early", engine.AfterRules), &fake{v: engine.Verdict{Outcome: engine.Ask, Message: "?"}}}},
			engine.Ask, "early", []int{0, 1}},
		{"a warn is a note: the next plugin decides", open,
			[]plugin{{spec("late", engine.BeforeGatekeeper), &fake{v: deny("late")}},
				{spec("early", engine.AfterRules), &fake{v: engine.Verdict{Outcome: engine.Warn, Message: "w"}}}},
			engine.Deny, "late:r", []int{1, 1}},
		{"a warn is a note: an open call still defers", open,
			[]plugin{{spec("opa", engine.AfterRules), &fake{v: engine.Verdict{Outcome: engine.Warn, Message: "w"}}}},
			engine.Defer, "default", []int{1}},
		{"a warn before the rules is a note too", open,
			[]plugin{{spec("opa", engine.BeforeRules), &fake{v: engine.Verdict{Outcome: engine.Warn, Message: "w"}}}},
			engine.Defer, "default", []int{1}},
		{"a warn on an allowed call: allowed, with the warning", safe,
			[]plugin{{spec("opa", engine.BeforeRules), &fake{v: engine.Verdict{Outcome: engine.Warn, Message: "w"}}}},
			engine.Warn, "opa", []int{1}},
		{"before the gatekeeper: decides what the others leave", open,
			[]plugin{{spec("late", engine.BeforeGatekeeper), &fake{v: deny("late")}},
				{spec("early", engine.AfterRules), &fake{}}},
			engine.Deny, "late:r", []int{1, 1}},
		{"one position: the strictest plugin wins", open,
			[]plugin{{spec("a", engine.AfterRules), &fake{v: engine.Verdict{Outcome: engine.Allow}}},
				{spec("b", engine.AfterRules), &fake{v: engine.Verdict{Outcome: engine.Ask, Message: "?"}}}},
			engine.Ask, "b", []int{1, 1}},
		{"no opinion: the default decides", open,
			[]plugin{{spec("opa", engine.AfterRules), &fake{}}}, engine.Defer, "default", []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := decide(t, tt.cmd, tt.plugins...)
			if d.Outcome != tt.want || tt.rule != "" && d.Rule != tt.rule {
				t.Errorf("decision %s by %s/%s (%s); want %s by %q", d.Outcome, d.Layer, d.Rule, d.Message, tt.want, tt.rule)
			}
			for i, p := range tt.plugins {
				if p.f.v.Outcome == engine.Warn && d.Outcome != engine.Warn && !slices.Contains(d.Warnings, p.f.v.Message) {
					t.Errorf("warnings %q, want plugin %s's", d.Warnings, p.spec.Name)
				}
				if got := int(p.f.calls.Load()); got != tt.asked[i] {
					t.Errorf("plugin %s was asked %d times, want %d", p.spec.Name, got, tt.asked[i])
				}
			}
		})
	}
}

func TestVerdict(t *testing.T) {
	t.Parallel()
	repo := spec("proj", engine.AfterRules)
	repo.Scope = engine.ScopeRepo
	tests := []struct {
		name string
		spec engine.PluginSpec
		in   engine.Verdict
		want engine.Verdict
	}{
		{"named after the plugin", spec("opa", engine.AfterRules),
			engine.Verdict{Outcome: engine.Deny, Rule: "data.governance.deny", Message: "m", Suggestion: "s"},
			engine.Verdict{Outcome: engine.Deny, Layer: "plugin", Rule: "opa:data.governance.deny", Source: "config.yaml:4",
				Message: "m", Suggestion: "s"}},
		{"a deny without text gets some", spec("opa", engine.AfterRules), engine.Verdict{Outcome: engine.Deny},
			engine.Verdict{Outcome: engine.Deny, Layer: "plugin", Rule: "opa", Source: "config.yaml:4",
				Message:    "The plugin opa blocks this call.",
				Suggestion: "Ask the people who maintain the opa plugin's policy whether the call should run."}},
		{"control characters are stripped", spec("opa", engine.AfterRules),
			engine.Verdict{Outcome: engine.Warn, Message: "red \x1b[31mtext\x1b[0m\x07"},
			engine.Verdict{Outcome: engine.Warn, Layer: "plugin", Rule: "opa", Source: "config.yaml:4", Message: "red text"}},
		{"a project's plugin cannot allow", repo, engine.Verdict{Outcome: engine.Allow}, engine.Verdict{}},
		{"nor warn", repo, engine.Verdict{Outcome: engine.Warn, Message: "w"}, engine.Verdict{}},
		{"nor defer", repo, engine.Verdict{Outcome: engine.Defer}, engine.Verdict{}},
		{"a project's plugin can ask", repo, engine.Verdict{Outcome: engine.Ask, Message: "m", Suggestion: "s"},
			engine.Verdict{Outcome: engine.Ask, Layer: "plugin", Rule: "proj", Source: "config.yaml:4", Message: "m", Suggestion: "s"}},
		{"a project's plugin can deny", repo, engine.Verdict{Outcome: engine.Deny, Message: "m", Suggestion: "s"},
			engine.Verdict{Outcome: engine.Deny, Layer: "plugin", Rule: "proj", Source: "config.yaml:4", Message: "m", Suggestion: "s"}},
		{"no opinion", spec("opa", engine.AfterRules), engine.Verdict{}, engine.Verdict{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := plugineval.Verdict(tt.spec, tt.in); got != tt.want {
				t.Errorf("Verdict =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// A plugin that fails decides the call as on_error says, and the message
// names the plugin and what happened.
func TestErrorVerdict(t *testing.T) {
	t.Parallel()
	ask := spec("opa", engine.AfterRules)
	ask.OnError = engine.Ask
	tests := []struct {
		name string
		spec engine.PluginSpec
		err  error
		want engine.Outcome
		says string
	}{
		{"timeout", spec("opa", engine.AfterRules), fmt.Errorf("%w (2s)", plugineval.ErrTimeout), engine.Deny,
			"The plugin opa did not answer within 2s, so the call is blocked (on_error: deny)."},
		{"crash, on_error ask", ask, plugineval.ErrCrashed, engine.Ask,
			"The plugin opa crashed while deciding this call (it is restarted), so a person must approve the call (on_error: ask)."},
		{"no daemon", spec("opa", engine.AfterRules), plugineval.ErrNoDaemon, engine.Deny,
			"The plugin opa runs in the governance daemon, and no daemon answered"},
		{"plugin error", spec("opa", engine.AfterRules), errors.New("bundle missing"), engine.Deny,
			"The plugin opa failed: bundle missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := plugineval.ErrorVerdict(tt.spec, tt.err)
			if v.Outcome != tt.want || !strings.Contains(v.Message, tt.says) || v.Suggestion == "" || v.Rule != "opa" {
				t.Errorf("ErrorVerdict = %+v; want %s saying %q", v, tt.want, tt.says)
			}
		})
	}
	// An outcome the protocol does not have is an error too.
	if v := plugineval.Verdict(spec("opa", engine.AfterRules), engine.Verdict{Outcome: 42}); v.Outcome != engine.Deny ||
		!strings.Contains(v.Message, "unknown outcome") {
		t.Errorf("unknown outcome: %+v", v)
	}
	// Confined is the pipeline's alone, with its rewrite: from a plugin
	// it is an error, never an allow.
	if v := plugineval.Verdict(spec("opa", engine.AfterRules), engine.Verdict{Outcome: engine.Confined}); v.Outcome != engine.Deny ||
		!strings.Contains(v.Message, "unknown outcome") {
		t.Errorf("a confined verdict from a plugin: %+v", v)
	}
}

// The cold-start reply carries the cause of a failure across the process
// boundary.
func TestColdReply(t *testing.T) {
	t.Parallel()
	for _, cause := range []error{plugineval.ErrTimeout, plugineval.ErrCrashed} {
		_, err := plugineval.Reply(engine.Verdict{}, fmt.Errorf("%w: detail", cause)).Result()
		if !errors.Is(err, cause) {
			t.Errorf("%v came back as %v", cause, err)
		}
	}
	v, err := plugineval.Reply(deny("x"), nil).Result()
	if err != nil || v != deny("x") {
		t.Errorf("verdict came back as %+v, %v", v, err)
	}
}
