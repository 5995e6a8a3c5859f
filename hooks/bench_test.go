package hooks

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkRunClaudeBash measures one whole hook invocation in-process:
// decode, find the project, load the policy, decide, encode.
func BenchmarkRunClaudeBash(b *testing.B) {
	dir := b.TempDir()
	project := filepath.Join(dir, "project")
	os.MkdirAll(filepath.Join(project, ".git"), 0o755)
	vars := map[string]string{"HOME": filepath.Join(dir, "home")}
	env := Env{Getenv: func(k string) string { return vars[k] }, Now: time.Now, Cwd: project}
	in := `{"session_id":"x","cwd":"` + project + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}`
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		Run(context.Background(), "claude", strings.NewReader(in), &out, io.Discard, env)
	}
	if !strings.Contains(out.String(), `"allow"`) {
		b.Fatalf("unexpected reply %s", out.String())
	}
}
