package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/layout"
)

// decisionRecorder appends the decisions of `governance check` to the
// decision log, labelled harness "cli". A log that cannot be written is
// reported on stderr once; the decisions stand.
type decisionRecorder struct {
	path   string
	labels decisionlog.Labels
	stderr io.Writer
	failed bool
}

func (a *App) decisionRecorder(p layout.Paths) *decisionRecorder {
	r := &decisionRecorder{labels: decisionlog.Labels{Harness: "cli", Version: decisionlog.Version}, stderr: a.Stderr}
	if p.StateDir != "" {
		r.path = p.DecisionLog()
	}
	// Once, not for every line of a --jsonl stream.
	r.labels.Host, _ = os.Hostname()
	return r
}

func (r *decisionRecorder) record(req *governance.Request, d *governance.Decision, eval time.Duration) {
	if r.path == "" || r.failed {
		return
	}
	if err := decisionlog.Record(r.path, r.labels, req, d, eval); err != nil {
		r.failed = true
		fmt.Fprintf(r.stderr, "governance: error: %v\n", err)
	}
}
