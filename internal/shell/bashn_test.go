package shell

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/agentgov/governance/internal/corpus"
)

// Reasons why mvdan/sh and bash -n legitimately disagree. "Stricter" means
// the analysis reports a parse problem (so the engine asks) for text bash
// accepts; "laxer" means it parses text bash rejects, which is harmless:
// bash never runs a command it cannot parse.
const (
	// Stricter: bash warns and runs the body up to the end of input.
	whyUnclosedHeredoc = "bash ends an unclosed here-document at end of input with a warning; mvdan rejects it"
	// Stricter: bash parses arithmetic only when it evaluates it.
	whyLazyArith = "bash checks arithmetic ($((...)), ((...)), let) only when it evaluates it; mvdan parses it up front"
	// Stricter: bash checks expansions only when it expands them.
	whyLazyExpansion = "bash checks parameter expansions and the substitutions of an unquoted here-document body only when it expands them; mvdan parses them up front"
	// Stricter: bash accepts these, mvdan refuses them.
	whyBashOnlySyntax = "bash-only syntax that mvdan does not implement"
	// Stricter: invalid names are a run-time error in bash.
	whyInvalidName = "bash reports an invalid identifier in declare/export at run time; mvdan rejects it at parse time"
	// Laxer: extended globs.
	whyExtglob = "mvdan always parses extended globs; bash only with extglob set before the line is read, which bash -n never does"
	// Laxer: reserved words.
	whyReservedWord = "mvdan accepts the reserved word in as a command name; bash rejects it"
)

// bashDiffers lists the commands, from the corpus and from syntaxCases,
// on which the analysis and bash -n legitimately disagree. An entry on
// which they agree is reported as stale.
var bashDiffers = map[string]string{
	// From the corpus.
	"node <<EOF":  whyUnclosedHeredoc,
	"bash <<EOF":  whyUnclosedHeredoc,
	"cat << .env": whyUnclosedHeredoc,

	// From syntaxCases.
	"cat <<EOF":                     whyUnclosedHeredoc,
	"echo $((1+))":                  whyLazyArith,
	"echo $(( ))":                   whyLazyArith,
	"(( ))":                         whyLazyArith,
	"let 1+":                        whyLazyArith,
	"[[ ]]":                         whyLazyArith,
	"echo ${x~}":                    whyLazyExpansion,
	"echo ${x[1}":                   whyLazyExpansion,
	"echo ${1x}":                    whyLazyExpansion,
	"cat <<EOF\n$(\nEOF":            whyLazyExpansion,
	"cat <<EOF\n$((1+))\nEOF":       whyLazyExpansion,
	"!":                             whyBashOnlySyntax,
	"! ! ls":                        whyBashOnlySyntax,
	"time ! ls":                     whyBashOnlySyntax,
	"select x in a; { break; }":     whyBashOnlySyntax,
	"declare 1x=2":                  whyInvalidName,
	"export 1x=2":                   whyInvalidName,
	"ls !(*.go)":                    whyExtglob,
	"ls @(a|b)":                     whyExtglob,
	"shopt -s extglob; ls !(x)":     whyExtglob,
	"case $x in +([0-9])) :;; esac": whyExtglob,
	"in":                            whyReservedWord,
}

// syntaxCases add to the corpus the shell syntax it hardly covers: bash
// extensions, broken text, and the places where parsers tend to differ.
var syntaxCases = []string{
	// Accepted by both.
	"[[ a =~ ^(b|c)$ ]]", "[[ -v x ]]", "[[ a < b ]]", "(( x = 1 + 2 ))", "for ((i=0;i<3;i++)); do :; done",
	"coproc cat", "coproc foo { cat; }", "function f { :; }", "f() ( : )", "select x in a b; do break; done",
	"case x in (a) :;; esac", "case x in a) :;& b) :;;& esac", "echo ${x@Q} ${x,,} ${x^^} ${!x} ${#x}",
	"echo ${x:?e} ${x/a/b} ${x//a} ${x:1:2} ${x: -1}", "a=(1 2); a+=(3); echo ${a[@]}", "declare -A m=([a]=b)",
	"echo >| f; echo &>> f; cat <&-", "exec {fd}>f", "exec 3<>f", "ls |& cat", "echo {a,b}{1..3}", "echo $\"hi\"",
	"cat <<< hi", "cat <<-EOF\n\thi\n\tEOF", "cat <<A <<B\na\nA\nb\nB", "echo $(echo ')')", "x=$(case a in a) echo;; esac)",
	"echo `echo \\`echo a\\``", "echo $(( ($(echo 1)) ))", "for x in a b c; { echo $x; }", "[[ x == @(a|b) ]]",
	"ls # rm -rf /", "echo a#b", "a[1+1]=b", "! ls", "time -p ls", "for x\nin a\ndo :\ndone", "echo $(<file)",
	"diff <(ls) >(cat)", "echo $((0x10 + 010 + 2#101))",
	// Rejected by both.
	"[[ a b ]]", "[[ == a ]]", "[[ a =~ b) ]]", "{ ls }", "if; then :; fi", "if true; then fi", "ls &&", "ls |",
	";;", "}", "done", "fi", "echo ${", "echo $(", "echo `", "echo )", "(ls", "ls)", "echo \"unterminated",
	"echo $'unterminated", "x=(1", "ls &; ls", "echo ||| echo", "for x in a; do", "case x in", "function",
	"echo a > > b", "diff <(ls) <(ls", "case x in a) ls esac",
	// Accepted by bash, refused by mvdan, or the other way round: see bashDiffers.
	"cat <<EOF", "echo $((1+))", "echo $(( ))", "(( ))", "let 1+", "[[ ]]", "echo ${x~}", "echo ${x[1}",
	"echo ${1x}", "cat <<EOF\n$(\nEOF", "cat <<EOF\n$((1+))\nEOF", "!", "! ! ls", "time ! ls",
	"select x in a; { break; }", "declare 1x=2", "export 1x=2", "ls !(*.go)", "ls @(a|b)",
	"shopt -s extglob; ls !(x)", "case $x in +([0-9])) :;; esac", "in",
}

