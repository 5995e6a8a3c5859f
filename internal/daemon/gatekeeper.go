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
	return gatekeeper.Evaluators(pol, gatekeeper.Env{StateDir: s.cfg.StateDir, NewModel: s.models.New, Getenv: s.cfg.Getenv,
		LookupEnv: unknownEnv, Now: time.Now, Warn: func(err error) { s.logf("gatekeeper: %v", err) }})
}

// unknownEnv is the environment of a call sent to the decision API: the
// request does not carry it, so every variable stays unknown, as it does
// for the engine that asks the gatekeeper.
func unknownEnv(string) (string, bool) { return "", false }
