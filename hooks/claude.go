package hooks

import (
	"encoding/json"
	"fmt"

	"github.com/agentgov/governance/internal/engine"
)

// claude is Claude Code's hook protocol: JSON on stdin with snake_case
// fields, hookSpecificOutput on stdout, exit 0.
type claude struct{}

func (claude) Decode(data []byte, env Env) (*Event, error) {
	in, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	ev, err := claudeShape.decode(in, str(in, "hook_event_name"))
	if err != nil {
		return nil, err
	}
	ev.ProjectDir = getenv(env, "CLAUDE_PROJECT_DIR")
	ev.CanAsk = true
	ev.Request.Unattended = unattended(ev.Request.PermissionMode, env) || getenv(env, claudeAttendedEnv) == "0"
	ev.Unwatched = ev.Request.Unattended || !attendedMode(ev.Request.PermissionMode)
	return ev, nil
}

// claudeAttendedEnv is set by Claude Code (2.1.330 and later) for its
// hooks and tools: 0 in a session nobody attends, a headless `claude -p`
// run in its default mode too, where Claude Code refuses an unproven
// call rather than ask; 1 in an attended one. Versions that do not set it
// are judged by their permission mode alone.
const claudeAttendedEnv = "CLAUDE_CODE_SESSION_ATTENDED"

var claudeShape = shaped{harness: "claude", event: claudeEvent,
	tool: func(name string, input, _ map[string]any) engine.Tool { return engine.ClaudeTool(name, input) }}

// decodeObject decodes a JSON object into a generic map: for a process
// that decodes one small object, the generic path is the cheapest.
func decodeObject(data []byte) (map[string]any, error) {
	var in map[string]any
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("the hook input is not a JSON object: %w", err)
	}
	if in == nil {
		return nil, fmt.Errorf("the hook input is not a JSON object")
	}
	return in, nil
}

func getenv(env Env, k string) string {
	if env.Getenv == nil {
		return ""
	}
	return env.Getenv(k)
}

// str returns a string field of an object, "" when missing or not a string.
func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func claudeEvent(name string) string {
	switch name {
	case EventPreToolUse, EventPostToolUse, EventPostToolUseFailure, EventUserPromptSubmit, EventSessionStart,
		EventSessionEnd, EventStop, EventSubagentStart, EventSubagentStop, EventPreCompact:
		return name
	}
	return EventOther
}

// Encode writes Claude Code's output for an event. Replies are built as
// generic maps, the cheapest encoding path for a short-lived process.
func (claude) Encode(ev *Event, r *Reply) []byte {
	if r == nil {
		return []byte("{}\n")
	}
	if ev.Name != EventPreToolUse {
		return withNotice(claudeSessionReply(ev, r), ev, r)
	}
	d := r.Decision
	if d == nil {
		return []byte("{}\n")
	}
	if d.Outcome == engine.Confined {
		return claudeConfined(ev, d)
	}
	out := map[string]any{}
	hso := map[string]any{"hookEventName": EventPreToolUse}
	switch d.Outcome {
	case engine.Allow:
		hso["permissionDecision"] = "allow"
		hso["permissionDecisionReason"] = "governance: allowed (" + d.Basis() + ")"
	case engine.Warn:
		hso["permissionDecision"] = "allow"
		hso["permissionDecisionReason"] = "governance: allowed with a warning (" + d.Basis() + ")"
		hso["additionalContext"] = d.Render()
	case engine.Defer, engine.NoOpinion:
		// A warning on a call governance leaves to Claude Code: no
		// permissionDecision, so Claude's own prompt still runs; the
		// warning goes to the model and to the person.
		if len(d.Warnings) == 0 {
			return []byte("{}\n")
		}
		hso["additionalContext"] = warnings(d)
		out["systemMessage"] = "governance: " + warnings(d)
	case engine.Ask:
		hso["permissionDecision"] = "ask"
		hso["permissionDecisionReason"] = d.Render()
	case engine.Deny:
		hso["permissionDecision"] = "deny"
		hso["permissionDecisionReason"] = d.Render()
	case engine.Abort:
		hso["permissionDecision"] = "deny"
		hso["permissionDecisionReason"] = d.Render()
		out["continue"] = false
		out["stopReason"] = "governance stopped the agent: " + engine.Sanitize(d.Message)
	}
	out["hookSpecificOutput"] = hso
	return marshal(out)
}

// claudeSessionReply answers an event other than PreToolUse in Claude
// Code's format, which Codex shares: a blocked prompt, or context for the
// events that take it.
func claudeSessionReply(ev *Event, r *Reply) []byte {
	switch {
	case r == nil:
	case r.Block != "" && ev.Name == EventUserPromptSubmit:
		return marshal(map[string]any{"decision": "block", "reason": engine.Sanitize(r.Block)})
	case r.Context != "" && (ev.Name == EventSessionStart || ev.Name == EventUserPromptSubmit ||
		ev.Name == EventSubagentStart || ev.Name == EventPostToolUse):
		return marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": ev.Raw,
			"additionalContext": r.Context}})
	}
	return []byte("{}\n")
}

// withNotice adds a reply's notice to a SessionStart answer as
// systemMessage, which the harness shows the person.
func withNotice(out []byte, ev *Event, r *Reply) []byte {
	if r == nil || r.Notice == "" || ev.Name != EventSessionStart {
		return out
	}
	var m map[string]any
	if json.Unmarshal(out, &m) != nil {
		return out
	}
	m["systemMessage"] = engine.Sanitize(r.Notice)
	return marshal(m)
}

func (claude) Fail(msg string) []byte {
	d := hookFailure(msg)
	return marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": EventPreToolUse,
		"permissionDecision": "deny", "permissionDecisionReason": d.Render()}})
}
