package programs_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// TestRegistry checks that the registry is sorted, lists every program
// under each of its names, and that every option table parses.
func TestRegistry(t *testing.T) {
	t.Parallel()
	names := programs.RegistryNames()
	if !slices.IsSorted(names) {
		sorted := slices.Clone(names)
		slices.Sort(sorted)
		t.Errorf("the registry is not sorted; in order: %q", sorted)
	}
	reg := programs.Registry()
	for name, p := range reg {
		if !slices.Contains(p.Names, name) {
			t.Errorf("%s is registered for a program named %q", name, p.Names)
		}
		for _, n := range p.Names {
			if reg[n] != p {
				t.Errorf("%s: its name %s is not in the registry", p.Names[0], n)
			}
		}
	}
	seen := map[*programs.Node]bool{}
	var check func(path string, n *programs.Node)
	check = func(path string, n *programs.Node) {
		if seen[n] {
			return
		}
		seen[n] = true
		if err := programs.CheckGrammar(n); err != nil {
			t.Errorf("%s: %v", path, err)
		}
		for _, s := range programs.SubsOf(n) {
			check(path+" "+s.Name, s.Node)
		}
	}
	for name, p := range reg {
		check(name, &p.Node)
	}
}

// effects analyses a command line and describes the effects of its first
// simple command, one per line: "op path" or "op path -> to", with the
// reason of unknown effects.
func effects(t *testing.T, cmd string) string {
	t.Helper()
	a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
	if len(a.Commands) == 0 {
		t.Fatalf("%q: no command", cmd)
	}
	return describe(programs.Parse(a.Commands[0]).Effects())
}

// describe leaves out a tool's housekeeping (its caches, the helpers it
// runs, its own credentials): TestHousekeeping checks those; and the
// files a call runs as code, which TestSources checks.
func describe(fx *programs.Effects) string { return describeSome(fx, false) }

// describeSome describes effects, housekeeping included when all is set.
func describeSome(fx *programs.Effects, all bool) string {
	var b strings.Builder
	for _, e := range fx.List {
		if !all && (e.Op == programs.Cache || e.Op == programs.Cred || e.Op == programs.Exec && e.Helper || e.IfPresent != "" ||
			e.Source) {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(e.Op.String())
		if e.IfPresent != "" && e.Op != programs.Exec {
			b.WriteString(" if " + e.IfPresent)
			if e.Upward {
				b.WriteString(" (upward)")
			}
		}
		switch e.Op {
		case programs.Unknown, programs.Change:
			fmt.Fprintf(&b, " (%s)", e.Why)
			continue
		case programs.Exec:
			if e.IfPresent != "" {
				b.WriteString(" if " + e.IfPresent)
				if e.Upward {
					b.WriteString(" (upward)")
				}
			} else if e.Found {
				b.WriteString(" found")
			} else if e.Helper {
				b.WriteString(" helper " + e.Code)
			} else {
				fmt.Fprintf(&b, " %s:%q", e.Lang, e.Code)
			}
			continue
		case programs.Network:
			fmt.Fprintf(&b, " %s", e.Host)
			for _, d := range e.Data {
				fmt.Fprintf(&b, " %q", d.Value)
			}
			continue
		}
		if e.Path.Value != "" {
			b.WriteString(" " + e.Path.Value)
		}
		if e.To.Value != "" {
			b.WriteString(" -> " + e.To.Value)
		}
		if e.TopOf != "" {
			b.WriteString(" at the top of " + e.TopOf)
		}
		if e.IfAbsent != "" {
			b.WriteString(" unless " + e.IfAbsent)
		}
		if e.Tree {
			b.WriteString(" (tree")
			if e.Hidden {
				b.WriteString(", hidden")
			}
			if e.Filter != nil {
				for _, g := range e.Filter.Globs {
					if g.Exclude {
						b.WriteString(", not " + g.Glob)
					} else {
						b.WriteString(", " + g.Glob)
					}
				}
			}
			b.WriteString(")")
		}
	}
	return b.String()
}

// effectCase is a command and the description of its effects.
type effectCase struct {
	cmd, want string
}

// checkEffects runs a table of effect cases.
func checkEffects(t *testing.T, cases []effectCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			if got := effects(t, tt.cmd); got != tt.want {
				t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
			}
		})
	}
}

// hasUnknown reports whether a command line has an unknown effect.
func hasUnknown(t *testing.T, cmd string) bool {
	t.Helper()
	return strings.Contains(effects(t, cmd), "unknown")
}

func TestCat(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"cat a b", "read a; read b"},
		{"cat -n -- -x", "read -x"},
		{"cat -", ""},
		{"cat --number a", "read a"},
		{"cat --number-n a", "read a"},
		{"cat --num a", "unknown (the option --num is not in the model of cat); read a"},
		{"cat --sh a", "unknown (the option --sh is not in the model of cat); read a"},
		{"cat -l a", "unknown (the option -l is not in the model of cat); read a"},
		{"cat --help", ""},
		{"tac -s x a", "read a"},
	})
}

