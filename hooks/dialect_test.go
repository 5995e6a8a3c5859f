package hooks

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/dialects")

// decisions are the outcomes every dialect must encode, as the engine
// would reach them.
var decisions = []*engine.Decision{
	{Outcome: engine.Allow, Layer: "safe-set", Rule: "read-only:ls", Subject: "ls -la"},
	{Outcome: engine.Warn, Layer: "rules", Rule: "curl-insecure", Subject: "curl -k https://example.com",
		Message: "curl -k turns off certificate checks."},
	{Outcome: engine.Defer, Layer: "default", Rule: "default", Subject: "npm install left-pad"},
	{Outcome: engine.Defer, Layer: "default", Rule: "default", Subject: "make build",
		Warnings: []string{"make runs whatever the Makefile says."}},
	{Outcome: engine.Ask, Layer: "rules", Rule: "git-push", Subject: "git push origin main",
		Message: "Pushing publishes commits to the remote.", Suggestion: "Ask the user to push."},
	{Outcome: engine.Deny, Layer: "rules", Rule: "git-reset-hard", Source: "builtin:policy/git.yaml:9",
		Subject: "git reset --hard", Message: "git reset --hard throws away uncommitted changes.",
		Suggestion: "Run `git stash` first."},
	{Outcome: engine.Abort, Layer: "invariants", Rule: "rm-root-or-home", Subject: "rm -rf /",
		Message: "Deleting the root directory destroys the system.", Suggestion: "Delete only project files."},
}

// decisionName names a decision in golden files.
func decisionName(d *engine.Decision) string {
	if len(d.Warnings) > 0 {
		return d.Outcome.String() + "+warnings"
	}
	return d.Outcome.String()
}

// golden is what a dialect makes of one input: the canonical event, and
// its replies (for a PreToolUse, one per outcome; for other events, with
// and without context or a blocked prompt).
type golden struct {
	Event   map[string]any             `json:"event,omitempty"`
	Error   string                     `json:"error,omitempty"`
	Replies map[string]json.RawMessage `json:"replies,omitempty"`
}

// TestDialectGolden decodes every payload in testdata/dialects/DIALECT/
// and compares the canonical event, and what the dialect answers to each
// outcome, with the golden file beside it. Run with -update to rewrite
// the golden files after a deliberate change, and read the diff.
func TestDialectGolden(t *testing.T) {
	t.Parallel()
	testdata, err := filepath.Abs("testdata/dialects")
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range Dialects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			inputs, _ := filepath.Glob(filepath.Join(testdata, name, "*.json"))
			if len(inputs) == 0 {
				t.Fatalf("no payloads in testdata/dialects/%s", name)
			}
			for _, in := range inputs {
				if strings.HasSuffix(in, ".golden.json") {
					continue
				}
				base := strings.TrimSuffix(in, ".json")
				t.Run(filepath.Base(base), func(t *testing.T) {
					t.Parallel()
					data, err := os.ReadFile(in)
					if err != nil {
						t.Fatal(err)
					}
					data = bytes.ReplaceAll(data, []byte("$TESTDATA"), []byte(testdata))
					got := decodeGolden(t, d, data, caseEnv(t, base, testdata))
					compareGolden(t, base+".golden.json", got, testdata)
				})
			}
			t.Run("fail", func(t *testing.T) {
				t.Parallel()
				out := d.Fail("governance could not understand the hook input: unexpected end of JSON input")
				got := golden{Replies: map[string]json.RawMessage{"fail": asJSON(t, out)}}
				compareGolden(t, filepath.Join(testdata, name, "fail.golden.json"), got, testdata)
			})
		})
	}
}

// caseEnv is the environment a payload is decoded in: a home folder and
// the variables in BASE.env, one NAME=value a line.
func caseEnv(t *testing.T, base, testdata string) Env {
	vars := map[string]string{"HOME": filepath.Join(testdata, "home")}
	if data, err := os.ReadFile(base + ".env"); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				vars[k] = strings.ReplaceAll(v, "$TESTDATA", testdata)
			}
		}
	} else if !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return Env{Getenv: func(k string) string { return vars[k] }, Now: func() time.Time { return time.Unix(0, 0) }, Cwd: "/work"}
}

