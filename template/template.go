// Package template holds the default configuration.
//
// Files under files/ are what `governance init` writes into a project's
// .governance folder. Files under policy/ are the built-in default policy:
// `go generate` compiles them into policy_gen.go, so that the hook does not
// parse them on every call.
package template

import (
	"embed"
	"slices"

	"github.com/agentgov/governance/internal/engine"
)

//go:generate go run ../internal/gen/builtin -o policy_gen.go policy

// Files is what `governance init` writes, rooted at files/.
//
//go:embed all:files
var Files embed.FS

// PolicyFiles are the sources of the built-in policy, rooted at policy/.
//
//go:embed policy
var PolicyFiles embed.FS

// PolicyWithExamples returns the built-in policy with each rule's examples.
// Policy leaves them out: the hook never runs them, and as static data
// they cost every hook process's runtime as it starts.
func PolicyWithExamples() []engine.RuleSpec {
	out := slices.Clone(Policy)
	for i := range out {
		out[i].Examples = PolicyExamples[i]
	}
	return out
}
