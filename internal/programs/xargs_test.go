package programs_test

import (
	"slices"
	"strings"
	"testing"
)

// TestXargsLaunch: what xargs runs is its command with the words of its
// input: those of the text known to flow into it, else one word of input
// (with the glob of what find or fd print).
func TestXargsLaunch(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		src  string
		want []string
	}{
		{"xargs", "find . -name '*.o' | xargs rm -f", []string{"find . -name *.o", "xargs rm -f", "rm -f {input} [xargs]"}},
		{"xargs from echo", "echo / | xargs -n1 rm -rf", []string{"echo /", "xargs -n1 rm -rf", "rm -rf / [xargs]"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.src, "/proj", "/home/u")
			if len(a.Problems) > 0 {
				t.Fatalf("Analyze(%q) problems: %v", tt.src, a.Problems)
			}
			if got := foundCommands(a); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q)\n got: %q\nwant: %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestXargsInput: known input flows into xargs through what only runs the
// command that prints it (sh -c, if true, subshells), split as xargs
// splits it; xargs echo passes it on; and what is not known, or split
// otherwise (-0, an open quote), is a word of input.
func TestXargsInput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		src  string
		want []string // the words of the last command
	}{
		{"xargs echo", `cat "$(echo LmVudg== | xargs echo | base64 -d)"`, []string{"cat", ".env"}},
		{"xargs alone", `cat "$(echo .env | xargs)"`, []string{"cat", ".env"}},
		{"xargs after sh -c", `sh -c "echo /etc/shadow" | xargs cat`, []string{"cat", "/etc/shadow"}},
		{"xargs after if true", "if true; then echo /etc/shadow; fi | xargs cat", []string{"cat", "/etc/shadow"}},
		{"xargs after subshell", "( echo /etc/shadow ) | xargs cat", []string{"cat", "/etc/shadow"}},
		{"xargs in sh -c", `echo -if .env src | sh -c "xargs rg"`, []string{"rg", "-if", ".env", "src"}},
		{"xargs quoting", `printf '%s\n' "'a b'" 'c\ d' | xargs rm`, []string{"rm", "a b", "c d"}},
		{"xargs -n", `cat "$(echo a b | xargs -n1 echo)"`, []string{"cat", "$(echo a b | xargs -n1 echo)"}},
		{"xargs -0", `echo a b | xargs -0 rm`, []string{"rm", "{input}"}},
		{"xargs open quote", `echo "'a" | xargs rm`, []string{"rm", "{input}"}},
		{"function under xargs", `echo() { printf tmp; }; rm -rf "/$(echo a | xargs echo)"`, []string{"rm", "-rf", "/$(echo a | xargs echo)"}},
		{"xargs with no input", `rm -rf "/$(printf '' | xargs echo; echo tmp)"`, []string{"rm", "-rf", "/$(printf '' | xargs echo; echo tmp)"}},
		{"pipe with stderr", `echo /etc/shadow |& xargs cat`, []string{"cat", "{input}"}},
		// The first command that reads a pipe takes what is known to flow
		// in; a command after it reads what is left, which is not known.
		{"read once", "echo a | { cat >/dev/null; xargs rm; }", []string{"rm", "{input}"}},
		{"echo reads nothing", "echo a | { echo x; xargs rm; }", []string{"rm", "a"}},
		{"true reads nothing", "echo a | { true; xargs rm; }", []string{"rm", "a"}},
		{"read takes it", "echo a | bash -c 'read x; xargs rm'", []string{"rm", "{input}"}},
		{"xargs takes it", "echo a | xargs -I{} sh -c 'xargs rm'", []string{"rm", "{input}"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.src, "/p", "/home/u")
			if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
			}
		})
	}
	t.Run("a script through xargs echo", func(t *testing.T) {
		src := "echo rm -rf / | xargs echo | sh"
		if got := foundCommands(walk(src, "", "")); !slices.Contains(got, "rm -rf / [stdin]") {
			t.Errorf("Analyze(%q) = %q, want rm -rf / read from stdin", src, got)
		}
	})
}

