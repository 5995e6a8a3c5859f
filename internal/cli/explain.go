package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/shell"
)

func (a *App) explainCmd() *cobra.Command {
	var o checkOptions
	c := &cobra.Command{
		Use:   "explain [flags] -- CMD...",
		Short: "Show how a tool call is decided: the commands found and every layer's verdict",
		Long: `explain shows how a tool call is decided: for a shell command, every simple
command the analysis found (with the working directory and how it was
reached: a pipeline, $(...), bash -c, xargs, find -exec, ...), then each
layer's verdict in order, and the deciding rule with its file and line.`,
		Example: `  governance explain -- 'cd / && rm -rf *'
  governance explain --tool read -- .env`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("nothing to explain: give a command after --")
			}
			req, loaded, err := a.call(o, args)
			if err != nil {
				fmt.Fprintf(a.Stdout, "configuration problems (every call is denied until they are fixed):\n%s\n\n", indent(err.Error()))
			}
			cwd, p, t := req.Cwd, loaded.Paths, req.Tool
			w := a.Stdout
			fmt.Fprintf(w, "call:     %s %s\n", t.Kind, governance.Sanitize(strings.Join(args, " ")))
			if req.Agent != "" {
				fmt.Fprintf(w, "agent:    %s\n", req.Agent)
			}
			fmt.Fprintf(w, "project:  %s\n", p.ProjectRoot)
			if t.Kind == governance.KindShell {
				an := shell.Analyze(t.Input.Command, shell.Options{Cwd: cwd, Home: p.Home, LookupEnv: os.LookupEnv})
				fmt.Fprintf(w, "\nsimple commands (%d):\n", len(an.Commands))
				for i, sc := range an.Commands {
					line := sc.String()
					if line == "" {
						line = "(redirection or assignment only)"
					}
					fmt.Fprintf(w, "  %d. %s\n", i+1, governance.Sanitize(line))
					var notes []string
					if sc.Origin != "" {
						notes = append(notes, "via "+sc.Origin)
					}
					if len(sc.Wrappers) > 0 {
						notes = append(notes, "wrapped by "+strings.Join(sc.Wrappers, ", "))
					}
					if sc.Cwd != "" && sc.Cwd != cwd {
						notes = append(notes, "in "+sc.Cwd)
					}
					if len(sc.InputFrom) > 0 {
						notes = append(notes, "input from "+strings.Join(sc.InputFrom, ", "))
					}
					for _, r := range sc.Redirects {
						if r.Write {
							notes = append(notes, "writes "+r.Target.Value)
						}
					}
					if sc.Code != "" {
						notes = append(notes, sc.Lang+" code")
					}
					if len(notes) > 0 {
						fmt.Fprintf(w, "     %s\n", governance.Sanitize(strings.Join(notes, "; ")))
					}
				}
				for _, pr := range an.Problems {
					fmt.Fprintf(w, "  problem: %s: %s\n", pr.Kind, governance.Sanitize(pr.Detail))
				}
			}
			pipe, stop := a.pipeline(loaded, "cli")
			defer stop()
			d := pipe.Decide(cmd.Context(), hookCall(req, pipeline.Explain, o.unattended)).Decision
			fmt.Fprintf(w, "\ntrace:\n")
			for _, s := range d.Trace {
				rule := s.Rule
				if s.Source != "" {
					rule += " (" + s.Source + ")"
				}
				line := fmt.Sprintf("  %-10s %-6s %s", s.Layer, s.Outcome, rule)
				if s.Subject != "" {
					line += "  on: " + governance.Sanitize(firstLine(s.Subject))
				}
				if s.Note != "" {
					line += "  [" + s.Note + "]"
				}
				fmt.Fprintln(w, line)
			}
			fmt.Fprintln(w)
			printDecision(w, d)
			return nil
		},
	}
	o.flags(c)
	f := c.Flags()
	f.BoolVar(&o.unattended, "unattended", false, "decide as if no human could answer (an ask becomes a deny)")
	return c
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}
