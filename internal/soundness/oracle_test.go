package soundness_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/corpus"
	"github.com/agentgov/governance/internal/oracle"
	"github.com/agentgov/governance/internal/soundness"
	"github.com/agentgov/governance/template"
)

// oracleAll runs every allowed corpus command in the sandbox, not the
// sample make test runs.
var oracleAll = flag.Bool("oracle.all", false, "run every allowed command of the corpus in the execution oracle")

// oracleSample is how many allowed commands make test runs in the sandbox.
const oracleSample = 400

// newSandbox starts the execution oracle, skipping the test where it
// cannot run (failing instead in CI, which installs its tools).
func newSandbox(t *testing.T) *oracle.Sandbox {
	t.Helper()
	sb, err := oracle.New(t.TempDir())
	if err != nil {
		if os.Getenv("CI") != "true" && (errors.Is(err, oracle.ErrToolMissing) || errors.Is(err, oracle.ErrUnusable) ||
			errors.Is(err, oracle.ErrUnsupported)) {
			t.Skipf("the execution oracle cannot run here: %v", err)
		}
		t.Fatal(err)
	}
	return sb
}

// engine returns the built-in policy's engine, with the environment of
// the sandbox's shell left out: the decision must not depend on secrets.
func engine() *governance.Engine {
	p := &governance.Policy{Settings: governance.DefaultSettings(),
		Rules: governance.CompileAllTrusted(template.PolicyWithExamples(), governance.ScopeBuiltin, nil)}
	e := governance.NewEngine(p)
	e.LookupEnv = func(string) (string, bool) { return "", false }
	return e
}

// request is a shell call in the sandbox's project.
func request(cmd string) *governance.Request {
	return &governance.Request{Cwd: oracle.Project, ProjectRoot: oracle.Project, Home: oracle.Home,
		Tool: governance.Tool{Kind: governance.KindShell, Name: "Bash", Input: governance.Input{Command: cmd}}}
}

// allowed returns the commands the built-in policy allows.
func allowed(e *governance.Engine, cmds []string) []string {
	var out []string
	for _, c := range cmds {
		if e.Decide(context.Background(), request(c)).Outcome == governance.Allow {
			out = append(out, c)
		}
	}
	return out
}

// sample keeps n of the commands, spread evenly, in a fixed order.
func sample(cmds []string, n int) []string {
	if n <= 0 || len(cmds) <= n {
		return cmds
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, cmds[i*len(cmds)/n])
	}
	return out
}

// checkAgainstOracle runs commands in the sandbox and reports every
// effect that their prediction did not say.
func checkAgainstOracle(t *testing.T, sb *oracle.Sandbox, cmds []string) {
	t.Helper()
	results := sb.RunAll(t.Context(), cmds, 4)
	byKind := map[string][]string{}
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("%q: the sandbox failed: %v", r.Command, r.Err)
			continue
		}
		p := soundness.Predict(r.Command, oracle.Project, oracle.Home)
		for _, v := range soundness.Violations(p, r.Observation) {
			byKind[v.Kind] = append(byKind[v.Kind], fmt.Sprintf("%q: %s", r.Command, v.Detail))
		}
	}
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Errorf("%d allowed commands did what their model did not predict (%s):\n  %s", len(byKind[k]), k,
			strings.Join(byKind[k], "\n  "))
	}
	t.Logf("the oracle ran %d allowed commands", len(results))
}

// TestOracleCorpus runs the corpus commands the built-in policy allows in
// the sandbox and checks that each did only what its model predicted.
func TestOracleCorpus(t *testing.T) {
	if os.Getenv("GOVERNANCE_ORACLE") == "" && !*oracleAll {
		t.Skip("being brought up: set GOVERNANCE_ORACLE=1")
	}
	sb := newSandbox(t)
	cmds := allowed(engine(), corpus.Commands(t))
	if !*oracleAll {
		cmds = sample(cmds, oracleSample)
	}
	checkAgainstOracle(t, sb, cmds)
}
