package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// TestNestedRepositoryKeepsTheProjectsRules: a repository made inside a
// governed project (`git init sub`, which a confined call can run) does
// not shed the project's rules nor its protected files, for the
// harnesses that find the project from the call's folder (Codex,
// Copilot CLI) and every other dialect; a .governance folder planted in
// it adds rules, never takes the outer ones away.
func TestNestedRepositoryKeepsTheProjectsRules(t *testing.T) {
	t.Parallel()
	env := testEnv(t)
	outer := env.Cwd
	sub := filepath.Join(outer, "sub")
	for path, data := range map[string]string{
		".governance/rules/deploy.yaml": "version: 1\nrules:\n  - id: no-deploy\n    match:\n      program: make\n      args: [deploy]\n    decision: deny\n    message: Deploys are a person's job.\n    suggestion: Ask the user to deploy.\n",
		".claude/settings.json":         "{}\n",
		"sub/.git/HEAD":                 "ref: refs/heads/main\n",
		// Planted by the agent: it may not loosen the outer project.
		"sub/.governance/rules/mine.yaml": "version: 1\nrules:\n  - id: deploy-ok\n    match:\n      program: make\n      args: [deploy]\n    decision: allow\n    message: fine\n",
	} {
		file := filepath.Join(outer, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env.Cwd = sub
	env.Confiner = func() (string, error) { return "/opt/governance/bin/governance-confine", nil }
	o := Options{Load: func(p layout.Paths) *engine.Policy {
		l, _ := config.Load(p)
		l.Policy.Settings.ApprovalWaitSeconds = 0
		return l.Policy
	}}
	for _, tc := range []struct{ cmd, want string }{
		{"make deploy", "Deploys are a person's job."},
		{"echo '{}' > ../.claude/settings.json", "may only be changed by a human"},
		{"rm -r ../.governance", "may only be changed by a human"},
	} {
		for dialect := range Dialects {
			data, _ := json.Marshal(confinedPayloads(sub, tc.cmd)[dialect].payload)
			out := Respond(context.Background(), dialect, data, env, &bytes.Buffer{}, o)
			if !strings.Contains(string(out), "deny") || !strings.Contains(string(out), tc.want) {
				t.Errorf("%s in %s: the reply is not a deny saying %q: %s", dialect, tc.cmd, tc.want, out)
			}
		}
	}
	// Not over-blocking: reading the outer project and building in the
	// inner one stay as they are.
	for _, cmd := range []string{"cat ../Makefile ../.claude/settings.json", "git status"} {
		data, _ := json.Marshal(confinedPayloads(sub, cmd)["codex"].payload)
		if out := Respond(context.Background(), "codex", data, env, &bytes.Buffer{}, o); strings.Contains(string(out), "deny") {
			t.Errorf("%s is denied: %s", cmd, out)
		}
	}
}

// TestNestedRepositoryKeepsTheProjectsMainAgent: a Write in a repository
// inside a governed project whose main agent is a reviewer (no edits, no
// web) is denied as at the project's root, in the harnesses that find the
// project from the call's folder: the nested repository has no
// config.yaml of its own, so the project's applies whole. It was a defer:
// only default, audit and confine carried past the nested .git.
func TestNestedRepositoryKeepsTheProjectsMainAgent(t *testing.T) {
	t.Parallel()
	env := testEnv(t)
	outer := env.Cwd
	sub := filepath.Join(outer, "sub")
	for path, data := range map[string]string{
		".governance/config.yaml":        "version: 1\nmain_agent: reviewer\nsafe_set: false\nmissing_agent: deny\n",
		".governance/agents/reviewer.md": "---\ndescription: Reviews changes; never edits files.\npermission:\n  read: allow\n  web: deny\n---\nReview.\n",
		"sub/.git/HEAD":                  "ref: refs/heads/main\n",
	} {
		file := filepath.Join(outer, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o := Options{Load: func(p layout.Paths) *engine.Policy {
		l, _ := config.Load(p)
		l.Policy.Settings.ApprovalWaitSeconds = 0
		return l.Policy
	}}
	for _, tc := range []struct {
		dialect, tool string
		payload       map[string]any
	}{
		{"codex", "apply_patch", map[string]any{"session_id": "s", "cwd": sub, "hook_event_name": "PreToolUse", "permission_mode": "bypassPermissions",
			"tool_name": "apply_patch", "tool_input": map[string]any{"command": "*** Begin Patch\n*** Add File: x.txt\n+x\n*** End Patch\n"}}},
		{"copilot", "create", map[string]any{"sessionId": "s", "cwd": sub, "toolName": "create",
			"toolArgs": `{"path":` + jsonString(filepath.Join(sub, "x.txt")) + `,"file_text":"x"}`}},
		{"copilot", "web_fetch", map[string]any{"sessionId": "s", "cwd": sub, "toolName": "web_fetch", "toolArgs": `{"url":"https://example.com"}`}},
	} {
		for _, cwd := range []string{outer, sub} {
			tc.payload["cwd"] = cwd
			data, _ := json.Marshal(tc.payload)
			out := string(Respond(context.Background(), tc.dialect, data, env, &bytes.Buffer{}, o))
			if !strings.Contains(out, "deny") || !strings.Contains(out, "reviewer") {
				t.Errorf("%s %s in %s: the reply is not the reviewer's deny: %s", tc.dialect, tc.tool, cwd, out)
			}
		}
	}
}
