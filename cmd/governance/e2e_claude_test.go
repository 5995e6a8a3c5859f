package main

import (
	"path/filepath"
	"testing"
)

// Claude Code (the native binary), offline against the fake Anthropic
// API, with the hooks `governance install claude` writes in the project's
// .claude/settings.json.
func TestClaudeCodeEndToEnd(t *testing.T) {
	t.Parallel()
	claude := needTool(t, "claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
	project, home, bin := e2eProject(t)
	writeFile(t, filepath.Join(project, ".claude", "agents", "reviewer.md"), `---
name: reviewer
description: Reviews changes and reports findings.
tools: Bash, Read
---
Review the change and report findings.
`)
	install(t, "claude", project, home, bin)
	c := newConversation(
		[]step{
			{"Bash", map[string]any{"command": "rm -rf .", "description": "Clean the project"}},
			{"Bash", map[string]any{"command": "echo governed-ok", "description": "Say it worked"}},
			{"Agent", map[string]any{"description": "Review", "subagent_type": "reviewer",
				"prompt": subagentMarker + ": check the change", "run_in_background": false}},
		},
		[]step{{"Bash", map[string]any{"command": "echo from-subagent", "description": "Report"}}},
	)
	url := serve(t, anthropicFake(c))
	env := append(baseEnv(home, bin),
		"ANTHROPIC_BASE_URL="+url, "ANTHROPIC_API_KEY=sk-ant-fake",
		// Nothing but the model server: no telemetry, error reports,
		// update checks, feature flags or release notes.
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1", "DISABLE_BUG_COMMAND=1", "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1")
	out := runCLI(t, project, env, claude, "-p", "run the thing", "--output-format", "json", "--model", "claude-sonnet-4-5")
	t.Logf("claude: %s", out)
	c.checkGoverned(t, project)
}
