package cli

import (
	"fmt"
	"path/filepath"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
	"github.com/spf13/cobra"
)

func (a *App) compileCmd() *cobra.Command {
	var project string
	var print bool
	c := &cobra.Command{
		Use:   "compile",
		Short: "Compile the configuration into the snapshot the hook reads",
		Long: `compile reads the project's YAML configuration and agent files and writes
the compiled snapshot that governance-hook loads, so that the hook never
parses YAML itself. The hook runs it by itself whenever a configuration
file changed; there is rarely a reason to run it by hand. It prints nothing
unless asked: --print writes the snapshot on standard output.

The snapshot names the folders it was compiled from (the managed, user,
project and state folders and the home), and the hook takes only one
compiled from the folders it resolves itself: a compile run with other
folders (XDG_CONFIG_HOME set to another folder) does not change the policy
the hook enforces. A configuration file that is being written is read
again until it is stable.`,
		Example: `  governance compile
  governance compile --dir path/to/project --print > snapshot.bin`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.absCwd(project))
			if project != "" {
				p = layout.Discover(a.absCwd(project), a.absCwd(project), a.Getenv)
			}
			snap := config.Compile(p)
			cache := snapshot.CachePath(p)
			if err := snap.Write(cache); err != nil {
				fmt.Fprintf(a.Stderr, "governance: warning: could not cache the snapshot: %v\n", err)
			}
			// A compile killed before its rename left its temporary file.
			a.sweep(filepath.Dir(cache))
			// The last good snapshot is what a configuration being
			// rewritten holds to (see config.CompileStable).
			if snap.Err == "" && snap.Held == "" {
				if err := snap.Write(snapshot.GoodPath(p)); err != nil {
					fmt.Fprintf(a.Stderr, "governance: warning: could not cache the snapshot: %v\n", err)
				}
			}
			if !print {
				return nil
			}
			data, err := snap.Encode()
			if err != nil {
				return err
			}
			_, err = a.Stdout.Write(data)
			return err
		},
	}
	c.Flags().StringVar(&project, "dir", "", "the project folder (default: found from the current directory)")
	c.Flags().BoolVar(&print, "print", false, "write the compiled snapshot on standard output")
	// --project is what hooks of earlier releases pass: it also prints.
	var old string
	c.Flags().StringVar(&old, "project", "", "the project folder")
	c.Flags().MarkHidden("project")
	c.PreRun = func(*cobra.Command, []string) {
		if old != "" {
			project, print = old, true
		}
	}
	return c
}
