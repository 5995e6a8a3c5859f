package programs_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// TestParallelLaunch: parallel runs its command for each input of its :::
// lists or of its standard input, each input as a command when it has
// none, in the folder of --workdir, and the Perl of {= =} besides.
func TestParallelLaunch(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		src  string
		want []string
	}{
		{"parallel ::: 'rm a' 'rm b'", []string{"parallel ::: rm a rm b", "rm a [parallel]", "rm b [parallel]"}},
		{"parallel rm -rf ::: /", []string{"parallel rm -rf ::: /", "rm -rf / [parallel]"}},
		{"parallel rm {}.bak ::: a b", []string{"parallel rm {}.bak ::: a b", "rm a.bak [parallel]", "rm b.bak [parallel]"}},
		{"printf 'a\\nb\\n' | parallel -j 2 rm", []string{"printf a\\nb\\n", "parallel -j 2 rm", "rm a [parallel]", "rm b [parallel]"}},
		{"parallel rm :::", []string{"parallel rm :::", "rm [parallel]"}},
		{"parallel echo '{= s/a/b/ =}' ::: a", []string{"parallel echo {= s/a/b/ =} ::: a", "perl [parallel]", "echo {= s/a/b/ =} a [parallel]"}},
	} {
		a := walk(tt.src, "/p", "/home/u")
		if got := foundCommands(a); !slices.Equal(got, tt.want) {
			t.Errorf("Analyze(%q)\n got: %q\nwant: %q", tt.src, got, tt.want)
		}
	}
	a := walk("parallel --workdir .. rm -rf . ::: x", "/p/q", "/home/u")
	if last := a.Commands[len(a.Commands)-1]; last.Name != "rm" || last.Cwd != "/p" {
		t.Errorf("parallel --workdir ..: last is %q in %q, want rm in /p", last.String(), last.Cwd)
	}
}

// TestParallelInputWords: a word that parallel appends from input the
// analysis does not know is dynamic, and its value starts with the part
// known only at run time ({input}), so that a reader takes it for any
// word, an option included.
func TestParallelInputWords(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"cat list | parallel rg",
		"cat list | parallel rg {}",
	} {
		wantInputWord(t, src)
	}
}

// TestParallelSplicedInput: input that parallel pastes into the text of
// code is quoted, so it stays one word; input in the place of a command
// runs whatever arrives.
func TestParallelSplicedInput(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"parallel sh -c 'cat {}' ::: a b":           false,
		"parallel timeout 5 sh -c 'cat {}' ::: a b": false,
		"cat list | parallel":                       true,
		"cat list | xargs -I{} sh -c 'cat {}'":      true,
		// Input the analysis knows still chooses the code (the program
		// it names is a program only known at run time: see
		// TestInputProgram).
		"printf 'echo ok\\n' | parallel":  true,
		"echo ok | xargs sudo --":         false,
		"echo ok | xargs -I{} bash -c {}": true,
		"echo ok | xargs -I% env %":       false,
		"printf 'ls\\n' | parallel {}":    false,
		"echo a.txt | xargs -I{} cat {}":  false,
		// Listed after :::, an input is input too.
		"parallel {} ::: ls pwd":                  false,
		"parallel bash -c ::: 'ls'":               true,
		"parallel echo {} ::: ls":                 false,
		"echo a.txt | xargs cat":                  false,
		"printf 'a\\nb\\n' | parallel gzip -k {}": false,
	} {
		if got := runsInput(src); got != want {
			t.Errorf("Analyze(%q): some command runs input = %v, want %v", src, got, want)
		}
	}
}

// TestInputProgram: a program named by the input of xargs or parallel,
// known or not, is one only known at run time.
func TestInputProgram(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"echo ok | xargs sudo --":        true,
		"echo ok | xargs -I% env %":      true,
		"printf 'ls\\n' | parallel {}":   true,
		"parallel {} ::: ls pwd":         true,
		"echo ls | xargs nice -n 5":      true,
		"echo a.txt | xargs cat":         false,
		"echo a.txt | xargs -I{} cat {}": false,
		"xargs sudo ls":                  false,
	} {
		a := shell.Analyze(src, shell.Options{Cwd: "/p", Home: "/h", Launcher: programs.Launcher})
		got := false
		for _, p := range a.Problems {
			got = got || p.Kind == shell.ProblemDynamicProgram
		}
		if got != want {
			t.Errorf("%q: a program only known at run time = %v, want %v (%v)", src, got, want, a.Problems)
		}
	}
}
