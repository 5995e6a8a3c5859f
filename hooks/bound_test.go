package hooks

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// A hook call that does not answer within its bound (a policy that never
// loads: a file system that hangs) is a deny naming what it was doing,
// given in time; the call itself goes on in the background.
func TestBoundDeniesAHangingCall(t *testing.T) {
	t.Parallel()
	hang := make(chan struct{})
	defer close(hang)
	o := Options{Load: func(layout.Paths) *engine.Policy {
		<-hang
		return &engine.Policy{Settings: engine.DefaultSettings()}
	}}
	in := `{"session_id":"s","cwd":"` + t.TempDir() + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}`
	var stderr bytes.Buffer
	done := make(chan []byte, 1)
	start := time.Now()
	go func() {
		done <- respondWithin(context.Background(), claude{}, "claude", []byte(in), Env{Getenv: func(string) string { return "" }, Now: time.Now},
			&stderr, o, 200*time.Millisecond)
	}()
	select {
	case out := <-done:
		if !strings.Contains(string(out), `"permissionDecision":"deny"`) || !strings.Contains(string(out), "reading the configuration") {
			t.Errorf("a call past its bound: %s", out)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("the deny came after %s", d)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the bound did not end the call")
	}
}

// A bound that passed and is then given more time does not fire twice.
func TestBoundSetAfterExpiry(t *testing.T) {
	t.Parallel()
	b := newBound(time.Millisecond)
	<-b.expired
	b.set("deciding the call", time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	if !strings.Contains(b.reason(), "deciding the call") {
		t.Errorf("reason: %s", b.reason())
	}
}
