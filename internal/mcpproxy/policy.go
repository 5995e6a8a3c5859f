package mcpproxy

import (
	"sync"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// PolicySource gives the policy to decide with. The proxy asks it before
// every decision.
type PolicySource interface {
	// Policy returns the policy and the policy that decides which tools
	// are listed (see [governance.Policy.ToolListing]).
	Policy() (policy, listing *engine.Policy)
}

// ProjectPolicy is the configuration of a project, compiled the way the
// hook compiles it (so that both decide alike) and compiled again when a
// file of it changes. A configuration that does not load denies every
// call with its error, as in the hook.
type ProjectPolicy struct {
	paths layout.Paths
	// compile is config.Compile; tests count calls.
	compile func(layout.Paths) *snapshot.Snapshot

	mu      sync.Mutex
	snap    *snapshot.Snapshot
	policy  *engine.Policy
	listing *engine.Policy
}

// NewProjectPolicy returns the policy source of a project.
func NewProjectPolicy(p layout.Paths) *ProjectPolicy {
	return &ProjectPolicy{paths: p, compile: config.Compile}
}

// Policy implements [PolicySource].
func (pp *ProjectPolicy) Policy() (*engine.Policy, *engine.Policy) {
	current, _ := snapshot.Current(pp.paths)
	pp.mu.Lock()
	defer pp.mu.Unlock()
	if pp.snap == nil || !pp.snap.Fresh(pp.paths, current) {
		pp.snap = pp.compile(pp.paths)
		pp.policy = pp.snap.Policy()
		pp.listing = pp.policy.ToolListing()
	}
	return pp.policy, pp.listing
}

// StaticPolicy is a policy that never changes; tests use it.
type StaticPolicy struct{ policy, listing *engine.Policy }

// NewStaticPolicy returns the source of one policy.
func NewStaticPolicy(p *engine.Policy) *StaticPolicy {
	return &StaticPolicy{policy: p, listing: p.ToolListing()}
}

// Policy implements [PolicySource].
func (s *StaticPolicy) Policy() (*engine.Policy, *engine.Policy) { return s.policy, s.listing }
