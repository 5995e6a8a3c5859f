package main

import (
	"os"
	"path/filepath"
	"testing"
)

// OpenCode, offline against the fake Anthropic API through its Anthropic
// provider, with the plugin `governance install opencode` writes in the
// project's .opencode/plugins/.
func TestOpenCodeEndToEnd(t *testing.T) {
	t.Parallel()
	opencode := needTool(t, "opencode/node_modules/opencode-linux-x64/bin/opencode")
	plugin := needTool(t, "opencode-plugin/node_modules/@opencode-ai/plugin/package.json")
	project, home, bin := e2eProject(t)
	writeFile(t, filepath.Join(project, ".opencode", "agent", "reviewer.md"), `---
description: Reviews changes and reports findings.
mode: subagent
permission:
  bash: allow
---
Review the change and report findings.
`)
	c := newConversation(
		[]step{
			{"bash", map[string]any{"command": "rm -rf .", "description": "Clean the project"}},
			{"bash", map[string]any{"command": "echo governed-ok", "description": "Say it worked"}},
			{"task", map[string]any{"description": "Review", "subagent_type": "reviewer", "prompt": subagentMarker + ": check the change"}},
		},
		[]step{{"bash", map[string]any{"command": "echo from-subagent", "description": "Report"}}},
	)
	url := serve(t, anthropicFake(c))
	out := runOpenCode(t, opencode, plugin, project, home, bin, url)
	t.Logf("opencode: %s", out)
	c.checkGoverned(t, project)
}

// runOpenCode runs OpenCode against the fake Anthropic API at url, with
// the plugin `governance install opencode` writes.
func runOpenCode(t *testing.T, opencode, plugin, project, home, bin, url string) string {
	t.Helper()
	writeFile(t, filepath.Join(project, "opencode.json"), `{
  "$schema": "https://opencode.ai/config.json",
  "provider": {"fake": {"npm": "@ai-sdk/anthropic", "options": {"baseURL": "`+url+`/v1", "apiKey": "fake"},
    "models": {"claude-fake": {"name": "Claude Fake", "tool_call": true, "limit": {"context": 200000, "output": 8192}}}}},
  "model": "fake/claude-fake",
  "small_model": "fake/claude-fake",
  "share": "disabled",
  "autoupdate": false,
  "permission": {"bash": "allow", "edit": "allow"}
}
`)
	// OpenCode installs its plugin package into each config folder at
	// start-up unless it is there: seed both with the pinned copy.
	for _, dir := range []string{filepath.Join(project, ".opencode"), filepath.Join(home, ".config", "opencode")} {
		seedOpenCodeDeps(t, dir, filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(plugin)))))
	}
	install(t, "opencode", project, home, bin)
	env := append(baseEnv(home, bin),
		// Nothing but the model server: no model list, update check,
		// sharing or default plugins.
		"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_SHARE=1",
		"OPENCODE_DISABLE_DEFAULT_PLUGINS=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1", "OPENCODE_DISABLE_CLAUDE_CODE=1")
	return runCLI(t, project, env, opencode, "run", "run the thing")
}

// seedOpenCodeDeps makes a config folder look as OpenCode leaves it after
// installing its plugin package, so that it installs nothing.
func seedOpenCodeDeps(t *testing.T, dir, nodeModules string) {
	t.Helper()
	const version = "1.18.33"
	writeFile(t, filepath.Join(dir, "package.json"), `{"dependencies": {"@opencode-ai/plugin": "`+version+`"}}`+"\n")
	writeFile(t, filepath.Join(dir, "package-lock.json"),
		`{"lockfileVersion": 3, "packages": {"": {"dependencies": {"@opencode-ai/plugin": "`+version+`"}}}}`+"\n")
	if err := os.Symlink(nodeModules, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
}
