package cli

import (
	"fmt"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
	"github.com/spf13/cobra"
)

func (a *App) compileCmd() *cobra.Command {
	var project string
	c := &cobra.Command{
		Use:   "compile",
		Short: "Compile the configuration into the snapshot the hook reads",
		Long: `compile reads the project's YAML configuration and agent files and writes
the compiled snapshot that governance-hook loads, so that the hook never
parses YAML itself. The hook runs it by itself whenever a configuration
file changed; there is rarely a reason to run it by hand. The snapshot is
also printed on standard output.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.absCwd(project))
			if project != "" {
				p = layout.Discover(a.absCwd(project), a.absCwd(project), a.Getenv)
			}
			snap := config.Compile(p)
			if err := snap.Write(snapshot.CachePath(p)); err != nil {
				fmt.Fprintf(a.Stderr, "governance: warning: could not cache the snapshot: %v\n", err)
			}
			data, err := snap.Encode()
			if err != nil {
				return err
			}
			_, err = a.Stdout.Write(data)
			return err
		},
	}
	c.Flags().StringVar(&project, "project", "", "the project root (default: found from the current directory)")
	return c
}
