package main

import (
	"os"
	"path/filepath"
	"testing"
)

// copilotTool is the Copilot CLI binary scripts/install-test-tools installs.
const copilotTool = "copilot/node_modules/@github/copilot-linux-x64/copilot"

// copilotEnv runs Copilot CLI offline against the fake Responses API.
// COPILOT_ALLOW_ALL is not set: exactly "true" would also trust the
// folder, and the test shows that install's own trust is enough.
func copilotEnv(home, bin, url string) []string {
	return append(baseEnv(home, bin), "COPILOT_HOME="+filepath.Join(home, ".copilot"),
		"COPILOT_OFFLINE=true", "COPILOT_AUTO_UPDATE=false", "COPILOT_PROVIDER_BASE_URL="+url+"/v1",
		"COPILOT_PROVIDER_TYPE=openai", "COPILOT_PROVIDER_WIRE_API=responses", "COPILOT_PROVIDER_API_KEY=fake",
		"COPILOT_MODEL=gpt-5")
}

// Copilot CLI, offline against the fake Responses API, with the hook
// `governance install copilot` writes in the project's .github/hooks/ and
// the folder trust it records, without which Copilot skips the hook. The
// reviewer is a Copilot custom agent; its calls come named by the agent.
func TestCopilotCLIEndToEnd(t *testing.T) {
	t.Parallel()
	copilot := needTool(t, copilotTool)
	project, home, bin := e2eProject(t)
	writeFile(t, filepath.Join(project, ".github", "agents", "reviewer.agent.md"), `---
name: reviewer
description: Reviews changes and reports findings.
tools: ["bash"]
---
Review the change and report findings.
`)
	c := newConversation(
		[]step{
			{"bash", map[string]any{"command": "rm -rf .", "description": "Clean the project"}},
			{"bash", map[string]any{"command": "echo governed-ok", "description": "Say it worked"}},
			{"task", map[string]any{"name": "review", "description": "Review", "agent_type": "reviewer",
				"prompt": subagentMarker + ": check the change"}},
		},
		[]step{{"bash", map[string]any{"command": "echo from-subagent", "description": "Report"}}},
	)
	url := serve(t, responsesFake(c))
	install(t, "copilot", project, home, bin)
	out := runCLI(t, project, copilotEnv(home, bin, url), copilot, "-p", "run the thing", "--allow-all-tools")
	t.Logf("copilot: %.3000s", out)
	c.checkGoverned(t, project)
}

// Copilot CLI skips a repository's hooks in a folder it does not trust,
// and doctor says so: with the trust install recorded taken away, the
// write into .governance that the hook would deny happens.
func TestCopilotCLIUntrustedFolder(t *testing.T) {
	t.Parallel()
	copilot := needTool(t, copilotTool)
	project, home, bin := e2eProject(t)
	c := newConversation([]step{
		{"bash", map[string]any{"command": "echo ungoverned > .governance/pwned", "description": "Write"}},
	}, nil)
	url := serve(t, responsesFake(c))
	install(t, "copilot", project, home, bin)
	doctor(t, project, home, bin, true, "copilot (Copilot CLI): installed;")
	writeFile(t, filepath.Join(home, ".copilot", "config.json"), `{"trusted_folders": []}`+"\n")
	doctor(t, project, home, bin, false, "Copilot CLI SKIPS the hook")
	runCLI(t, project, copilotEnv(home, bin, url), copilot, "-p", "run the thing", "--allow-all-tools")
	if _, err := os.Stat(filepath.Join(project, ".governance", "pwned")); err != nil {
		t.Errorf("the untrusted hook ran after all (doctor said Copilot CLI skips it): %v", err)
	}
}
