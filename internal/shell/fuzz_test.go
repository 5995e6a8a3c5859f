package shell

import (
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/corpus"
)

// FuzzAnalyze checks properties of the analysis that hold for any input:
// it does not panic, it is deterministic, it keeps to its bounds, and a
// bound that cuts the analysis short is always reported as a problem,
// never by silently dropping commands.
//
//	go test -run '^$' -fuzz '^FuzzAnalyze$' -fuzztime 60s ./internal/shell/
func FuzzAnalyze(f *testing.F) {
	for _, c := range corpus.Commands(f) {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, src string) {
		opts := Options{Cwd: "/proj", Home: "/home/u"}
		a := analyzeChecked(t, src, opts)
		// Twice more, since an order that depends on map iteration
		// changes only some of the time.
		for range 2 {
			if b := Analyze(src, opts); !reflect.DeepEqual(a, b) {
				t.Fatalf("Analyze(%q) is not deterministic:\n first: %s %v\nlater: %s %v",
					src, found(a), a.Problems, found(b), b.Problems)
			}
		}

		def := opts
		def.setDefaults()
		for _, p := range a.Problems {
			if p.Kind.String() == "unknown" {
				t.Errorf("Analyze(%q): problem of unknown kind %d (%s)", src, p.Kind, p.Detail)
			}
		}
		if len(src) > def.MaxBytes && !hasProblem(a, ProblemSize) {
			t.Errorf("Analyze of %d bytes (limit %d) reports no size problem", len(src), def.MaxBytes)
		}
		if len(a.Commands) > def.MaxCommands {
			t.Errorf("Analyze(%q) returned %d commands, over the limit %d", src, len(a.Commands), def.MaxCommands)
		}
		maxDepth := 0
		for _, c := range a.Commands {
			maxDepth = max(maxDepth, c.Depth)
			if c.Depth > def.MaxDepth {
				t.Errorf("Analyze(%q): %q at depth %d, over the limit %d", src, c.String(), c.Depth, def.MaxDepth)
			}
			if len(c.Args) > 0 && c.Name == "" && !c.RunsInput && !hasProblem(a, ProblemDynamicProgram) {
				t.Errorf("Analyze(%q): %q has a dynamic program but no problem says so", src, c.String())
			}
		}

		// Lower each bound just below what the input needs: the analysis
		// must then say that it stopped.
		// (A bound of 0 means the default, so the smallest to try is 1.)
		if len(src) > 1 {
			small := opts
			small.MaxBytes = len(src) - 1
			if s := Analyze(src, small); !hasProblem(s, ProblemSize) || len(s.Commands) > 0 {
				t.Errorf("Analyze(%q) with MaxBytes %d: problems %v, %d commands; want a size problem and no commands",
					src, small.MaxBytes, s.Problems, len(s.Commands))
			}
		}
		if n := len(a.Commands); n > 1 {
			small := opts
			small.MaxCommands = n - 1
			if s := Analyze(src, small); !hasProblem(s, ProblemSize) {
				t.Errorf("Analyze(%q) finds %d commands, but with MaxCommands %d it reports no size problem: %s %v",
					src, n, small.MaxCommands, found(s), s.Problems)
			}
		}
		if maxDepth >= 2 {
			small := opts
			small.MaxDepth = maxDepth - 1
			s := Analyze(src, small)
			if !hasProblem(s, ProblemDepth) && !hasProblem(s, ProblemSize) {
				t.Errorf("Analyze(%q) finds commands at depth %d, but with MaxDepth %d it reports no depth problem: %s %v",
					src, maxDepth, small.MaxDepth, found(s), s.Problems)
			}
		}
		// Whatever the input, handing it to a shell one level more than
		// the bound allows must be reported. Quoted here-documents nest
		// without escaping, so the text grows by a few bytes a level.
		if !strings.Contains(src, "GOVFUZZ") {
			nested := src
			for i := range def.MaxDepth + 1 {
				nested = fmt.Sprintf("bash <<'GOVFUZZ%d'\n%s\nGOVFUZZ%d", i, nested, i)
			}
			// Text that does not parse (invalid UTF-8) never nests.
			if s := Analyze(nested, opts); !hasProblem(s, ProblemDepth) && !hasProblem(s, ProblemSize) && !hasProblem(s, ProblemParse) {
				t.Errorf("Analyze(%q) nested %d levels deep reports no depth, size or parse problem: %v",
					src, def.MaxDepth+1, s.Problems)
			}
		}
	})
}

func hasProblem(a *Analysis, k ProblemKind) bool {
	for _, p := range a.Problems {
		if p.Kind == k {
			return true
		}
	}
	return false
}

// analyzeChecked is Analyze, failing the test with the stack on a panic.
func analyzeChecked(t *testing.T, src string, opts Options) *Analysis {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Analyze(%q) panics: %v\n%s", src, r, debug.Stack())
		}
	}()
	return Analyze(src, opts)
}
