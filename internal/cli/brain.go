package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/checkpoint"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
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
		Example: `  governance anchor add "Never run migrations against production." --priority critical
  governance anchor list
  governance anchor remove a1`,
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
			fmt.Fprintf(a.Stdout, "%s [%s] %s\n", an.ID, an.Priority, engine.Sanitize(an.Text))
			return nil
		},
	}
	add.Flags().StringVar(&priority, "priority", brain.Normal, "critical, high or normal")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the pinned anchors, most important first",
		Example: `  governance anchor list
  governance anchor list --dir path/to/project`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := a.openBrain(dir).ReadState()
			if err != nil {
				return err
			}
			for _, an := range st.Pinned() {
				fmt.Fprintf(a.Stdout, "%-5s %-8s %s  %s\n", an.ID, an.Priority, an.Created.Format("2006-01-02"), engine.Sanitize(an.Text))
			}
			return nil
		},
	}
	remove := &cobra.Command{
		Use:     "remove ID",
		Short:   "Unpin an anchor (it is kept in the archive)",
		Example: `  governance anchor remove a1`,
		Args:    cobra.ExactArgs(1),
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
		Example: `  governance phase            # print the phase
  governance phase review     # set it`,
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
			fmt.Fprintf(a.Stdout, "%s (since %s)\n", engine.Sanitize(st.Phase), st.PhaseSince.Format(time.RFC3339))
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	return c
}

func (a *App) purgeCmd() *cobra.Command {
	var dir, now string
	var dryRun, asJSON, quiet, all bool
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
keeping log_keep rotated logs (0: all): the ones whose last entries are
newest, whatever their names say. A rotated log is named to the
nanosecond and never replaces another. Checkpoints taken before confined
calls (governance restore --list) older than checkpoint_keep (7d) are
removed.

It works on the project of the current folder (or --dir), or with --all on
every registered project (governance projects), every project the decision
log has seen (registered or not; --all registers and confines nothing),
every project whose state lives in the user's state folder, and the
decision log. Run outside any
project without --dir or --all, it does nothing and exits 1.

Archives are written and fsynced before anything is removed, so purge is
safe while hooks run and after being killed at any point: running it again
finishes the job, with nothing lost and nothing archived twice. A broken
state file stops only its own part: the rest is purged, the file is named
with the command that repairs it (governance validate --repair), and purge
exits 1. No lock file is left behind: a lock file or a temporary file
that a killed process (purge itself, a hook, any writer) left in the
brain's folders or beside the decision log is removed by the next purge
(a temporary file once it is two minutes old and no writer holds it), and
listed as removed.

For cron: --quiet prints nothing when all is well; problems still go to
stderr with exit status 1.

Exit status: 0 done, 1 error, 2 usage.`,
		Example: `  governance purge --dry-run
  governance purge --json
  governance purge --all --quiet     # from cron or a systemd timer`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if all && dir != "" {
				return usagef("--all purges every project; do not also give --dir")
			}
			var at time.Time
			if now != "" {
				t, err := a.clock(now)
				if err != nil {
					return err
				}
				at = t
			}
			var targets []purgeTarget
			if all {
				var err error
				if targets, err = a.allPurgeTargets(); err != nil {
					return err
				}
			} else {
				if dir != "" {
					if err := checkDirFlag(dir, a.absCwd(dir)); err != nil {
						return err
					}
				}
				cwd, l, err := a.loadAt(dir)
				if err != nil {
					return withHint(fmt.Errorf("the configuration is broken: %w", err), "run `governance lint`")
				}
				if dir == "" && !inProject(l.Paths) {
					return withHint(fmt.Errorf("%s is in no project (no .git or .governance folder here or above)", cwd),
						"run it in a project, name one with --dir, or purge every project with --all")
				}
				targets = []purgeTarget{{brain: l.Paths.BrainDir(), policy: l.Purge, log: l.Paths.DecisionLog(),
					state: l.Paths.StateDir, project: l.Paths.ProjectRoot, checkpoints: true}}
			}
			var reports []*brain.Report
			var errs []error
			purged := map[string]bool{}
			for _, t := range targets {
				b := brain.Open(t.brain)
				b.Now = a.Now
				if !at.IsZero() {
					b.Now = func() time.Time { return at }
				}
				r, err := b.Purge(t.policy, t.log, dryRun)
				if err != nil {
					errs = append(errs, err)
				}
				if t.checkpoints {
					if err := a.purgeCheckpoints(r, t, purged, dryRun); err != nil {
						errs = append(errs, err)
					}
				}
				reports = append(reports, r)
				if !asJSON && !quiet {
					printPurge(a, r)
				}
			}
			if asJSON {
				var out any = reports
				if !all {
					out = reports[0]
				}
				if err := writeJSON(a.Stdout, out); err != nil {
					return err
				}
			}
			for _, err := range errs {
				fmt.Fprintf(a.Stderr, "governance: error: %v\n", err)
			}
			if len(errs) > 0 {
				return errReported
			}
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&dir, "dir", "", "the project folder (default: the current directory)")
	f.BoolVar(&all, "all", false, "purge every project the user's projects, decision log and state folder know, and the decision log")
	f.BoolVar(&quiet, "quiet", false, "print nothing when all is well (problems still go to stderr)")
	f.BoolVar(&dryRun, "dry-run", false, "say what would move, and move nothing")
	f.BoolVar(&asJSON, "json", false, "print what moved where as JSON")
	f.StringVar(&now, "now", "", "purge as of this time (RFC 3339), for tests and replays")
	return c
}

