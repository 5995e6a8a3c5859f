package hooks

import (
	"cmp"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// opencode is the protocol between governance-hook and the plugin that
// `governance install opencode` writes (OpenCode has in-process plugins,
// no hook commands). The plugin sends one JSON object per event:
//
//	{"event": "tool.execute.before", "session_id": "ses_b", "root_session_id": "ses_a",
//	 "parent_session_id": "ses_a", "depth": 1, "agent": "reviewer",
//	 "tool": "bash", "call_id": "call_1", "args": {...}, "directory": "/src/app",
//	 "mcp": {"server": "github", "tool": "create_issue"}}
//
// OpenCode runs a subagent in a child session; the plugin tracks the
// session tree (session.created carries the parent) and the agent behind
// each session, so that calls are attributed to their agent: the root
// session is the session, a child session the subagent. The reply is
// {"decision": "allow"|"deny"|"abort"|"defer", "message": "...",
// "context": "..."}; the plugin throws the message to block a call.
// OpenCode cannot put an ask to its user from a plugin, so asks go to the
// approval queue.
type opencode struct{}

func opencodeEvent(name string, child bool) string {
	switch name {
	case "tool.execute.before":
		return EventPreToolUse
	case "tool.execute.after":
		return EventPostToolUse
	case "session.created":
		if child {
			return EventSubagentStart
		}
		return EventSessionStart
	case "session.idle":
		if child {
			return EventSubagentStop
		}
		return EventStop
	case "session.compacted":
		if !child {
			return EventSessionStart
		}
	case "session.deleted":
		if !child {
			return EventSessionEnd
		}
	}
	return EventOther
}

func (opencode) Decode(data []byte, env Env) (*Event, error) {
	in, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	raw := str(in, "event")
	if raw == "" {
		return nil, errNoEventName
	}
	session := str(in, "session_id")
	root := cmp.Or(str(in, "root_session_id"), session)
	child := session != "" && session != root
	ev := &Event{Raw: raw, Event: pipeline.Event{Name: opencodeEvent(raw, child), ProjectDir: str(in, "directory")}}
	req := &ev.Request
	req.Harness = "opencode"
	req.Event = ev.Name
	req.SessionID = root
	req.ParentSessionID = str(in, "parent_session_id")
	req.Agent = str(in, "agent")
	if child {
		req.AgentID = session
		req.Depth = 1
		if d, ok := in["depth"].(float64); ok && d >= 1 {
			req.Depth = int(d)
		}
	}
	req.Cwd = ev.ProjectDir
	req.ToolUseID = str(in, "call_id")
	req.Unattended = unattendedEnv(env)
	// It does not say whether a person watches: assume nobody does.
	ev.Unwatched = true
	switch raw {
	case "session.created":
		ev.Source = "startup"
	case "session.compacted":
		ev.Source = "compact"
	case "session.deleted":
		ev.Reason = "deleted"
	case "tool.execute.before", "tool.execute.after":
		name := str(in, "tool")
		args, ok := toolInput(in["args"])
		if name == "" || !ok {
			return nil, errToolInput(raw, name)
		}
		mcp, _ := in["mcp"].(map[string]any)
		req.Tool = opencodeTool(name, args, mcp)
		req.Tool.Raw = args
		// The bash tool's workdir, as every dialect's folder keys.
		req.FollowShellFolder(args)
		if req.Tool.Kind == engine.KindShell {
			req.Justification = str(args, "description")
			if raw == "tool.execute.before" {
				ev.shellInput(args)
			}
		}
	}
	return ev, nil
}

// opencodeTool maps an OpenCode tool: bash, read, write, edit, multiedit,
// apply_patch (patchText), glob, grep, list, task, webfetch, websearch;
// MCP tools are named <server>_<tool>, and the plugin names the server
// from OpenCode's configuration.
func opencodeTool(name string, args, mcp map[string]any) engine.Tool {
	if server := str(mcp, "server"); server != "" {
		return engine.MCPTool(name, server, cmp.Or(str(mcp, "tool"), strings.TrimPrefix(name, server+"_")), args)
	}
	switch name {
	case "apply_patch", "patch":
		return patchTool(name, patchText(args))
	case "task":
		return engine.Tool{Kind: engine.KindAgent, Name: name, Input: engine.Input{
			Subagent: cmp.Or(str(args, "subagent_type"), "general"), Prompt: str(args, "prompt")}}
	case "list":
		t := engine.ToolCall(name, args)
		if len(t.Input.Paths) == 0 {
			t.Input.Paths = []string{"."}
		}
		return t
	}
	return engine.ToolCall(name, args)
}

func (opencode) Encode(ev *Event, r *Reply) []byte {
	if ev.Name != EventPreToolUse {
		if r != nil && r.Context != "" {
			return marshal(map[string]any{"context": r.Context})
		}
		return []byte("{}\n")
	}
	d := preToolUseDecision(ev, r)
	if d == nil {
		return []byte(`{"decision":"defer"}` + "\n")
	}
	if d.Outcome == engine.Confined {
		return opencodeConfined(ev, d)
	}
	out := map[string]any{}
	switch d.Outcome {
	case engine.Allow, engine.Warn:
		out["decision"] = "allow"
	case engine.Ask, engine.Deny:
		// An ask reaches here only when no approval could be had.
		out["decision"] = "deny"
		out["message"] = d.Render()
	case engine.Abort:
		out["decision"] = "abort"
		out["message"] = d.Render()
	default:
		out["decision"] = "defer"
	}
	if w := warnings(d); w != "" {
		out["warning"] = w
	}
	return marshal(out)
}

func (opencode) Fail(msg string) []byte {
	return marshal(map[string]any{"decision": "deny", "message": hookFailure(msg).Render()})
}
