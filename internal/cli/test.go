package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/policytest"
)

func (a *App) testCmd() *cobra.Command {
	var dir string
	var verbose, asJSON bool
	c := &cobra.Command{
		Use:   "test [FILE...]",
		Short: "Run every rule's examples and the team's test cases; exit 1 on a failure",
		Long: `test loads the configuration the way the hook does and runs every rule's
examples (built-in, user and project rules, YAML and Starlark), then the
test cases in FILE..., or by default in .governance/tests/*.yaml and
*.jsonl. A case is a tool call, optionally by an agent, with the decision
it must get:

  cases:
    - name: force pushes are blocked
      command: git push --force origin main
      expect: deny
      rule: git-push-force        # optional
    - tool: Read
      input: {file_path: .env}
      expect: deny
    - agent: reviewer
      command: go test ./...
      expect: allow

or, as JSON lines, {"command": "...", "agent": "...", "expect": "deny"}.
expect is allow, warn, ask, defer, deny, abort, not-allow or not-deny;
cwd, relative to the project root, and unattended: true set the context.
Each failure is printed with what was wanted and what the policy decided,
and the command exits 1, so a team can gate changes to its rules and agent
files in CI.`,
		Example: `  governance test
  governance test .governance/tests/agents.yaml more-cases.jsonl
  governance test --json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runTests(cmd, a.absCwd(dir), args, verbose, asJSON)
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVarP(&verbose, "verbose", "v", false, "print every case, not only failures")
	c.Flags().BoolVar(&asJSON, "json", false, "print the result and every case as JSON")
	return c
}

// testOut is the JSON form of test (docs/json.md).
type testOut struct {
	OK bool `json:"ok"`
	// Problems stop the run: no case ran when there are some.
	Problems []string     `json:"problems"`
	Examples int          `json:"examples"`
	Cases    []testResult `json:"cases"`
	Failed   int          `json:"failed"`
}

// testResult is one case: where it is written, what it wanted and what
// the policy decided.
type testResult struct {
	Where string      `json:"where"`
	Title string      `json:"title"`
	Call  string      `json:"call"`
	Want  string      `json:"want"`
	Pass  bool        `json:"pass"`
	Got   decisionOut `json:"got"`
}

func (a *App) runTests(cmd *cobra.Command, cwd string, files []string, verbose, asJSON bool) error {
	p := a.paths(cwd)
	// The cases check the policy files as written: a project's allows
	// count whether or not this user trusts them.
	l, err := config.LoadAsWritten(p)
	problems := configProblems(l, err)
	examples := 0
	for _, r := range l.Policy.Rules {
		examples += len(r.Examples.Match) + len(r.Examples.NotMatch)
		if r.Scope == engine.ScopeBuiltin {
			// Loading checks the examples of configured rules; the
			// built-in ones were checked when they were generated, and
			// are run again here.
			if err := r.CheckExamples(); err != nil {
				problems = append(problems, fmt.Errorf("%s: %w", r.Source, err))
			}
		}
	}
	for _, c := range l.Policy.Checks {
		if n, ok := c.(interface{ ExampleCount() int }); ok {
			examples += n.ExampleCount()
		}
	}
	if len(files) == 0 {
		files = defaultCaseFiles(p.RepoDir)
	}
	var cases []policytest.Case
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		cs, err := policytest.ParseFile(f, data)
		if err != nil {
			problems = append(problems, unjoin(err)...)
		}
		cases = append(cases, cs...)
	}
	out := testOut{Problems: []string{}, Cases: []testResult{}, Examples: examples}
	if len(problems) > 0 {
		if asJSON {
			for _, p := range problems {
				out.Problems = append(out.Problems, p.Error())
			}
			sort.Strings(out.Problems)
			if err := writeJSON(a.Stdout, out); err != nil {
				return err
			}
		} else {
			printProblems(a.Stdout, problems)
		}
		fmt.Fprintf(a.Stderr, "governance: error: %s in the configuration or the test files; no case was run\n", count(len(problems), "problem"))
		return errReported
	}
	eng := engine.NewEngine(l.Policy)
	failed := 0
	for i := range cases {
		c := &cases[i]
		caseCwd := cwd
		if c.Cwd != "" {
			caseCwd = filepath.Join(p.ProjectRoot, c.Cwd)
		}
		req := a.request(p, caseCwd)
		req.Agent, req.Unattended, req.Tool = c.Agent, c.Unattended, c.ToolCall()
		d := eng.Decide(cmd.Context(), req)
		pass := c.Pass(d)
		out.Cases = append(out.Cases, testResult{Where: c.Where(), Title: c.Title(), Call: c.Call(), Want: c.Want(), Pass: pass, Got: decisionJSON(d)})
		if !pass {
			out.Failed++
		}
		if asJSON {
			continue
		}
		if pass {
			if verbose {
				fmt.Fprintf(a.Stdout, "ok    %s: %s (%s by %s)\n", c.Where(), c.Title(), d.Outcome, d.Rule)
			}
			continue
		}
		failed++
		printFailure(a.Stdout, c, d)
	}
	if asJSON {
		out.OK = out.Failed == 0
		if err := writeJSON(a.Stdout, out); err != nil {
			return err
		}
		if !out.OK {
			return errReported
		}
		return nil
	}
	if failed > 0 {
		fmt.Fprintf(a.Stdout, "FAIL: %d of %d cases failed (%d rule examples passed)\n", failed, len(cases), examples)
		return errReported
	}
	fmt.Fprintf(a.Stdout, "ok: %d cases and %d rule examples passed\n", len(cases), examples)
	return nil
}

// printFailure shows what a case wanted and what the policy decided.
func printFailure(w io.Writer, c *policytest.Case, d *engine.Decision) {
	fmt.Fprintf(w, "--- FAIL: %s: %s\n", c.Where(), engine.Sanitize(c.Title()))
	fmt.Fprintf(w, "    call:  %s\n", engine.Sanitize(c.Call()))
	fmt.Fprintf(w, "    want:  %s\n", c.Want())
	got := fmt.Sprintf("%s by %s", d.Outcome, d.Rule)
	if d.Layer != "" {
		got += " [" + d.Layer + "]"
	}
	if d.Source != "" {
		got += " (" + d.Source + ")"
	}
	fmt.Fprintf(w, "    got:   %s\n", got)
	if d.Message != "" {
		fmt.Fprintf(w, "           %s\n", engine.Sanitize(d.Message))
	}
}

// defaultCaseFiles lists the project's case files.
func defaultCaseFiles(repoDir string) []string {
	entries, err := os.ReadDir(filepath.Join(repoDir, "tests"))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && policytest.CaseFile(e.Name()) {
			out = append(out, filepath.Join(repoDir, "tests", e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

// unjoin splits a joined error into its parts.
func unjoin(err error) []error {
	var j interface{ Unwrap() []error }
	if errors.As(err, &j) {
		return j.Unwrap()
	}
	return []error{err}
}
