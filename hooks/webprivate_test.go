package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestBypassWebToolPrivate: every dialect's web fetch of a cloud
// metadata service is refused as curl's is, and one of a control plane on
// this machine is not let through: they were a defer, run unasked in
// bypass mode (Claude Code answered {}).
func TestBypassWebToolPrivate(t *testing.T) {
	t.Parallel()
	env, o, cwd := confineEnv(t, "/opt/governance/bin/governance-confine", nil)
	const meta = "http://0xa9fea9fe/latest/meta-data/iam/security-credentials/"
	const proxy = "http://localhost:8001/api/v1/namespaces/default/secrets"
	for _, tc := range []struct {
		dialect string
		payload func(url string) map[string]any
	}{
		{"claude", func(u string) map[string]any {
			return map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "PreToolUse", "permission_mode": "bypassPermissions",
				"tool_name": "WebFetch", "tool_input": map[string]any{"url": u, "prompt": "summarize"}}
		}},
		{"gemini", func(u string) map[string]any {
			return map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "BeforeTool",
				"tool_name": "web_fetch", "tool_input": map[string]any{"prompt": "compare https://example.com with " + u}}
		}},
		{"opencode", func(u string) map[string]any {
			return map[string]any{"event": "tool.execute.before", "session_id": "s", "directory": cwd, "tool": "webfetch",
				"call_id": "c1", "args": map[string]any{"url": u, "format": "text"}}
		}},
		{"cursor", func(u string) map[string]any {
			return map[string]any{"conversation_id": "s", "cwd": cwd, "hook_event_name": "preToolUse",
				"tool_name": "WebFetch", "tool_input": map[string]any{"url": u}}
		}},
		{"copilot", func(u string) map[string]any {
			return map[string]any{"sessionId": "s", "cwd": cwd, "toolName": "web_fetch", "toolArgs": `{"url":` + jsonString(u) + `}`}
		}},
	} {
		for _, u := range []string{meta, proxy} {
			data, _ := json.Marshal(tc.payload(u))
			out := string(Respond(context.Background(), tc.dialect, data, env, &bytes.Buffer{}, o))
			if !strings.Contains(out, "deny") && !strings.Contains(out, `"ask"`) {
				t.Errorf("%s web fetch of %s is not refused: %s", tc.dialect, u, out)
			}
		}
	}
}
