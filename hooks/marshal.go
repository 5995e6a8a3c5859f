package hooks

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/agentgov/governance/internal/jsonstr"
)

// marshal renders a reply as encoding/json does with HTML escaping off,
// newline included. Replies are small objects of strings and booleans,
// which it writes by hand: encoding/json's reflection on first use costs
// a hook process more than the rest of its reply. Any other value goes
// through encoding/json.
func marshal(v any) []byte {
	if b, ok := appendReply(make([]byte, 0, 256), v); ok {
		return append(b, '\n')
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"governance could not encode its reply"}}` + "\n")
	}
	return b.Bytes()
}

// appendReply appends v as JSON when it is a string, a boolean or an
// object of them (keys sorted, as encoding/json sorts them), and reports
// whether it was.
func appendReply(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case string:
		return jsonstr.Append(b, v), true
	case bool:
		return strconv.AppendBool(b, v), true
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(jsonstr.Append(b, k), ':')
			var ok bool
			if b, ok = appendReply(b, v[k]); !ok {
				return nil, false
			}
		}
		return append(b, '}'), true
	}
	return nil, false
}
