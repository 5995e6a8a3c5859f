package hooks

import (
	"maps"
	"os"
	"path"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/shellquote"
)

// A confined call is an allow whose input the hook rewrote to run the
// command through the confinement launcher. Each dialect writes the
// rewritten input in its own field; a dialect that is handed a confined
// decision for an event whose input it does not hold denies the call
// rather than let it run unconfined.

// RewriteFields are, by dialect, the field of the hook's reply in which
// its harness takes a rewritten input: a dialect missing here cannot run
// a call confined. TestConfinedReply checks each against the reply.
var RewriteFields = map[string]string{
	"claude":   "hookSpecificOutput.updatedInput",
	"codex":    "hookSpecificOutput.updatedInput",
	"gemini":   "hookSpecificOutput.tool_input",
	"cursor":   "updated_input",
	"copilot":  "modifiedArgs",
	"opencode": "args",
}

// shellInput keeps a shell call's input as the harness sent it, for a
// rewrite: only when its command field is the command the analysis read.
func (ev *Event) shellInput(ti map[string]any) {
	if c, ok := ti["command"].(string); ok && ev.Request.Tool.Kind == engine.KindShell && c == ev.Request.Tool.Input.Command {
		ev.Input = ti
	}
}

// confinedInput returns the input to run in place of the harness's: a
// copy of it with the command rewritten; false when the decision is not
// a confined one the event can carry.
func confinedInput(ev *Event, d *engine.Decision) (map[string]any, bool) {
	if d.Confinement == nil || ev.Input == nil || ev.Input["command"] != d.Confinement.Original {
		return nil, false
	}
	in := maps.Clone(ev.Input)
	in["command"] = d.Confinement.Command
	return in, true
}

// notConfined is the decision for a confined call the dialect cannot
// rewrite: it must not run unconfined.
func notConfined(d *engine.Decision) *engine.Decision {
	return &engine.Decision{Outcome: engine.Deny, Layer: "confine", Rule: "cannot-rewrite", Subject: d.Subject,
		Message:    "This call was to run confined, and the hook could not rewrite it, so it is blocked.",
		Suggestion: "Use a command the policy proves, or ask the user to run it."}
}

// confinedReason is the permission reason of a confined call.
func confinedReason(d *engine.Decision) string {
	return "governance: runs confined (" + d.Confinement.Kind + ", " + d.Basis() + ")"
}

// attendedMode reports the permission modes of Claude Code and Codex in
// which the harness puts an unproven shell call to its user: default,
// plan and acceptEdits, and no mode at all (an event that leaves it out
// is in the default mode; both harnesses report any other).
func attendedMode(mode string) bool {
	return mode == "" || mode == "default" || mode == "plan" || mode == "acceptEdits"
}

// confineCwdEnv is confine.CwdEnv, which the launcher reads: the hook
// does not link the launcher (TestConfineCwdEnv keeps the two equal).
const confineCwdEnv = "GOVERNANCE_CONFINE_CWD"

// followFolder returns a confined command for a harness that runs each
// call in the folder the last one ended in, in a shell of its own that
// outlives the call (Claude Code runs `pwd -P` there after the command):
// the launcher reports the confined shell's final folder in a file of
// /tmp (see confineCwdEnv), and the harness's shell changes to it. The
// command's exit status is kept.
//
// The harness's shell runs mktemp, cat and rm on the host, before and
// after the launcher: each is named by its absolute path, found in a
// folder no confined call can write (see locate.Program), never by PATH,
// whose first folder may be the project's activated .venv/bin. Without
// them the command runs confined as it is, its final folder not
// followed.
func followFolder(ev *Event, command string) string {
	root := ev.Request.ProjectRoot
	if root == "" {
		root = ev.Request.Cwd
	}
	untrusted := locate.Untrusted(root, os.Getenv, ev.Request.Cwd)
	tool := map[string]string{}
	for _, name := range []string{"mktemp", "cat", "rm"} {
		p := locate.Program(os.Getenv("PATH"), name, untrusted)
		if p == "" {
			return command
		}
		tool[name] = shellquote.Quote(p)
	}
	return `__governance_cwd=$(` + tool["mktemp"] + ` /tmp/governance-cwd.XXXXXX) && { ` + confineCwdEnv + `="$__governance_cwd" ` + command +
		`; __governance_status=$?; if [ -s "$__governance_cwd" ]; then cd -- "$(` + tool["cat"] + ` -- "$__governance_cwd")"; fi; ` +
		tool["rm"] + ` -f -- "$__governance_cwd"; (exit "$__governance_status"); }`
}

