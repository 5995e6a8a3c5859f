package cli

import (
	"fmt"
	"sync"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/confine"
	"github.com/agentgov/governance/internal/gatekeeper/provider"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/pluginhost"
)

// pipeline returns the decision pipeline of the CLI for a loaded
// configuration, labelled in the decision log as label: plugins run
// in-process from a pool and the gatekeeper's providers are called
// in-process. stop ends the plugins. A problem that does not change a
// decision (a log that cannot be written) is reported once.
func (a *App) pipeline(loaded *config.Loaded, label string) (p *pipeline.Pipeline, stop func()) {
	var once sync.Once
	warn := func(err error) {
		once.Do(func() { fmt.Fprintf(a.Stderr, "governance: error: %v\n", err) })
	}
	ev := pipeline.Evaluators{Models: (&provider.Models{}).New}
	stop = func() {}
	if len(loaded.Policy.Plugins) > 0 {
		pool := pluginhost.NewPool(pluginhost.Options{Log: a.Stderr})
		ev.Plugins, stop = pool.Caller, pool.Close
	}
	return pipeline.New(pipeline.Options{Policy: loaded.Policy, Paths: loaded.Paths, Label: label, Evaluators: ev,
		Env: pipeline.Env{Getenv: a.Getenv, LookupEnv: func(k string) (string, bool) { v := a.Getenv(k); return v, v != "" },
			Now: a.Now, Confiner: a.confiner(), Warn: warn}}), stop
}

// confiner finds the confinement launcher as the hook does.
func (a *App) confiner() func() (string, error) {
	if a.Confiner != nil {
		return a.Confiner
	}
	return confine.Locate
}
