package cli

import (
	"fmt"
	"io"
	"sort"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/template"
)

func (a *App) lintCmd() *cobra.Command {
	var dir string
	var listBuiltin bool
	c := &cobra.Command{
		Use:   "lint",
		Short: "Validate all configuration: settings, rules (with their examples) and agent files",
		Long: `lint loads the user's and the project's configuration the way the hook does,
runs every rule's examples, reads every agent file, and reports each problem
with its file and line, and each credential written into config.yaml where
a reference (${env:NAME}, ${file:NAME}) belongs, without printing it. It
exits 1 when it finds a problem, so it can gate changes in CI.`,
		Example: `  governance lint
  governance lint --dir path/to/project
  governance lint --list-builtin   # list the built-in rules`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if listBuiltin {
				for _, s := range template.Policy {
					fmt.Fprintf(a.Stdout, "%-32s %-6s %s\n", s.ID, s.Decision, s.Source)
				}
				return nil
			}
			// Lint checks the files as written: a project's allows count
			// whether or not this user trusts them.
			cwd := a.absCwd(dir)
			l, err := config.LoadAsWritten(a.paths(cwd))
			all, _ := l.Registry.All()
			if err := a.listAgentsWithoutFile(cwd, l); err != nil {
				return err
			}
			if problems := append(configProblems(l, err), credentialProblems(a.paths(cwd))...); len(problems) > 0 {
				printProblems(a.Stdout, problems)
				fmt.Fprintf(a.Stderr, "governance: error: %d problem(s) found\n", len(problems))
				return errReported
			}
			for _, e := range l.Suspended {
				fmt.Fprintf(a.Stdout, "learned entry %s allows any arguments (written by an earlier release) and decides nothing: "+
					"approve its calls again to learn them with their arguments, or `governance learn retire` it\n", governance.Sanitize(e))
			}
			counts := map[string]int{}
			for _, r := range l.Policy.Rules {
				counts[r.Scope]++
			}
			exec := ""
			if n := len(l.Policy.Checks); n > 0 {
				exec = fmt.Sprintf(" and %d executable", n)
			}
			fmt.Fprintf(a.Stdout, "ok: %d built-in, %d global and %d project rules%s; %d agents; %d configuration files\n",
				counts["builtin"], counts["global"], counts["repo"], exec, len(all), len(l.Files))
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&listBuiltin, "list-builtin", false, "list the built-in rules instead")
	return c
}

// configProblems lists every problem of a loaded configuration: the load
// error's parts and the agent files' problems.
func configProblems(l *config.Loaded, err error) []error {
	var problems []error
	if err != nil {
		problems = append(problems, unjoin(err)...)
	}
	if _, aerr := l.Registry.All(); aerr != nil {
		problems = append(problems, unjoin(aerr)...)
	}
	return problems
}

// printProblems prints problems sorted, one per line.
func printProblems(w io.Writer, problems []error) {
	msgs := make([]string, len(problems))
	for i, p := range problems {
		msgs[i] = p.Error()
	}
	sort.Strings(msgs)
	for _, m := range msgs {
		fmt.Fprintln(w, m)
	}
}

// listAgentsWithoutFile lists the subagent types the decision log holds
// calls of that no agent file defines, and what decides their calls.
func (a *App) listAgentsWithoutFile(cwd string, l *config.Loaded) error {
	seen := map[string]int{}
	var names []string
	for e, err := range decisionlog.Read(a.paths(cwd).DecisionLog(), decisionlog.Filter{}) {
		if err != nil {
			return err
		}
		name := e.Input.Agent
		if name == "" || e.Input.ProjectRoot != "" && l.Paths.ProjectRoot != "" && e.Input.ProjectRoot != l.Paths.ProjectRoot {
			continue
		}
		if seen[name] == 0 {
			names = append(names, name)
		}
		seen[name]++
	}
	sort.Strings(names)
	rule := "they follow the main agent's policy (missing_agent: main)"
	if l.Policy.Settings.MissingAgent == governance.MissingAgentDeny {
		rule = "they are denied (missing_agent: deny)"
	}
	for _, name := range names {
		if defs, err := l.Registry.Lookup(name); err != nil || len(defs) > 0 {
			continue
		}
		fmt.Fprintf(a.Stdout, "agent %s has no agent file: %d logged call(s); %s\n", governance.Sanitize(name), seen[name], rule)
	}
	return nil
}
