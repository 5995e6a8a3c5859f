package programs_test

import (
	"slices"
	"testing"
)

// TestSuLaunch: su is judged as itself, privileged, and the code of -c is
// analysed as nested code; input spliced into that code is code nobody
// has seen.
func TestSuLaunch(t *testing.T) {
	t.Parallel()
	for src, want := range map[string][]string{
		"su -c 'rm -rf t' root":        {"su -c rm -rf t root", "rm -rf t [su -c]"},
		"su --command='rm -rf t' root": {"su --command=rm -rf t root", "rm -rf t [su -c]"},
		"su - root":                    {"su - root"},
	} {
		a := walk(src, "/p", "/h")
		if got := foundCommands(a); !slices.Equal(got, want) {
			t.Errorf("%s: found %q, want %q", src, got, want)
		}
		for _, c := range a.Commands {
			if !c.Privileged {
				t.Errorf("%s: %s is not privileged", src, c)
			}
		}
	}
	runsInput := false
	for _, c := range walk("ls | xargs -I{} su -c 'cat {}'", "/p", "/h").Commands {
		runsInput = runsInput || c.RunsInput
	}
	if !runsInput {
		t.Error("ls | xargs -I{} su -c 'cat {}': no command runs input")
	}
}