// bashVerdict is what bash -n says about one command.
type bashVerdict struct {
	rejects bool
	stderr  string
}

// bashCheck runs bash -n on src in dir with an empty environment: -n
// reads and parses the commands without executing any of them. bash
// rejects the text when it exits non-zero, or when it reports anything
// but a warning: a syntax error inside [[ ]] is printed, and stops the
// line at run time, yet bash -n still exits 0.
func bashCheck(ctx context.Context, bash, dir, src string) (bashVerdict, error) {
	cmd := exec.CommandContext(ctx, bash, "-n", "-c", "--", src)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/nonexistent", "HOME=" + dir, "LC_ALL=C"}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && (!errors.As(err, &exit) || ctx.Err() != nil) {
		return bashVerdict{}, err
	}
	v := bashVerdict{rejects: err != nil, stderr: strings.TrimSpace(stderr.String())}
	for line := range strings.Lines(v.stderr) {
		if !strings.Contains(line, "warning: ") {
			v.rejects = true
		}
	}
	return v, nil
}

// parseProblem returns the detail of the analysis's first parse problem.
func parseProblem(a *Analysis) (string, bool) {
	for _, p := range a.Problems {
		if p.Kind == ProblemParse {
			return p.Detail, true
		}
	}
	return "", false
}

// TestParseAgreesWithBash checks that the analysis reports a parse problem
// exactly when bash -n rejects the command, for every command of the
// corpus and of syntaxCases, but for the known differences of bashDiffers.
func TestParseAgreesWithBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bash is not installed")
		}
		t.Skip("bash is not installed")
	}
	// The corpus is full of destructive commands: before any of them is
	// handed to bash, check that bash -n runs nothing, and that a text
	// with a leading dash is not taken for an option.
	dir := t.TempDir()
	for _, guard := range []string{"touch ran-a-command", "-touch ran-a-command"} {
		if v, err := bashCheck(t.Context(), bash, dir, guard); err != nil || v.rejects {
			t.Fatalf("bash -n -c -- %q: %v %+v", guard, err, v)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
		t.Fatalf("bash -n ran a command: the work folder holds %v (%v)", entries, err)
	}

	cmds := append(corpus.Commands(t), syntaxCases...)
	verdicts := make([]bashVerdict, len(cmds))
	errs := make([]error, len(cmds))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range 2 * runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range jobs {
				verdicts[i], errs[i] = bashCheck(t.Context(), bash, dir, cmds[i])
			}
		})
	}
	for i := range cmds {
		jobs <- i
	}
	close(jobs)
	wg.Wait()

	seen := map[string]bool{}
	for i, src := range cmds {
		if errs[i] != nil {
			t.Errorf("bash -n -c %q: %v", src, errs[i])
			continue
		}
		detail, parse := parseProblem(Analyze(src, Options{Cwd: "/proj", Home: "/home/u"}))
		why, known := bashDiffers[src]
		seen[src] = true
		switch {
		case parse != verdicts[i].rejects && !known:
			t.Errorf("%q: analysis parse problem %v (%s), bash -n rejects %v (%s)",
				src, parse, detail, verdicts[i].rejects, verdicts[i].stderr)
		case parse == verdicts[i].rejects && known:
			t.Errorf("%q: analysis and bash -n agree (parse problem %v), but bashDiffers says %q: remove the entry",
				src, parse, why)
		}
	}
	for src := range bashDiffers {
		if !seen[src] {
			t.Errorf("bashDiffers names %q, which is neither in the corpus nor in syntaxCases", src)
		}
	}
}
