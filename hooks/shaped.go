package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// shaped decodes the payloads that follow Claude Code's shape: a JSON
// object with hook_event_name, session_id, cwd, and tool_name and
// tool_input on tool events. Claude Code, Codex, Gemini CLI, Cursor's
// generic events and Copilot's VS Code-compatible format all send it;
// each names its events and tools in its own way.
type shaped struct {
	harness string
	// event maps the harness's event name to a canonical one.
	event func(raw string) string
	// tool maps a tool call; in is the whole payload, for harnesses that
	// describe a tool outside tool_input (Gemini's mcp_context).
	tool func(name string, input, in map[string]any) engine.Tool
}

// decode reads the fields common to every shaped payload; the caller adds
// what its harness says elsewhere (environment, permission modes).
func (s shaped) decode(in map[string]any, raw string) (*Event, error) {
	if raw == "" {
		return nil, errNoEventName
	}
	ev := &Event{Raw: raw, Event: pipeline.Event{Name: s.event(raw)}}
	req := &ev.Request
	req.Harness = s.harness
	req.Event = ev.Name
	req.SessionID = str(in, "session_id")
	req.AgentID = str(in, "agent_id")
	req.Agent = str(in, "agent_type")
	if req.AgentID != "" {
		req.Depth = 1
	}
	req.Cwd = str(in, "cwd")
	req.PermissionMode = str(in, "permission_mode")
	req.ToolUseID = str(in, "tool_use_id")
	switch ev.Name {
	case EventSessionStart:
		ev.Source = str(in, "source")
	case EventUserPromptSubmit:
		ev.Prompt = str(in, "prompt")
	case EventSessionEnd:
		ev.Reason = str(in, "reason")
	case EventPostToolUse, EventPostToolUseFailure:
		ti, _ := toolInput(in["tool_input"])
		req.Tool = s.tool(str(in, "tool_name"), ti, in)
		req.FollowShellFolder(ti)
		if n, ok := in["duration_ms"].(float64); ok && n > 0 {
			ev.DurationMS = int64(n)
		}
	case EventPreToolUse:
		name := str(in, "tool_name")
		ti, ok := toolInput(in["tool_input"])
		if name == "" || !ok {
			return nil, errToolInput(raw, name)
		}
		req.Tool = s.tool(name, ti, in)
		// Whatever the harness's tool maps to, the input it sent is what
		// an approval covers.
		req.Tool.Raw = ti
		// A shell tool runs its command in the folder its input names
		// (Gemini's dir_path, Codex's workdir...), whichever dialect's
		// name the key has: judged there, or not proven.
		req.FollowShellFolder(ti)
		if req.Tool.Kind == engine.KindShell {
			req.Justification = str(ti, "description")
			ev.shellInput(ti)
		}
	}
	return ev, nil
}

var errNoEventName = errors.New("the hook input has no hook_event_name")

// errToolInput explains a tool event without a tool name or whose input is
// not an object.
func errToolInput(event, name string) error {
	if name == "" {
		return fmt.Errorf("the %s input has no tool_name", event)
	}
	return fmt.Errorf("tool_input of %s is not an object", name)
}

// toolInput reads a tool's arguments: an object, or an object encoded as
// a JSON string (Copilot's toolArgs, Cursor's MCP tool_input). A missing
// input is an empty one; anything else is not an input.
func toolInput(v any) (map[string]any, bool) {
	switch x := v.(type) {
	case nil:
		return nil, true
	case map[string]any:
		return x, true
	case string:
		if x == "" {
			return nil, true
		}
		var m map[string]any
		if json.Unmarshal([]byte(x), &m) != nil || m == nil {
			return nil, false
		}
		return m, true
	}
	return nil, false
}

// unattended reports permission modes in which nobody answers an ask.
func unattended(mode string, env Env) bool {
	return mode == "bypassPermissions" || mode == "dontAsk" || unattendedEnv(env)
}

// unattendedEnv reports a run the user marked unattended
// (GOVERNANCE_UNATTENDED=1): nobody answers an ask.
func unattendedEnv(env Env) bool { return getenv(env, "GOVERNANCE_UNATTENDED") == "1" }

// preToolUseDecision returns the decision of a PreToolUse reply, nil for
// other events and replies without one.
func preToolUseDecision(ev *Event, r *Reply) *engine.Decision {
	if r == nil || ev.Name != EventPreToolUse {
		return nil
	}
	return r.Decision
}

// hookFailure is the decision for input that could not be decoded or
// decided.
func hookFailure(msg string) *engine.Decision {
	return &engine.Decision{Outcome: engine.Deny, Layer: "hook", Rule: "hook-error", Subject: "hook input",
		Message: msg, Suggestion: "Ask the user to check the governance-hook installation; the call stays blocked until the hook works."}
}

// warnings is the text of a decision's warnings, "" when it has none.
func warnings(d *engine.Decision) string {
	if d.Outcome == engine.Warn {
		return d.Render()
	}
	if len(d.Warnings) == 0 {
		return ""
	}
	return engine.Sanitize(strings.Join(d.Warnings, "\n"))
}
