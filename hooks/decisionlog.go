package hooks

import (
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/decisionlog"
)

// recordDecision appends the decision the policy reached to the decision
// log, with the time since start as its evaluation time. In log-only mode
// a decision that would have stopped the call is marked not enforced. A
// log that cannot be written is reported on stderr; the reply stands.
func (h *handler) recordDecision(d *governance.Decision, logOnly bool, start time.Time) {
	if h.paths.StateDir == "" {
		// No home and no XDG_STATE_HOME: there is nowhere to keep a log.
		return
	}
	req := &h.ev.Request
	e := decisionlog.New(decisionlog.Labels{Harness: req.Harness}, req, d, time.Since(start))
	if logOnly && d.Outcome >= governance.Ask {
		enforced := false
		e.Result.Enforced = &enforced
	}
	h.warn(e.Append(h.paths.DecisionLog()))
}
