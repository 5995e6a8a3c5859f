package hooks

import (
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/snapshot"
)

// evaluators returns what decides the calls layer 1 leaves undecided: the
// LLM gatekeeper, when the configuration turns it on. In the hook process
// its HTTP providers run as `governance gatekeeper complete`, so that the
// hook links no HTTP client; the daemon passes in-process models in
// Options.Models.
func (h *handler) evaluators() []governance.Evaluator {
	models := h.opts.Models
	if models == nil {
		models = gatekeeper.ProcessModels(snapshot.CompilerPath)
	}
	return gatekeeper.Evaluators(h.policy, gatekeeper.Env{StateDir: h.paths.StateDir, NewModel: models,
		Getenv: h.env.Getenv, LookupEnv: h.env.LookupEnv, Now: h.env.Now, Warn: h.warn})
}
