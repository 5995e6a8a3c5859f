package pipeline

import (
	"fmt"
	"time"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/engine"
)

// RateLimit counts a call against its role's budget, kept in the state
// folder stateDir. agent is the key of the caller's per-agent budget;
// hint, appended to the advice of an over-budget deny, says how to do more
// with each call. It returns a deny when the budget is spent, and
// otherwise nil and whether the call was counted: a counted call may hold
// a running slot, which [brain.Release] frees once the call has returned.
// State that cannot be read or written denies the call: a limit must hold.
func RateLimit(pol *engine.Policy, req *engine.Request, stateDir, agent string, now time.Time, hint string) (*engine.Decision, bool) {
	if !anyLimits(pol) {
		// The common case, decided without a second evaluation.
		return nil, false
	}
	role, lim := engine.NewEngine(pol).RoleLimits(req)
	if !lim.Any() {
		return nil, false
	}
	ok, why, retry, err := brain.Admit(brain.LimitsPath(stateDir), now, role, agent, req.ToolUseID,
		brain.Budget{PerMinute: lim.PerMinute, PerAgentPerMinute: lim.PerAgentPerMinute, MaxConcurrent: lim.MaxConcurrent,
			SlotExpiry: time.Duration(lim.SlotExpirySeconds) * time.Second})
	if err != nil {
		return &engine.Decision{Outcome: engine.Deny, Layer: engine.LayerRole, Rule: "rate-limit", Subject: role,
			Message:    "The rate-limit state could not be updated, so this call's budget cannot be checked: " + err.Error(),
			Suggestion: "Ask the user to check the governance state folder; calls stay blocked until it works."}, false
	}
	if ok {
		return nil, true
	}
	secs := max(int(retry.Round(time.Second)/time.Second), 1)
	return &engine.Decision{Outcome: engine.Deny, Layer: engine.LayerRole, Rule: "rate-limit", Subject: role,
		Message:    fmt.Sprintf("This call is over budget: %s. Retry in %ds.", why, secs),
		Suggestion: fmt.Sprintf("Wait %ds before the next call, and do more with each call%s.", secs, hint)}, false
}

// anyLimits reports whether any role of a policy has a rate limit: when
// none has, no call is counted.
func anyLimits(pol *engine.Policy) bool {
	for _, r := range pol.Roles {
		if r.Limits.Any() {
			return true
		}
	}
	return false
}
