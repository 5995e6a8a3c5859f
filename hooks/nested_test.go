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
