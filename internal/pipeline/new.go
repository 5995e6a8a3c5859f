package pipeline

import (
	"os"
	"time"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// Options are what a caller says of itself to [New]: where the project
// is, how its policy is loaded, the environment its calls run in, and how
// the evaluators are reached.
type Options struct {
	// Paths locate the project and its state.
	Paths layout.Paths
	// Policy is the policy to decide by, for a caller that loaded it
	// already (the CLI's configuration); nil: Load(Paths).
	Policy *engine.Policy
	// Load returns the policy of a project; nil reads the compiled
	// snapshot, compiling it with the governance program when it is
	// stale ([LoadSnapshot]).
	Load func(layout.Paths) *engine.Policy
	// Env is the environment; a nil Getenv reads the process's, a nil Now
	// the clock.
	Env Env
	// Evaluators are what decides beyond the deterministic layers; the
	// zero value consults none (see [Spawned]).
	Evaluators Evaluators
	// Label names the entry point in the decision log.
	Label string
}

// New assembles the pipeline of one project: the policy (loaded unless
// given), the evaluators, the state and the environment. It is the one
// way every entry point builds its pipeline.
func New(o Options) *Pipeline {
	if o.Env.Getenv == nil {
		o.Env.Getenv = os.Getenv
	}
	if o.Env.Now == nil {
		o.Env.Now = time.Now
	}
	pol := o.Policy
	if pol == nil {
		load := o.Load
		if load == nil {
			load = LoadSnapshot
		}
		pol = load(o.Paths)
	}
	return &Pipeline{Policy: pol, Paths: o.Paths, Env: o.Env, Evaluators: o.Evaluators, Label: o.Label}
}

// LoadSnapshot reads a project's compiled policy, compiling it with the
// governance program when it is stale: how the hook loads a policy, with
// no YAML parser linked.
func LoadSnapshot(p layout.Paths) *engine.Policy { return snapshot.Load(p, snapshot.ExecCompiler) }

// OSEnv is the environment of the current process: its variables are
// those tool calls run with, and a call may be confined.
func OSEnv() Env {
	return Env{Getenv: os.Getenv, LookupEnv: os.LookupEnv, Now: time.Now, Confiner: locate.Locate}
}

// Spawned returns the evaluators as a process that links neither plugin
// transports nor HTTP clients reaches them (the hook, governance run): a
// plugin that allows a cold start runs through `governance plugins eval`
// for the call, any other only in the daemon; the gatekeeper's providers
// run as `governance gatekeeper complete`.
func Spawned() Evaluators {
	return Evaluators{Plugins: coldReach, Models: gatekeeper.ProcessModels(snapshot.CompilerPath)}
}
