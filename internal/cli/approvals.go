package cli

import (
	"fmt"
	"os/user"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
)

func (a *App) approvalsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "approvals",
		Short: "Answer calls that wait for a human: list, show, approve, deny",
		Example: `  governance approvals list
  governance approvals show 7kq2mx
  governance approvals approve 7kq2mx`,
		Long: `When a call needs a person's approval and nobody can answer in the harness
(a headless run, a harness without ask, or approvals: out-of-band in
config.yaml), the hook files it here and waits approval_wait (120s) for an
answer. Approving lets it through, denying blocks it with your message; an
answer given after the hook stopped waiting counts when the agent retries
the same call. The daemon's web page shows the same queue. Each new item
is announced by governance notify: a desktop notification, and the
webhooks of the notify block of config.yaml.

An approval covers the call exactly as shown by approvals show: its whole
input (a Write's content, an Edit's text, a patch, a prompt, an MCP
tool's arguments), the folder it runs in and the agent. A retry that
changes any of it is asked again. Items filed by earlier releases kept no
input: they match no retry, which files a new item to answer.

approve --always also writes a learned entry that allows calls like this
one from now on, and it is wider than the approval: a shell command with
the same program, options and arguments; a read, write or edit of the
same paths with any content; the same URL; the same MCP tool with any
arguments. It renews the project's trust over it when you trusted the
project's policy. Killed midway, running the same command again finishes
it (approvals show says what is left); it also finishes an approval for
good given on the daemon's page or through the MCP proxy.`,
	}
	store := func() *approvals.Store {
		s := approvals.Open(a.paths(a.Cwd).StateDir)
		s.Now = a.Now
		// What an answer killed midway left in the queue's folder.
		a.sweep(s.Dir)
		return s
	}
	var all, asJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List pending approvals (--all for answered ones too)",
		Example: `  governance approvals list
  governance approvals list --all --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			status := approvals.Pending
			if all {
				status = ""
			}
			items, err := store().List(status)
			if err != nil {
				return err
			}
			if asJSON {
				if items == nil {
					items = []*approvals.Item{}
				}
				return writeJSON(a.Stdout, items)
			}
			if len(items) == 0 {
				fmt.Fprintln(a.Stdout, "no approvals waiting")
			}
			for _, it := range items {
				fmt.Fprintf(a.Stdout, "%s  %-8s %s  %s  %s\n", it.ID, it.Status, it.Created.Local().Format("2006-01-02 15:04:05"),
					orDash(it.Agent), engine.Sanitize(it.Summary))
				if it.Unverified != "" {
					fmt.Fprintf(a.Stdout, "        %s\n", it.Unverified)
				}
			}
			return nil
		},
	}
	list.Flags().BoolVar(&all, "all", false, "list answered approvals too")
	list.Flags().BoolVar(&asJSON, "json", false, "print the items as JSON")
	var full bool
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Show one approval: the call and its whole input, why it asks, who asked",
		Long: `Show one approval: the call, its input (a Write's content, an Edit's old
text marked - and new text marked +, a patch, a subagent's prompt, an MCP
tool's arguments), why it asks and who asked. An approval covers exactly
this input, in this folder: a retry that changes anything is asked again.
Long inputs are cut after ` + fmt.Sprint(approvals.ShownLines) + ` lines; --full shows all of it.`,
		Example: `  governance approvals show 7kq2mx
  governance approvals show --full 7kq2mx`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			it, err := store().Get(args[0])
			if err != nil {
				return err
			}
			w := a.Stdout
			fmt.Fprintf(w, "approval:      %s (%s)\n", it.ID, it.Status)
			if it.Unverified != "" {
				fmt.Fprintf(w, "NOT SIGNED:    %s\n", it.Unverified)
			}
			fmt.Fprintf(w, "call:          %s\n", engine.Sanitize(it.Summary))
			max := approvals.ShownLines
			if full {
				max = 0
			}
			fmt.Fprintf(w, "input:\n")
			for _, line := range it.Details(max) {
				fmt.Fprintf(w, "  %s\n", line)
			}
			fmt.Fprintf(w, "why it asks:   %s (%s)\n", engine.Sanitize(it.Reason), it.Rule)
			if it.Justification != "" {
				fmt.Fprintf(w, "reason given:  %s\n", engine.Sanitize(it.Justification))
			}
			if it.Safety != "" {
				fmt.Fprintf(w, "safety given:  %s\n", engine.Sanitize(it.Safety))
			}
			fmt.Fprintf(w, "agent:         %s, session %s, %s\n", orDash(it.Agent), orDash(it.Session), orDash(it.Harness))
			fmt.Fprintf(w, "project:       %s (in %s)\n", it.Project, it.Cwd)
			fmt.Fprintf(w, "filed:         %s\n", it.Created.Local().Format(time.RFC1123))
			if !it.Decided.IsZero() {
				fmt.Fprintf(w, "answered:      %s by %s %s\n", it.Decided.Local().Format(time.RFC1123), it.By, engine.Sanitize(it.Message))
			}
			if line := finishLine(it); line != "" {
				fmt.Fprintf(w, "for good:      %s\n", line)
			}
			return nil
		},
	}
	show.Flags().BoolVar(&full, "full", false, "show the whole input, however long")
	answer := func(approve bool) *cobra.Command {
		verb := "deny"
		if approve {
			verb = "approve"
		}
		var always bool
		var message string
		c := &cobra.Command{
			Use: verb + " ID",
			Example: map[bool]string{true: `  governance approvals approve 7kq2mx
  governance approvals approve --always 7kq2mx   # and allow calls like it from now on`,
				false: `  governance approvals deny 7kq2mx --message "use the staging database"`}[approve],
			Short: map[bool]string{true: "Let the call through", false: "Block the call, with a message for the agent"}[approve],
			Args:  cobra.ExactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				if approve && always {
					return a.approveAlways(store(), args[0], message)
				}
				it, err := store().Answer(args[0], approve, who(), message, false)
				if err != nil {
					return err
				}
				fmt.Fprintf(a.Stdout, "%s %s: %s\n", it.Status, it.ID, engine.Sanitize(it.Summary))
				return nil
			},
		}
		c.Flags().StringVar(&message, "message", "", "a message for the agent")
		if approve {
			c.Flags().BoolVar(&always, "always", false,
				"allow calls like this one from now on: the same command, or the same tool on the same paths with any content, or the same URL, or the same MCP tool with any arguments")
		}
		return c
	}
	c.AddCommand(list, show, answer(true), answer(false))
	return c
}

// who names the human answering.
// who says who answers from the command line, and that it was there.
func who() string {
	if u, err := user.Current(); err == nil {
		return u.Username + " (command line)"
	}
	return "command line"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
