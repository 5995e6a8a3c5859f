package hooks

import (
	"cmp"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// codex is OpenAI Codex CLI's hook protocol: Claude Code's wire format,
// with stricter output rules. On PreToolUse Codex treats as invalid, and
// so lets the call run, any ask, continue, stopReason or suppressOutput,
// an allow without updatedInput, and a deny without a reason. This
// dialect therefore never writes those: an allow is no output at all, a
// deny always carries a non-empty reason, an abort is a deny, and an ask
// goes to the approval queue (Codex cannot put one to its user).
type codex struct{}

var codexShape = shaped{harness: "codex", event: claudeEvent, tool: codexTool}

func (codex) Decode(data []byte, env Env) (*Event, error) {
	in, err := decodeObject(data)
	if err != nil {
		return nil, err
	}
	ev, err := codexShape.decode(in, str(in, "hook_event_name"))
	if err != nil {
		return nil, err
	}
	ev.Request.Unattended = unattended(ev.Request.PermissionMode, env)
	ev.Unwatched = ev.Request.Unattended || !attendedMode(ev.Request.PermissionMode)
	return ev, nil
}

// codexTool maps a Codex tool call. Shell calls arrive as Bash (and the
// older shell, exec_command and local_shell, whose command may be an argv
// list); edits as apply_patch, whose tool_input.command is the patch;
// MCP tools as mcp__server__tool; subagents as spawn_agent.
func codexTool(name string, ti, _ map[string]any) engine.Tool {
	switch strings.ToLower(name) {
	case "bash", "shell", "exec_command", "local_shell", "unified_exec", "container.exec":
		return engine.Tool{Kind: engine.KindShell, Name: name, Input: engine.Input{Command: engine.ToolCommand(ti)}}
	case "apply_patch", "edit", "write":
		return patchTool(name, patchText(ti))
	case "spawn_agent":
		return engine.Tool{Kind: engine.KindAgent, Name: name, Input: engine.Input{
			Subagent: cmp.Or(engine.InputString(ti, "agent_type", "agent", "subagent_type", "name"), "default"),
			Prompt:   engine.InputString(ti, "message", "prompt", "task")}}
	}
	return engine.ToolCall(name, ti)
}

// patchText finds the patch in apply_patch's input: Codex puts it in
// command; other shapes use input or patch.
func patchText(ti map[string]any) string {
	for _, k := range []string{"command", "input", "patch", "patchText"} {
		if s, ok := ti[k].(string); ok && s != "" {
			return s
		}
	}
	if argv, ok := ti["command"].([]any); ok {
		// ["apply_patch", "*** Begin Patch ..."]
		for _, a := range argv {
			if s, ok := a.(string); ok && engine.LooksLikePatch(s) {
				return s
			}
		}
	}
	return ""
}

// patchTool turns a patch into an edit of every file it touches: the
// paths of added, updated, deleted and moved files, and the text the patch
// adds. A patch that names no file is still an edit, of an unknown file.
func patchTool(name, patch string) engine.Tool {
	t := engine.Tool{Kind: engine.KindEdit, Name: name}
	var added []string
	for _, e := range engine.ParsePatch(patch) {
		t.Input.Paths = appendNew(t.Input.Paths, e.Path)
		if e.MoveTo != "" {
			t.Input.Paths = appendNew(t.Input.Paths, e.MoveTo)
		}
		if e.Added != "" {
			added = append(added, e.Added)
		}
	}
	t.Input.Content = strings.Join(added, "\n")
	if engine.PatchUnparsed(patch) != "" {
		// The whole patch, for the engine to ask about the line it
		// cannot read.
		t.Input.Content = patch
	}
	return t
}

// appendNew appends s to list unless the list holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func (codex) Encode(ev *Event, r *Reply) []byte {
	if ev.Name != EventPreToolUse {
		return claudeSessionReply(ev, r)
	}
	d := preToolUseDecision(ev, r)
	if d == nil {
		return nil
	}
	switch d.Outcome {
	case engine.Confined:
		return codexConfined(ev, d)
	case engine.Deny, engine.Abort, engine.Ask:
		// An ask reaches here only when no approval could be had: it
		// blocks. An abort is a deny; Codex has no valid way to stop the
		// agent from PreToolUse.
		return codexDeny(d.Render())
	}
	if w := warnings(d); w != "" {
		return marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": EventPreToolUse,
			"additionalContext": w}})
	}
	// Allow, defer: nothing. An allow without updatedInput is invalid.
	return nil
}

func (codex) Fail(msg string) []byte { return codexDeny(hookFailure(msg).Render()) }

func codexDeny(reason string) []byte {
	if strings.TrimSpace(reason) == "" {
		reason = "governance blocked this call."
	}
	return marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": EventPreToolUse,
		"permissionDecision": "deny", "permissionDecisionReason": reason}})
}