func decodeGolden(t *testing.T, d Dialect, data []byte, env Env) golden {
	ev, err := d.Decode(data, env)
	if err != nil {
		return golden{Error: err.Error()}
	}
	g := golden{Event: nonZero(t, ev), Replies: map[string]json.RawMessage{}}
	if ev.Name == EventPreToolUse {
		for _, dec := range decisions {
			g.Replies[decisionName(dec)] = asJSON(t, d.Encode(ev, &Reply{Decision: dec}))
		}
		return g
	}
	g.Replies["none"] = asJSON(t, d.Encode(ev, &Reply{}))
	g.Replies["context"] = asJSON(t, d.Encode(ev, &Reply{Context: "governance checks every tool call in this project."}))
	if ev.Name == EventUserPromptSubmit {
		g.Replies["block"] = asJSON(t, d.Encode(ev, &Reply{Block: "governance blocked this prompt: it holds a private key."}))
	}
	return g
}

// asJSON checks that a reply is empty or one JSON object, and returns it
// (null for no output).
func asJSON(t *testing.T, out []byte) json.RawMessage {
	t.Helper()
	if len(bytes.TrimSpace(out)) == 0 {
		return json.RawMessage("null")
	}
	var v map[string]any
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("the reply is not one JSON object: %v\n%s", err, out)
	}
	if bytes.Count(bytes.TrimSpace(out), []byte("\n")) > 0 {
		t.Errorf("the reply spans several lines:\n%s", out)
	}
	return json.RawMessage(bytes.TrimSpace(out))
}

// nonZero renders an event as JSON without its zero fields.
func nonZero(t *testing.T, ev *Event) map[string]any {
	t.Helper()
	data, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return prune(m).(map[string]any)
}

func prune(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if e = prune(e); e == nil {
				delete(x, k)
			} else {
				x[k] = e
			}
		}
		if len(x) == 0 {
			return nil
		}
	case []any:
		if len(x) == 0 {
			return nil
		}
	case string:
		if x == "" {
			return nil
		}
	case float64:
		if x == 0 {
			return nil
		}
	case bool:
		if !x {
			return nil
		}
	}
	return v
}

func compareGolden(t *testing.T, file string, got golden, testdata string) {
	t.Helper()
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(bytes.ReplaceAll(data, []byte(testdata), []byte("$TESTDATA")), '\n')
	if *update {
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./hooks -run TestDialectGolden -update to create it)", err)
	}
	var a, b any
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(want, &b); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("%s differs from what the dialect does now:\ngot:\n%s\nwant:\n%s", filepath.Base(file), data, want)
	}
}

