package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Claude Code (the native binary), offline against the fake Anthropic
// API, with the MCP proxy as its MCP server in front of the reference
// file server: a write the policy denies does not happen, and the model
// reads the reason and the suggestion in the tool result, though Claude
// Code passes on only an error's message.
func TestClaudeCodeThroughMCPProxy(t *testing.T) {
	t.Parallel()
	claude := needTool(t, "claude/node_modules/@anthropic-ai/claude-code-linux-x64/claude")
	pp := newProxyProject(t, "")
	bin := binaries(t)
	outside := filepath.Join(filepath.Dir(pp.sandbox), "outside-"+filepath.Base(pp.sandbox)+".txt")
	inside := filepath.Join(pp.sandbox, "inside.txt")
	env := append(baseEnv(pp.home, bin), "ANTHROPIC_API_KEY=sk-ant-fake", "MCP_TIMEOUT=60000",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1", "DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1", "DISABLE_BUG_COMMAND=1", "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1")
	mcpConfig, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"gov": map[string]any{"type": "stdio", "command": filepath.Join(bin, "governance"), "args": []string{"mcp-proxy"}},
	}})
	configFile := filepath.Join(pp.home, "mcp.json")
	writeFile(t, configFile, string(mcpConfig))

	c := newConversation([]step{
		{"mcp__gov__files_write_file", map[string]any{"path": outside, "content": "x"}},
		{"mcp__gov__files_write_file", map[string]any{"path": inside, "content": "governed-ok"}},
	}, nil)
	url := serve(t, anthropicFake(c))
	out := runCLI(t, pp.dir, append(env, "ANTHROPIC_BASE_URL="+url), claude, "-p", "write the files",
		"--output-format", "json", "--model", "claude-sonnet-4-5", "--mcp-config", configFile, "--strict-mcp-config",
		"--allowedTools", "mcp__gov__files_write_file")
	t.Logf("claude: %s", out)

	denied := c.result(t, "main", 0)
	for _, want := range []string{"policy_denied_continue", "Files are written only in the sandbox.", "Suggestion: Write under " + pp.sandbox} {
		if !strings.Contains(denied.text, want) {
			t.Errorf("the model did not get %q; the tool result was %+v", want, denied)
		}
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("the denied write happened")
	}
	if data, err := os.ReadFile(inside); err != nil || string(data) != "governed-ok" {
		t.Errorf("the allowed write did not happen: %q %v; the tool result was %+v", data, err, c.result(t, "main", 1))
	}
}
