package engine

import "fmt"

// Outcome is what a layer, a rule or the engine decides about a tool call.
// Outcomes are ordered by strictness: a larger value is stricter.
type Outcome uint8

// Outcomes, from no opinion to the strictest.
const (
	// NoOpinion means a layer has nothing to say; later layers decide.
	NoOpinion Outcome = iota
	// Allow lets the call run.
	Allow
	// Confined lets the call run as the hook rewrote it: through the
	// confinement launcher (governance-confine), in a view of the machine
	// the policy's profile builds. Only the pipeline decides it, never a
	// rule or a layer.
	Confined
	// Warn lets the call run and shows a message to the agent.
	Warn
	// Defer leaves the call to the harness's own permission flow.
	Defer
	// Ask needs a human to approve the call.
	Ask
	// Deny blocks the call; the agent may continue.
	Deny
	// Abort blocks the call and stops the agent.
	Abort
)

var outcomeNames = [...]string{"none", "allow", "confined", "warn", "defer", "ask", "deny", "abort"}

func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("outcome(%d)", uint8(o))
}

// GoString returns the Go expression for o, so that generated code that
// embeds policies reads as source.
func (o Outcome) GoString() string {
	switch o {
	case NoOpinion:
		return "engine.NoOpinion"
	case Allow:
		return "engine.Allow"
	case Confined:
		return "engine.Confined"
	case Warn:
		return "engine.Warn"
	case Defer:
		return "engine.Defer"
	case Ask:
		return "engine.Ask"
	case Deny:
		return "engine.Deny"
	case Abort:
		return "engine.Abort"
	}
	return fmt.Sprintf("engine.Outcome(%d)", uint8(o))
}

// ParseOutcome parses an outcome name. It accepts "prompt" for ask and
// "forbidden" for deny, as Codex rules spell them.
func ParseOutcome(s string) (Outcome, error) {
	switch s {
	case "allow":
		return Allow, nil
	case "warn":
		return Warn, nil
	case "defer":
		return Defer, nil
	case "ask", "prompt":
		return Ask, nil
	case "deny", "forbidden":
		return Deny, nil
	case "abort":
		return Abort, nil
	case "none", "":
		return NoOpinion, nil
	}
	return NoOpinion, fmt.Errorf("unknown decision %q (want allow, warn, defer, ask, deny or abort)", s)
}

// MarshalText implements [encoding.TextMarshaler].
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText implements [encoding.TextUnmarshaler].
func (o *Outcome) UnmarshalText(b []byte) error {
	v, err := ParseOutcome(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// Blocks reports whether the outcome stops the call from running.
func (o Outcome) Blocks() bool { return o == Deny || o == Abort }
