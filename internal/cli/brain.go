package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/layout"
)

// openBrain opens the brain of the project of dir.
func (a *App) openBrain(dir string) *brain.Brain { return a.brainOf(a.paths(a.absCwd(dir))) }

// brainOf opens the brain of the project that p describes, on the app's
// clock.
func (a *App) brainOf(p layout.Paths) *brain.Brain {
	b := brain.Open(p.BrainDir())
	b.Now = a.Now
	return b
}

func (a *App) anchorCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "anchor",
		Short: "Pin context that every session starts with: add, list, remove",
		Long: `Anchors are short pieces of context pinned for the project: the main thread
of every session gets them when it starts and again after a compaction.
Critical anchors stay until removed; purge demotes high anchors to normal
after a while and archives normal ones after a while more (see purge).`,
	}
	c.PersistentFlags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	var priority string
	add := &cobra.Command{
		Use:     "add TEXT",
		Short:   "Pin a piece of context",
		Example: `  governance anchor add "Never run migrations against the production database" --priority critical`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			an, err := a.openBrain(dir).AddAnchor(args[0], priority)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.Stdout, "%s [%s] %s\n", an.ID, an.Priority, governance.Sanitize(an.Text))
			return nil
		},
	}
	add.Flags().StringVar(&priority, "priority", brain.Normal, "critical, high or normal")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the pinned anchors, most important first",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := a.openBrain(dir).ReadState()
			if err != nil {
				return err
			}
			for _, an := range st.Pinned() {
				fmt.Fprintf(a.Stdout, "%-5s %-8s %s  %s\n", an.ID, an.Priority, an.Created.Format("2006-01-02"), governance.Sanitize(an.Text))
			}
			return nil
		},
	}
	remove := &cobra.Command{
		Use:   "remove ID",
		Short: "Unpin an anchor (it is kept in the archive)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := a.openBrain(dir).RemoveAnchor(args[0]); err != nil {
				return err
			}
			fmt.Fprintf(a.Stdout, "removed %s\n", args[0])
			return nil
		},
	}
	c.AddCommand(add, list, remove)
	return c
}

func (a *App) phaseCmd() *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "phase [NAME]",
		Short: "Show the project's current phase, or set it",
		Long: `The phase (plan, implement, review, release, ...) is shown to the main
thread when a session starts and to the subagents it starts directly.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			b := a.openBrain(dir)
			if len(args) == 1 {
				if err := b.SetPhase(args[0]); err != nil {
					return err
				}
			}
			st, err := b.ReadState()
			if err != nil {
				return err
			}
			if st.Phase == "" {
				fmt.Fprintln(a.Stdout, "no phase set")
				return nil
			}
			fmt.Fprintf(a.Stdout, "%s (since %s)\n", governance.Sanitize(st.Phase), st.PhaseSince.Format(time.RFC3339))
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	return c
}

func (a *App) purgeCmd() *cobra.Command {
	var dir, now string
	var dryRun, asJSON bool
	c := &cobra.Command{
		Use:   "purge",
		Short: "Archive old state: history, sessions, anchors; rotate the decision log",
		Long: `purge applies the purge policy of config.yaml (defaults in parentheses):
history in state.json beyond the newest entries (history_keep: 50) moves to
brain/history/; sessions not updated for a while (session_max_age: 168h)
move to brain/archive/sessions/; high anchors become normal after
anchor_high_ttl (48h) and normal ones are archived after anchor_normal_ttl
(48h) more, keeping at most anchors_max (20), critical and high first; the
decision log is rotated past log_max_size (10MB) or log_max_age (30d),
keeping log_keep rotated logs (0: all).

Archives are written and fsynced before anything is removed, so purge is
safe while hooks run and after being killed at any point: running it again
finishes the job, with nothing lost and nothing archived twice.

Exit status: 0 done, 1 error, 2 usage.`,
		Example: `  governance purge --dry-run
  governance purge --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, l, err := a.loadAt(dir)
			if err != nil {
				return withHint(fmt.Errorf("the configuration is broken: %w", err), "run `governance lint`")
			}
			p := l.Paths
			b := a.brainOf(p)
			if now != "" {
				t, err := a.clock(now)
				if err != nil {
					return err
				}
				b.Now = func() time.Time { return t }
			}
			r, err := b.Purge(l.Purge, p.DecisionLog(), dryRun)
			if asJSON {
				if werr := writeJSON(a.Stdout, r); werr != nil {
					return werr
				}
			} else {
				printPurge(a, r)
			}
			return err
		},
	}
	f := c.Flags()
	f.StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	f.BoolVar(&dryRun, "dry-run", false, "say what would move, and move nothing")
	f.BoolVar(&asJSON, "json", false, "print what moved where as JSON")
	f.StringVar(&now, "now", "", "purge as of this time (RFC 3339), for tests and replays")
	return c
}

func printPurge(a *App, r *brain.Report) {
	verb := ""
	if r.DryRun {
		verb = "would be "
	}
	if len(r.Moves) == 0 {
		fmt.Fprintf(a.Stdout, "nothing to purge in %s\n", r.Brain)
		return
	}
	for _, m := range r.Moves {
		what := m.What
		if m.ID != "" {
			what += " " + m.ID
		}
		if m.Count > 0 {
			what = fmt.Sprintf("%d %s entries", m.Count, m.What)
		}
		line := fmt.Sprintf("%s %s%s", what, verb, m.Action)
		if m.To != "" {
			line += " to " + m.To
		}
		fmt.Fprintln(a.Stdout, line)
	}
}
