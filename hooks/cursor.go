package hooks

import (
	"cmp"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// cursor is Cursor's hook protocol (the IDE agent and cursor-agent):
// camelCase event names, conversation_id for the session, and a
// permission answer (allow, deny, ask) with a message for the user and one
// for the agent. preToolUse covers every tool; the older
// beforeShellExecution, beforeMCPExecution and beforeReadFile events are
// read too. install sets failClosed, Cursor's switch that makes a hook
// that crashes or times out block the call.
type cursor struct{}

func cursorEvent(name string) string {
	switch name {
	case "preToolUse", "beforeShellExecution", "beforeMCPExecution", "beforeReadFile":
		return EventPreToolUse
	case "postToolUse", "afterShellExecution", "afterMCPExecution", "afterFileEdit":
		return EventPostToolUse
	case "postToolUseFailure":
		return EventPostToolUseFailure
	case "beforeSubmitPrompt":
		return EventUserPromptSubmit
	case "sessionStart":
		return EventSessionStart
	case "sessionEnd":
		return EventSessionEnd
	case "stop":
		return EventStop
	case "subagentStart":
		return EventSubagentStart
	case "subagentStop":
		return EventSubagentStop
	case "preCompact":
		return EventPreCompact
	}
	return EventOther
}

func (cursor) Decode(data []byte, env Env) (*Event, error) {
	in, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	raw := str(in, "hook_event_name")
	if raw == "" {
		return nil, errNoEventName
	}
	ev := &Event{Raw: raw, Event: pipeline.Event{Name: cursorEvent(raw), CanAsk: true}}
	req := &ev.Request
	req.Harness = "cursor"
	req.Event = ev.Name
	req.SessionID = engine.InputString(in, "conversation_id", "session_id")
	req.ToolUseID = engine.InputString(in, "tool_use_id", "generation_id")
	req.Cwd = str(in, "cwd")
	if roots := stringList(in["workspace_roots"]); len(roots) > 0 {
		ev.ProjectDir = roots[0]
		if req.Cwd == "" {
			req.Cwd = roots[0]
		}
	}
	if ev.ProjectDir == "" {
		ev.ProjectDir = getenv(env, "CURSOR_PROJECT_DIR")
	}
	req.AgentID = engine.InputString(in, "subagent_id", "agent_id")
	req.Agent = engine.InputString(in, "subagent_type", "agent_type")
	if req.AgentID != "" && ev.Name != EventSubagentStart && ev.Name != EventSubagentStop {
		req.Depth = 1
	}
	req.Unattended = unattendedEnv(env)
	// It does not say whether a person watches: assume nobody does.
	ev.Unwatched = true
	switch raw {
	case "beforeShellExecution", "afterShellExecution":
		req.Tool = engine.Tool{Kind: engine.KindShell, Name: "Shell", Input: engine.Input{Command: str(in, "command")}}
	case "beforeMCPExecution", "afterMCPExecution":
		args, _ := toolInput(in["tool_input"])
		server := engine.InputString(in, "server", "server_name")
		if server == "" {
			server = mcpServerOf(str(in, "url"), str(in, "command"))
		}
		req.Tool = engine.MCPTool(str(in, "tool_name"), server, str(in, "tool_name"), args)
	case "beforeReadFile":
		req.Tool = engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: engine.NonEmpty(str(in, "file_path"))}}
	case "afterFileEdit":
		req.Tool = engine.Tool{Kind: engine.KindEdit, Name: "Edit", Input: engine.Input{Paths: engine.NonEmpty(str(in, "file_path"))}}
	case "preToolUse", "postToolUse", "postToolUseFailure":
		name := str(in, "tool_name")
		ti, ok := toolInput(in["tool_input"])
		if raw == "preToolUse" && (name == "" || !ok) {
			return nil, errToolInput(raw, name)
		}
		req.Tool = cursorTool(name, ti)
		req.Tool.Raw = ti
		if raw == "preToolUse" {
			ev.shellInput(ti)
		}
		// The Shell tool's working_directory, as every dialect's folder
		// keys.
		req.FollowShellFolder(ti)
	case "beforeSubmitPrompt":
		ev.Prompt = str(in, "prompt")
	case "sessionStart":
		ev.Source = engine.InputString(in, "source", "reason")
		if ev.Source == "" {
			ev.Source = "startup"
		}
	case "sessionEnd":
		ev.Reason = engine.InputString(in, "reason", "status")
	case "subagentStart", "subagentStop":
		if req.AgentID == "" {
			req.AgentID = engine.InputString(in, "tool_call_id", "conversation_id")
		}
		req.SessionID = engine.InputString(in, "parent_conversation_id", "conversation_id", "session_id")
	}
	if n, ok := in["duration"].(float64); ok && n > 0 {
		ev.DurationMS = int64(n)
	}
	return ev, nil
}

