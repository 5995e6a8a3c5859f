package shell

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/bench/worstcase"
)

// nestN wraps mid in n open ... close pairs.
func nestN(n int, open, mid, close string) string {
	return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
}

// TestNestingBound: every construct the parser recurses into, nested or
// chained past the bound, stops the analysis with ProblemDepth naming the
// bound and yields no commands; nested a little less, it is analysed.
func TestNestingBound(t *testing.T) {
	t.Parallel()
	shapes := []struct {
		name             string
		open, mid, close string
	}{
		{"subshells", "(", "rm -rf /", ")"},
		{"spaced subshells", "( ", "rm -rf /", " )"},
		{"blocks", "{ ", "rm -rf /", "; }"},
		{"command substitutions", "echo $(", "rm -rf /", ")"},
		{"quoted substitutions", `echo "$(`, "rm -rf /", `)"`},
		{"process substitutions", "cat <(", "rm -rf /", ")"},
		{"parameter defaults", "echo ${x:-", "y", "}"},
		{"arithmetic parentheses", "echo $((", "1", "))"},
		{"arithmetic commands", "((", "1", "))"},
		{"unary arithmetic", "echo $(( ", "1", " ))"},
		{"test parentheses", "[[ ", "-e x", " ]]"},
		{"if", "if true; then ", "rm -rf /", "; fi"},
		{"case", "case x in x) ", "rm -rf /", ";; esac"},
		{"while", "while true; do ", "rm -rf /", "; done"},
		{"for", "for x in a; do ", "rm -rf /", "; done"},
		{"functions", "f(){ ", "rm -rf /", "; }"},
		{"time", "time ", "rm -rf /", ""},
	}
	for _, tt := range shapes {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			open, closer := tt.open, tt.close
			deep := func(n int) string { return nestN(n, open, tt.mid, closer) }
			switch tt.name {
			case "unary arithmetic":
				deep = func(n int) string { return "echo $(( " + strings.Repeat("- ", n) + "1 ))" }
			case "test parentheses":
				deep = func(n int) string { return "[[ " + nestN(n, "( ", "-e x", " )") + " ]]" }
			case "arithmetic parentheses":
				deep = func(n int) string { return "echo $((" + nestN(n, "(", "1", ")") + "))" }
			}
			a := Analyze(deep(maxNesting+1), Options{})
			if !hasProblem(a, ProblemDepth) || len(a.Commands) > 0 {
				t.Errorf("nested %d deep: problems %v, %d commands; want %s and none", maxNesting+1, a.Problems, len(a.Commands), ProblemDepth)
			}
			if !strings.Contains(problemDetail(a, ProblemDepth), "256 levels") {
				t.Errorf("the problem does not name the bound: %v", a.Problems)
			}
			if a := Analyze(deep(20), Options{}); hasProblem(a, ProblemDepth) {
				t.Errorf("nested 20 deep: %v", a.Problems)
			}
		})
	}
}

// TestChainBound: a pipeline or an && or || list longer than the bound is
// a tree as deep as it is long: ProblemDepth. Shorter, it is analysed.
func TestChainBound(t *testing.T) {
	t.Parallel()
	for _, op := range []string{" | ", " |& ", " && ", " || ", " && true | "} {
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			long := strings.Repeat("true"+op, maxNesting) + "rm -rf /"
			if a := Analyze(long, Options{}); !hasProblem(a, ProblemDepth) {
				t.Errorf("a chain of %d: %v", maxNesting+1, a.Problems)
			}
			short := strings.Repeat("true"+op, 60) + "rm -rf /"
			a := Analyze(short, Options{})
			if hasProblem(a, ProblemDepth) || len(a.Commands) == 0 || a.Commands[len(a.Commands)-1].Name != "rm" {
				t.Errorf("a chain of 61: %v, %d commands", a.Problems, len(a.Commands))
			}
		})
	}
}

// TestWorstInputsStop: each worst-case input ends at the bound it is
// built to reach (the time bound set aside, which a busy machine may reach
// first), or is analysed in full.
func TestWorstInputsStop(t *testing.T) {
	t.Parallel()
	want := map[string]ProblemKind{
		"long-pipeline": ProblemDepth, "long-and-list": ProblemDepth,
		"many-commands": ProblemSize, "many-heredocs": ProblemSize, "many-heredocs-one-line": ProblemSize,
		"many-assignments": ProblemSize, "many-aliases": ProblemSize, "call-chain": ProblemSize,
		"brace-range": ProblemSize, "many-globs": ProblemSize, "many-words": ProblemSize, "many-paths": ProblemSize,
		"nested-backquotes": ProblemParse, "nested-arrays": ProblemParse,
	}
	for _, in := range worstcase.Inputs(worstcase.Budget) {
		k, ok := want[in.Name]
		if !ok && strings.HasPrefix(in.Name, "nested-") && in.Name != "nested-braces" {
			k, ok = ProblemDepth, true
		}
		t.Run(in.Name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(in.Command, Options{Cwd: "/tmp", Home: "/home/u", MaxTime: -1})
			if ok && !hasProblem(a, k) {
				t.Errorf("%s: %v, want %s", in.Name, a.Problems, k)
			}
		})
	}
}

