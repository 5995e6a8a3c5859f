package plugineval

import (
	"errors"
	"fmt"

	"github.com/agentgov/governance/internal/engine"
)

// ColdRequest is what the hook sends `governance plugins eval` to run a
// plugin for one call when no daemon runs it: the hook links no plugin
// transport, the governance binary does.
type ColdRequest struct {
	Plugin  engine.PluginSpec `json:"plugin"`
	Request *engine.Request   `json:"request"`
}

// ColdReply is the answer of `governance plugins eval`: the plugin's
// verdict, or why it gave none.
type ColdReply struct {
	Verdict engine.Verdict `json:"verdict"`
	Error   string         `json:"error,omitempty"`
	// Cause is "timeout" or "crash" when the error is one of those.
	Cause string `json:"cause,omitempty"`
}

// Reply is the reply for a call's result.
func Reply(v engine.Verdict, err error) ColdReply {
	if err == nil {
		return ColdReply{Verdict: v}
	}
	r := ColdReply{Error: err.Error()}
	switch {
	case errors.Is(err, ErrTimeout):
		r.Cause = "timeout"
	case errors.Is(err, ErrCrashed):
		r.Cause = "crash"
	}
	return r
}

// Result is the call's result the reply carries.
func (r ColdReply) Result() (engine.Verdict, error) {
	if r.Error == "" {
		return r.Verdict, nil
	}
	switch r.Cause {
	case "timeout":
		return engine.Verdict{}, fmt.Errorf("%w: %s", ErrTimeout, r.Error)
	case "crash":
		return engine.Verdict{}, fmt.Errorf("%w: %s", ErrCrashed, r.Error)
	}
	return engine.Verdict{}, errors.New(r.Error)
}
