package plugins

import (
	"context"

	"github.com/agentgov/governance/governance"
)

// Evaluator is what a plugin implements.
type Evaluator interface {
	// Describe says what the plugin is and which calls it wants. It is
	// asked once, when the plugin starts.
	Describe(ctx context.Context) (Info, error)
	// Evaluate decides one tool call. The zero Verdict has no opinion
	// and leaves the call to the rest of the policy. An error is an
	// evaluator error: the call is decided as the plugin's on_error says.
	Evaluate(ctx context.Context, req *governance.Request) (Verdict, error)
}

// Info describes a plugin.
type Info struct {
	// Name and Version identify the plugin in listings.
	Name, Version string
	// Kinds are the tool kinds the plugin wants to see; calls of other
	// kinds are not sent to it. Empty means every kind.
	Kinds []governance.Kind
}

// Wants reports whether the plugin wants calls of a kind.
func (i Info) Wants(k governance.Kind) bool {
	if len(i.Kinds) == 0 {
		return true
	}
	for _, w := range i.Kinds {
		if w == k {
			return true
		}
	}
	return false
}

// Verdict is a plugin's answer to one call.
type Verdict struct {
	// Outcome is the decision; NoOpinion passes.
	Outcome governance.Outcome
	// Rule names what in the plugin decided (a policy, a check); it is
	// shown with the plugin's name.
	Rule string
	// Message says why, Suggestion what to do instead. A deny needs both:
	// the agent reads them.
	Message, Suggestion string
}

// Deny blocks the call, saying why and what to do instead.
func Deny(message, suggestion string) Verdict {
	return Verdict{Outcome: governance.Deny, Message: message, Suggestion: suggestion}
}

// Ask needs a human to approve the call.
func Ask(message, suggestion string) Verdict {
	return Verdict{Outcome: governance.Ask, Message: message, Suggestion: suggestion}
}

// Warn lets the call run and shows the agent a message.
func Warn(message string) Verdict { return Verdict{Outcome: governance.Warn, Message: message} }

// Allow lets the call run. A deny from any other layer still wins, and a
// plugin a project configures cannot allow: only its asks, denies and
// aborts count.
func Allow() Verdict { return Verdict{Outcome: governance.Allow} }
