package cli

import (
	"fmt"
	"io"
	"sort"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/template"
	"github.com/spf13/cobra"
)

func (a *App) lintCmd() *cobra.Command {
	var dir string
	var listBuiltin bool
	c := &cobra.Command{
		Use:   "lint",
		Short: "Validate all configuration: settings, rules (with their examples) and agent files",
		Long: `lint loads the user's and the project's configuration the way the hook does,
runs every rule's examples, reads every agent file, and reports each problem
with its file and line. It exits 1 when it finds a problem, so it can gate
changes in CI.`,
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
			l, err := config.LoadAsWritten(a.paths(a.absCwd(dir)))
			all, _ := l.Registry.All()
			if problems := configProblems(l, err); len(problems) > 0 {
				printProblems(a.Stdout, problems)
				fmt.Fprintf(a.Stderr, "governance: error: %d problem(s) found\n", len(problems))
				return errReported
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