// cursorTool maps a tool of Cursor's preToolUse: Shell, Read, Write, Edit,
// Delete, Grep, Glob, LS, WebFetch, WebSearch, Task, and MCP tools named
// MCP:<tool>.
func cursorTool(name string, ti map[string]any) engine.Tool {
	if tool, ok := strings.CutPrefix(name, "MCP:"); ok {
		args := ti
		if inner, ok := toolInput(ti["tool_input"]); ok && inner != nil {
			args = inner
		}
		return engine.MCPTool(name, engine.InputString(ti, "server", "server_name"), tool, args)
	}
	switch name {
	case "Shell", "Terminal":
		return engine.Tool{Kind: engine.KindShell, Name: name, Input: engine.Input{Command: engine.ToolCommand(ti)}}
	case "Delete":
		return engine.Tool{Kind: engine.KindWrite, Name: name, Input: engine.Input{Paths: engine.ToolPaths(ti, false)}}
	case "Task":
		return engine.Tool{Kind: engine.KindAgent, Name: name, Input: engine.Input{
			Subagent: cmp.Or(engine.InputString(ti, "subagent_type", "agent_type", "agent"), "general-purpose"),
			Prompt:   engine.InputString(ti, "prompt", "description")}}
	}
	return engine.ToolCall(name, ti)
}

// mcpServerOf names an MCP server by where it runs, when the harness does
// not name it: the host of its URL or the base name of its command. (The
// host is cut out by hand: net/url would add to every hook's start-up.)
func mcpServerOf(rawURL, command string) string {
	if _, rest, ok := strings.Cut(rawURL, "://"); ok {
		host, _, _ := strings.Cut(rest, "/")
		if i := strings.LastIndexByte(host, '@'); i >= 0 {
			host = host[i+1:]
		}
		if strings.HasPrefix(host, "[") {
			host, _, _ = strings.Cut(host[1:], "]")
		} else {
			host, _, _ = strings.Cut(host, ":")
		}
		if host != "" {
			return host
		}
	}
	if f := strings.Fields(command); len(f) > 0 {
		return filepath.Base(f[0])
	}
	return ""
}

func (cursor) Encode(ev *Event, r *Reply) []byte {
	if ev.Name != EventPreToolUse {
		switch {
		case r == nil:
		case ev.Name == EventUserPromptSubmit:
			if r.Block != "" {
				return marshal(map[string]any{"continue": false, "user_message": engine.Sanitize(r.Block)})
			}
			return marshal(map[string]any{"continue": true})
		case r.Context != "" && (ev.Name == EventSessionStart || ev.Name == EventPostToolUse):
			return marshal(map[string]any{"additional_context": r.Context})
		}
		return []byte("{}\n")
	}
	d := preToolUseDecision(ev, r)
	if d == nil {
		return []byte("{}\n")
	}
	readOnly := ev.Raw == "beforeReadFile" // takes a permission only
	switch d.Outcome {
	case engine.Confined:
		return cursorConfined(ev, d)
	case engine.Allow, engine.Warn:
		out := map[string]any{"permission": "allow"}
		if w := warnings(d); w != "" && !readOnly {
			out["agent_message"], out["user_message"] = w, "governance: "+w
		}
		return marshal(out)
	case engine.Ask:
		return cursorPermission("ask", d, readOnly)
	case engine.Deny, engine.Abort:
		return cursorPermission("deny", d, readOnly)
	}
	if w := warnings(d); w != "" && !readOnly {
		// No permission: Cursor's own flow decides; the warning goes to
		// the model and the person.
		return marshal(map[string]any{"agent_message": w, "user_message": "governance: " + w})
	}
	return []byte("{}\n")
}

func cursorPermission(p string, d *engine.Decision, readOnly bool) []byte {
	if readOnly {
		return marshal(map[string]any{"permission": p})
	}
	user := "governance: " + engine.Sanitize(d.Message)
	if d.Rule != "" {
		user += " (" + engine.Sanitize(d.Rule) + ")"
	}
	return marshal(map[string]any{"permission": p, "user_message": user, "agent_message": d.Render()})
}

// Fail denies in every shape Cursor reads: a permission for tool events,
// continue false for a prompt.
func (cursor) Fail(msg string) []byte {
	d := hookFailure(msg)
	return marshal(map[string]any{"permission": "deny", "continue": false,
		"user_message": "governance: " + msg, "agent_message": d.Render()})
}
