package cli

import (
	"fmt"
	"io"
	"sort"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
)

func (a *App) lintCmd() *cobra.Command {
	var dir string
	var listBuiltin, asJSON bool
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
  governance lint --list-builtin   # list the built-in rules
  governance lint --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if listBuiltin {
				if asJSON {
					rules := []lintBuiltin{}
					for _, s := range template.Policy {
						rules = append(rules, lintBuiltin{ID: s.ID, Decision: s.Decision.String(), Source: s.Source})
					}
					return writeJSON(a.Stdout, rules)
				}
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
			notes, err2 := a.agentsWithoutFile(cwd, l)
			if err2 != nil {
				return err2
			}
			out := lintOut{Problems: []string{}, Notes: notes, Files: len(l.Files), Agents: len(all)}
			problems := append(configProblems(l, err), credentialProblems(a.paths(cwd))...)
			for _, p := range problems {
				out.Problems = append(out.Problems, p.Error())
			}
			sort.Strings(out.Problems)
			if len(problems) == 0 {
				for _, e := range l.Suspended {
					out.Notes = append(out.Notes, fmt.Sprintf("learned entry %s allows any arguments (written by an earlier release) and decides nothing: "+
						"approve its calls again to learn them with their arguments, or `governance learn retire` it", engine.Sanitize(e)))
				}
				for _, r := range l.Policy.Rules {
					switch r.Scope {
					case engine.ScopeBuiltin:
						out.Rules.Builtin++
					case engine.ScopeManaged:
						out.Rules.Managed++
					case engine.ScopeGlobal:
						out.Rules.User++
					case engine.ScopeRepo:
						out.Rules.Project++
					}
				}
				out.Rules.Executable = len(l.Policy.Checks)
			}
			out.OK = len(problems) == 0
			if asJSON {
				if err := writeJSON(a.Stdout, out); err != nil {
					return err
				}
			} else {
				for _, n := range notes {
					fmt.Fprintln(a.Stdout, n)
				}
				if out.OK {
					for _, n := range out.Notes[len(notes):] {
						fmt.Fprintln(a.Stdout, n)
					}
					exec := ""
					if n := out.Rules.Executable; n > 0 {
						exec = fmt.Sprintf(" and %d executable", n)
					}
					fmt.Fprintf(a.Stdout, "ok: %d built-in, %d global and %d project rules%s; %d agents; %d configuration files\n",
						out.Rules.Builtin, out.Rules.User, out.Rules.Project, exec, out.Agents, out.Files)
				} else {
					for _, m := range out.Problems {
						fmt.Fprintln(a.Stdout, m)
					}
				}
			}
			if !out.OK {
				fmt.Fprintf(a.Stderr, "governance: error: %s found\n", count(len(problems), "problem"))
				return errReported
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&listBuiltin, "list-builtin", false, "list the built-in rules instead")
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}

// lintOut is the JSON form of lint (docs/json.md).
type lintOut struct {
	OK bool `json:"ok"`
	// Problems are the configuration's problems, each "file:line: message".
	Problems []string `json:"problems"`
	// Notes are findings that are not problems.
	Notes  []string  `json:"notes,omitempty"`
	Rules  lintRules `json:"rules"`
	Agents int       `json:"agents"`
	Files  int       `json:"files"`
}

type lintRules struct {
	Builtin    int `json:"builtin"`
	Managed    int `json:"managed"`
	User       int `json:"user"`
	Project    int `json:"project"`
	Executable int `json:"executable"`
}

// lintBuiltin is one line of lint --list-builtin --json.
type lintBuiltin struct {
	ID       string `json:"id"`
	Decision string `json:"decision"`
	Source   string `json:"source"`
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

// agentsWithoutFile lists the subagent types the decision log holds
// calls of that no agent file defines, and what decides their calls.
func (a *App) agentsWithoutFile(cwd string, l *config.Loaded) ([]string, error) {
	seen := map[string]int{}
	var names []string
	for e, err := range decisionlog.Read(a.paths(cwd).DecisionLog(), decisionlog.Filter{}) {
		if err != nil {
			return nil, err
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
	if l.Policy.Settings.MissingAgent == engine.MissingAgentDeny {
		rule = "they are denied (missing_agent: deny)"
	}
	var notes []string
	for _, name := range names {
		if defs, err := l.Registry.Lookup(name); err != nil || len(defs) > 0 {
			continue
		}
		notes = append(notes, fmt.Sprintf("agent %s has no agent file: %d logged call(s); %s", engine.Sanitize(name), seen[name], rule))
	}
	return notes, nil
}
