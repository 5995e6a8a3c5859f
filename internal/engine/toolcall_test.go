package engine

import (
	"slices"
	"testing"
)

func TestPatchFiles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, patch string
		want        []string
	}{
		{"apply_patch", "*** Begin Patch\n*** Update File: a.go\n@@\n-x\n+y\n*** Add File: b.go\n+z\n*** Delete File: c.go\n*** End Patch", []string{"a.go", "b.go", "c.go"}},
		{"apply_patch move", "*** Begin Patch\n*** Update File: old.go\n*** Move to: new.go\n*** End Patch", []string{"old.go", "new.go"}},
		{"header-like line inside a hunk", "*** Begin Patch\n*** Update File: tests/x.ts\n@@\n+const s = \".env\"\n--- a/.env\n+++ b/.env\n*** End Patch", []string{"tests/x.ts"}},
		{"unified diff", "diff --git a/src/a.go b/src/a.go\n--- a/src/a.go\n+++ b/src/a.go\n@@ -1,2 +1,2 @@\n-a\n+b\n c", []string{"src/a.go"}},
		{"hunk lines are not headers", "--- src/safe.txt\n+++ src/safe.txt\n@@ -1 +1 @@\n--- .env\n+++ .env", []string{"src/safe.txt"}},
		{"binary diff", "diff --git .env .env\nGIT binary patch", []string{".env"}},
		{"new file", "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+x", []string{"new.txt"}},
		// Codex trims a header line before reading it.
		{"tab before a header", "*** Begin Patch\n*** Add File: notes.txt\n+hi\n\t*** Add File: .codex/config.toml\n+x\n\t*** Update File: .governance/config.yaml\n@@\n-a\n+b\n*** End Patch",
			[]string{"notes.txt", ".codex/config.toml", ".governance/config.yaml"}},
		{"spaces before a header", "*** Begin Patch\n  *** Delete File: .mcp.json\n   *** Update File: a.go\n  *** Move to: .claude/settings.json\n*** End Patch",
			[]string{".mcp.json", "a.go", ".claude/settings.json"}},
		{"CR line ends", "*** Begin Patch\r\n*** Add File: a.txt\r\n+x\r\n*** Add File: .env\r\r\n+y\r\n*** End Patch", []string{"a.txt", ".env"}},
		// Codex's trim is Unicode's: a vertical tab or a no-break space.
		{"other whitespace before a header", "*** Begin Patch\n*** Add File: a\n+x\n\v*** Add File: b\n+y\n\u00a0*** Add File: c\n+z\n*** End Patch",
			[]string{"a", "b", "c"}},
		{"indented markers", "  *** Begin Patch\n\t*** Add File: b.txt\n+x\n *** End Patch", []string{"b.txt"}},
	}
	for _, tt := range tests {
		if got := patchFiles(tt.patch); !slices.Equal(got, tt.want) {
			t.Errorf("%s: patchFiles = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A line of a patch that is no line of its format is reported: the
// patch is not judged by the files read from the rest.
func TestPatchUnparsed(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		patch, want string
	}{
		{"*** Begin Patch\n*** Add File: a\n+x\n*** add file: .codex/config.toml\n+y\n*** End Patch", "*** add file: .codex/config.toml"},
		{"*** Begin Patch\n*** Add File: a\n+x\n***Add File: b\n*** End Patch", "***Add File: b"},
		{"*** Begin Patch\n*** Update File: a\n@@\n-x\n+y\n\t+z\n*** End Patch", "\t+z"},
		{"*** Begin Patch\n*** Add File: a\n+x\nstray\n*** End Patch", "stray"},
		// Not over-asking: every line of the format, a heredoc around it,
		// blank lines, CR line ends, indented headers.
		{"*** Begin Patch\n*** Update File: a\n*** Move to: b\n@@ def f\n-x\n+y\n ctx\n\n*** End of File\n*** Delete File: c\n*** End Patch", ""},
		{"<<'EOF'\n*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\nEOF", ""},
		{"*** Begin Patch\r\n\t*** Add File: a\r\n+x\r\n*** End Patch\r\n", ""},
		{"--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\nstray", ""},
	} {
		if got := PatchUnparsed(tt.patch); got != tt.want {
			t.Errorf("PatchUnparsed(%q) = %q, want %q", tt.patch, got, tt.want)
		}
	}
}

func TestToolCall(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		input map[string]any
		kind  Kind
		cmd   string
		paths []string
	}{
		{"Bash", map[string]any{"command": "ls", "description": "list"}, KindShell, "ls", nil},
		{"run_shell_command", map[string]any{"command": "ls -la"}, KindShell, "ls -la", nil},
		{"exec_command", map[string]any{"command": []any{"bash", "-lc", "git status"}}, KindShell, "git status", nil},
		{"Read", map[string]any{"file_path": "/p/a.go"}, KindRead, "", []string{"/p/a.go"}},
		{"read_file", map[string]any{"absolute_path": "/p/a.go"}, KindRead, "", []string{"/p/a.go"}},
		{"view", map[string]any{"path": "a.go"}, KindRead, "", []string{"a.go"}},
		{"write_file", map[string]any{"file_path": "b.go", "content": "x"}, KindWrite, "", []string{"b.go"}},
		{"replace", map[string]any{"file_path": "c.go"}, KindEdit, "", []string{"c.go"}},
		{"apply_patch", map[string]any{"command": "*** Begin Patch\n*** Add File: d.go\n+x\n*** End Patch"}, KindEdit, "", []string{"d.go"}},
		{"glob", map[string]any{"nested": []any{map[string]any{"pattern": ".env"}}}, KindRead, "", []string{".env"}},
		{"grep", map[string]any{"path": "src", "pattern": ".env"}, KindRead, "", []string{"src"}},
		{"some_tool", map[string]any{"command": "cat x", "path": "y"}, KindOther, "cat x", []string{"y"}},
	}
	for _, tt := range tests {
		got := ToolCall(tt.name, tt.input)
		if got.Kind != tt.kind || got.Input.Command != tt.cmd || !slices.Equal(got.Input.Paths, tt.paths) {
			t.Errorf("ToolCall(%s) = %s %q %q, want %s %q %q", tt.name, got.Kind, got.Input.Command, got.Input.Paths, tt.kind, tt.cmd, tt.paths)
		}
	}
	if got := ToolCall("mcp__github__create_issue", map[string]any{"title": "x"}); got.Kind != KindMCP ||
		got.Input.Server != "github" || got.Input.MCPTool != "create_issue" || string(got.Input.Arguments) != `{"title":"x"}` {
		t.Errorf("mcp: %+v", got)
	}
}
