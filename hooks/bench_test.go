package hooks

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

func BenchmarkRunClaudeBash(b *testing.B) {
	in := `{"session_id":"x","cwd":"/work/main","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}`
	env := OSEnv()
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		Run(context.Background(), "claude", strings.NewReader(in), &out, io.Discard, env)
	}
}
