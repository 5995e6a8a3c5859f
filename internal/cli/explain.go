package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

func (a *App) explainCmd() *cobra.Command {
	var o checkOptions
	var asJSON bool
	c := &cobra.Command{
		Use:   "explain [flags] -- CMD...",
		Short: "Show how a tool call is decided: the commands found and every layer's verdict",
		Long: `explain shows how a tool call is decided: for a shell command, every simple
command the analysis found (with the working directory and how it was
reached: a pipeline, $(...), bash -c, xargs, find -exec, ...), then each
layer's verdict in order, and the deciding rule with its file and line.
It exits as check does: 0 the call runs, 3 it is blocked, 4 someone must
decide, 5 it runs only confined, 1 no decision, 2 a usage error.`,
		Example: `  governance explain -- 'cd / && rm -rf *'
  governance explain --tool read -- .env
  governance explain --json -- git push`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("nothing to explain: give a command after --")
			}
			o.unattended = a.unattended(cmd, o.unattended)
			req, loaded, err := a.call(o, args)
			if err := usageOf(err); err != nil {
				return err
			}
			cwd, p, t := req.Cwd, loaded.Paths, req.Tool
			out := explainOut{Call: explainCall{Kind: string(t.Kind), Text: strings.Join(args, " "), Agent: req.Agent, Project: p.ProjectRoot}}
			if err != nil {
				out.ConfigErrors = err.Error()
			}
			if t.Kind == engine.KindShell {
				an := shell.Analyze(t.Input.Command, shell.Options{Cwd: cwd, Home: p.Home, LookupEnv: os.LookupEnv, Launcher: programs.Launcher})
				out.Commands = []explainCommand{}
				for _, sc := range an.Commands {
					ec := explainCommand{Command: sc.String(), Origin: sc.Origin, Wrappers: sc.Wrappers, InputFrom: sc.InputFrom, Lang: sc.Lang}
					if sc.Cwd != "" && sc.Cwd != cwd {
						ec.Cwd = sc.Cwd
					}
					for _, r := range sc.Redirects {
						if r.Write {
							ec.Writes = append(ec.Writes, r.Target.Value)
						}
					}
					if sc.Code == "" {
						ec.Lang = ""
					}
					out.Commands = append(out.Commands, ec)
				}
				for _, pr := range an.Problems {
					out.Problems = append(out.Problems, explainProblem{Kind: string(pr.Kind), Detail: pr.Detail})
				}
			}
			pipe, stop := a.pipeline(loaded, "cli")
			defer stop()
			d := pipe.Decide(cmd.Context(), hookCall(req, pipeline.Explain, o.unattended)).Decision
			out.Trace = []explainStep{}
			for _, s := range d.Trace {
				out.Trace = append(out.Trace, explainStep{Layer: s.Layer, Outcome: s.Outcome.String(), Rule: s.Rule, Source: s.Source,
					Subject: s.Subject, Note: s.Note})
			}
			out.Decision = decisionJSON(d)
			if asJSON {
				if err := writeJSON(a.Stdout, out); err != nil {
					return err
				}
			} else {
				printExplain(a.Stdout, out, d)
			}
			// explain exits as check does, so that a script can use either.
			if code := checkExit(d); code != 0 {
				return exitCode(code)
			}
			return nil
		},
	}
	o.flags(c)
	f := c.Flags()
	f.BoolVar(&asJSON, "json", false, "print the analysis, the trace and the decision as JSON")
	f.BoolVar(&o.unattended, "unattended", false, "decide as the hook does in a session nobody watches: a call the analysis cannot prove runs confined, an ask becomes a deny")
	return c
}

// explainOut is the JSON form of explain (docs/json.md).
type explainOut struct {
	Call explainCall `json:"call"`
	// ConfigErrors are the configuration's problems: every call is
	// denied until they are fixed.
	ConfigErrors string           `json:"config_errors,omitempty"`
	Commands     []explainCommand `json:"commands,omitempty"`
	Problems     []explainProblem `json:"problems,omitempty"`
	Trace        []explainStep    `json:"trace"`
	Decision     decisionOut      `json:"decision"`
}

type explainCall struct {
	Kind    string `json:"kind"`
	Text    string `json:"text"`
	Agent   string `json:"agent,omitempty"`
	Project string `json:"project"`
}

type explainCommand struct {
	Command   string   `json:"command"`
	Origin    string   `json:"origin,omitempty"`
	Wrappers  []string `json:"wrappers,omitempty"`
	Cwd       string   `json:"cwd,omitempty"`
	InputFrom []string `json:"input_from,omitempty"`
	Writes    []string `json:"writes,omitempty"`
	Lang      string   `json:"lang,omitempty"`
}

type explainProblem struct {
	Kind   string `json:"kind"`
	Detail string `json:"detail"`
}

type explainStep struct {
	Layer   string `json:"layer"`
	Outcome string `json:"outcome"`
	Rule    string `json:"rule"`
	Source  string `json:"source,omitempty"`
	Subject string `json:"subject,omitempty"`
	Note    string `json:"note,omitempty"`
}

// printExplain prints explain's text form.
func printExplain(w io.Writer, out explainOut, d *engine.Decision) {
	if out.ConfigErrors != "" {
		fmt.Fprintf(w, "configuration problems (every call is denied until they are fixed):\n%s\n\n", indent(out.ConfigErrors))
	}
	fmt.Fprintf(w, "call:     %s %s\n", out.Call.Kind, engine.Sanitize(out.Call.Text))
	if out.Call.Agent != "" {
		fmt.Fprintf(w, "agent:    %s\n", out.Call.Agent)
	}
	fmt.Fprintf(w, "project:  %s\n", out.Call.Project)
	if out.Commands != nil {
		fmt.Fprintf(w, "\nsimple commands (%d):\n", len(out.Commands))
		for i, sc := range out.Commands {
			line := sc.Command
			if line == "" {
				line = "(redirection or assignment only)"
			}
			fmt.Fprintf(w, "  %d. %s\n", i+1, engine.Sanitize(line))
			var notes []string
			if sc.Origin != "" {
				notes = append(notes, "via "+sc.Origin)
			}
			if len(sc.Wrappers) > 0 {
				notes = append(notes, "wrapped by "+strings.Join(sc.Wrappers, ", "))
			}
			if sc.Cwd != "" {
				notes = append(notes, "in "+sc.Cwd)
			}
			if len(sc.InputFrom) > 0 {
				notes = append(notes, "input from "+strings.Join(sc.InputFrom, ", "))
			}
			for _, t := range sc.Writes {
				notes = append(notes, "writes "+t)
			}
			if sc.Lang != "" {
				notes = append(notes, sc.Lang+" code")
			}
			if len(notes) > 0 {
				fmt.Fprintf(w, "     %s\n", engine.Sanitize(strings.Join(notes, "; ")))
			}
		}
		for _, pr := range out.Problems {
			fmt.Fprintf(w, "  problem: %s: %s\n", pr.Kind, engine.Sanitize(pr.Detail))
		}
	}
	fmt.Fprintf(w, "\ntrace:\n")
	for _, s := range out.Trace {
		rule := s.Rule
		if s.Source != "" {
			rule += " (" + s.Source + ")"
		}
		line := fmt.Sprintf("  %-10s %-6s %s", s.Layer, s.Outcome, rule)
		if s.Subject != "" {
			line += "  on: " + engine.Sanitize(firstLine(s.Subject))
		}
		if s.Note != "" {
			line += "  [" + s.Note + "]"
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	printDecision(w, d)
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
