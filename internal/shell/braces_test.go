package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestBraceExpansion checks that words are judged as bash expands their
// braces: lists, nested lists, sequences of numbers and letters, with
// tildes and variables expanded after; quoted braces, lone {} and
// malformed ones stay as written; a word of too many expansions may be
// anything.
func TestBraceExpansion(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`cat {.env,x}`, "cat|.env|x"},
		{`cat a{b,c}d`, "cat|abd|acd"},
		{`cat {x,{y,z}w}`, "cat|x|yw|zw"},
		{`cat f{1..3}`, "cat|f1|f2|f3"},
		{`cat f{3..1}`, "cat|f3|f2|f1"},
		{`cat f{0..10..5}`, "cat|f0|f5|f10"},
		{`cat {a..c}`, "cat|a|b|c"},
		{`cat {~/.ssh/id_rsa,x}`, "cat|/home/u/.ssh/id_rsa|x"},
		{`X=.env; cat {$X,y}`, "cat|.env|y"},
		{`cat '{a,b}' "{c,d}"`, "cat|{a,b}|{c,d}"},
		{`find . -exec echo {} \;`, "find|.|-exec|echo|{}|;"},
		{`cat {a}`, "cat|{a}"},
		{`cat {a,b`, "cat|{a,b"},
		{`cat {1..x}`, "cat|{1..x}"},
	} {
		a := Analyze(tt.src, Options{Cwd: "/proj", Home: "/home/u"})
		if len(a.Problems) > 0 {
			t.Fatalf("%s: %v", tt.src, a.Problems)
		}
		name, _, _ := strings.Cut(tt.want, "|")
		var cmd *Command
		for _, c := range a.Commands {
			if len(c.Args) > 0 && c.Args[0].Value == name {
				cmd = c
			}
		}
		if cmd == nil {
			t.Fatalf("%s: no %s command in %d", tt.src, name, len(a.Commands))
		}
		var got []string
		for _, arg := range cmd.Args {
			if arg.Dynamic {
				t.Errorf("%s: %q is dynamic", tt.src, arg.Value)
			}
			got = append(got, arg.Value)
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.src, strings.Join(got, "|"), tt.want)
		}
	}
	a := Analyze(`cat x{1..1000}`, Options{Cwd: "/proj", Home: "/home/u"})
	if args := a.Commands[0].Args; len(args) != 2 || !args[1].Dynamic {
		t.Errorf("a thousand words: %+v", args)
	}
}

// TestBraceSequenceBounds: a sequence too long to list, however its ends
// are written, stands for words nobody can list; it neither vanishes nor
// is listed.
func TestBraceSequenceBounds(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"rm {1..99999999} x",
		"rm {-9223372036854775808..9223372036854775807} x",
		"rm {9223372036854775807..-9223372036854775808} x",
		"rm {0..9223372036854775807..-9223372036854775808} x",
		"rm {-9223372036854775808..9223372036854775807..2} x",
	} {
		a := Analyze(src, Options{})
		if len(a.Commands) != 1 || len(a.Commands[0].Args) != 3 || !a.Commands[0].Args[1].Dynamic {
			t.Errorf("%s: %v, want rm, a word not known and x", src, a.Commands[0].Words())
		}
	}
}

// TestBraceNestingBound: a word with more braces than the words a brace
// expansion may list stands for words nobody can list, however the braces
// nest; one with fewer is listed.
func TestBraceNestingBound(t *testing.T) {
	t.Parallel()
	nested := func(n int) string { return strings.Repeat("{a,", n) + "b" + strings.Repeat("}", n) }
	for _, src := range []string{"rm " + nested(300) + " x", "rm " + strings.Repeat("{a}", 300) + " x"} {
		a := Analyze(src, Options{})
		if len(a.Commands) != 1 || len(a.Commands[0].Args) != 3 || !a.Commands[0].Args[1].Dynamic {
			t.Errorf("%.40s...: %d words, want rm, a word not known and x", src, len(a.Commands[0].Args))
		}
	}
	a := Analyze("rm "+nested(100), Options{})
	if len(a.Commands) != 1 || len(a.Commands[0].Args) != 102 {
		t.Errorf("braces 100 deep: %v, want rm and 101 words", a.Commands[0].Words())
	}
}

// TestBraceBoundBeforeSplitting: a word past the bound is not split into
// its brace expressions at all: splitting allocates for every brace.
func TestBraceBoundBeforeSplitting(t *testing.T) {
	f, err := syntax.NewParser().Parse(strings.NewReader("echo "+strings.Repeat("{a,", 5000)+"b"+strings.Repeat("}", 5000)), "")
	if err != nil {
		t.Fatal(err)
	}
	word := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
	allocs := testing.AllocsPerRun(5, func() {
		if words, ok := braceWords(word); words != nil || !ok {
			t.Fatal("a word of 5,000 braces is listed")
		}
	})
	if allocs > 2 {
		t.Errorf("%v allocations, want the word refused before it is split", allocs)
	}
}
