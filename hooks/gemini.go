package hooks

import (
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// gemini is Gemini CLI's hook protocol: Claude-shaped JSON with its own
// event names (BeforeTool, AfterTool, BeforeAgent, AfterAgent, ...) and a
// top-level decision. Gemini has no ask, so asks go to the approval
// queue, and no way to say which agent makes a call: calls made while a
// subagent runs are taken to be the subagent's (see Event.InferSubagents).
// Timeouts in its settings are in milliseconds.
type gemini struct{}

var geminiShape = shaped{harness: "gemini", event: geminiEvent, tool: geminiTool}

func geminiEvent(name string) string {
	switch name {
	case "BeforeTool":
		return EventPreToolUse
	case "AfterTool":
		return EventPostToolUse
	case "BeforeAgent":
		return EventUserPromptSubmit
	case "AfterAgent":
		return EventStop
	case "SessionStart":
		return EventSessionStart
	case "SessionEnd":
		return EventSessionEnd
	case "PreCompress":
		return EventPreCompact
	}
	return EventOther
}

// geminiControlTools end a subagent's turn or talk to the user; they touch
// nothing, and refusing them would leave a subagent unable to finish.
func geminiControlTool(name string) bool {
	return name == "complete_task"
}

func (gemini) Decode(data []byte, env Env) (*Event, error) {
	in, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	ev, err := geminiShape.decode(in, str(in, "hook_event_name"))
	if err != nil {
		return nil, err
	}
	if ev.Name == EventPreToolUse && geminiControlTool(ev.Request.Tool.Name) {
		ev.Name, ev.Request.Event = EventOther, EventOther
	}
	ev.ProjectDir = getenv(env, "GEMINI_PROJECT_DIR")
	ev.InferSubagents = true
	req := &ev.Request
	req.Unattended = unattendedEnv(env)
	// It does not say whether a person watches: assume nobody does.
	ev.Unwatched = true
	return ev, nil
}

// geminiTool maps a Gemini CLI tool call. MCP tools are named
// mcp_<server>_<tool> and described by mcp_context, which names the server
// and tool exactly.
func geminiTool(name string, ti, in map[string]any) engine.Tool {
	if mc, ok := in["mcp_context"].(map[string]any); ok && str(mc, "server_name") != "" {
		return engine.MCPTool(name, str(mc, "server_name"), str(mc, "tool_name"), ti)
	}
	switch name {
	case "run_shell_command":
		return engine.Tool{Kind: engine.KindShell, Name: name, Input: engine.Input{Command: engine.ToolCommand(ti)}}
	case "web_fetch":
		// web_fetch takes a prompt with the URLs in it.
		prompt := engine.InputString(ti, "url", "prompt")
		return engine.Tool{Kind: engine.KindWeb, Name: name, Input: engine.Input{URL: firstURL(prompt), Query: prompt}}
	case "invoke_agent":
		return engine.Tool{Kind: engine.KindAgent, Name: name, Input: engine.Input{
			Subagent: engine.InputString(ti, "agent_name", "name"), Prompt: engine.InputString(ti, "prompt")}}
	}
	if rest, ok := strings.CutPrefix(name, "mcp_"); ok && !strings.HasPrefix(rest, "_") {
		// Gemini's own naming: the server name has no underscore.
		if server, tool, ok := strings.Cut(rest, "_"); ok {
			return engine.MCPTool(name, server, tool, ti)
		}
	}
	return engine.ToolCall(name, ti)
}

func stringList(v any) []string {
	switch x := v.(type) {
	case string:
		if x != "" {
			return []string{x}
		}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// firstURL returns the first http or https URL in a text.
func firstURL(s string) string {
	for _, scheme := range []string{"https://", "http://"} {
		i := strings.Index(s, scheme)
		if i < 0 {
			continue
		}
		end := strings.IndexAny(s[i:], " \t\n\"'<>()[]{}")
		if end < 0 {
			return s[i:]
		}
		return strings.TrimRight(s[i:i+end], ".,;:!?")
	}
	return ""
}

func (gemini) Encode(ev *Event, r *Reply) []byte {
	if ev.Name == EventPostToolUse {
		// The note on a confined call reaches the model from here only.
		if note := confinedAfter(ev); note != "" {
			if r == nil {
				r = &Reply{}
			}
			r.Context = strings.TrimSpace(r.Context + "\n" + note)
		}
	}
	if ev.Name != EventPreToolUse {
		switch {
		case r == nil:
		case r.Block != "" && ev.Name == EventUserPromptSubmit:
			return marshal(map[string]any{"decision": "deny", "reason": engine.Sanitize(r.Block)})
		case r.Context != "" && (ev.Name == EventSessionStart || ev.Name == EventUserPromptSubmit || ev.Name == EventPostToolUse):
			return withNotice(marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": ev.Raw,
				"additionalContext": r.Context}}), ev, r)
		}
		return withNotice([]byte("{}\n"), ev, r)
	}
	d := preToolUseDecision(ev, r)
	if d == nil {
		return []byte("{}\n")
	}
	switch d.Outcome {
	case engine.Confined:
		return geminiConfined(ev, d)
	case engine.Allow, engine.Warn:
		out := map[string]any{"decision": "allow"}
		if w := warnings(d); w != "" {
			out["systemMessage"] = w
		}
		return marshal(out)
	case engine.Ask, engine.Deny:
		// An ask reaches here only when no approval could be had.
		return marshal(map[string]any{"decision": "deny", "reason": d.Render()})
	case engine.Abort:
		return marshal(map[string]any{"decision": "deny", "reason": d.Render(), "continue": false,
			"stopReason": "governance stopped the agent: " + engine.Sanitize(d.Message)})
	}
	if w := warnings(d); w != "" {
		return marshal(map[string]any{"systemMessage": w})
	}
	return []byte("{}\n")
}

func (gemini) Fail(msg string) []byte {
	return marshal(map[string]any{"decision": "deny", "reason": hookFailure(msg).Render()})
}
