package variants_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/variants"
)

func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	c := variants.Case{Cmd: "cd / && rm -rf *", Assert: variants.Deny}
	g := &variants.Generator{PerCase: 20, MaxSteps: 3, Seed: 1}
	a, err := g.Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g.Generate(c)
	if len(a) != 20 || !slices.EqualFunc(a, b, func(x, y variants.Variant) bool { return x.Cmd == y.Cmd }) {
		t.Errorf("two runs with one seed differ:\n%v\n%v", cmds(a), cmds(b))
	}
	g.Seed = 2
	if d, _ := g.Generate(c); slices.Equal(cmds(a), cmds(d)) {
		t.Errorf("two seeds make the same variants")
	}
	seen := map[string]bool{c.Cmd: true}
	for _, v := range a {
		if seen[v.Cmd] {
			t.Errorf("%q made twice, or is the original", v.Cmd)
		}
		seen[v.Cmd] = true
		if len(v.Steps) == 0 || len(v.Steps) > 3 || v.Steps[len(v.Steps)-1].Cmd != v.Cmd {
			t.Errorf("%q: steps %+v", v.Cmd, v.Steps)
		}
	}
}

func cmds(vs []variants.Variant) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Cmd
	}
	return out
}

// TestLabels checks that sudo is applied only to commands that must not
// be allowed, and that an allowed command's variant stays labelled allow
// only through harmless transforms.
func TestLabels(t *testing.T) {
	t.Parallel()
	harmless := map[string]bool{}
	for _, tr := range variants.Transforms() {
		harmless[tr.Name] = tr.Harmless
	}
	g := &variants.Generator{PerCase: 60, MaxSteps: 3, Seed: 3}
	for _, a := range variants.Asserts {
		vs, err := g.Generate(variants.Case{Cmd: "git push --force origin main", Assert: a})
		if err != nil {
			t.Fatal(err)
		}
		sudo := false
		for _, v := range vs {
			all := true
			for _, s := range v.Steps {
				all = all && harmless[s.Transform]
				sudo = sudo || s.Transform == "sudo"
			}
			want := a
			if a == variants.Allow && !all {
				want = variants.NotDeny
			}
			if v.Assert != want {
				t.Errorf("%s: %q (%v) labelled %s, want %s", a, v.Cmd, v.Steps, v.Assert, want)
			}
		}
		if escalates := a == variants.Deny || a == variants.NotAllow; sudo != escalates {
			t.Errorf("%s: sudo applied: %v", a, sudo)
		}
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	const (
		allow = engine.Allow
		warn  = engine.Warn
		deflt = engine.Defer
		ask   = engine.Ask
		deny  = engine.Deny
		abort = engine.Abort
	)
	tests := []struct {
		assert    variants.Assert
		orig, got engine.Outcome
		want      variants.Violation
		inherited bool
	}{
		{variants.Deny, deny, deny, "", false},
		{variants.Deny, deny, abort, "", false},
		{variants.Deny, deny, ask, variants.Weaker, false},
		{variants.Deny, abort, deny, variants.Weaker, false},
		{variants.Deny, deny, warn, variants.Allowed, false},
		{variants.Deny, ask, ask, "", false},
		{variants.Deny, allow, allow, variants.Allowed, true},
		{variants.NotAllow, ask, deflt, "", false},
		{variants.NotAllow, ask, allow, variants.Allowed, false},
		{variants.NotAllow, warn, allow, variants.Allowed, true},
		{variants.NotDeny, allow, ask, "", false},
		{variants.NotDeny, allow, deny, variants.Denied, false},
		{variants.NotDeny, deny, abort, variants.Denied, true},
		{variants.Allow, allow, warn, "", false},
		{variants.Allow, allow, deflt, variants.NotAllowed, false},
		{variants.Allow, ask, ask, variants.NotAllowed, true},
	}
	for _, tt := range tests {
		v := &variants.Variant{Assert: tt.assert}
		got := v.Check(tt.orig, tt.got)
		if got != tt.want {
			t.Errorf("%s, original %s, variant %s: %q, want %q", tt.assert, tt.orig, tt.got, got, tt.want)
		}
		if got != "" && v.Inherited(got, tt.orig) != tt.inherited {
			t.Errorf("%s, original %s, variant %s: inherited %v, want %v", tt.assert, tt.orig, tt.got, !tt.inherited, tt.inherited)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	t.Parallel()
	g := &variants.Generator{PerCase: 5}
	if _, err := g.Generate(variants.Case{Cmd: "if then fi (", Assert: variants.Deny}); !errors.Is(err, variants.ErrParse) {
		t.Errorf("a command that does not parse: %v", err)
	}
	broken := &variants.Transform{Name: "broken", Apply: func(c *variants.Command) []string { return []string{c.Text + " ("} }}
	g.Transforms = []*variants.Transform{broken}
	if _, err := g.Generate(variants.Case{Cmd: "ls", Assert: variants.Allow}); !errors.Is(err, variants.ErrBroken) {
		t.Errorf("a transform that breaks the syntax: %v", err)
	}
	g.Env = variants.Env{Cwd: "/a b", Home: "/"}
	if _, err := g.Generate(variants.Case{Cmd: "ls", Assert: variants.Allow}); !errors.Is(err, variants.ErrEnv) {
		t.Errorf("a working directory with a blank: %v", err)
	}
}

func TestSingles(t *testing.T) {
	t.Parallel()
	g := &variants.Generator{}
	vs, err := g.Singles(variants.Case{Cmd: "rm -rf x", Assert: variants.Allow})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := variants.Parse("rm -rf x", variants.DefaultEnv)
	want := map[string]bool{}
	for _, tr := range variants.Transforms() {
		if tr.Escalating {
			continue
		}
		for _, v := range tr.Apply(c) {
			want[v] = true
		}
	}
	if len(vs) != len(want) {
		t.Errorf("%d variants, want %d", len(vs), len(want))
	}
	for _, v := range vs {
		if !want[v.Cmd] || len(v.Steps) != 1 || v.Steps[0].Transform == "sudo" {
			t.Errorf("unexpected variant %q (%v)", v.Cmd, v.Steps)
		}
	}
}
