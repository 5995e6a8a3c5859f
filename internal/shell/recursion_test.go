package shell

import "testing"

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
