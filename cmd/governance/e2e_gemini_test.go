package main

import (
	"path/filepath"
	"testing"
)

// Gemini CLI, offline against the fake Gemini API, with the hooks
// `governance install gemini` writes in the project's
// .gemini/settings.json. Gemini CLI's hooks do not say which agent calls:
// the reviewer's call is known for the subagent's by when it comes.
func TestGeminiCLIEndToEnd(t *testing.T) {
	t.Parallel()
	gemini := needTool(t, "gemini/node_modules/@google/gemini-cli/bundle/gemini.js")
	project, home, bin := e2eProject(t)
	geminiHome(t, home)
	writeFile(t, filepath.Join(home, ".gemini", "agents", "reviewer.md"), `---
name: reviewer
description: Reviews changes and reports findings.
tools: [run_shell_command]
---
Review the change and report findings.
`)
	install(t, "gemini", project, home, bin)
	c := newConversation(
		[]step{
			{"run_shell_command", map[string]any{"command": "rm -rf .", "description": "Clean the project"}},
			{"run_shell_command", map[string]any{"command": "echo governed-ok", "description": "Say it worked"}},
			{"invoke_agent", map[string]any{"agent_name": "reviewer", "prompt": subagentMarker + ": check the change"}},
		},
		[]step{
			{"run_shell_command", map[string]any{"command": "echo from-subagent"}},
			{"complete_task", map[string]any{"result": "reviewed"}},
		},
	)
	url := serve(t, geminiFake(c))
	out := runGemini(t, gemini, project, home, bin, url)
	t.Logf("gemini: %.2000s", out)
	c.checkGoverned(t, project)
}

// geminiHome writes Gemini CLI's user settings: the API key's auth, and
// usage statistics, telemetry and update checks off.
func geminiHome(t *testing.T, home string) {
	t.Helper()
	writeFile(t, filepath.Join(home, ".gemini", "settings.json"), `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "general": {"disableAutoUpdate": true, "disableUpdateNag": true}
}
`)
}

// runGemini runs Gemini CLI headless in yolo mode against the fake
// Gemini API at url.
func runGemini(t *testing.T, gemini, project, home, bin, url string) string {
	t.Helper()
	env := append(baseEnv(home, bin), "GEMINI_API_KEY=fake", "GOOGLE_GEMINI_BASE_URL="+url,
		"GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_NO_RELAUNCH=true")
	return runCLI(t, project, env, "node", gemini, "-p", "run the thing", "--approval-mode", "yolo",
		"--output-format", "json", "-m", "gemini-2.5-flash")
}
