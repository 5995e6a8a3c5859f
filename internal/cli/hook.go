package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// hookCmd answers a hook input as governance-hook does, with what the
// hook binary leaves out (the Starlark interpreter for executable rules).
// governance-hook hands a project's calls to it when the project has
// executable rules and no daemon runs.
func (a *App) hookCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "hook DIALECT",
		Short:  "Answer one hook input on stdin, as governance-hook does (used by governance-hook)",
		Hidden: true,
		Args:   cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := io.ReadAll(io.LimitReader(a.Stdin, 8<<20))
			if err != nil {
				return fmt.Errorf("reading the hook input: %w", err)
			}
			env := hooks.OSEnv()
			env.Cwd = a.Cwd
			load := func(p layout.Paths) *engine.Policy {
				l, _ := config.Load(p)
				return l.Policy
			}
			a.Stdout.Write(hooks.Respond(cmd.Context(), args[0], data, env, a.Stderr, hooks.Options{Load: load, NoForward: true}))
			return nil
		},
	}
}
