package hooks

import (
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestDialectsMapFileTools: each harness's tools that read or search
// files arrive as reads, with the folder searched (the call's own when
// none is named), never as a tool of no kind.
func TestDialectsMapFileTools(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		dialect string
		tool    engine.Tool
		paths   []string
	}{
		{"codex", codexTool("grep_files", map[string]any{"pattern": "K", "path": "src", "include": "*.go"}, nil), []string{"src"}},
		{"codex", codexTool("grep_files", map[string]any{"pattern": "K"}, nil), []string{"."}},
		{"codex", codexTool("list_dir", map[string]any{"dir_path": "/w", "depth": 2}, nil), []string{"/w"}},
		{"codex", codexTool("read_file", map[string]any{"file_path": "/w/.env"}, nil), []string{"/w/.env"}},
		{"codex", codexTool("view_image", map[string]any{"path": "/w/a.png"}, nil), []string{"/w/a.png"}},
		{"opencode", opencodeTool("lsp", map[string]any{"operation": "hover", "filePath": "a.go"}, nil), []string{"a.go"}},
		{"gemini", geminiTool("grep_search", map[string]any{"pattern": "K", "dir_path": "src"}, nil), []string{"src"}},
		{"cursor", cursorTool("SemanticSearch", map[string]any{"query": "q", "target_directories": []any{"src"}}), []string{"src"}},
	} {
		if tc.tool.Kind != engine.KindRead || len(tc.tool.Input.Paths) != len(tc.paths) || tc.tool.Input.Paths[0] != tc.paths[0] {
			t.Errorf("%s %s: kind %s, paths %q; want a read of %q", tc.dialect, tc.tool.Name, tc.tool.Kind, tc.tool.Input.Paths, tc.paths)
		}
	}
}