// TestCodexOutputRules holds every Codex PreToolUse reply to the rules
// whose breach Codex treats as invalid output, and so lets the call run:
// no ask, continue, stopReason or suppressOutput; an allow only with
// updatedInput; a deny always with a non-empty reason.
func TestCodexOutputRules(t *testing.T) {
	t.Parallel()
	ev, err := codex{}.Decode([]byte(`{"session_id":"s","cwd":"/w","hook_event_name":"PreToolUse","model":"gpt-5",
		"turn_id":"t1","permission_mode":"default","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c1"}`), Env{})
	if err != nil {
		t.Fatal(err)
	}
	replies := map[string][]byte{"fail": codex{}.Fail("broken")}
	for _, d := range decisions {
		replies[decisionName(d)] = codex{}.Encode(ev, &Reply{Decision: d})
	}
	// A deny whose decision has nothing to say still carries a reason.
	replies["bare deny"] = codex{}.Encode(ev, &Reply{Decision: &engine.Decision{Outcome: engine.Deny}})
	for name, out := range replies {
		t.Run(name, func(t *testing.T) {
			if len(bytes.TrimSpace(out)) == 0 {
				return // no output: Codex's allow
			}
			var v map[string]any
			if err := json.Unmarshal(out, &v); err != nil {
				t.Fatalf("not JSON: %s", out)
			}
			for _, k := range []string{"continue", "stopReason", "suppressOutput", "decision"} {
				if _, ok := v[k]; ok {
					t.Errorf("the reply has %q: %s", k, out)
				}
			}
			hso, _ := v["hookSpecificOutput"].(map[string]any)
			switch pd := hso["permissionDecision"]; pd {
			case nil:
			case "deny":
				if r, _ := hso["permissionDecisionReason"].(string); strings.TrimSpace(r) == "" {
					t.Errorf("a deny without a reason: %s", out)
				}
			case "allow":
				if _, ok := hso["updatedInput"]; !ok {
					t.Errorf("an allow without updatedInput: %s", out)
				}
			default:
				t.Errorf("permissionDecision %v: %s", pd, out)
			}
		})
	}
	if out := replies["deny"]; !bytes.Contains(out, []byte(`"permissionDecision":"deny"`)) {
		t.Errorf("a deny does not deny: %s", out)
	}
	if out := replies["abort"]; !bytes.Contains(out, []byte(`"permissionDecision":"deny"`)) {
		t.Errorf("an abort does not deny: %s", out)
	}
	for _, allowed := range []string{"allow", "defer"} {
		if out := replies[allowed]; len(out) != 0 {
			t.Errorf("%s writes %s, want no output", allowed, out)
		}
	}
}

// Every dialect answers input it cannot read with a deny in its own
// format, never with silence.
func TestDialectsFailClosed(t *testing.T) {
	t.Parallel()
	for name, d := range Dialects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, in := range []string{"", "null", "[]", "{", `{"no":"event"}`} {
				out := Respond(t.Context(), name, []byte(in), Env{Cwd: t.TempDir()}, &bytes.Buffer{}, Options{})
				if !bytes.Contains(out, []byte("deny")) {
					t.Errorf("input %q: the reply does not deny: %s", in, out)
				}
			}
			if out := d.Fail("x"); !bytes.Contains(out, []byte("deny")) {
				t.Errorf("Fail does not deny: %s", out)
			}
		})
	}
}

// The patch parser finds every file of a patch, and what it adds to each.
func TestParsePatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, patch string
		want        []engine.FileEdit
	}{
		{"apply_patch", "*** Begin Patch\n*** Add File: a.go\n+package a\n+\n*** Update File: b.go\n*** Move to: c.go\n@@ func x\n-old\n+new\n context\n*** Delete File: d.go\n*** End Patch",
			[]engine.FileEdit{{Op: "add", Path: "a.go", Added: "package a\n"}, {Op: "update", Path: "b.go", MoveTo: "c.go", Added: "new"}, {Op: "delete", Path: "d.go"}}},
		{"unified", "diff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @@\n-a\n+b\n c\ndiff --git a/new.txt b/new.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello",
			[]engine.FileEdit{{Op: "update", Path: "x.go", Added: "b"}, {Op: "add", Path: "new.txt", Added: "hello"}}},
		{"rename", "diff --git a/old.go b/new.go\nsimilarity index 90%\nrename from old.go\nrename to new.go",
			[]engine.FileEdit{{Op: "update", Path: "new.go", From: "old.go"}}},
		{"delete", "--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye",
			[]engine.FileEdit{{Op: "delete", Path: "gone.txt"}}},
		{"header after whitespace", "*** Begin Patch\n*** Add File: a.txt\n+hi\n\t*** Update File: .governance/config.yaml\n@@\n-x\n+y\n*** End Patch",
			[]engine.FileEdit{{Op: "add", Path: "a.txt", Added: "hi"}, {Op: "update", Path: ".governance/config.yaml", Added: "y"}}},
		{"no files", "just text", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := engine.ParsePatch(tt.patch); !slices.Equal(got, tt.want) {
				t.Errorf("ParsePatch = %+v, want %+v", got, tt.want)
			}
		})
	}
}
