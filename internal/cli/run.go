package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/shellquote"
)

// exitCode makes the command exit with a status of its own.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func (a *App) runCmd() *cobra.Command {
	var why, safety, agent string
	c := &cobra.Command{
		Use:   "run [--why TEXT] [--safety TEXT] -- CMD...",
		Short: "Run a command only if the policy allows it (for agents and scripts without hooks)",
		Long: `run sends a command, with the caller's justification and safety argument,
through the same decision path as the hook: rules, roles, rate limits, the
decision log and, for a command that needs a person, the approval queue
(it waits approval_wait for a human; nobody is asked in the terminal). A
command no rule decides needs a person too: there is no harness to defer
to.

When allowed, the command runs with its output streamed and run exits with
its status. When denied, the message goes to stderr and run exits 126
without running anything.

One argument is run by /bin/sh -c; several are run as a program and its
arguments, without a shell.`,
		Example: `  governance run --why "list the tests" -- go test -list . ./...
  governance run --why "clean the build" --safety "only ./build" -- 'rm -rf ./build'`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			text := args[0]
			if len(args) > 1 {
				text = shellquote.Join(args)
			}
			env := hooks.OSEnv()
			env.Cwd = a.Cwd
			ev := &hooks.Event{Name: hooks.EventPreToolUse, Raw: hooks.EventPreToolUse, DeferAsAsk: true}
			ev.Request = governance.Request{Harness: "run", Event: hooks.EventPreToolUse, Cwd: a.Cwd, Agent: agent,
				Justification: why, Safety: safety, SessionID: os.Getenv("GOVERNANCE_SESSION"),
				Tool: governance.Tool{Kind: governance.KindShell, Name: "run", Input: governance.Input{Command: text}}}
			reply := hooks.Handle(cmd.Context(), ev, env, a.Stderr)
			d := reply.Decision
			switch d.Outcome {
			case governance.Allow, governance.Warn:
				if d.Outcome == governance.Warn {
					fmt.Fprintln(a.Stderr, governance.Sanitize(d.Render()))
				}
			default:
				fmt.Fprintln(a.Stderr, d.Render())
				return exitCode(126)
			}
			var c *exec.Cmd
			if len(args) == 1 {
				c = exec.Command("/bin/sh", "-c", args[0])
			} else {
				c = exec.Command(args[0], args[1:]...)
			}
			c.Dir = a.Cwd
			c.Stdin, c.Stdout, c.Stderr = a.Stdin, a.Stdout, a.Stderr
			err := c.Run()
			var ee *exec.ExitError
			switch {
			case err == nil:
				return nil
			case errors.As(err, &ee):
				if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
					return exitCode(128 + int(ws.Signal()))
				}
				return exitCode(ee.ExitCode())
			default:
				fmt.Fprintf(a.Stderr, "governance: error: %v\n", err)
				return exitCode(127)
			}
		},
	}
	f := c.Flags()
	f.StringVar(&why, "why", "", "why the command is needed (recorded, shown to the approver)")
	f.StringVar(&safety, "safety", "", "why the command is safe (recorded, shown to the approver)")
	f.StringVar(&agent, "agent", "", "the calling agent, whose agent file applies")
	return c
}
