package daemon

import (
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/gatekeeper"
)

// evaluators returns what decides, for the decision API, the calls layer
// 1 leaves undecided: the gatekeeper, when the project's configuration
// turns it on. It runs warm: in-process, with the daemon's HTTP client.
// Hooks answered over the socket get the same through hooks.Options.
func (s *Server) evaluators(pol *governance.Policy) []governance.Evaluator {
	if !pol.Settings.Gatekeeper.Enabled || pol.Err != nil {
		return nil
	}
	return []governance.Evaluator{&gatekeeper.Gatekeeper{Config: gatekeeper.FromSettings(pol.Settings.Gatekeeper),
		StateDir: s.cfg.StateDir, NewModel: s.models.New, Getenv: s.cfg.Getenv, Now: time.Now, Policy: pol,
		Warn: func(err error) { s.logf("gatekeeper: %v", err) }}}
}
