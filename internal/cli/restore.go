package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/checkpoint"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

func (a *App) restoreCmd() *cobra.Command {
	var dryRun, list, asJSON bool
	c := &cobra.Command{
		Use:   "restore DECISION_ID",
		Short: "Bring a project's files back to the checkpoint taken before a confined call",
		Long: `restore brings a project's files back to what they were before a confined
call ran. A call that may write the project (one confined with the
unknown-effects profile) is checkpointed first, under the ID its decision
has in the decision log (governance audit shows it; the agent is told it):
the project's tracked and untracked files, not the ignored ones.

restore writes back the files the call changed or removed and removes the
files it created, leaving ignored files and the .git folder alone (refs
and commits are the repository's: its reflog keeps them), and governance's
configuration and the harnesses' settings too: no confined call can change
them, so a change there since is a person's (listed as left). The project as
it is just before is checkpointed too, so a restore can be undone: the ID
of that checkpoint is printed. --dry-run shows what restore would change
and changes nothing; --list shows the checkpoints kept, oldest first.

Checkpoints are kept in the state folder, not in the project, for
checkpoint_keep (purge block of config.yaml, 7d); governance purge removes
older ones. restore is a person's command: an agent cannot run it.

Exit status: 0 done, 1 error (an unknown ID), 2 usage.`,
		Example: `  governance restore --list
  governance restore --dry-run 0b5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b
  governance restore 0b5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b`,
		Args: func(cmd *cobra.Command, args []string) error {
			if list && len(args) > 0 || !list && len(args) != 1 {
				return usagef("restore takes one decision ID, or --list")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.Cwd)
			if p.StateDir == "" {
				return errors.New("there is no state folder (no home folder and no XDG_STATE_HOME), so no checkpoint is kept")
			}
			s := &checkpoint.Store{Dir: checkpoint.Dir(p.StateDir), Env: a.gitEnv(), Now: a.Now}
			if list {
				all, err := s.List()
				if err != nil {
					return err
				}
				if asJSON {
					if all == nil {
						all = []checkpoint.Checkpoint{}
					}
					return writeJSON(a.Stdout, all)
				}
				if len(all) == 0 {
					fmt.Fprintln(a.Stdout, "no checkpoints are kept")
				}
				for _, c := range all {
					fmt.Fprintf(a.Stdout, "%s  %s  %s\n", c.Time.Local().Format(time.DateTime), c.ID, c.Project)
				}
				return nil
			}
			c, err := s.Find(args[0])
			if errors.Is(err, checkpoint.ErrUnknown) || errors.Is(err, checkpoint.ErrBadID) {
				return withHint(err, "governance restore --list shows the checkpoints kept; older ones were purged (checkpoint_keep)")
			}
			if err != nil {
				return err
			}
			changes, before, err := s.Restore(c, dryRun, a.protectedIn(c.Project))
			if asJSON {
				out := struct {
					Checkpoint *checkpoint.Checkpoint `json:"checkpoint"`
					DryRun     bool                   `json:"dry_run"`
					Changes    []checkpoint.Change    `json:"changes"`
					Before     string                 `json:"before,omitempty"`
				}{c, dryRun, changes, ""}
				if out.Changes == nil {
					out.Changes = []checkpoint.Change{}
				}
				if before != nil {
					out.Before = before.ID
				}
				if werr := writeJSON(a.Stdout, out); werr != nil {
					return werr
				}
				return err
			}
			verbs := map[string]string{"restore": "restore ", "recreate": "recreate", "remove": "remove  ", "left": "left    "}
			left := 0
			for _, ch := range changes {
				fmt.Fprintf(a.Stdout, "%s  %s\n", verbs[ch.Status], ch.Path)
				if ch.Status == "left" {
					left++
				}
			}
			if err != nil {
				return err
			}
			if left > 0 {
				fmt.Fprintf(a.Stdout, "%d left as they are: governance's configuration and the harnesses' settings, which no confined call can change\n", left)
			}
			changes = slices.DeleteFunc(changes, func(ch checkpoint.Change) bool { return ch.Status == "left" })
			taken := c.Time.Local().Format(time.DateTime)
			switch {
			case len(changes) == 0:
				fmt.Fprintf(a.Stdout, "%s is as it was at checkpoint %s (%s): nothing to restore\n", c.Project, c.ID, taken)
			case dryRun:
				fmt.Fprintf(a.Stdout, "would restore %d files of %s to checkpoint %s (%s); nothing was changed\n", len(changes), c.Project, c.ID, taken)
			default:
				fmt.Fprintf(a.Stdout, "restored %s of %s to checkpoint %s (%s)\n", count(len(changes), "file"), c.Project, c.ID, taken)
				fmt.Fprintf(a.Stdout, "to undo: governance restore %s\n", before.ID)
			}
			return nil
		},
	}
	f := c.Flags()
	f.BoolVar(&dryRun, "dry-run", false, "show what would change, and change nothing")
	f.BoolVar(&list, "list", false, "list the checkpoints kept")
	f.BoolVar(&asJSON, "json", false, "print JSON")
	return c
}

// protectedIn returns what restore leaves alone in the project at root:
// the protected set (governance's configuration, the harnesses' settings
// and agent files), which no confined call can write, so that a change
// there since the checkpoint is a person's.
func (a *App) protectedIn(root string) func(string) bool {
	paths := layout.Discover(root, root, a.Getenv)
	pol := &engine.Policy{}
	if l, err := config.Load(paths); err == nil && l.Policy != nil {
		pol = l.Policy
	}
	prot := engine.NewEngine(pol).ProtectedPaths(a.request(paths, root))
	return func(p string) bool {
		abs := filepath.Join(root, p)
		for _, d := range prot {
			if abs == d || strings.HasPrefix(abs, d+"/") {
				return true
			}
		}
		return false
	}
}

// gitEnv is the environment git runs in for the checkpoints: the
// variables that find it and the user's global excludes.
func (a *App) gitEnv() []string {
	var env []string
	for _, k := range []string{"PATH", "HOME", "XDG_CONFIG_HOME"} {
		if v := a.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}
