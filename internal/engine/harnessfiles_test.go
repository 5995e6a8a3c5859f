package engine_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// The harnesses' files that carry hooks, commands or servers the harness
// runs later (skills, slash commands, plugins, extensions, MCP server
// lists, the harnesses' own permission rules) are protected as their
// settings are; and every protected file of a project is protected in
// every project, not only the current one.
func TestHarnessFilesEverywhere(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		path, rule string
	}{
		{".claude/skills/pwn/SKILL.md", "hook-settings"},
		{"~/.claude/skills/pwn/SKILL.md", "hook-settings"},
		{".claude/commands/deploy.md", "hook-settings"},
		{"~/.claude/commands/x.md", "hook-settings"},
		{"~/.claude/plugins/cache/m/p/hooks/hooks.json", "hook-settings"},
		{"~/.gemini/extensions/x/gemini-extension.json", "hook-settings"},
		{".gemini/commands/x.toml", "hook-settings"},
		{"~/.gemini/policies/x.toml", "hook-settings"},
		{".opencode/command/x.md", "hook-settings"},
		{"~/.config/opencode/commands/x.md", "hook-settings"},
		{"~/.codex/rules/default.rules", "hook-settings"},
		{".cursor/mcp.json", "hook-settings"},
		{"~/.cursor/mcp.json", "hook-settings"},
		{"~/.cursor/cli-config.json", "hook-settings"},
		{"~/.copilot/mcp-config.json", "hook-settings"},
		{".github/agents/x.agent.md", "hook-settings"},
		{"~/.opencode.json", "hook-settings"},
		// Code a harness loads at its start.
		{".opencode/tool/x.ts", "hook-settings"},
		{".opencode/tools/sub/x.js", "hook-settings"},
		{"~/.config/opencode/tool/x.ts", "hook-settings"},
		{"~/.config/opencode/tools/x.ts", "hook-settings"},
		{".opencode/package.json", "hook-settings"},
		{"~/.config/opencode/package.json", "hook-settings"},
		{".cursor/worktrees.json", "hook-settings"},
		{"~/.gemini/trustedFolders.json", "hook-settings"},
		{"/srv/other/.opencode/tool/x.ts", "hook-settings"},
		// Other agents' and editors' servers and commands, started or run
		// as the project is opened or a file saved.
		{".kiro/settings/mcp.json", "hook-settings"},
		{"~/.kiro/settings/mcp.json", "hook-settings"},
		{".kiro/hooks/lint.kiro.hook", "hook-settings"},
		{".kiro/hooks/x.json", "hook-settings"},
		{".roo/mcp.json", "hook-settings"},
		{".amazonq/mcp.json", "hook-settings"},
		{".amazonq/default.json", "hook-settings"},
		{".continue/mcpServers/x.yaml", "hook-settings"},
		{".continue/mcpServers/x.json", "hook-settings"},
		{".idea/mcp.json", "hook-settings"},
		{".junie/mcp/mcp.json", "hook-settings"},
		{".aider.conf.yml", "hook-settings"},
		{"~/.aider.conf.yml", "hook-settings"},
		{"web/.aider.conf.yml", "hook-settings"},
		{"/srv/other/.roo/mcp.json", "hook-settings"},
		{".Kiro/Settings/MCP.json", "hook-settings"},
		{".windsurf/hooks.json", "hook-settings"},
		{"~/.codeium/windsurf/hooks.json", "hook-settings"},
		{"~/.codeium/windsurf/mcp_config.json", "hook-settings"},
		{"/srv/other/.windsurf/hooks.json", "hook-settings"},
		{".clinerules/hooks/PreToolUse", "hook-settings"},
		{"~/Documents/Cline/Hooks/TaskStart", "hook-settings"},
		{".kilocode/mcp.json", "hook-settings"},
		{"kilo.jsonc", "hook-settings"},
		{".kilo/kilo.json", "hook-settings"},
		{"~/.config/kilo/kilo.jsonc", "hook-settings"},
		// Another project's, by absolute path, and an outer project's
		// from a nested one.
		{"/srv/other/.claude/settings.json", "hook-settings"},
		{"/srv/other/.codex/config.toml", "hook-settings"},
		{"/srv/other/.gemini/settings.json", "hook-settings"},
		{"/srv/other/.github/hooks/x.json", "hook-settings"},
		{"/srv/other/.cursor/mcp.json", "hook-settings"},
		{"/srv/other/.claude/skills/x/SKILL.md", "hook-settings"},
		{"~/src/other/.claude/settings.local.json", "hook-settings"},
		{"/srv/other/.claude/agents/x.md", "agent-files"},
		{"/srv/other/.opencode/agents/x.md", "agent-files"},
		{"/srv/other/.governance/config.yaml", "self-protection"},
		{"~/src/other/.governance/rules/x.yaml", "self-protection"},
		{"../.governance/config.yaml", "self-protection"},
		{"sub/.claude/settings.json", "hook-settings"},
		{"/srv/other/.Claude/Settings.json", "hook-settings"},
	} {
		for _, kind := range []engine.Kind{engine.KindWrite, engine.KindEdit} {
			d := decide(t, p, fileReq(kind, tc.path))
			if d.Outcome != engine.Deny || d.Rule != tc.rule {
				t.Errorf("%s %s: got %s by %s (%s), want deny by %s", kind, tc.path, d.Outcome, d.Rule, d.Message, tc.rule)
			}
		}
	}
	// Not over-blocking: reading them, and files that only resemble them.
	for _, path := range []string{".claude/skills/x/SKILL.md", "/srv/other/.claude/settings.json", "~/.claude/commands/x.md",
		"/srv/other/.governance/config.yaml"} {
		if d := decide(t, p, fileReq(engine.KindRead, path)); d.Outcome.Blocks() {
			t.Errorf("read %s: got %s by %s, want it not blocked", path, d.Outcome, d.Rule)
		}
	}
	for _, path := range []string{"docs/claude/skills.md", "src/commands/x.go", "skills/x/SKILL.md", "governance/config.yaml",
		"~/src/other/main.go", "docs/.github-agents.md", "src/tools/x.ts", "package.json", "tools/opencode/x.ts",
		".kiro/steering/product.md", ".roo/rules/x.md", "docs/aider.conf.yml.md", ".windsurf/rules/x.md",
		".clinerules/style.md", "docs/kilo.json.md"} {
		if d := decide(t, p, fileReq(engine.KindWrite, path)); d.Outcome.Blocks() {
			t.Errorf("write %s: got %s by %s (%s), want it not blocked", path, d.Outcome, d.Rule, d.Message)
		}
	}
}