// TestXargsInputWords: a word that xargs appends from input the analysis
// does not know is dynamic, and its value starts with the part known only
// at run time ({input}), so that a reader takes it for any word, an
// option included.
func TestXargsInputWords(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		"cat list | xargs rg",
		"cat list | xargs -n1 rg",
		"cat list | xargs -0 rg",
		"cat list | xargs -I{} rg {}",
		"cat list | xargs -I% rg %",
		"find . -name x | xargs rg",
		`cat list | sh -c "xargs rg"`,
		`cat list | xargs sh -c 'rg "$@"' _`,
		"xargs -a list rg",
	} {
		wantInputWord(t, src)
	}
}

// TestXargsSplicedInput: input that xargs pastes into the text of code is
// code nobody has seen; passed as an argument, or known from upstream
// text, it is a word.
func TestXargsSplicedInput(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"xargs -I{} sh -c 'cat {}'":              true,
		"xargs -I% sh -c 'cat %'":                true,
		"xargs --replace sh -c 'cat {}'":         true,
		"xargs sh -c 'cat \"$@\"' _":             false,
		"xargs -I{} cat {}":                      false,
		"echo a.txt | xargs -I{} sh -c 'cat {}'": false,
	} {
		if got := runsInput(src); got != want {
			t.Errorf("Analyze(%q): some command runs input = %v, want %v", src, got, want)
		}
	}
}

// TestXargsGlobInput: echo or printf of a glob prints the names the glob
// matches at run time, which nobody has seen: xargs reading that output
// gets words of input, never the pattern as if it were a name. A glob
// that is quoted, escaped or in a here-string is text.
func TestXargsGlobInput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		src  string
		want []string // the words of the last command
	}{
		{"echo .e* | xargs cat", []string{"cat", "{input}"}},
		{"echo ~/.aws/c*s | xargs cat", []string{"cat", "{input}"}},
		{"printf '%s\\n' .e* | xargs cat", []string{"cat", "{input}"}},
		{"echo .[e]nv | xargs cat", []string{"cat", "{input}"}},
		{"echo .e?v | xargs cat", []string{"cat", "{input}"}},
		{"echo .e@(nv) | xargs cat", []string{"cat", "{input}"}},
		{"echo .e{n,x}* | xargs cat", []string{"cat", "{input}"}},
		{"echo README .e* | xargs cat", []string{"cat", "{input}"}},
		{"echo .e* | base64 | base64 -d | xargs cat", []string{"cat", "{input}"}},
		{`xargs cat <<< "$(echo .e*)"`, []string{"cat", "{input}"}},
		{`x=.e*; echo $x | xargs cat`, []string{"cat", "{input}"}},
		// Text: no glob happens.
		{`echo '.e*' | xargs cat`, []string{"cat", ".e*"}},
		{`echo .e\* | xargs cat`, []string{"cat", ".e*"}},
		{`xargs cat <<< .e*`, []string{"cat", ".e*"}},
		{`x=.e*; echo "$x" | xargs cat`, []string{"cat", ".e*"}},
	} {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.src, "/p", "/home/u")
			if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// wantInputWord checks that the last command of src is rg and that its
// last word is wholly the input xargs or parallel supplies.
func wantInputWord(t *testing.T, src string) {
	t.Helper()
	a := walk(src, "", "")
	last := a.Commands[len(a.Commands)-1]
	if last.Name != "rg" || len(last.Args) < 2 {
		t.Fatalf("Analyze(%q): last is %q", src, last.String())
	}
	in := last.Args[len(last.Args)-1]
	if !in.Input || !in.WholeInput || !in.Dynamic || !strings.HasPrefix(in.Value, "{input}") {
		t.Errorf("Analyze(%q): input word %+v, want a dynamic word wholly of input starting with {input}", src, in)
	}
}

// runsInput reports whether some command of src runs its input as code.
func runsInput(src string) bool {
	for _, c := range walk(src, "", "").Commands {
		if c.RunsInput {
			return true
		}
	}
	return false
}
