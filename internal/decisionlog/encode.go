package decisionlog

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

// Marshal returns the entry's log line, newline included: the JSON that
// encoding/json would write for it (HTML characters unescaped), written
// by hand. encoding/json builds its encoder for a type by reflection on
// first use, which costs a hook process, that encodes one entry and
// exits, about 200 microseconds; this costs a few.
func (e *Entry) Marshal() ([]byte, error) {
	b := make([]byte, 0, 512+len(e.Input.Tool.Input.Command)+len(e.Result.Message)+len(e.Input.Tool.Input.Arguments))
	b = append(b, `{"decision_id":`...)
	b = appendString(b, e.DecisionID)
	b = append(b, `,"timestamp":"`...)
	b = e.Timestamp.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","labels":{"harness":`...)
	b = appendString(b, e.Labels.Harness)
	b = append(b, `,"version":`...)
	b = appendString(b, e.Labels.Version)
	b = append(b, `,"host":`...)
	b = appendString(b, e.Labels.Host)
	b = append(b, `},"path":`...)
	b = appendString(b, e.Path)

	in := &e.Input
	b = append(b, `,"input":{`...)
	n := len(b)
	b = appendField(b, n, "harness", in.Harness)
	b = appendField(b, n, "event", in.Event)
	b = appendField(b, n, "session", in.Session)
	b = appendField(b, n, "agent", in.Agent)
	b = appendField(b, n, "agent_id", in.AgentID)
	b = appendField(b, n, "role", in.Role)
	b = appendKey(b, n, "depth")
	b = strconv.AppendInt(b, int64(in.Depth), 10)
	b = appendField(b, n, "cwd", in.Cwd)
	b = appendField(b, n, "project_root", in.ProjectRoot)
	b = append(b, `,"tool":{"kind":`...)
	b = appendString(b, in.Tool.Kind)
	b = appendField(b, n, "name", in.Tool.Name)
	b = append(b, `,"input":{`...)
	ti := &in.Tool.Input
	n = len(b)
	b = appendField(b, n, "command", ti.Command)
	if len(ti.Paths) > 0 {
		b = appendKey(b, n, "paths")
		b = appendStrings(b, ti.Paths)
	}
	b = appendField(b, n, "url", ti.URL)
	b = appendField(b, n, "query", ti.Query)
	b = appendField(b, n, "subagent", ti.Subagent)
	b = appendField(b, n, "server", ti.Server)
	b = appendField(b, n, "mcp_tool", ti.MCPTool)
	if len(ti.Arguments) > 0 {
		b = appendKey(b, n, "arguments")
		var buf bytes.Buffer
		if err := json.Compact(&buf, ti.Arguments); err != nil {
			return nil, err
		}
		b = append(b, buf.Bytes()...)
	}
	b = append(b, "}}}"...)

	r := &e.Result
	b = append(b, `,"result":{"decision":`...)
	b = appendString(b, r.Decision)
	b = append(b, `,"layer":`...)
	b = appendString(b, r.Layer)
	b = append(b, `,"rule":`...)
	b = appendString(b, r.Rule)
	n = -1 // every field below follows another
	b = appendField(b, n, "source", r.Source)
	b = appendField(b, n, "subject", r.Subject)
	b = appendField(b, n, "message", r.Message)
	if r.Enforced != nil {
		b = append(b, `,"enforced":`...)
		b = strconv.AppendBool(b, *r.Enforced)
	}
	b = append(b, `},"metrics":{"timer_governance_eval_ns":`...)
	b = strconv.AppendInt(b, e.Metrics.EvalNS, 10)
	b = append(b, '}')
	if len(e.Erased) > 0 {
		b = append(b, `,"erased":`...)
		b = appendStrings(b, e.Erased)
	}
	if len(e.Masked) > 0 {
		b = append(b, `,"masked":`...)
		b = appendStrings(b, e.Masked)
	}
	return append(b, "}\n"...), nil
}

// appendKey appends "key": preceded by a comma unless the object started
// at n (the byte after its brace) has no field yet.
func appendKey(b []byte, n int, key string) []byte {
	if len(b) != n {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// appendField appends "key":"value", or nothing when value is empty
// (omitempty).
func appendField(b []byte, n int, key, value string) []byte {
	if value == "" {
		return b
	}
	return appendString(appendKey(b, n, key), value)
}

func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string, escaped as encoding/json does
// with HTML escaping off: quotes, backslashes and control characters are
// escaped, invalid UTF-8 becomes U+FFFD, and U+2028 and U+2029 are
// escaped for JavaScript.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
