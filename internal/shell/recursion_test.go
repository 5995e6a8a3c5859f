package shell

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestEndlessRecursion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"plain", "loop() { loop; }; loop", "loop"},
		{"subshell body", "f() ( echo; f ); f", "f"},
		{"never called", "f() ( echo; f )", ""},

		// Calls through time, quoting, blocks, subshells and if true
		// call the function as a plain call does.
		{"under time", "loop() { time loop; }; loop", "loop"},
		{"under time twice", "loop() { time time \\loop; }; time loop", "loop"},
		{"single quotes", "loop() { 'loop'; }; loop", "loop"},
		{"split quotes", "loop() { l''oop; }; \"loop\"", "loop"},
		{"backslash", "loop() { \\loop; }; loop", "loop"},
		{"block", "loop() { { loop; }; }; { loop; }", "loop"},
		{"subshell in body", "loop() { ( loop ); }; loop", "loop"},
		{"if true", "loop() { if true; then loop; fi; }; loop", "loop"},
		{"if colon", "loop() { if :; then loop; fi; }; loop", "loop"},
		{"in a condition", "loop() { if loop; then :; fi; }; loop", "loop"},
		{"left of and", "loop() { loop && echo; }; loop", "loop"},
		{"for over written words", "loop() { for _v in 1; do loop; done; }; loop", "loop"},
		{"after a command", "loop() { echo hi; loop; }; loop", "loop"},

		// Functions that always call each other.
		{"mutual", "f() { g; }; g() { f; }; f", "f"},
		{"mutual called second", "_f() { loop; }; loop() { _f; }; loop", "loop"},
		{"three functions", "a() { b; }; b() { c; }; c() { a; }; a", "a"},

		// A way out, or a call that may not happen.
		{"return under a condition", "retry() { curl x && return; retry; }; retry", ""},
		{"exit in another function", "die() { exit 1; }; f() { [ $# -eq 0 ] && die; shift; f \"$@\"; }; f a", ""},
		{"exit in a function of the cycle", "f() { g; }; g() { [ -e x ] && exit; f; }; f", ""},
		{"conditional call", "f() { if [ $1 -gt 0 ]; then f 1; fi; }; f 2", ""},
		{"right of and", "f() { test -e x && f; }; f", ""},
		{"program chosen at run time", "f() { $next; f; }; f", ""},
		{"loop over a glob", "walk() { for d in *; do walk \"$d\"; done; }; walk", ""},
		{"lazy loader", "nvm() { unset -f nvm; . ~/.nvm/nvm.sh; nvm \"$@\"; }; nvm use", ""},
		{"redefined inside", "f() { f() { :; }; f; }; f", ""},
		{"eval in body", "f() { eval x; f; }; f", ""},
		{"if false", "f() { if false; then f; fi; }; f", ""},
		{"else branch", "f() { if true; then :; else f; fi; }; f", ""},
		{"background", "f() { f & }; f", ""},
		{"another function that ends", "g() { echo; }; f() { g; }; f", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Analyze(tt.src, Options{}).Endless; got != tt.want {
				t.Errorf("Analyze(%q).Endless = %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

func TestForkBombQuoted(t *testing.T) {
	t.Parallel()
	for _, src := range []string{":(){ :|:& };:", "b() { 'b' | b & }; b", "b() { \\b & }; b"} {
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			if got := Analyze(src, Options{}).ForkBomb; got == "" {
				t.Errorf("Analyze(%q).ForkBomb is empty", src)
			}
		})
	}
}

// TestEndlessWork: the search for endless recursion reads each function
// body once per search, whatever the number of functions; a function's
// answer is kept until a function is defined again; and over many calls
// the bodies read are bounded, past which the analysis stops, naming the
// bound.
func TestEndlessWork(t *testing.T) {
	t.Parallel()
	// f0 ... f(n-1), each calling the one before; f0 calls f(n-1).
	ring := func(n int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "f0(){ f%d; }; ", n-1)
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "f%d(){ f%d; }; ", i, i-1)
		}
		return b.String()
	}
	t.Run("one search", func(t *testing.T) {
		const n = 3000
		w := newWalker(Options{MaxTime: -1})
		w.parse(ring(n), &frame{}, &execCtx{}, nil)
		visits := 0
		if !endless("f0", w.funcDefs, &visits) {
			t.Fatal("a ring of functions is endless")
		}
		if visits > 2*n {
			t.Errorf("a ring of %d functions: %d bodies read, want at most %d", n, visits, 2*n)
		}
	})
	t.Run("answer kept", func(t *testing.T) {
		src := "g(){ :; }; f(){ g; }" + strings.Repeat("; f", 500)
		w := newWalker(Options{MaxTime: -1})
		w.parse(src, &frame{}, &execCtx{}, nil)
		if w.recursionWork > 10 {
			t.Errorf("500 calls of one function: %d bodies read, want the answer kept", w.recursionWork)
		}
		// Defined again, a function is searched again: f now recurses.
		a := Analyze(src+"; g(){ f; }; f", Options{})
		if a.Endless != "f" {
			t.Errorf("f calls g, redefined to call f: Endless = %q", a.Endless)
		}
	})
	t.Run("bounded", func(t *testing.T) {
		// A chain of functions, each calling the one before twice: each
		// call asks about another function, whose search reads the chain.
		var b strings.Builder
		b.WriteString("f0(){ :; }; ")
		const n = 5000
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "f%d(){ f%d; f%d; }; ", i, i-1, i-1)
		}
		fmt.Fprintf(&b, "f%d", n-1)
		// On a busy machine the time bound may come first: not here.
		a := Analyze(b.String(), Options{MaxTime: -1})
		if !hasProblem(a, ProblemSize) || !strings.Contains(problemDetail(a, ProblemSize), "function bodies") {
			t.Errorf("a chain of %d functions: %v, want %s naming the function bodies", n, a.Problems, ProblemSize)
		}
	})
}

// TestNameSet: the set keeps the names in the order first added, each
// once, as a list searched from the start does, below and past the size
// at which it starts a map.
func TestNameSet(t *testing.T) {
	t.Parallel()
	var s nameSet
	var plain []string
	for i := range 200 {
		name := fmt.Sprintf("f%d", (i*7)%53)
		s.add(name)
		if !slices.Contains(plain, name) {
			plain = append(plain, name)
		}
		if !slices.Equal(s.list, plain) {
			t.Fatalf("after adding %s: %v, want %v", name, s.list, plain)
		}
	}
}