func TestFind(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"find . -name '*.go'", "stat . (tree)"},
		{"find", "stat . (tree)"},
		{"find -L src docs -type f -print0", "stat src (tree); stat docs (tree)"},
		{"find -s . -name x", "stat . (tree)"},
		{"find -f /path -name x", "stat /path (tree)"},
		{"find . -gid -delete -print", "stat . (tree)"},
		{"find . -name x -delete", "delete . (tree)"},
		{"find / -fprint /tmp/out", "write /tmp/out; stat / (tree)"},
		{"find . -fprintf out '%p' -name x", "write out; stat . (tree)"},
		{"find . -fprint /dev/stdout", "stat . (tree)"},
		{"find . -exec rm {} \\;", "exec found; stat . (tree)"},
		{"find . -ok rm {} \\;", "unknown (-ok asks on the terminal before running a command); stat . (tree)"},
		{"find . -newer a -newermt 2024-01-01 -neweraB b", "stat a; stat b; stat . (tree)"},
		{"find . -frobnicate", "unknown (the option -frobnicate is not in the model of find); stat . (tree)"},
		{"find . -files0-from list", "read list; stat . (tree)"},
	})
}

func TestFindOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		cmd, opt string
		want     bool
	}{
		{"find . -delete", "-delete", true},
		{"find . -gid -delete -print", "-delete", false},
		{"find . -exec rm -delete \\;", "-delete", false},
		{"find . -name x -exec rm {} +", "-exec", true},
		{"find -L . -name x", "-L", true},
	} {
		a := shell.Analyze(tt.cmd, shell.Options{Launcher: programs.Launcher})
		if got := programs.Parse(a.Commands[0]).Has(tt.opt); got != tt.want {
			t.Errorf("%q has %s: got %v, want %v", tt.cmd, tt.opt, got, tt.want)
		}
	}
}

// parse analyses a command line and reads its first simple command.
func parse(t *testing.T, cmd string) *programs.Call {
	t.Helper()
	a := shell.Analyze(cmd, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
	if len(a.Commands) == 0 {
		t.Fatalf("%q: no command", cmd)
	}
	return programs.Parse(a.Commands[0])
}

// TestDynamicOptionValue: a word --name=VALUE whose value alone is
// computed at run time is that option with a run-time value; a word whose
// name is computed may be any option.
func TestDynamicOptionValue(t *testing.T) {
	t.Parallel()
	checkEffects(t, []effectCase{
		{"tac --separator=\"$x\" a", "read a"},
		{"tac --$x=y a", "read a"},
		{"tac --sep\"$x\"arator=y a", "read a"},
		// cat's and tac's options only change what is printed: a word
		// that may be any of them changes nothing. sort's do more.
		{"cat --num\"$x\"ber a", "read a"},
		{"head $x a", "read $x; read a"},
		{"sort --$x=y a", "unknown (the option --$x=y is not in the model of sort); read a"},
		{"sort --comp\"$x\"ress-program=y a", "unknown (the option --comp$xress-program=y is not in the model of sort); read a"},
	})
}

// housekeeping describes a command's caches, helpers and credentials.
func housekeeping(t *testing.T, cmd string) string {
	t.Helper()
	var out []string
	for _, e := range parse(t, cmd).Effects().List {
		switch {
		case e.Op == programs.Cache:
			out = append(out, "cache "+e.Path.Value)
		case e.Op == programs.Cred:
			out = append(out, "cred "+e.Path.Value)
		case e.Op == programs.Exec && e.Helper:
			out = append(out, "helper "+e.Code)
		}
	}
	return strings.Join(out, "; ")
}

// TestHousekeeping: what tools do to run besides what they are asked,
// as the execution oracle sees it.
func TestHousekeeping(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ cmd, want string }{
		{"git status", "cache .git/index"},
		{"gh pr list", "cred ~/.config/gh/hosts.yml; helper git"},
		{"npm view lodash", "cache ~/.npm/_logs; helper node; cache ~/.npm/_update-notifier-last-checked; cache ~/.npm/_cacache"},
		{"top -b -n 1", "cache ~/.config/procps"},
		{"docker ps", "cache ~/.docker"},
	} {
		if got := housekeeping(t, tt.cmd); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
		}
	}
}

// checkAllEffects is checkEffects with housekeeping described too.
func checkAllEffects(t *testing.T, cases []effectCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			if got := describeSome(parse(t, tt.cmd).Effects(), true); got != tt.want {
				t.Errorf("%q:\n got %s\nwant %s", tt.cmd, got, tt.want)
			}
		})
	}
}