// A patch is judged by every file Codex would change: a header after
// whitespace names a file as it does at the start of a line, and a line
// of no kind the format has is asked about, not skipped.
func TestPatchHeadersAsCodexReadsThem(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		patch string
		want  engine.Outcome
		rule  string
	}{
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n\t*** Update File: .governance/config.yaml\n@@\n-mode: enforce\n+mode: log-only\n*** End Patch",
			engine.Deny, "self-protection"},
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n   *** Add File: .codex/config.toml\n+[mcp_servers.x]\n*** End Patch", engine.Deny, "hook-settings"},
		{"*** Begin Patch\n*** Add File: notes.txt\n+hi\n*** ADD FILE: .codex/config.toml\n+x\n*** End Patch", engine.Ask, "patch-unparsed"},
	} {
		req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
			Tool: engine.ToolCall("apply_patch", map[string]any{"input": tc.patch})}
		d := decide(t, p, req)
		if d.Outcome != tc.want || d.Rule != tc.rule {
			t.Errorf("%q: got %s by %s (%s), want %s by %s", tc.patch, d.Outcome, d.Rule, d.Message, tc.want, tc.rule)
		}
	}
	// Not over-asking: a plain patch of the project's files.
	req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home, Tool: engine.ToolCall("apply_patch",
		map[string]any{"input": "*** Begin Patch\n*** Update File: src/a.go\n@@ func f\n-a\n+b\n*** End Patch"})}
	if d := decide(t, p, req); d.Outcome.Blocks() || d.Outcome == engine.Ask {
		t.Errorf("plain patch: got %s by %s (%s)", d.Outcome, d.Rule, d.Message)
	}
}

// Deleting or moving the folder a protected pattern names the contents
// of (.github/hooks/*.json, .opencode/plugins/*) takes those files with
// it: the folder is protected as a folder holding them is.
func TestFolderOfProtectedContents(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	rel := strings.TrimPrefix(root, "/")
	e := engine.NewEngine(p)
	e.FS = mapFS{fstest.MapFS{
		rel + "/.github/hooks/a.json":     {Data: []byte("{}")},
		rel + "/.opencode/plugins/x.ts":   {Data: []byte("x")},
		rel + "/src/main.go":              {Data: []byte("package main")},
		rel + "/.github/workflows/ci.yml": {Data: []byte("on: push")},
	}}
	for _, cmd := range []string{"rm -rf .github/hooks", "mv .github/hooks /tmp/y", "rm -r .opencode/plugins",
		"mv .opencode/plugins old", "rm -rf ./.github/hooks/"} {
		if d := e.Decide(context.Background(), shellReq(cmd)); d.Outcome != engine.Deny {
			t.Errorf("%s: got %s by %s (%s), want deny", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
	for _, cmd := range []string{"ls .github/hooks", "cat .github/hooks/a.json", "rm -rf src", "rm .github/workflows/ci.yml"} {
		if d := e.Decide(context.Background(), shellReq(cmd)); d.Outcome == engine.Deny && d.Layer == engine.LayerInvariant {
			t.Errorf("%s: got %s by %s (%s), want it not denied by self-protection", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
}
