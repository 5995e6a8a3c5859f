package cli

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/notify"
)

// notifyDeadline bounds one run of governance notify, whatever the
// number of webhooks.
const notifyDeadline = 30 * time.Second

// errNotPending is returned for an item that no longer waits, or whose
// record does not verify: only a waiting call is announced.
var errNotPending = errors.New("the approval item is not pending")

func (a *App) notifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "notify ID",
		Short: "Announce a pending approval: desktop notification and configured webhooks",
		Long: `notify announces a call that waits for a person's approval: a desktop
notification where a display is there (notify-send, osascript), and a POST
to each webhook of the notify block of config.yaml (json, slack or ntfy
format). The hook runs it, detached, when it files an approval item; run
by hand it announces a pending item again.

A webhook's URL is a credential: config.yaml names it as ${env:NAME} or
${file:NAME}, never as a literal.`,
		Example: `  governance notify 7kq2mx`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p := a.paths(a.Cwd)
			it, err := approvals.Open(p.StateDir).Get(args[0])
			if err != nil {
				return err
			}
			if it.Status != approvals.Pending || it.Unverified != "" {
				return fmt.Errorf("%s: %w", it.ID, errNotPending)
			}
			cfg, err := config.LoadNotify(p)
			if err != nil {
				return err
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), notifyDeadline)
			defer cancel()
			n := notify.Notifier{Config: cfg, Client: &http.Client{Timeout: notifyDeadline},
				Resolver: config.Resolver{LookupEnv: a.lookupEnv, ReadFile: config.OSResolver.ReadFile},
				Desktop:  &notify.Desktop{GOOS: runtime.GOOS, Getenv: a.Getenv, LookPath: locate.LookPath}}
			// The hook runs it detached, where nobody reads this; a person
			// who runs it learns where it went, or that it went nowhere.
			channels := n.Channels()
			if err := n.Send(ctx, notify.NewMessage(it)); err != nil {
				return err
			}
			if len(channels) == 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "%s: not announced: no desktop notifier here (no display, or notify-send missing) and no webhooks in the notify block of config.yaml\n", it.ID)
				return nil
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: announced to %s\n", it.ID, strings.Join(channels, ", "))
			return nil
		},
	}
}

// lookupEnv reads a variable through the app's environment.
func (a *App) lookupEnv(name string) (string, bool) {
	v := a.Getenv(name)
	return v, v != ""
}
