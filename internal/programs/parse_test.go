package programs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// describeOpts describes the options of a call read with p, one per
// word: "typed=value" (or "typed"), "loose" for an option the table does
// not list but the node accepts, "?" for one the model does not know.
func describeOpts(p *programs.Program, cmd string) string {
	a := shell.Analyze(cmd, shell.Options{Launcher: programs.Launcher})
	c := programs.ParseWith(p, a.Commands[0])
	var out []string
	for _, o := range c.Opts {
		s := o.Typed
		if o.HasValue {
			s += "=" + o.Value.Value
		}
		switch {
		case o.Loose:
			s += " loose"
		case o.Spec == nil:
			s += " ?"
		}
		out = append(out, s)
	}
	var pos []string
	for _, a := range c.Pos {
		pos = append(pos, a.Value)
	}
	return fmt.Sprintf("%s | %s", strings.Join(out, ", "), strings.Join(pos, " "))
}

// TestParseSingleDash checks single-dash long options with values
// attached by =, as Go's flag package reads them.
func TestParseSingleDash(t *testing.T) {
	t.Parallel()
	p := &programs.Program{Names: []string{"tool"}, SingleDash: true, Node: programs.Node{Opts: `
-out=FILE
-check[=BOOL]
-json
-v
`}}
	for _, tt := range []struct{ cmd, want string }{
		{"tool -out=plan x", "-out=plan | x"},
		{"tool -out plan x", "-out=plan | x"},
		{"tool --out=plan", "--out=plan | "},
		{"tool -check -check=false", "-check, -check=false | "},
		{"tool -json=true", "-json ? | "},
		{"tool -v", "-v | "},
		{"tool -vx", "-v, -x ? | "},
	} {
		if got := describeOpts(p, tt.cmd); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.cmd, got, tt.want)
		}
	}
	p = &programs.Program{Names: []string{"tool"}, GoFlags: true, Node: programs.Node{Opts: "-json", Subs: []*programs.Sub{
		{Name: "run", Node: &programs.Node{Loose: true, Operands: true}},
	}}}
	for _, tt := range []struct{ cmd, want string }{
		{"tool run -backend-config=x.hcl -upgrade -lock=false", "-backend-config=x.hcl loose, -upgrade loose, -lock=false loose | run"},
		{"tool run -target a b", "-target=a loose | run b"},
		{"tool run -x y", "-x=y loose | run"},
		{"tool run --json -lock=false", "-json loose, -lock=false loose | run"},
	} {
		if got := describeOpts(p, tt.cmd); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

// TestParseLoose checks the options a Loose node accepts without
// listing them, long and short.
func TestParseLoose(t *testing.T) {
	t.Parallel()
	p := &programs.Program{Names: []string{"tool"}, Node: programs.Node{Opts: "-o --output=FMT", Subs: []*programs.Sub{
		{Name: "show", Node: &programs.Node{Loose: true, LooseShort: true, Inherit: true, Operands: true}},
		{Name: "list", Node: &programs.Node{Loose: true, Inherit: true, Operands: true}},
	}}}
	for _, tt := range []struct{ cmd, want string }{
		{"tool show --name x y", "--name=x loose | show y"},
		{"tool show --name=x --flag --other -o json", "--name=x loose, --flag loose, --other loose, -o=json | show"},
		{"tool show -c box -n b", "-c=box loose, -n=b loose | show"},
		{"tool show -cbox -y", "-c=box loose, -y loose | show"},
		{"tool -c box show", "-c ? | box show"},
		{"tool show --sql '-- note' x", "--sql=-- note loose | show x"},
		{"tool show --flag -x", "--flag loose, -x loose | show"},
		{"tool list -c box", "-c ? | list box"},
	} {
		if got := describeOpts(p, tt.cmd); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

// TestHasSingleDash checks that a single-dash option is found under every
// spelling the parser resolved to it.
func TestHasSingleDash(t *testing.T) {
	t.Parallel()
	p := &programs.Program{Names: []string{"tool"}, SingleDash: true, Node: programs.Node{Opts: `
-json
-output-curl-string
`}}
	for _, tt := range []struct {
		cmd, opt string
		want     bool
	}{
		{"tool -json", "-json", true},
		{"tool --json", "-json", true},
		{"tool -json=true", "-json", true},
		{"tool --output-curl", "-output-curl-string", true},
		{"tool -output-curl-string", "-output-curl-string", true},
		{"tool -jsonx", "-json", false},
	} {
		a := shell.Analyze(tt.cmd, shell.Options{Launcher: programs.Launcher})
		if got := programs.ParseWith(p, a.Commands[0]).Has(tt.opt); got != tt.want {
			t.Errorf("%q has %s: got %v, want %v", tt.cmd, tt.opt, got, tt.want)
		}
	}
}

// TestStart checks that a program's start-up effects come with every
// call, help included.
func TestStart(t *testing.T) {
	t.Parallel()
	p := &programs.Program{Names: []string{"tool"}, Node: programs.Node{Opts: "-h --help help", Effects: func(c *programs.Call, fx *programs.Effects) {
		fx.Change("runs")
	}}, Start: func(c *programs.Call, fx *programs.Effects) {
		fx.Cache(shell.Arg{Value: "~/.tool"}, "its settings")
	}}
	for _, tt := range []struct{ cmd, want string }{
		{"tool", "cache ~/.tool; change (runs)"},
		{"tool --help", "cache ~/.tool"},
	} {
		a := shell.Analyze(tt.cmd, shell.Options{Launcher: programs.Launcher})
		if got := describeSome(programs.ParseWith(p, a.Commands[0]).Effects(), true); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
