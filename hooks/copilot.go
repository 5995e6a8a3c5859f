package hooks

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// copilot is GitHub Copilot CLI's hook protocol, in both of its payload
// formats, which the event names in the hook configuration choose:
// camelCase (preToolUse: sessionId, toolName, toolArgs: an object since
// Copilot CLI 1.0.102, a JSON string before)
// and the VS Code-compatible PascalCase (PreToolUse: hook_event_name,
// session_id, tool_name, tool_input). A camelCase payload does not name
// its event: install sets GOVERNANCE_HOOK_EVENT in each hook's
// environment, and without it the event is told by its fields.
//
// Copilot CLI 1.0.102 names a subagent's calls (agentId, agentType,
// parentAgentId, and a sessionId of the subagent's own); with versions
// that do not, calls made while a subagent runs are taken to be its calls
// (see Event.InferSubagents). Copilot has no fail-closed switch: a hook that
// fails lets the call run, so this hook never fails.
type copilot struct{}

// copilotEventEnv names the variable that tells a camelCase hook its event.
const copilotEventEnv = "GOVERNANCE_HOOK_EVENT"

func copilotEvent(name string) string {
	switch name {
	case "preToolUse", "PreToolUse":
		return EventPreToolUse
	case "postToolUse", "PostToolUse":
		return EventPostToolUse
	case "postToolUseFailure", "PostToolUseFailure":
		return EventPostToolUseFailure
	case "userPromptSubmitted", "UserPromptSubmit":
		return EventUserPromptSubmit
	case "sessionStart", "SessionStart":
		return EventSessionStart
	case "sessionEnd", "SessionEnd":
		return EventSessionEnd
	case "agentStop", "Stop":
		return EventStop
	case "preCompact", "PreCompact":
		return EventPreCompact
	}
	// subagentStart/Stop carry no id to track a subagent by; the
	// inference does it.
	return EventOther
}

// copilotSniff tells the event of a camelCase payload by its fields.
func copilotSniff(in map[string]any) string {
	switch {
	case has(in, "toolName") && has(in, "toolResult"):
		return "postToolUse"
	case has(in, "toolName") && has(in, "error"):
		return "postToolUseFailure"
	case has(in, "toolName"):
		return "preToolUse"
	case has(in, "prompt"):
		return "userPromptSubmitted"
	case has(in, "agentName") && has(in, "stopReason"):
		return "subagentStop"
	case has(in, "agentName"):
		return "subagentStart"
	case has(in, "stopReason"):
		return "agentStop"
	case has(in, "source"):
		return "sessionStart"
	case has(in, "reason"):
		return "sessionEnd"
	case has(in, "trigger"):
		return "preCompact"
	case has(in, "error"):
		return "errorOccurred"
	}
	return ""
}

func (copilot) Decode(data []byte, env Env) (*Event, error) {
	in, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	raw := str(in, "hook_event_name")
	pascal := raw != "" && raw[0] >= 'A' && raw[0] <= 'Z' && has(in, "session_id")
	if !pascal {
		// camelCase: the configured event, else the payload's fields.
		raw = cmp.Or(getenv(env, copilotEventEnv), copilotSniff(in))
		in = copilotSnake(in)
	}
	if raw == "" {
		return nil, errNoEventName
	}
	ev, err := copilotShape.decode(in, raw)
	if err != nil {
		return nil, err
	}
	ev.CanAsk = true
	ev.InferSubagents = true
	req := &ev.Request
	if parent := str(in, "parentAgentId"); parent != "" && req.AgentID != "" {
		// A subagent's calls come in a session of their own, named by
		// the agent's id, whose parent is the calling session.
		req.SessionID = parent
	}
	req.Unattended = unattendedEnv(env)
	// It does not say whether a person watches: assume nobody does.
	ev.Unwatched = true
	if t := req.Tool; t.Kind == engine.KindOther && t.Name != "" {
		if server := copilotServer(t.Name, req.Cwd, getenv(env, "HOME")); server != "" {
			args, _ := toolInput(in["tool_input"])
			req.Tool = engine.MCPTool(t.Name, server, t.Name[len(server)+1:], args)
		}
	}
	if ev.Name == EventSessionStart && (ev.Source == "new" || ev.Source == "") {
		ev.Source = "startup"
	}
	return ev, nil
}

var copilotShape = shaped{harness: "copilot", event: copilotEvent, tool: copilotTool}

func has(m map[string]any, k string) bool { _, ok := m[k]; return ok }

