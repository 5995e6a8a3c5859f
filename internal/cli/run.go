package cli

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/pipeline"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/engine"
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

When the command needs a person, run says so at once on stderr: the
approval's id, what is asked, how to answer it (the governance approvals
command, or the approvals page that governance daemon --url opens), and how
long it waits, then the time left as it passes. Ctrl-C withdraws the
approval and runs nothing.

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
			ev := &pipeline.Event{Name: pipeline.EventPreToolUse, DeferAsAsk: true, Waiting: a.followApproval(text)}
			ev.Request = engine.Request{Harness: "run", Event: pipeline.EventPreToolUse, Cwd: a.Cwd, Agent: agent,
				Justification: why, Safety: safety, SessionID: os.Getenv("GOVERNANCE_SESSION"),
				Tool: engine.Tool{Kind: engine.KindShell, Name: "run", Input: engine.Input{Command: text}}}
			env := pipeline.OSEnv()
			env.Warn = func(err error) { fmt.Fprintf(a.Stderr, "governance: error: %v\n", err) }
			// As the hook decides: the compiled policy, the evaluators
			// reached as processes.
			p := pipeline.ForEvent(ev, pipeline.Options{Env: env, Evaluators: pipeline.Spawned()})
			// Ctrl-C while a person is asked withdraws the question.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			reply := p.Handle(ctx, ev)
			stop()
			d := reply.Decision
			switch d.Outcome {
			case engine.Allow, engine.Warn:
				if d.Outcome == engine.Warn {
					fmt.Fprintln(a.Stderr, engine.Sanitize(d.Render()))
				}
			default:
				if d.Approval != nil && d.Approval.State == engine.ApprovalWithdrawn {
					return exitCode(130)
				}
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

// followApproval prints, on stderr, what a run that waits for a person
// waits for and how to answer, the time left every quarter of the wait
// (at most every 30 seconds), and a withdrawal.
func (a *App) followApproval(text string) *pipeline.Follow {
	var next time.Duration
	var every time.Duration
	return &pipeline.Follow{
		Filed: func(it *approvals.Item, wait time.Duration) {
			every = min(max(wait/4, 5*time.Second), 30*time.Second)
			next = wait - every
			w := a.Stderr
			fmt.Fprintf(w, "governance: `%s` needs a person's approval: %s\n", engine.Sanitize(text), engine.Sanitize(it.Reason))
			fmt.Fprintf(w, "  approval:  %s\n", it.ID)
			fmt.Fprintf(w, "  answer:    governance approvals approve %s   (or: governance approvals deny %s)\n", it.ID, it.ID)
			fmt.Fprintf(w, "             or on the approvals page (governance daemon --url prints its address)\n")
			fmt.Fprintf(w, "  waiting:   up to %s; Ctrl-C withdraws the approval\n", wait.Round(time.Second))
		},
		Left: func(it *approvals.Item, left time.Duration) {
			if left > next || left <= 0 {
				return
			}
			fmt.Fprintf(a.Stderr, "governance: still waiting for approval %s: %s left\n", it.ID, left.Round(time.Second))
			for next >= left {
				next -= every
			}
		},
		Withdrawn: func(it *approvals.Item) {
			fmt.Fprintf(a.Stderr, "governance: interrupted: approval %s withdrawn; nothing ran\n", it.ID)
		},
	}
}
