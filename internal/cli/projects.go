package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
)

func (a *App) projectsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "projects",
		Short: "Register projects whose folder confines AI agents: add, list, remove",
		Example: `  governance projects add api ~/src/api
  governance projects list
  governance projects remove api`,
		Long: `A registered project confines AI agents that work in it (their call's
folder is inside it) to its folder: a path outside it, read or written, is
denied unless a rule allows it; temporary folders stay open. The registry
is projects.yaml in the user configuration. Only humans change it.`,
	}
	file := func() string { return config.ProjectsFile(a.paths(a.Cwd).UserDir) }
	add := &cobra.Command{
		Use:     "add ID PATH",
		Short:   "Register a project",
		Example: `  governance projects add api ~/src/api`,
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := config.AddProject(file(), args[0], a.absCwd(args[1])); err != nil {
				return err
			}
			fmt.Fprintf(a.Stdout, "registered %s at %s\n", args[0], a.absCwd(args[1]))
			return nil
		},
	}
	var asJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List the registered projects",
		Example: `  governance projects list
  governance projects list --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ps, err := config.ReadProjects(file())
			if err != nil {
				return err
			}
			if asJSON {
				out := []projectOut{}
				for _, p := range ps {
					out = append(out, projectOut{ID: p.ID, Path: p.Path})
				}
				return writeJSON(a.Stdout, out)
			}
			for _, p := range ps {
				fmt.Fprintf(a.Stdout, "%-20s %s\n", p.ID, p.Path)
			}
			return nil
		},
	}
	remove := &cobra.Command{
		Use:     "remove ID",
		Short:   "Unregister a project",
		Example: `  governance projects remove api`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := config.RemoveProject(file(), args[0]); err != nil {
				return err
			}
			fmt.Fprintf(a.Stdout, "removed %s\n", args[0])
			return nil
		},
	}
	list.Flags().BoolVar(&asJSON, "json", false, "print the projects as JSON")
	c.AddCommand(add, list, remove)
	return c
}

// projectOut is one project of projects list --json (docs/json.md).
type projectOut struct {
	ID   string `json:"id"`
	Path string `json:"path"`
}
