package pipeline

import (
	"os"
	"time"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
)

// record appends a decision to the decision log, with the time since
// start as its evaluation time; enforced is false for a blocking decision
// that log-only mode lets through. A log that cannot be written is
// reported and counted (see decisionlog.CountFailure), and the error is
// returned: the decision stands unless audit: required says otherwise.
func (p *Pipeline) record(c Call, d *engine.Decision, enforced bool, start time.Time) error {
	if c.Mode == Explain {
		return nil
	}
	return p.Record(c.Request, d, enforced, time.Since(start))
}

// Record appends a decision the caller reached itself (a malformed call
// the protocol refuses) to the decision log, and returns the error of a
// log that could not be written, which it has reported and counted.
func (p *Pipeline) Record(req *engine.Request, d *engine.Decision, enforced bool, eval time.Duration) error {
	if p.Paths.StateDir == "" {
		// No home and no XDG_STATE_HOME: there is nowhere to keep a log.
		return nil
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
	err := e.Append(p.Paths.DecisionLog())
	if err != nil {
		p.warn(err)
		p.warn(decisionlog.CountFailure(p.Paths.DecisionLog(), err, p.now()))
	}
	return err
}

// unrecorded is the decision for a call that would run but whose decision
// could not be written to the log while audit: required is set.
func unrecorded(d *engine.Decision, err error) *engine.Decision {
	return &engine.Decision{Outcome: engine.Deny, Layer: "audit", Rule: "audit-required", Subject: d.Subject,
		Message: "The decision log could not be written (" + err.Error() + "), and this configuration requires a record " +
			"of every call (audit: required), so the call is blocked.",
		Suggestion: "Ask the user to free space or fix the state folder's permissions; `governance status` shows the failures."}
}