// purgeTarget is one brain to purge, with its policy, and the decision
// log to rotate with it ("" for none). With checkpoints, the checkpoints
// of project (every project not purged before when "") in the state
// folder are purged too, by the policy's checkpoint_keep.
type purgeTarget struct {
	brain  string
	policy brain.PurgePolicy
	log    string

	checkpoints    bool
	state, project string
}

// purgeCheckpoints removes the checkpoints the target's policy keeps no
// longer, and lists them in its report; purged holds the projects done.
func (a *App) purgeCheckpoints(r *brain.Report, t purgeTarget, purged map[string]bool, dryRun bool) error {
	if t.state == "" || t.policy.CheckpointKeep <= 0 {
		return nil
	}
	s := &checkpoint.Store{Dir: checkpoint.Dir(t.state), Env: a.gitEnv(), Now: func() time.Time { return r.Now }}
	match := func(p string) bool { return p == t.project }
	if t.project == "" {
		match = func(p string) bool { return !purged[p] }
	}
	gone, err := s.Purge(t.policy.CheckpointKeep, match, dryRun)
	for _, c := range gone {
		r.Moves = append(r.Moves, brain.Move{What: "checkpoint", ID: c.ID, Action: "removed", From: c.Project})
	}
	if t.project != "" {
		purged[t.project] = true
	}
	if err != nil {
		return fmt.Errorf("checkpoints: %w", err)
	}
	return nil
}

// inProject reports whether paths were found from a project: a folder
// with .governance or .git.
func inProject(p layout.Paths) bool {
	for _, d := range []string{".governance", ".git"} {
		if _, err := os.Stat(filepath.Join(p.ProjectRoot, d)); err == nil {
			return true
		}
	}
	return false
}

// allPurgeTargets lists every brain of the user: the registered projects',
// those of every project the decision log has seen (registered or not:
// purging registers nothing and confines nothing), and those in the state
// folder, each once, the decision log rotated with the first. A project
// whose configuration is broken is purged with the default policy.
func (a *App) allPurgeTargets() ([]purgeTarget, error) {
	user := a.paths(a.Cwd)
	projects, err := config.ReadProjects(config.ProjectsFile(user.UserDir))
	if err != nil {
		return nil, err
	}
	var out []purgeTarget
	seen := map[string]bool{}
	add := func(t purgeTarget) {
		if seen[t.brain] {
			return
		}
		seen[t.brain] = true
		if len(out) == 0 {
			t.log = user.DecisionLog()
		}
		out = append(out, t)
	}
	roots := make([]string, 0, len(projects))
	for _, pr := range projects {
		roots = append(roots, pr.Path)
	}
	registered := len(roots)
	for i, root := range append(roots, loggedProjects(user.DecisionLog())...) {
		p := layout.Discover(root, root, a.Getenv)
		if i >= registered && (!inProject(p) || p.ProjectRoot != root) {
			// A logged project that is gone, or no longer a project.
			continue
		}
		policy := brain.DefaultPurgePolicy()
		if l, err := config.Load(p); err == nil {
			policy = l.Purge
		}
		add(purgeTarget{brain: p.BrainDir(), policy: policy, state: user.StateDir, project: root, checkpoints: true})
	}
	// Projects with no .governance folder keep their brain in the state
	// folder; their root is not recorded, so the user's policy applies.
	dirs, _ := filepath.Glob(filepath.Join(user.StateDir, "projects", "*", "brain"))
	policy := brain.DefaultPurgePolicy()
	if l, err := config.Load(user); err == nil {
		policy = l.Purge
	}
	for _, d := range dirs {
		add(purgeTarget{brain: d, policy: policy})
	}
	if len(out) == 0 {
		// No brain anywhere: the decision log is still rotated.
		out = append(out, purgeTarget{brain: filepath.Join(user.StateDir, "projects", "none", "brain"), policy: policy, log: user.DecisionLog()})
	}
	// The checkpoints of projects none of the above names (gone, or not
	// logged any more) go by the user's policy, with the last target.
	last := &out[len(out)-1]
	if last.checkpoints {
		out = append(out, purgeTarget{brain: last.brain, policy: brain.PurgePolicy{CheckpointKeep: policy.CheckpointKeep}})
		last = &out[len(out)-1]
	}
	last.state, last.project, last.checkpoints = user.StateDir, "", true
	return out, nil
}

// loggedProjects returns the project roots of the decisions in the log
// and the rotated logs beside it, each once, in the order first seen.
func loggedProjects(log string) []string {
	var out []string
	seen := map[string]bool{}
	for e, err := range decisionlog.Read(log, decisionlog.Filter{Since: time.Unix(1, 0)}) {
		if err != nil {
			break
		}
		if r := e.Input.ProjectRoot; r != "" && filepath.IsAbs(r) && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
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
