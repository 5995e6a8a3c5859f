// Package worstcase builds the shell commands that cost the analysis the
// most for their size: deep nesting of every construct the parser and the
// walker recurse into, and wide constructs that repeat work (pipelines,
// here-documents, brace expansions, globs, function call chains). Each is
// built to just under a byte budget, so that it is as large as a command
// the analysis still reads can be. Benchmarks and the worst-input bench
// measure them; tests check that each ends at a bound, never in a stall.
package worstcase

import (
	"fmt"
	"strings"
)

// Input is one worst-case command.
type Input struct {
	Name    string
	Command string
}

// Budget is the size each input is built to: just under the analysis'
// default size bound (256 KiB), so that the whole text is read.
const Budget = 250_000

// Inputs returns the worst-case commands, each at most size bytes long.
func Inputs(size int) []Input {
	return []Input{
		{"nested-subshells", nest(size, "(", "true", ")")},
		{"nested-subst", "echo " + nest(size-5, "$(", "true", ")")},
		{"nested-quoted-subst", "echo " + nest(size-5, `"$(`, "true", `)"`)},
		{"nested-backquotes", "echo " + backquotes(size-5)},
		{"nested-blocks", nest(size, "{ ", "true", "; }")},
		{"nested-procsubst", "cat " + nest(size-4, "<(cat ", "x", ")")},
		{"nested-arith", "echo $((" + nest(size-9, "(", "1", ")") + "))"},
		{"nested-arith-cmd", nest(size, "((", "1", "))")},
		{"nested-params", "echo " + nest(size-5, "${x:-", "y", "}")},
		{"nested-if", nest(size, "if true; then ", "true", "; fi")},
		{"nested-case", nest(size, "case x in x) ", "true", ";; esac")},
		{"nested-while", nest(size, "while true; do ", "true", "; done")},
		{"nested-functions", nest(size, "f(){ ", "true", "; }")},
		{"nested-arrays", "a=" + nest(size-2, "(", "x", ")")},
		{"nested-test", "[[ " + nest(size-6, "( ", "x", " )") + " ]]"},
		{"nested-shells", shells(size)},
		{"nested-eval", evals(size)},
		{"nested-heredoc-shells", heredocShells(size)},
		{"nested-braces", "echo " + nest(size-5, "{a,", "b", "}")},
		{"long-pipeline", repeat(size, "true | ", "true")},
		{"long-and-list", repeat(size, "true && ", "true")},
		{"many-commands", repeat(size, "true; ", "true")},
		{"many-heredocs", repeat(size, "cat <<E\nx\nE\n", "")},
		{"many-heredocs-one-line", heredocsOneLine(size)},
		{"brace-range", "echo " + repeat(size-5, "{1..99999999} ", "")},
		{"brace-product", "echo " + repeat(size-5, "{a,b}", "")},
		{"many-globs", "ls " + repeat(size-3, "*/*/*.go ", "")},
		{"many-words", "echo " + repeat(size-5, "x ", "")},
		{"many-paths", "cat " + repeat(size-4, "a.txt ", "")},
		{"long-word", "echo " + strings.Repeat("a", size-5)},
		{"long-quoted-word", `echo "` + strings.Repeat("a", size-7) + `"`},
		{"many-assignments", repeat(size, "a=$a$a; ", "echo $a")},
		{"call-chain", callChain(size)},
		{"nested-loops", repeat(size/2, "for x in a b c d e f g h i j; do ", "true") + strings.Repeat("; done", 1+size/2/len("for x in a b c d e f g h i j; do "))},
		{"many-aliases", aliases(size)},
		{"many-case-patterns", "case x in " + repeat(size-20, "a|", "b) true;; esac")},
		{"long-array", "a=(" + repeat(size-5, "x ", ")")},
		{"regex-parens", "[[ x =~ " + nest(size-12, "(", "x", ")") + " ]]"},
	}
}

// nest wraps mid in as many open ... close pairs as fit in size bytes.
func nest(size int, open, mid, close string) string {
	n := max(0, (size-len(mid))/(len(open)+len(close)))
	return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
}

// repeat writes unit as many times as fits in size bytes, then last.
func repeat(size int, unit, last string) string {
	n := max(0, (size-len(last))/len(unit))
	return strings.Repeat(unit, n) + last
}

// backquotes nests command substitutions written with backquotes: each
// level escapes the backquotes and backslashes of the one inside, so the
// text doubles with each level.
func backquotes(size int) string {
	s := "true"
	for {
		next := "`echo " + strings.NewReplacer(`\`, `\\`, "`", "\\`").Replace(s) + "`"
		if len(next) > size {
			return s
		}
		s = next
	}
}

// shells nests sh -c strings, each quoting the one inside.
func shells(size int) string {
	s := "true"
	for {
		next := "sh -c '" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		if len(next) > size {
			return s
		}
		s = next
	}
}

// evals nests eval strings, each quoting the one inside.
func evals(size int) string {
	s := "true"
	for {
		next := "eval '" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		if len(next) > size {
			return s
		}
		s = next
	}
}

// heredocShells hands a long script to bash through here-documents,
// one inside the other as deep as the analysis follows (8 levels): with
// no escaping, each level is as long as the script, and each is parsed.
func heredocShells(size int) string {
	const levels = 9
	script := repeat(size-levels*len("bash <<'L0'\n\nL0"), "true; ", "true")
	for i := range levels {
		script = fmt.Sprintf("bash <<'L%d'\n%s\nL%d", i, script, i)
	}
	return script
}

// heredocsOneLine starts many here-documents on one line, whose bodies
// all follow it.
func heredocsOneLine(size int) string {
	n := size / (len("cat <<E;") + len("x\nE\n"))
	return strings.Repeat("cat <<E;", n) + "\n" + strings.Repeat("x\nE\n", n)
}

// callChain defines functions, each calling the one before twice: a call
// of the last runs the first 2^n times.
func callChain(size int) string {
	var b strings.Builder
	b.WriteString("f0(){ true; }; ")
	for i := 1; ; i++ {
		s := fmt.Sprintf("f%d(){ f%d; f%d; }; ", i, i-1, i-1)
		if b.Len()+len(s)+len(fmt.Sprintf("f%d", i)) > size {
			fmt.Fprintf(&b, "f%d", i-1)
			return b.String()
		}
		b.WriteString(s)
	}
}

// aliases defines aliases, each expanding to the one before twice.
func aliases(size int) string {
	var b strings.Builder
	b.WriteString("shopt -s expand_aliases; alias a0='true'\n")
	for i := 1; ; i++ {
		s := fmt.Sprintf("alias a%d='a%d; a%d'\n", i, i-1, i-1)
		if b.Len()+len(s)+len(fmt.Sprintf("a%d", i)) > size {
			fmt.Fprintf(&b, "a%d\n", i-1)
			return b.String()
		}
		b.WriteString(s)
	}
}