func claudeConfined(ev *Event, d *engine.Decision) []byte {
	in, ok := confinedInput(ev, d)
	if !ok {
		return claude{}.Encode(ev, &Reply{Decision: notConfined(d)})
	}
	in["command"] = followFolder(ev, d.Confinement.Command)
	return marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": EventPreToolUse,
		"permissionDecision": "allow", "permissionDecisionReason": confinedReason(d), "updatedInput": in,
		"additionalContext": confinedContext(d)}})
}

func codexConfined(ev *Event, d *engine.Decision) []byte {
	in, ok := confinedInput(ev, d)
	if !ok {
		return codexDeny(notConfined(d).Render())
	}
	return marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": EventPreToolUse,
		"permissionDecision": "allow", "permissionDecisionReason": confinedReason(d), "updatedInput": in,
		"additionalContext": confinedContext(d)}})
}

func geminiConfined(ev *Event, d *engine.Decision) []byte {
	in, ok := confinedInput(ev, d)
	if !ok {
		return marshal(map[string]any{"decision": "deny", "reason": notConfined(d).Render()})
	}
	return marshal(map[string]any{"decision": "allow", "reason": confinedReason(d), "systemMessage": confinedContext(d),
		"hookSpecificOutput": map[string]any{"hookEventName": ev.Raw, "tool_input": in}})
}

func cursorConfined(ev *Event, d *engine.Decision) []byte {
	in, ok := confinedInput(ev, d)
	if !ok || ev.Raw != "preToolUse" {
		r := notConfined(d).Render()
		return marshal(map[string]any{"permission": "deny", "user_message": r, "agent_message": r})
	}
	return marshal(map[string]any{"permission": "allow", "updated_input": in, "agent_message": confinedContext(d)})
}

func copilotConfined(ev *Event, d *engine.Decision) []byte {
	in, ok := confinedInput(ev, d)
	if !ok {
		return copilot{}.Encode(ev, &Reply{Decision: notConfined(d)})
	}
	out := map[string]any{"permissionDecision": "allow", "permissionDecisionReason": confinedReason(d),
		"modifiedArgs": in, "additionalContext": confinedContext(d)}
	if ev.Raw == EventPreToolUse {
		// The VS Code-compatible format reads hookSpecificOutput.
		out["hookSpecificOutput"] = map[string]any{"hookEventName": EventPreToolUse, "permissionDecision": "allow",
			"permissionDecisionReason": confinedReason(d), "updatedInput": in, "additionalContext": confinedContext(d)}
	}
	return marshal(out)
}

func opencodeConfined(ev *Event, d *engine.Decision) []byte {
	in, ok := confinedInput(ev, d)
	if !ok {
		return marshal(map[string]any{"decision": "deny", "message": notConfined(d).Render()})
	}
	return marshal(map[string]any{"decision": "allow", "args": in, "warning": confinedContext(d)})
}

// launcherName is the confinement launcher's program name
// (confine.LauncherName), which the hook does not link.
const launcherName = "governance-confine"

// confinedAfter returns the note for the agent on a shell call that ran
// through the launcher, read back from the rewritten command the harness
// reports once the call ran; "" for any other call. It is for a harness
// that shows the agent a hook's context only after a call (Gemini CLI
// 0.61 reads additionalContext from AfterTool, not BeforeTool).
func confinedAfter(ev *Event) string {
	if ev.Request.Tool.Kind != engine.KindShell {
		return ""
	}
	words, ok := shellquote.Split(ev.Request.Tool.Input.Command)
	if !ok || path.Base(words[0]) != launcherName {
		return ""
	}
	kind, decision := "", ""
	for i := 1; i < len(words); i++ {
		switch {
		case words[i] == "--kind" && i+1 < len(words):
			kind = words[i+1]
		case words[i] == "--decision" && i+1 < len(words):
			decision = words[i+1]
		case words[i] == "--" && len(words) == i+4 && words[i+1] == "bash" && words[i+2] == "-c" && kind != "":
			return engine.Sanitize(pipeline.ConfinedNote(kind, words[i+3], decision, engine.ConfineGrants{}))
		}
	}
	return ""
}

// confinedContext is what the agent is told: the note on what was
// withheld, and the warnings of the decision.
func confinedContext(d *engine.Decision) string {
	s := engine.Sanitize(d.Message)
	if w := warnings(d); w != "" {
		s += "\n" + w
	}
	return s
}
