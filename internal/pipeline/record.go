package pipeline

import (
	"os"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/decisionlog"
)

// record appends a decision to the decision log, with the time since
// start as its evaluation time; enforced is false for a blocking decision
// that log-only mode lets through. A log that cannot be written is
// reported; the decision stands.
func (p *Pipeline) record(c Call, d *governance.Decision, enforced bool, start time.Time) {
	if c.Mode == Explain {
		return
	}
	p.Record(c.Request, d, enforced, time.Since(start))
}

// Record appends a decision the caller reached itself (a malformed call
// the protocol refuses) to the decision log.
func (p *Pipeline) Record(req *governance.Request, d *governance.Decision, enforced bool, eval time.Duration) {
	if p.Paths.StateDir == "" {
		// No home and no XDG_STATE_HOME: there is nowhere to keep a log.
		return
	}
	label := p.Label
	if label == "" {
		label = req.Harness
	}
	p.hostOnce.Do(func() { p.host, _ = os.Hostname() })
	e := decisionlog.New(decisionlog.Labels{Harness: label, Host: p.host}, req, d, eval)
	if pol := p.Policy; pol != nil && (pol.BundleRevision != "" || pol.BundleErr != "") {
		e.Bundles = map[string]decisionlog.BundleInfo{decisionlog.BundleName: {Revision: pol.BundleRevision, Error: pol.BundleErr}}
	}
	if !enforced {
		no := false
		e.Result.Enforced = &no
	}
	p.warn(e.Append(p.Paths.DecisionLog()))
}
