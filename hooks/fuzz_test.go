package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/agentgov/governance/internal/corpus"
	"github.com/agentgov/governance/internal/engine"
)

// claudeReply is Claude Code's hook output: every field it may carry.
type claudeReply struct {
	Continue           *bool  `json:"continue"`
	StopReason         string `json:"stopReason"`
	SystemMessage      string `json:"systemMessage"`
	HookSpecificOutput *struct {
		HookEventName            string `json:"hookEventName"`
		PermissionDecision       string `json:"permissionDecision"`
		PermissionDecisionReason string `json:"permissionDecisionReason"`
		AdditionalContext        string `json:"additionalContext"`
	} `json:"hookSpecificOutput"`
}

// decision returns the reply's permission decision, "" when it has none.
func (r *claudeReply) decision() string {
	if r.HookSpecificOutput == nil {
		return ""
	}
	return r.HookSpecificOutput.PermissionDecision
}

// parseReply checks that out is exactly one JSON object in Claude's hook
// output format and returns it.
func parseReply(t *testing.T, out []byte) *claudeReply {
	t.Helper()
	if !utf8.Valid(out) || !json.Valid(out) || !bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) {
		t.Fatalf("the reply is not one JSON object in UTF-8: %q", out)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	var r claudeReply
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("the reply is not in Claude's hook output format (%v): %s", err, out)
	}
	if r.Continue != nil && !*r.Continue && r.StopReason == "" {
		t.Errorf("the reply stops the agent without a reason: %s", out)
	}
	if h := r.HookSpecificOutput; h != nil {
		if h.HookEventName != EventPreToolUse {
			t.Errorf("hookEventName %q, want %s: %s", h.HookEventName, EventPreToolUse, out)
		}
		switch h.PermissionDecision {
		case "allow":
		case "deny", "ask":
			if h.PermissionDecisionReason == "" {
				t.Errorf("%s without a reason: %s", h.PermissionDecision, out)
			}
		case "":
			if h.AdditionalContext == "" {
				t.Errorf("hookSpecificOutput says nothing: %s", out)
			}
		default:
			t.Errorf("unknown permissionDecision %q: %s", h.PermissionDecision, out)
		}
	}
	return &r
}

// testEnv is an environment with a project folder and a home of its own,
// so that no configuration of the machine running the tests is read.
func testEnv(tb testing.TB) Env {
	tb.Helper()
	dir := tb.TempDir()
	project := filepath.Join(dir, "project")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		tb.Fatal(err)
	}
	vars := map[string]string{
		"HOME":            filepath.Join(dir, "home"),
		"XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_STATE_HOME":  filepath.Join(dir, "state"),
	}
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	return Env{Getenv: func(k string) string { return vars[k] }, Now: func() time.Time { return now }, Cwd: project}
}

// bashEvent is a PreToolUse event of Claude's Bash tool.
func bashEvent(cwd, cmd string) []byte {
	b, err := json.Marshal(map[string]any{"session_id": "s", "cwd": cwd, "hook_event_name": "PreToolUse",
		"tool_name": "Bash", "tool_input": map[string]any{"command": cmd, "description": "fuzz"}})
	if err != nil {
		panic(err)
	}
	return b
}

// canonicalEvents are the names Decode may give an event.
var canonicalEvents = []string{EventPreToolUse, EventPostToolUse, EventPostToolUseFailure, EventUserPromptSubmit,
	EventSessionStart, EventSessionEnd, EventStop, EventSubagentStart, EventSubagentStop, EventPreCompact, EventOther}

