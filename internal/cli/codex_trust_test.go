package cli

import (
	"testing"

	"github.com/agentgov/governance/internal/jsonedit"
)

// The hashes are what `codex app-server`'s hooks/list (Codex 0.169.0)
// reported as currentHash for these definitions.
func TestCodexHookHash(t *testing.T) {
	t.Parallel()
	const cmd = `"command": "/tmp/cc/bin/governance-hook codex"`
	tests := []struct {
		name, event, group, handler, want string
	}{
		{"no matcher", "PreToolUse", `{}`, `{"type": "command", ` + cmd + `, "timeout": 150}`,
			"sha256:f0f8bee4dfaff197c5dbc0657af617e093421473224e0597bd91efa9491d3780"},
		{"matcher", "PreToolUse", `{"matcher": "*"}`, `{"type": "command", ` + cmd + `, "timeout": 150}`,
			"sha256:7cf495d7de1b736e15488c3de4d9d04d6e97cf49ab686daa7316b2c1a5a43ef6"},
		{"empty matcher", "PostToolUse", `{"matcher": ""}`, `{"type": "command", ` + cmd + `, "timeout": 30}`,
			"sha256:a6c45ceb11252529249f21896b7cc078e4e48959c33a190bb3b47e225a776f4a"},
		{"default timeout", "SessionStart", `{}`, `{"type": "command", ` + cmd + `}`,
			"sha256:e1b5743543d8e1a393caca75be6679bae9b51804bbd61c97434a7dab8e86dcc6"},
		{"status message, not HTML-escaped", "UserPromptSubmit", `{}`,
			`{"type": "command", ` + cmd + `, "timeout": 30, "statusMessage": "hi \"x\" <&>"}`,
			"sha256:4112410a06cfdd52b606f1ef58efcaa76f7f23d55fcb4db19d84ea14a258bace"},
		{"matcher Codex ignores", "Stop", `{"matcher": "Bash"}`, `{"type": "command", ` + cmd + `, "timeout": 30}`,
			"sha256:a1a63cc1b36c1af57116542ce715c8eb082d68081536e9862102ced01c12e792"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			group, handler := parseObject(t, tt.group), parseObject(t, tt.handler)
			if got := codexHookHash(codexEventLabel(tt.event), group, handler); got != tt.want {
				t.Errorf("codexHookHash = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestCodexEventLabel(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"PreToolUse": "pre_tool_use", "Stop": "stop",
		"UserPromptSubmit": "user_prompt_submit", "SessionStart": "session_start"} {
		if got := codexEventLabel(in); got != want {
			t.Errorf("codexEventLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func parseObject(t *testing.T, s string) *jsonedit.Object {
	t.Helper()
	v, err := jsonedit.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.(*jsonedit.Object)
}
