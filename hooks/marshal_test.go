package hooks

import (
	"bytes"
	"encoding/json"
	"testing"
)

// marshal writes what encoding/json writes with HTML escaping off.
func TestMarshalMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	for name, v := range map[string]any{
		"string": "plain",
		"flat":   map[string]any{"decision": "deny", "reason": "a \"quoted\" <b>&</b>\n\u2028 \xff", "continue": false},
		"nested": map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": "PreToolUse",
			"permissionDecision": "allow", "permissionDecisionReason": "governance: allowed (read-only:git)"}, "z": true, "a": ""},
		"empty":       map[string]any{},
		"other types": map[string]any{"n": 3, "list": []string{"a", "b"}, "s": "x"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(v); err != nil {
				t.Fatal(err)
			}
			if got := marshal(v); !bytes.Equal(got, want.Bytes()) {
				t.Errorf("marshal:\n got %s\nwant %s", got, want.Bytes())
			}
		})
	}
}
