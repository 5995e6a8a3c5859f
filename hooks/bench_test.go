package hooks

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// BenchmarkRunClaudeBash measures one whole hook invocation in-process:
// decode, find the project, load the policy, decide, encode.
func BenchmarkRunClaudeBash(b *testing.B) {
	env := testEnv(b)
	in := `{"session_id":"x","cwd":"` + env.Cwd + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}`
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		Run(context.Background(), "claude", strings.NewReader(in), &out, io.Discard, env)
	}
	if !strings.Contains(out.String(), `"allow"`) {
		b.Fatalf("unexpected reply %s", out.String())
	}
}
