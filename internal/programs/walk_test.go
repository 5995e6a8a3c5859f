package programs_test

import (
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// The walker's tests that need to know what a program runs: the shell
// package asks the Launcher, and these give it the programs' own.

// walk analyses src as the decisions do, with the programs' Launcher.
func walk(src, cwd, home string) *shell.Analysis {
	return shell.Analyze(src, shell.Options{Cwd: cwd, Home: home, Launcher: programs.Launcher})
}

// foundCommands renders the commands of an analysis as "name args..."
// strings, with the origin in brackets when the command was not at top
// level.
func foundCommands(a *shell.Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		s := c.String()
		if c.Origin != "" {
			s += " [" + c.Origin + "]"
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func TestWalkerFollowsWrappers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		src  string
		want []string
	}{
		{"sudo and env", "sudo -u root env FOO=1 rm -rf /tmp/x", []string{"rm -rf /tmp/x"}},
		{"time nice nohup timeout", "time nice -n 5 nohup timeout 10 rm x", []string{"rm x"}},
		{"env -S", "env -S 'rm -rf u'", []string{"rm -rf u"}},
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
	t.Run("wrappers are recorded", func(t *testing.T) {
		c := walk("sudo nice -n 1 rm x", "", "").Commands[0]
		if !c.Privileged || !slices.Equal(c.Wrappers, []string{"sudo", "nice"}) {
			t.Errorf("privileged=%v wrappers=%v", c.Privileged, c.Wrappers)
		}
	})
}

// TestFolderThroughWrappers: a condition that is true through wrappers
// that do not change its status is certain to hold.
func TestFolderThroughWrappers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, src, want string }{
		{"if true through wrappers", "if true; then command builtin time -p cd ..; fi && rm -rf ./build", "/home/u"},
		{"if timeout true", "if timeout 30 true; then cd ..; fi; rm -rf build", "/home/u"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.src, "/home/u/p", "/home/u")
			for i := len(a.Commands) - 1; i >= 0; i-- {
				if c := a.Commands[i]; c.Name == "rm" {
					if c.Cwd != tt.want {
						t.Errorf("Analyze(%q): rm runs in %q, want %q", tt.src, c.Cwd, tt.want)
					}
					return
				}
			}
			t.Fatalf("Analyze(%q) finds no rm: %q", tt.src, foundCommands(a))
		})
	}
}

// TestStdinThroughWrappers: a shell run by a wrapper reads what the
// wrapper reads.
func TestStdinThroughWrappers(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`printf 'rm -rf /\n' | eval "nice -n 5 /bin/sh"`,
		`printf 'rm -rf /\n' | bash -c "nohup /bin/sh"`,
		"if timeout 30 true; then command printf 'rm -rf /\\n'; fi | bash",
	} {
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			if a := walk(src, "", ""); !slices.Contains(foundCommands(a), "rm -rf / [stdin]") {
				t.Errorf("Analyze(%q) = %q, want rm -rf / read from stdin", src, foundCommands(a))
			}
		})
	}
}

// TestFoldThroughWrappers: a substitution folds through the wrappers
// that only run the command that prints, and not through one that may
// not run it (a function called by nice is a program of that name).
func TestFoldThroughWrappers(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		src  string
		want []string // the words of the last command
	}{
		{"nice -n", `kubectl describe $(nice -n 5 echo "pod nginx")`, []string{"kubectl", "describe", "pod", "nginx"}},
		{"stdbuf", `kubectl describe $(stdbuf -oL echo "pod nginx")`, []string{"kubectl", "describe", "pod", "nginx"}},
		{"timeout", `kubectl describe $(timeout 30 echo "pod nginx")`, []string{"kubectl", "describe", "pod", "nginx"}},
		{"env", `cat "$(env echo .env)"`, []string{"cat", ".env"}},
		{"nohup", `rm -rf $(nohup printf /)`, []string{"rm", "-rf", "/"}},
		{"nohup xargs echo", `cat "$(echo LmVudg== | nohup xargs echo | base64 -d)"`, []string{"cat", ".env"}},
		{"nohup filter", `cat "$(echo LmVudg== | nohup base64 -d)"`, []string{"cat", ".env"}},
		{"xargs after xargs echo", "echo /etc/shadow | xargs echo | timeout 30 xargs cat", []string{"cat", "/etc/shadow"}},
		{"setsid may change what it prints", `rm -rf /$(setsid echo tmp)`, []string{"rm", "-rf", "/$(setsid echo tmp)"}},
		{"function called by nice", `echo() { printf tmp; }; rm -rf "/$(nice echo)"`, []string{"rm", "-rf", "/$(nice echo)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := walk(tt.src, "/p", "/home/u")
			if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestGeneratedCodeThroughWrappers: eval of what a set-up command prints
// is asked about when a wrapper runs the set-up command.
func TestGeneratedCodeThroughWrappers(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`eval "$(echo zsh | xargs nice -n 5 echo | xargs direnv hook)"`,
		`eval "$(nice -n 5 sh -c "direnv hook zsh")"`,
		`eval "$(nice -n 5 bash -c '"/opt/homebrew/bin/brew" shellenv')"`,
		`source <(sh -c "env kubectl completion zsh")`,
	} {
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			var got []shell.ProblemKind
			for _, p := range walk(src, "", "").Problems {
				got = append(got, p.Kind)
			}
			if !slices.Contains(got, shell.ProblemGeneratedCode) || slices.Contains(got, shell.ProblemDynamicCode) {
				t.Errorf("Analyze(%q) problems = %v, want generated code", src, got)
			}
		})
	}
}

// foldCase is a command string and the words of its last command, which
// reads what a program prints (cat "$(echo LmVudg== | base64 -d)" reads
// .env) where the program's model folds it, or the substitution as
// written where not.
type foldCase struct {
	src  string
	want []string
}

// checkFolds analyses each case in /p, the top of a repository, on a
// machine whose PATH finds every name in /usr/bin.
func checkFolds(t *testing.T, cases []foldCase) {
	t.Helper()
	for _, tt := range cases {
		a := shell.Analyze(tt.src, shell.Options{Cwd: "/p", Home: "/home/u", Launcher: programs.Launcher,
			Toplevel: func() string { return "/p" }, LookPath: func(name string) string { return "/usr/bin/" + name }})
		if got := a.Commands[len(a.Commands)-1].Words(); !slices.Equal(got, tt.want) {
			t.Errorf("Analyze(%q): last is %q, want %q", tt.src, got, tt.want)
		}
	}
}

// simpleOf returns the simple command of the words, as the walker gives
// it to the Launcher.
func simpleOf(words ...string) *shell.Simple {
	args := make([]shell.Arg, len(words))
	for i, w := range words {
		args[i] = shell.Arg{Value: w}
	}
	return &shell.Simple{Name: words[0], Args: args}
}

// runsWhy returns why the last command of src runs code nobody has seen,
// or "" when it does not.
func runsWhy(src string) string {
	a := walk(src, "/p", "/home/u")
	if last := a.Commands[len(a.Commands)-1]; last.RunsInput {
		return last.RunsInputWhy
	}
	return ""
}
