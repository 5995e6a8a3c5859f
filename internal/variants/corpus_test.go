package variants_test

// The corpus test runs the variants of every labelled command through the
// built-in policy, in-process, and reports the properties they break.

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/variants"
	"github.com/agentgov/governance/template"
)

// strict turns the properties into test failures; it is on unless
// GOVERNANCE_VARIANTS_STRICT=0 (or -variants.strict=false) turns it off
// to see the report of a policy that has holes.
//
// Strict, the test fails on every variant that breaks a property its
// original keeps (a variant of a command the policy denies is allowed,
// or less strict; a harmless variant of an allowed command is not
// allowed; a variant of a command that is not denied is), and on a
// variant figure beyond 1.2 times the originals'. A variant that fails as
// its original does is counted in the figures, not failed on its own:
// the originals' failures are accuracy's to bound.
var strict = flag.Bool("variants.strict", os.Getenv("GOVERNANCE_VARIANTS_STRICT") != "0",
	"fail on the properties variants break and on variant figures beyond 1.2x the originals' (default: on, unless $GOVERNANCE_VARIANTS_STRICT=0)")

var (
	examples   = flag.Int("variants.examples", 3, "examples listed for each group of failures")
	reportFile = flag.String("variants.report", "", "write the full failure report to this file")
	dumpFile   = flag.String("variants.dump", "", "write every variant, with its outcome, to this file (JSON lines)")
	perCase    = flag.Int("variants.per", 17, "variants made of each command")
	singles    = flag.Bool("variants.singles", false, "make every variant of one transform instead of sampling compositions")
)

const (
	// seed fixes the variants.
	seed = 20250101
	// minVariants is the least the test must run.
	minVariants = 50000
	// maxRatio bounds each variant figure by the originals'.
	maxRatio = 1.2
)

const corpusFile = "../../testdata/corpus/commands.jsonl"

// fixedEnv is the environment the commands run in, the same on every
// machine.
var fixedEnv = map[string]string{"HOME": variants.DefaultEnv.Home, "PATH": "/usr/local/bin:/usr/bin:/bin",
	"TMPDIR": "/tmp", "USER": "user", "SHELL": "/bin/bash", "LANG": "C.UTF-8"}

// newEngine returns an engine with the built-in policy and no user
// configuration, as `governance check` has in an unconfigured project.
func newEngine() *engine.Engine {
	p := &engine.Policy{Settings: engine.DefaultSettings(),
		Rules:      engine.CompileAllTrusted(template.PolicyWithExamples(), engine.ScopeBuiltin, nil),
		ConfigDirs: []string{variants.DefaultEnv.Home + "/.config/governance"}}
	e := engine.NewEngine(p)
	e.LookupEnv = func(k string) (string, bool) { v, ok := fixedEnv[k]; return v, ok }
	e.TempDirs = []string{"/tmp", "/var/tmp", "/private/tmp", "/dev/shm"}
	return e
}

func decide(e *engine.Engine, cmd string) *engine.Decision {
	env := variants.DefaultEnv
	return e.Decide(context.Background(), &engine.Request{Harness: "cli", Event: "PreToolUse",
		Cwd: env.Cwd, ProjectRoot: env.Cwd, Home: env.Home,
		Tool: engine.Tool{Kind: engine.KindShell, Name: "shell", Input: engine.Input{Command: cmd}}})
}

