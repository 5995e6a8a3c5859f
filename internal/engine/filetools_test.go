package engine_test

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// TestFileToolsOfEveryHarness: a tool that reads or searches files, by
// whichever harness's name (Codex's grep_files, list_dir and view_image,
// OpenCode's lsp, Cursor's semantic search and ReadLints, Gemini's and
// Copilot's), is judged as Read and Grep are: a search of a folder that
// holds a secret is asked as Grep's is, a secret read is denied; not
// passed through as a tool nobody decides.
func TestFileToolsOfEveryHarness(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	fsys := mapFS{fstest.MapFS{"project/.env": {Data: []byte("K=1\n")}, "project/src/a.go": {Data: []byte("package a\n")}}}
	decideIn := func(name string, in map[string]any) *engine.Decision {
		e := engine.NewEngine(p)
		e.FS = fsys
		return e.Decide(context.Background(), &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
			Tool: engine.ToolCall(name, in)})
	}
	for _, tc := range []struct {
		name string
		in   map[string]any
		want engine.Outcome
	}{
		// Searches of the project, which holds .env: asked, as Grep is.
		{"Grep", map[string]any{"pattern": "K", "path": "."}, engine.Ask},
		{"grep_files", map[string]any{"pattern": "K", "path": "."}, engine.Ask},
		{"grep_files", map[string]any{"pattern": "K", "include": "*.env"}, engine.Ask},
		{"GREP_FILES", map[string]any{"pattern": "K"}, engine.Ask},
		{"codebase_search", map[string]any{"query": "api key"}, engine.Ask},
		{"codebase_search", map[string]any{"query": "api key", "target_directories": []any{"src", "."}}, engine.Ask},
		{"SemanticSearch", map[string]any{"query": "api key"}, engine.Ask},
		{"grep_search", map[string]any{"pattern": "K", "dir_path": "."}, engine.Ask},
		// Reads of secrets: denied, as Read's are.
		{"grep_files", map[string]any{"pattern": "K", "path": ".env"}, engine.Deny},
		{"list_dir", map[string]any{"dir_path": home + "/.ssh"}, engine.Deny},
		{"view_image", map[string]any{"path": home + "/.ssh/id_rsa"}, engine.Deny},
		{"lsp", map[string]any{"operation": "documentSymbol", "filePath": ".env"}, engine.Deny},
		{"ReadLints", map[string]any{"paths": []any{".env"}}, engine.Deny},
	} {
		d := decideIn(tc.name, tc.in)
		if d.Outcome != tc.want {
			t.Errorf("%s %v: got %s by %s/%s, want %s", tc.name, tc.in, d.Outcome, d.Layer, d.Rule, tc.want)
		}
	}
	// Not over-asking: a search of a folder with no secret, a listing,
	// a search of the names alone.
	for _, tc := range []struct {
		name string
		in   map[string]any
	}{
		{"grep_files", map[string]any{"pattern": "K", "path": "src"}},
		{"codebase_search", map[string]any{"query": "parser", "target_directories": []any{"src"}}},
		{"list_dir", map[string]any{"dir_path": "."}},
		{"file_search", map[string]any{"query": "a.go"}},
		{"lsp", map[string]any{"operation": "hover", "filePath": "src/a.go", "line": 1, "character": 1}},
	} {
		if d := decideIn(tc.name, tc.in); d.Outcome != engine.Allow {
			t.Errorf("%s %v: got %s by %s/%s, want allow", tc.name, tc.in, d.Outcome, d.Layer, d.Rule)
		}
	}
}