func problemDetail(a *Analysis, k ProblemKind) string {
	for _, p := range a.Problems {
		if p.Kind == k {
			return p.Detail
		}
	}
	return ""
}

// BenchmarkAnalyzeWorst analyses each worst-case input (see package
// worstcase): the time and memory of the costliest commands the size
// bound admits.
func BenchmarkAnalyzeWorst(b *testing.B) {
	for _, in := range worstcase.Inputs(worstcase.Budget) {
		b.Run(in.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Analyze(in.Command, Options{Cwd: "/tmp", Home: "/home/u"})
			}
		})
	}
}

// TestWordBound: the words of all the commands, after brace expansion,
// are bounded; past the bound the analysis stops, naming it.
func TestWordBound(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  string
		stop bool
	}{
		{"one command", "cat" + strings.Repeat(" a", 1024), true},
		{"many commands", strings.Repeat("cat a b c d e f g h i; ", 103), true},
		{"brace expansion", "echo" + strings.Repeat(" {1..200}", 6), true},
		{"substitutions", "echo $(echo" + strings.Repeat(" a", 600) + ")" + strings.Repeat(" b", 500), true},
		{"array elements", "a=(" + strings.Repeat("x ", 1100) + ")", true},
		{"array elements and words", "a=(" + strings.Repeat("x ", 600) + "); cat" + strings.Repeat(" a", 500), true},
		{"within", "cat" + strings.Repeat(" a", 1000), false},
		{"array within", "a=(" + strings.Repeat("x ", 1000) + ")", false},
		{"within braces", "echo" + strings.Repeat(" {1..200}", 5), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.src, Options{})
			stopped := strings.Contains(problemDetail(a, ProblemSize), "1024 words")
			if stopped != tt.stop {
				t.Errorf("problems %v, want the word bound: %v", a.Problems, tt.stop)
			}
		})
	}
}

// TestWordBoundBeforeExpansion: a command with more words as written than
// the bound stops the analysis before any word is expanded or any
// substitution in them analysed.
func TestWordBoundBeforeExpansion(t *testing.T) {
	t.Parallel()
	a := Analyze("echo $(ls) "+strings.Repeat("{1..99999999} ", 1100), Options{})
	if len(a.Commands) != 0 || !strings.Contains(problemDetail(a, ProblemSize), "words") {
		t.Errorf("%d commands, problems %v; want none and the word bound", len(a.Commands), a.Problems)
	}
}

// fakeClock advances by step each time it is read.
func fakeClock(step time.Duration) func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time {
		t = t.Add(step)
		return t
	}
}

// TestTimeBound: past its time bound the analysis stops, naming the
// bound, whether the parser or the walk runs late; within it, nothing
// changes.
func TestTimeBound(t *testing.T) {
	t.Parallel()
	// 16 words are the most a loop is analysed once per word for.
	loops := strings.Repeat("for x in a b c d e f g h i j k l m n o p; do ", 3) + "y=$x" +
		strings.Repeat("; done", 3) + "; rm -rf /"
	tests := []struct {
		name string
		src  string
		step time.Duration
		late bool
	}{
		// Each kilobyte the parser reads takes a second.
		{"parsing", "echo " + strings.Repeat("a", 8000) + "; rm -rf /", time.Second, true},
		// Each 64 statements take a millisecond.
		{"walking", loops, time.Millisecond, true},
		{"in time", loops, time.Microsecond, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// The other bounds out of the way.
			a := Analyze(tt.src, Options{MaxTime: 50 * time.Millisecond, Now: fakeClock(tt.step), MaxCommands: 1 << 20, MaxWords: 1 << 20})
			late := strings.Contains(problemDetail(a, ProblemSize), "takes more than 50ms")
			if late != tt.late {
				t.Errorf("problems %v, want the time bound: %v", a.Problems, tt.late)
			}
			if tt.late && slices.ContainsFunc(a.Commands, func(c *Command) bool { return c.Name == "rm" }) {
				t.Errorf("the analysis went on past its time bound")
			}
		})
	}
}
