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
	s := h.policy.Settings.Gatekeeper
	if !s.Enabled || h.policy.Err != nil {
		return nil
	}
	models := h.models
	if models == nil {
		models = gatekeeper.ProcessModels(snapshot.CompilerPath)
	}
	return []governance.Evaluator{&gatekeeper.Gatekeeper{Config: gatekeeper.FromSettings(s), StateDir: h.paths.StateDir,
		NewModel: models, Getenv: h.env.Getenv, LookupEnv: h.env.LookupEnv, Now: h.env.Now, Warn: h.warn, Policy: h.policy}}
}
