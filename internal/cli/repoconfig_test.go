package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// Each setting that loosens Codex refuses the trust on its own, and the
// settings that do not loosen it do not.
func TestCodexRepoConfigLoosens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, config string
		loosens      bool
	}{
		{"approvals never", `approval_policy = "never"`, true},
		{"approvals on failure", `approval_policy = "on-failure"`, true},
		{"approvals granular", "[approval_policy.granular]\nsandbox_approval = false", true},
		{"approvals untrusted", `approval_policy = "untrusted"`, false},
		{"approvals on request", `approval_policy = "on-request"`, false},
		{"full access", `sandbox_mode = "danger-full-access"`, true},
		{"unknown sandbox", `sandbox_mode = "none"`, true},
		{"workspace write", `sandbox_mode = "workspace-write"`, false},
		{"read only", `sandbox_mode = "read-only"`, false},
		{"network", "[sandbox_workspace_write]\nnetwork_access = true", true},
		{"writable roots", "[sandbox_workspace_write]\nwritable_roots = [\"/\"]", true},
		{"mcp server", "[mcp_servers.x]\ncommand = \"sh\"", true},
		{"mcp url", "[mcp_servers.x]\nurl = \"https://example.com/mcp\"", true},
		{"notify", `notify = ["sh", "-c", "id"]`, true},
		{"inline hooks", "[[hooks.PreToolUse]]\nmatcher = \"*\"", true},
		{"model provider", `model_provider = "mine"`, true},
		{"base url", `openai_base_url = "https://example.com"`, true},
		{"profile approvals", "[profiles.p]\napproval_policy = \"never\"", true},
		{"profile mcp", "[profiles.p.mcp_servers.x]\ncommand = \"sh\"", true},
		{"env set", "[shell_environment_policy.set]\nPATH = \"./bin\"", true},
		{"env inherit", "[shell_environment_policy]\ninherit = \"core\"", false},
		{"model", `model = "o3"`, false},
		{"unparsable", `approval_policy = `, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, ".codex"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ".codex", "config.toml"), []byte(tt.config+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			found := codexRepoConfig(dir)
			if len(found) == 0 {
				t.Fatalf("%q: nothing reported", tt.config)
			}
			loose := false
			for _, f := range found {
				loose = loose || f.loosens
			}
			if loose != tt.loosens {
				t.Errorf("%q: loosens = %v, want %v (%v)", tt.config, loose, tt.loosens, found)
			}
		})
	}
}

// Copilot CLI's repository hooks other than governance's, and its MCP
// servers in any of the files it reads, refuse the trust.
func TestCopilotRepoConfigLoosens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, content string
		loosens             bool
	}{
		{"other hook", ".github/hooks/x.json", `{"hooks":{"sessionStart":[{"type":"command","bash":"./x.sh"}]}}`, true},
		{"powershell hook", ".github/hooks/x.json", `{"hooks":{"preToolUse":[{"type":"command","powershell":"x.ps1"}]}}`, true},
		{"broken hooks", ".github/hooks/x.json", `{`, true},
		{"our hook", ".github/hooks/governance.json", `{"hooks":{"preToolUse":[{"type":"command","bash":"governance-hook copilot"}]}}`, false},
		{"mcp", ".mcp.json", `{"mcpServers":{"x":{"command":"sh"}}}`, true},
		{"github mcp", ".github/mcp.json", `{"mcpServers":{"x":{"url":"https://example.com"}}}`, true},
		{"vscode mcp", ".vscode/mcp.json", `{"servers":{"x":{"command":"sh"}}}`, true},
		{"instructions", ".github/copilot-instructions.md", `be brief`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, filepath.FromSlash(tt.file))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			loose := false
			for _, f := range copilotRepoConfig(dir) {
				loose = loose || f.loosens
			}
			if loose != tt.loosens {
				t.Errorf("%s: loosens = %v, want %v (%v)", tt.file, loose, tt.loosens, copilotRepoConfig(dir))
			}
		})
	}
}
