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

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/plugineval"
	"github.com/agentgov/governance/template"
)

// fake is a plugin that always answers the same.
type fake struct {
	v     governance.Verdict
	err   error
	calls atomic.Int32
}

func (f *fake) Call(context.Context, *governance.Request) (governance.Verdict, error) {
	f.calls.Add(1)
	return f.v, f.err
}

func spec(name string, pos governance.PluginPosition) governance.PluginSpec {
	return governance.PluginSpec{Name: name, Position: pos, Timeout: 2 * time.Second, OnError: governance.Deny,
		Scope: governance.ScopeGlobal, Source: "config.yaml:4"}
}

func deny(msg string) governance.Verdict {
	return governance.Verdict{Outcome: governance.Deny, Rule: "r", Message: msg, Suggestion: "do not"}
}

type plugin struct {
	spec governance.PluginSpec
	f    *fake
}

func decide(t *testing.T, cmd string, ps ...plugin) *governance.Decision {
	t.Helper()
	pol := &governance.Policy{Settings: governance.DefaultSettings(),
		Rules: governance.CompileAllTrusted(template.Policy, governance.ScopeBuiltin, nil)}
	e := governance.NewEngine(pol)
	var specs []governance.PluginSpec
	byName := map[string]*fake{}
	for _, p := range ps {
		specs = append(specs, p.spec)
		byName[p.spec.Name] = p.f
	}
	plugineval.Install(e, specs, func(s governance.PluginSpec) plugineval.Caller { return byName[s.Name] })
	return e.Decide(context.Background(), &governance.Request{Cwd: "/p", ProjectRoot: "/p", Home: "/home/u",
		Tool: governance.Tool{Kind: governance.KindShell, Name: "Bash", Input: governance.Input{Command: cmd}}})
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
		want    governance.Outcome
		rule    string
		asked   []int // calls each plugin got
	}{
		{"before rules: a deny beats the safe set", safe,
			[]plugin{{spec("opa", governance.BeforeRules), &fake{v: deny("no")}}}, governance.Deny, "opa:r", []int{1}},
		{"before rules: an allow decides an open call", open,
			[]plugin{{spec("opa", governance.BeforeRules), &fake{v: governance.Verdict{Outcome: governance.Allow}}}},
			governance.Allow, "opa", []int{1}},
		{"before rules: an allow does not beat an invariant", "rm -rf /",
			[]plugin{{spec("opa", governance.BeforeRules), &fake{v: governance.Verdict{Outcome: governance.Allow}}}},
			governance.Deny, "", []int{1}},
		{"after rules: not asked what the rules decide", safe,
			[]plugin{{spec("opa", governance.AfterRules), &fake{v: deny("no")}}}, governance.Allow, "", []int{0}},
		{"after rules: decides an open call", open,
			[]plugin{{spec("opa", governance.AfterRules), &fake{v: deny("no")}}}, governance.Deny, "opa:r", []int{1}},
		{"before the gatekeeper: after the after-rules plugins", open,
			[]plugin{{spec("late", governance.BeforeGatekeeper), &fake{v: deny("late")}},
				{spec("early", governance.AfterRules), &fake{v: governance.Verdict{Outcome: governance.Ask, Message: "?"}}}},
			governance.Ask, "early", []int{0, 1}},
		{"a warn is a note: the next plugin decides", open,
			[]plugin{{spec("late", governance.BeforeGatekeeper), &fake{v: deny("late")}},
				{spec("early", governance.AfterRules), &fake{v: governance.Verdict{Outcome: governance.Warn, Message: "w"}}}},
			governance.Deny, "late:r", []int{1, 1}},
		{"a warn is a note: an open call still defers", open,
			[]plugin{{spec("opa", governance.AfterRules), &fake{v: governance.Verdict{Outcome: governance.Warn, Message: "w"}}}},
			governance.Defer, "default", []int{1}},
		{"a warn before the rules is a note too", open,
			[]plugin{{spec("opa", governance.BeforeRules), &fake{v: governance.Verdict{Outcome: governance.Warn, Message: "w"}}}},
			governance.Defer, "default", []int{1}},
		{"a warn on an allowed call: allowed, with the warning", safe,
			[]plugin{{spec("opa", governance.BeforeRules), &fake{v: governance.Verdict{Outcome: governance.Warn, Message: "w"}}}},
			governance.Warn, "opa", []int{1}},
		{"before the gatekeeper: decides what the others leave", open,
			[]plugin{{spec("late", governance.BeforeGatekeeper), &fake{v: deny("late")}},
				{spec("early", governance.AfterRules), &fake{}}},
			governance.Deny, "late:r", []int{1, 1}},
		{"one position: the strictest plugin wins", open,
			[]plugin{{spec("a", governance.AfterRules), &fake{v: governance.Verdict{Outcome: governance.Allow}}},
				{spec("b", governance.AfterRules), &fake{v: governance.Verdict{Outcome: governance.Ask, Message: "?"}}}},
			governance.Ask, "b", []int{1, 1}},
		{"no opinion: the default decides", open,
			[]plugin{{spec("opa", governance.AfterRules), &fake{}}}, governance.Defer, "default", []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := decide(t, tt.cmd, tt.plugins...)
			if d.Outcome != tt.want || tt.rule != "" && d.Rule != tt.rule {
				t.Errorf("decision %s by %s/%s (%s); want %s by %q", d.Outcome, d.Layer, d.Rule, d.Message, tt.want, tt.rule)
			}
			for i, p := range tt.plugins {
				if p.f.v.Outcome == governance.Warn && d.Outcome != governance.Warn && !slices.Contains(d.Warnings, p.f.v.Message) {
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
	repo := spec("proj", governance.AfterRules)
	repo.Scope = governance.ScopeRepo
	tests := []struct {
		name string
		spec governance.PluginSpec
		in   governance.Verdict
		want governance.Verdict
	}{
		{"named after the plugin", spec("opa", governance.AfterRules),
			governance.Verdict{Outcome: governance.Deny, Rule: "data.governance.deny", Message: "m", Suggestion: "s"},
			governance.Verdict{Outcome: governance.Deny, Layer: "plugin", Rule: "opa:data.governance.deny", Source: "config.yaml:4",
				Message: "m", Suggestion: "s"}},
		{"a deny without text gets some", spec("opa", governance.AfterRules), governance.Verdict{Outcome: governance.Deny},
			governance.Verdict{Outcome: governance.Deny, Layer: "plugin", Rule: "opa", Source: "config.yaml:4",
				Message:    "The plugin opa blocks this call.",
				Suggestion: "Ask the people who maintain the opa plugin's policy whether the call should run."}},
		{"control characters are stripped", spec("opa", governance.AfterRules),
			governance.Verdict{Outcome: governance.Warn, Message: "red \x1b[31mtext\x1b[0m\x07"},
			governance.Verdict{Outcome: governance.Warn, Layer: "plugin", Rule: "opa", Source: "config.yaml:4", Message: "red text"}},
		{"a project's plugin cannot allow", repo, governance.Verdict{Outcome: governance.Allow}, governance.Verdict{}},
		{"nor warn", repo, governance.Verdict{Outcome: governance.Warn, Message: "w"}, governance.Verdict{}},
		{"nor defer", repo, governance.Verdict{Outcome: governance.Defer}, governance.Verdict{}},
		{"a project's plugin can ask", repo, governance.Verdict{Outcome: governance.Ask, Message: "m", Suggestion: "s"},
			governance.Verdict{Outcome: governance.Ask, Layer: "plugin", Rule: "proj", Source: "config.yaml:4", Message: "m", Suggestion: "s"}},
		{"a project's plugin can deny", repo, governance.Verdict{Outcome: governance.Deny, Message: "m", Suggestion: "s"},
			governance.Verdict{Outcome: governance.Deny, Layer: "plugin", Rule: "proj", Source: "config.yaml:4", Message: "m", Suggestion: "s"}},
		{"no opinion", spec("opa", governance.AfterRules), governance.Verdict{}, governance.Verdict{}},
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
	ask := spec("opa", governance.AfterRules)
	ask.OnError = governance.Ask
	tests := []struct {
		name string
		spec governance.PluginSpec
		err  error
		want governance.Outcome
		says string
	}{
		{"timeout", spec("opa", governance.AfterRules), fmt.Errorf("%w (2s)", plugineval.ErrTimeout), governance.Deny,
			"The plugin opa did not answer within 2s, so the call is blocked (on_error: deny)."},
		{"crash, on_error ask", ask, plugineval.ErrCrashed, governance.Ask,
			"The plugin opa crashed while deciding this call (it is restarted), so a person must approve the call (on_error: ask)."},
		{"no daemon", spec("opa", governance.AfterRules), plugineval.ErrNoDaemon, governance.Deny,
			"The plugin opa runs in the governance daemon, and no daemon answered"},
		{"plugin error", spec("opa", governance.AfterRules), errors.New("bundle missing"), governance.Deny,
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
	if v := plugineval.Verdict(spec("opa", governance.AfterRules), governance.Verdict{Outcome: 42}); v.Outcome != governance.Deny ||
		!strings.Contains(v.Message, "unknown outcome") {
		t.Errorf("unknown outcome: %+v", v)
	}
	// Confined is the pipeline's alone, with its rewrite: from a plugin
	// it is an error, never an allow.
	if v := plugineval.Verdict(spec("opa", governance.AfterRules), governance.Verdict{Outcome: governance.Confined}); v.Outcome != governance.Deny ||
		!strings.Contains(v.Message, "unknown outcome") {
		t.Errorf("a confined verdict from a plugin: %+v", v)
	}
}

// The cold-start reply carries the cause of a failure across the process
// boundary.
func TestColdReply(t *testing.T) {
	t.Parallel()
	for _, cause := range []error{plugineval.ErrTimeout, plugineval.ErrCrashed} {
		_, err := plugineval.Reply(governance.Verdict{}, fmt.Errorf("%w: detail", cause)).Result()
		if !errors.Is(err, cause) {
			t.Errorf("%v came back as %v", cause, err)
		}
	}
	v, err := plugineval.Reply(deny("x"), nil).Result()
	if err != nil || v != deny("x") {
		t.Errorf("verdict came back as %+v, %v", v, err)
	}
}