func readCorpus(t testing.TB) []variants.Case {
	f, err := os.Open(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases, err := variants.ReadCases(f)
	if err != nil {
		t.Fatalf("%s: %v", corpusFile, err)
	}
	return cases
}

// result is a variant with its outcome and what broke.
type result struct {
	v         variants.Variant
	orig, got *engine.Decision
	viol      variants.Violation
	inherited bool
	// culprit is the step after which the property first broke.
	culprit string
}

// caseResult is what one corpus command gave.
type caseResult struct {
	c       variants.Case
	orig    *engine.Decision
	results []result
	skipped bool // the command does not parse: it has no variants
	err     error
}

func TestCorpusVariants(t *testing.T) {
	t.Parallel()
	cases := readCorpus(t)
	e := newEngine()
	g := &variants.Generator{PerCase: *perCase, MaxSteps: 3, Seed: seed}
	start := time.Now()
	out := runCases(e, g, cases)
	elapsed := time.Since(start)

	var broken []error
	rep := newReport()
	for _, cr := range out {
		for _, b := range brokenErrors(cr.err) {
			broken = append(broken, b)
		}
		rep.add(cr)
	}
	for i, err := range broken {
		if i == 20 {
			t.Errorf("... and %d more generator errors", len(broken)-20)
			break
		}
		t.Error(err)
	}
	if rep.variants < minVariants {
		t.Errorf("only %d variants made; want at least %d", rep.variants, minVariants)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d commands (%d do not parse), %d variants, decided in %v\n\n", len(cases), rep.skipped, rep.variants,
		elapsed.Round(time.Millisecond))
	rep.figures(&b)
	rep.groups(&b, *examples)
	t.Log("\n" + b.String())
	if *reportFile != "" {
		var full strings.Builder
		full.WriteString(b.String())
		rep.groups(&full, 1<<20)
		if err := os.WriteFile(*reportFile, []byte(full.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	if *dumpFile != "" {
		if err := dump(*dumpFile, out); err != nil {
			t.Error(err)
		}
	}
	if !*strict {
		return
	}
	if n := rep.newFailures(); n > 0 {
		t.Errorf("%d variants break a property their original keeps (see the groups above)", n)
	}
	for _, a := range variants.Asserts {
		o, v := rep.origFig[a].pct(), rep.varFig[a].pct()
		if v > maxRatio*o {
			t.Errorf("%s: %.2f%% of the variants, %.2f%% of the originals: more than %.1fx", a.Figure(), v, o, maxRatio)
		}
	}
}

// runCases generates and decides the variants of every case on a pool
// of workers.
func runCases(e *engine.Engine, g *variants.Generator, cases []variants.Case) []caseResult {
	out := make([]caseResult, len(cases))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				out[i] = runCase(e, g, cases[i])
			}
		})
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func runCase(e *engine.Engine, g *variants.Generator, c variants.Case) caseResult {
	cr := caseResult{c: c, orig: decide(e, c.Cmd)}
	generate := g.Generate
	if *singles {
		generate = g.Singles
	}
	vs, err := generate(c)
	if errors.Is(err, variants.ErrParse) {
		cr.skipped = true
		return cr
	}
	cr.err = err
	for _, v := range vs {
		r := result{v: v, orig: cr.orig, got: decide(e, v.Cmd)}
		r.viol = v.Check(cr.orig.Outcome, r.got.Outcome)
		if r.viol != "" {
			r.inherited = v.Inherited(r.viol, cr.orig.Outcome)
			r.culprit = v.Steps[len(v.Steps)-1].Transform
			for _, s := range v.Steps[:len(v.Steps)-1] {
				if v.Check(cr.orig.Outcome, decide(e, s.Cmd).Outcome) == r.viol {
					r.culprit = s.Transform
					break
				}
			}
		}
		cr.results = append(cr.results, r)
	}
	return cr
}

// fig counts the cases of one label and those that fail it.
type fig struct{ n, fail int }

func (f fig) pct() float64 {
	if f.n == 0 {
		return 0
	}
	return 100 * float64(f.fail) / float64(f.n)
}

func (f fig) String() string {
	if f.n == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %5.2f%%", f.fail, f.n, f.pct())
}

// report gathers the outcomes of the variants.
type report struct {
	variants, skipped int
	origFig, varFig   map[variants.Assert]fig
	// uses counts the variants each transform took part in.
	uses map[string]int
	// fails groups failures by violation, culprit and category.
	fails map[groupKey][]result
}

type groupKey struct {
	viol      variants.Violation
	inherited bool
	culprit   string
	category  string
}

func newReport() *report {
	return &report{origFig: map[variants.Assert]fig{}, varFig: map[variants.Assert]fig{}, uses: map[string]int{},
		fails: map[groupKey][]result{}}
}

func (r *report) add(cr caseResult) {
	f := r.origFig[cr.c.Assert]
	f.n++
	if cr.c.Assert.Fails(cr.orig.Outcome) {
		f.fail++
	}
	r.origFig[cr.c.Assert] = f
	if cr.skipped {
		r.skipped++
		return
	}
	for _, res := range cr.results {
		r.variants++
		f := r.varFig[res.v.Assert]
		f.n++
		if res.v.Assert.Fails(res.got.Outcome) {
			f.fail++
		}
		r.varFig[res.v.Assert] = f
		seen := map[string]bool{}
		for _, s := range res.v.Steps {
			if !seen[s.Transform] {
				seen[s.Transform] = true
				r.uses[s.Transform]++
			}
		}
		if res.viol != "" {
			k := groupKey{res.viol, res.inherited, res.culprit, cr.c.Category}
			r.fails[k] = append(r.fails[k], res)
		}
	}
}

func (r *report) newFailures() int {
	n := 0
	for k, rs := range r.fails {
		if !k.inherited {
			n += len(rs)
		}
	}
	return n
}

func (r *report) figures(w io.Writer) {
	fmt.Fprintf(w, "%-18s %22s %22s %6s\n", "", "originals", "variants", "ratio")
	for _, a := range variants.Asserts {
		o, v := r.origFig[a], r.varFig[a]
		ratio := "-"
		if o.pct() > 0 {
			ratio = fmt.Sprintf("%.2f", v.pct()/o.pct())
		}
		fmt.Fprintf(w, "%-18s %22s %22s %6s\n", a.Figure(), o, v, ratio)
	}
	fmt.Fprintln(w)
}

// groups writes the failures that are the variants' own (the original
// keeps the property) by transform, by category, then by both with
// examples; and the count of those the original shares.
func (r *report) groups(w io.Writer, n int) {
	byTransform := map[[2]string]int{}
	byCategory := map[[2]string]int{}
	inherited := map[variants.Violation]int{}
	type group struct {
		k  groupKey
		rs []result
	}
	var gs []group
	for k, rs := range r.fails {
		if k.inherited {
			inherited[k.viol] += len(rs)
			continue
		}
		byTransform[[2]string{string(k.viol), k.culprit}] += len(rs)
		byCategory[[2]string{string(k.viol), k.category}] += len(rs)
		gs = append(gs, group{k, rs})
	}
	fmt.Fprintf(w, "variants that break a property their original keeps: %d", r.newFailures())
	fmt.Fprintf(w, " (and %d allowed, %d not allowed, %d denied as their original is)\n\n",
		inherited[variants.Allowed], inherited[variants.NotAllowed], inherited[variants.Denied])
	writeCounts(w, "by transform (the step after which the property broke; of the variants that used it)", byTransform, r.uses)
	writeCounts(w, "by category", byCategory, nil)
	slices.SortFunc(gs, func(a, b group) int {
		return cmp.Or(cmp.Compare(len(b.rs), len(a.rs)), cmp.Compare(a.k.viol, b.k.viol), cmp.Compare(a.k.culprit, b.k.culprit),
			cmp.Compare(a.k.category, b.k.category))
	})
	fmt.Fprintf(w, "== by transform and category\n")
	for _, g := range gs {
		fmt.Fprintf(w, "%s  %s x %s: %d\n", g.k.viol, g.k.culprit, g.k.category, len(g.rs))
		rs := slices.Clone(g.rs)
		slices.SortStableFunc(rs, func(a, b result) int { return cmp.Compare(len(a.v.Cmd), len(b.v.Cmd)) })
		for i, res := range rs {
			if i == n {
				break
			}
			fmt.Fprintf(w, "    [%s] %q -> %s by %s\n", res.v.Case.Assert, res.v.Case.Cmd, res.orig.Outcome, res.orig.Rule)
			fmt.Fprintf(w, "      %q -> %s by %s  (%s)\n", res.v.Cmd, res.got.Outcome, res.got.Rule, steps(res.v))
		}
	}
	fmt.Fprintln(w)
}

// dump writes every variant as a JSON line.
func dump(name string, out []caseResult) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	for _, cr := range out {
		for _, r := range cr.results {
			err = cmp.Or(err, enc.Encode(map[string]any{"cmd": r.v.Cmd, "assert": r.v.Assert, "category": cr.c.Category,
				"orig": cr.c.Cmd, "orig_assert": cr.c.Assert, "steps": steps(r.v), "orig_decision": r.orig.Outcome,
				"decision": r.got.Outcome, "rule": r.got.Rule, "violation": r.viol}))
		}
	}
	return cmp.Or(err, f.Close())
}

func steps(v variants.Variant) string {
	names := make([]string, len(v.Steps))
	for i, s := range v.Steps {
		names[i] = s.Transform
	}
	return strings.Join(names, " + ")
}

func writeCounts(w io.Writer, title string, m map[[2]string]int, uses map[string]int) {
	type row struct {
		k [2]string
		n int
	}
	var rows []row
	for k, n := range m {
		rows = append(rows, row{k, n})
	}
	slices.SortFunc(rows, func(a, b row) int {
		return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.k[0], b.k[0]), cmp.Compare(a.k[1], b.k[1]))
	})
	fmt.Fprintf(w, "== %s\n", title)
	for _, r := range rows {
		if uses != nil {
			fmt.Fprintf(w, "  %-12s %-20s %6d of %6d\n", r.k[0], r.k[1], r.n, uses[r.k[1]])
			continue
		}
		fmt.Fprintf(w, "  %-12s %-20s %6d\n", r.k[0], r.k[1], r.n)
	}
	fmt.Fprintln(w)
}
