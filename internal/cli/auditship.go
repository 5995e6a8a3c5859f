package cli

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/ship"
)

func (a *App) auditShipCmd(o *auditOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "ship",
		Short: "Send the decisions not yet shipped to the team's collector, once (for cron)",
		Long: `ship sends the decision log's entries that the collector has not yet
acknowledged to the OTLP/HTTP endpoint that audit_export names in the user
configuration, in batches, gzip-compressed, oldest first (rotated logs
first), and returns when it has caught up. The daemon does the same every
audit_export.interval while it runs.

Delivery is at least once: after each batch the collector acknowledges, the
position is saved, so a run that is killed or a collector that is down
loses nothing, and the next run sends again at most the batch that was in
flight. Every record carries the entry's decision_id to deduplicate on.
When more than audit_export.buffer_max entries wait, the oldest are
dropped unshipped and counted; the count is printed here and in
governance status. Secrets are masked before anything is sent.

Exit status: 0 caught up, 1 error (the collector refused or could not be
reached: what was not acknowledged waits for the next run), 2 usage.`,
		Example: `  governance audit ship
  governance audit ship --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.since != "" || o.agent != "" || o.decision != "" || o.session != "" {
				return usagef("ship sends every decision not yet shipped: --since, --agent, --decision and --session do not apply")
			}
			s, err := a.shipper(a.paths(""))
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			r, err := s.Ship(ctx)
			if r == nil {
				return err
			}
			if o.asJSON {
				if jerr := writeJSON(a.Stdout, shipJSON(s, r, err)); jerr != nil {
					return jerr
				}
			} else {
				printShipReport(a.Stdout, s, r)
			}
			return err
		},
	}
}

// errNoExport means the user configuration names no collector.
var errNoExport = errors.New("no audit_export in the user configuration: add one with the collector's endpoint (see docs/audit.md, Shipping decisions to a collector)")

// shipper builds the decision-log shipper from the user configuration's
// audit_export; errNoExport when it has none.
func (a *App) shipper(p layout.Paths) (*ship.Shipper, error) {
	if p.StateDir == "" {
		return nil, errors.New("there is no state folder, so no decision log: set HOME or XDG_STATE_HOME")
	}
	x, err := config.LoadAuditExport(p)
	if err != nil {
		return nil, err
	}
	if x == nil {
		return nil, errNoExport
	}
	return newShipper(p, x)
}

// newShipper builds the shipper of audit_export, its headers' credentials
// read from where they are named; an error, and nothing shipped, while a
// credential is written into config.yaml.
func newShipper(p layout.Paths, x *config.AuditExport) (*ship.Shipper, error) {
	headers, err := x.ResolveHeaders(config.OSResolver)
	if err != nil {
		return nil, fmt.Errorf("audit_export: nothing is shipped: %w", err)
	}
	return &ship.Shipper{Log: p.DecisionLog(), Endpoint: x.Endpoint, Headers: headers, Batch: x.Batch,
		BufferMax: x.BufferMax, Client: &http.Client{Timeout: x.Timeout}}, nil
}

func printShipReport(w io.Writer, s *ship.Shipper, r *ship.Report) {
	rate := ""
	if secs := r.Elapsed.Seconds(); r.Shipped > 0 && secs > 0 {
		rate = fmt.Sprintf(" (%.0f a second)", float64(r.Shipped)/secs)
	}
	fmt.Fprintf(w, "shipped %s to %s in %s%s\n", decisions(r.Shipped), s.Where(), r.Elapsed.Round(time.Millisecond), rate)
	if r.Pending > 0 {
		fmt.Fprintf(w, "%s waiting for the next run\n", decisions(r.Pending))
	}
	if r.Dropped > 0 || r.State.Dropped > 0 {
		fmt.Fprintf(w, "dropped %s unshipped, more than buffer_max were waiting (%d in all)\n", decisions(r.Dropped), r.State.Dropped)
	}
	if r.Rejected > 0 {
		fmt.Fprintf(w, "the collector refused %s", decisions(r.Rejected))
		if r.State.LastRefusal != "" {
			fmt.Fprintf(w, " (last: %s)", r.State.LastRefusal)
		}
		fmt.Fprintln(w)
	}
	if r.Skipped > 0 {
		fmt.Fprintf(w, "%d lines of the log were not decisions and were passed over\n", r.Skipped)
	}
}

func decisions(n int) string {
	if n == 1 {
		return "1 decision"
	}
	return fmt.Sprintf("%d decisions", n)
}

func shipJSON(s *ship.Shipper, r *ship.Report, err error) map[string]any {
	out := map[string]any{"endpoint": s.Where(), "shipped": r.Shipped, "dropped": r.Dropped, "rejected": r.Rejected,
		"skipped": r.Skipped, "pending": r.Pending, "seconds": r.Elapsed.Seconds(),
		"total_shipped": r.State.Shipped, "total_dropped": r.State.Dropped, "total_rejected": r.State.Rejected}
	if err != nil {
		out["error"] = err.Error()
	}
	return out
}

// shipStatus is governance status's line about shipping decisions.
func shipStatus(p layout.Paths) string {
	x, err := config.LoadAuditExport(p)
	switch {
	case err != nil:
		return "audit_export is broken: " + err.Error()
	case x == nil:
		return "off (audit_export in config.yaml sends decisions to a collector)"
	case len(x.Problems) > 0:
		return "off: a credential is written into config.yaml (see credentials)"
	}
	st, err := ship.ReadState(ship.StatePath(p.DecisionLog()))
	if err != nil {
		return "to " + ship.Redact(x.Endpoint) + "; " + err.Error()
	}
	line := fmt.Sprintf("to %s; %d shipped, %d dropped past buffer_max", ship.Redact(x.Endpoint), st.Shipped, st.Dropped)
	if !st.LastShipped.IsZero() {
		line += ", last " + st.LastShipped.Local().Format("2006-01-02 15:04:05")
	}
	if st.Rejected > 0 {
		line += fmt.Sprintf("\n               %d refused by the collector", st.Rejected)
		if st.LastRefusal != "" {
			line += " (last: " + st.LastRefusal + ")"
		}
	}
	if st.LastError != "" {
		line += fmt.Sprintf("\n               %d waiting: %s", st.Pending, st.LastError)
	} else if st.LastAttempt.IsZero() {
		line += " (never run: `governance audit ship` or the daemon ships)"
	}
	return line
}

// daemonShipper is the daemon's view of audit_export: read again before
// every run, so that a change to config.yaml needs no restart.
func (a *App) daemonShipper(p layout.Paths) func() (*ship.Shipper, time.Duration, error) {
	return func() (*ship.Shipper, time.Duration, error) {
		x, err := config.LoadAuditExport(p)
		if err != nil || x == nil {
			return nil, 0, err
		}
		s, err := newShipper(p, x)
		if err != nil {
			return nil, 0, err
		}
		return s, x.Interval, nil
	}
}
