package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/validate"
)

func (a *App) validateCmd() *cobra.Command {
	var dir string
	var asJSON, repair bool
	c := &cobra.Command{
		Use:   "validate [FILE...]",
		Short: "Check the brain's files and the configuration against their JSON Schemas",
		Long: `validate checks every file of the project's brain (state.json, metrics.json,
sessions) and of the managed, the user's and the project's configuration (config.yaml,
rules/*.yaml, agents/*.md frontmatter, tests/*.yaml) against its JSON
Schema (draft 2020-12), or only the files named, and reports each
violation with the file, the JSON pointer of the value at fault and a
message. It exits 1 when it finds one.

It also reads the decision log: a line that is not a whole entry (cut
short by a hook killed while writing it, or by a full disk; readers skip
it) and decisions that could not be written at all (counted in
audit-failures.json beside the log) are problems.

With --repair, a broken brain file (state.json, metrics.json, a session)
is moved aside to FILE.broken-TIME, where it can be recovered by hand, and
a valid brain is left in its place: an empty state file, or no metrics or
session file (each starts again). A decision log with torn lines is
rotated (kept beside it, as purge keeps rotated logs) so that a whole one
starts, and the count of decisions not written is cleared once reported.
Configuration files are never changed: fix them by hand.`,
		Example: `  governance validate
  governance validate .governance/brain/state.json
  governance validate --repair`,
		RunE: func(cmd *cobra.Command, args []string) error {
			v, err := validate.New()
			if err != nil {
				return err
			}
			p := a.paths(a.absCwd(dir))
			var targets []validate.Target
			if len(args) == 0 {
				targets = validate.Discover(p.BrainDir(), p.ManagedDir, p.ActiveBundle(), p.UserDir, p.RepoDir)
			}
			for _, f := range args {
				kind, ok := validate.KindOf(f)
				if !ok {
					return usagef("cannot tell what %s is: name a brain file (state.json, metrics.json, sessions/*.json) or a configuration file (config.yaml, rules/*.yaml, agents/*.md, tests/*.yaml)", f)
				}
				targets = append(targets, validate.Target{Kind: kind, Path: f})
			}
			var problems []validate.Problem
			for _, t := range targets {
				ps, err := v.File(t.Kind, t.Path)
				if err != nil {
					return err
				}
				if repair && len(ps) > 0 && (t.Kind == validate.State || t.Kind == validate.Metrics || t.Kind == validate.Session) {
					aside, err := brain.Repair(t.Path, a.Now())
					if err != nil {
						return fmt.Errorf("repairing %s: %w", t.Path, err)
					}
					fmt.Fprintf(a.Stderr, "governance: repaired %s (%s); the broken file is kept as %s\n", t.Path, count(len(ps), "problem"), aside)
					continue
				}
				problems = append(problems, ps...)
			}
			if len(args) == 0 && p.StateDir != "" {
				ps, err := logProblems(p.DecisionLog())
				if err != nil {
					return err
				}
				if repair && len(ps) > 0 {
					if err := a.repairLog(p.DecisionLog()); err != nil {
						return err
					}
				} else {
					problems = append(problems, ps...)
				}
			}
			if asJSON {
				if problems == nil {
					problems = []validate.Problem{}
				}
				if err := writeJSON(a.Stdout, map[string]any{"files": len(targets), "problems": problems}); err != nil {
					return err
				}
			} else {
				for _, pr := range problems {
					fmt.Fprintln(a.Stdout, pr)
				}
			}
			if len(problems) > 0 {
				fmt.Fprintf(a.Stderr, "governance: error: %s in %s\n", count(len(problems), "problem"), count(len(targets), "file"))
				return errReported
			}
			if !asJSON {
				fmt.Fprintf(a.Stdout, "ok: %d files valid\n", len(targets))
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	c.Flags().BoolVar(&repair, "repair", false, "move broken brain files aside and leave valid ones")
	return c
}