// copilotSnake renames a camelCase payload's fields to the shaped ones.
func copilotSnake(in map[string]any) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		switch k {
		case "sessionId":
			k = "session_id"
		case "toolName":
			k = "tool_name"
		case "toolArgs":
			k = "tool_input"
		case "transcriptPath":
			k = "transcript_path"
		case "agentId":
			k = "agent_id"
		case "agentType":
			k = "agent_type"
		}
		out[k] = v
	}
	return out
}

// copilotTool maps a Copilot CLI tool: bash, powershell, view, create,
// edit, glob, grep, web_fetch, task. MCP tools are named
// <server>-<tool>; the server is found among those Copilot is configured
// with (the longest name that prefixes the tool's).
func copilotTool(name string, ti, _ map[string]any) engine.Tool {
	switch name {
	case "task":
		return engine.Tool{Kind: engine.KindAgent, Name: name, Input: engine.Input{
			Subagent: cmp.Or(engine.InputString(ti, "agent_type", "subagent_type", "agent", "agent_name"), "general-purpose"),
			Prompt:   engine.InputString(ti, "prompt", "description")}}
	case "bash", "powershell", "view", "create", "edit", "glob", "grep", "web_fetch", "ask_user",
		"read_bash", "write_bash", "stop_bash", "list_bash", "str_replace_editor", "report_intent", "update_todo":
		return engine.ToolCall(name, ti)
	}
	if strings.HasPrefix(name, "mcp__") {
		return engine.ToolCall(name, ti)
	}
	if server, tool, ok := strings.Cut(name, "/"); ok && server != "" && tool != "" {
		return engine.MCPTool(name, server, tool, ti)
	}
	return engine.ToolCall(name, ti)
}

// copilotServer finds the configured MCP server whose name, followed by
// a hyphen, starts a tool name. It reads Copilot's MCP configuration only
// for tool names it does not know.
func copilotServer(tool, cwd, home string) string {
	if !strings.Contains(tool, "-") {
		return ""
	}
	var files []string
	if home != "" {
		files = append(files, filepath.Join(home, ".copilot", "mcp-config.json"))
	}
	if cwd != "" {
		files = append(files, filepath.Join(cwd, ".copilot", "mcp-config.json"), filepath.Join(cwd, ".mcp.json"),
			filepath.Join(cwd, ".vscode", "mcp.json"))
	}
	best := ""
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var cfg struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
			Servers    map[string]json.RawMessage `json:"servers"`
		}
		if json.Unmarshal(data, &cfg) != nil {
			continue
		}
		for _, set := range []map[string]json.RawMessage{cfg.MCPServers, cfg.Servers} {
			for name := range set {
				if len(name) > len(best) && strings.HasPrefix(strings.ToLower(tool), strings.ToLower(name)+"-") {
					best = tool[:len(name)]
				}
			}
		}
	}
	return best
}

func (copilot) Encode(ev *Event, r *Reply) []byte {
	d := preToolUseDecision(ev, r)
	if d == nil {
		return []byte("{}\n")
	}
	if d.Outcome == engine.Confined {
		return copilotConfined(ev, d)
	}
	out := map[string]any{}
	switch d.Outcome {
	case engine.Allow, engine.Warn:
		out["permissionDecision"] = "allow"
		out["permissionDecisionReason"] = "governance: allowed (" + engine.Sanitize(d.Basis()) + ")"
	case engine.Ask:
		out["permissionDecision"] = "ask"
		out["permissionDecisionReason"] = d.Render()
	case engine.Deny, engine.Abort:
		out["permissionDecision"] = "deny"
		out["permissionDecisionReason"] = d.Render()
	}
	if w := warnings(d); w != "" {
		out["additionalContext"] = w
	}
	if len(out) == 0 {
		return []byte("{}\n")
	}
	if ev.Raw == EventPreToolUse {
		// The VS Code-compatible format reads hookSpecificOutput.
		hso := map[string]any{"hookEventName": EventPreToolUse}
		for k, v := range out {
			hso[k] = v
		}
		out["hookSpecificOutput"] = hso
	}
	return marshal(out)
}

func (copilot) Fail(msg string) []byte {
	reason := hookFailure(msg).Render()
	return marshal(map[string]any{"permissionDecision": "deny", "permissionDecisionReason": reason,
		"hookSpecificOutput": map[string]any{"hookEventName": EventPreToolUse, "permissionDecision": "deny",
			"permissionDecisionReason": reason}})
}