// FuzzClaudeDecode decodes arbitrary bytes as a Claude hook event: no
// panic, a consistent event or an error, and a well-formed reply for
// every decision the event could get.
//
//	go test -run '^$' -fuzz '^FuzzClaudeDecode$' -fuzztime 60s ./hooks/
func FuzzClaudeDecode(f *testing.F) {
	for _, c := range corpus.Commands(f) {
		f.Add(bashEvent("/p", c))
	}
	env := testEnv(f)
	d := Dialects["claude"]
	f.Fuzz(func(t *testing.T, data []byte) {
		if r := parseReply(t, d.Fail(string(data))); r.decision() != "deny" {
			t.Errorf("Fail gives %q, want deny", r.decision())
		}
		ev, err := d.Decode(data, env)
		if err != nil {
			if ev != nil {
				t.Errorf("Decode returned an event with the error %v", err)
			}
			return
		}
		if ev == nil {
			t.Fatal("Decode returned neither an event nor an error")
		}
		if !slices.Contains(canonicalEvents, ev.Name) || ev.Request.Event != ev.Name || ev.Request.Harness != "claude" {
			t.Errorf("event %q (raw %q), request event %q, harness %q", ev.Name, ev.Raw, ev.Request.Event, ev.Request.Harness)
		}
		if ev.Name != EventPreToolUse {
			if out := d.Encode(ev, &Reply{Decision: &engine.Decision{Outcome: engine.Deny, Message: "m"}}); string(out) != "{}\n" {
				t.Errorf("a %s event gets %q, want {}", ev.Name, out)
			}
			return
		}
		if ev.Request.Tool.Name == "" || !slices.Contains(engine.Kinds, ev.Request.Tool.Kind) {
			t.Errorf("PreToolUse of tool %q, kind %q", ev.Request.Tool.Name, ev.Request.Tool.Kind)
		}
		want := map[engine.Outcome]string{engine.Allow: "allow", engine.Warn: "allow",
			engine.Defer: "", engine.NoOpinion: "", engine.Ask: "ask", engine.Deny: "deny", engine.Abort: "deny"}
		for o, w := range want {
			// The text of the event goes into the decision, as a
			// command or a path would.
			dec := &engine.Decision{Outcome: o, Layer: "l", Rule: "r", Subject: string(data),
				Message: string(data), Suggestion: "s", Warnings: []string{string(data)}}
			r := parseReply(t, d.Encode(ev, &Reply{Decision: dec}))
			if r.decision() != w {
				t.Errorf("%s encodes as %q, want %q", o, r.decision(), w)
			}
			if o == engine.Abort && (r.Continue == nil || *r.Continue) {
				t.Errorf("abort does not stop the agent")
			}
		}
	})
}

// FuzzRun feeds arbitrary bytes to the whole hook as its standard input:
// no panic, exit code 0, exactly one reply in Claude's format, and no
// allow for input that is not a tool call.
//
//	go test -run '^$' -fuzz '^FuzzRun$' -fuzztime 60s ./hooks/
func FuzzRun(f *testing.F) {
	env := testEnv(f)
	for _, c := range corpus.Commands(f) {
		f.Add(bashEvent(env.Cwd, c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var stdout, stderr bytes.Buffer
		if code := Run(context.Background(), "claude", bytes.NewReader(data), &stdout, &stderr, env); code != 0 {
			t.Errorf("exit code %d, want 0", code)
		}
		r := parseReply(t, stdout.Bytes())
		if strings.Contains(stderr.String(), "internal error") {
			t.Errorf("the hook failed: %s", stderr.String())
		}
		ev, err := Dialects["claude"].Decode(data, env)
		switch {
		case err != nil:
			if r.decision() != "deny" {
				t.Errorf("input that does not decode (%v) gets %q, want deny", err, r.decision())
			}
			if !strings.HasPrefix(stderr.String(), "governance: error: ") {
				t.Errorf("input that does not decode leaves no diagnostic: %q", stderr.String())
			}
		case ev.Name != EventPreToolUse:
			if stdout.String() != "{}\n" {
				t.Errorf("a %s event gets %s, want {}", ev.Raw, stdout.String())
			}
		case r.decision() == "allow" && ev.Request.Tool.Kind == engine.KindShell && strings.TrimSpace(ev.Request.Tool.Input.Command) == "":
			t.Errorf("an empty command is allowed")
		}
	})
}
