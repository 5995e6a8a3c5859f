package decisionlog

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/agentgov/governance/internal/jsonstr"
)

// Marshal returns the entry's log line, newline included: the JSON that
// encoding/json would write for it (HTML characters unescaped), written
// by hand. encoding/json builds its encoder for a type by reflection on
// first use, which costs a hook process, that encodes one entry and
// exits, about 200 microseconds; this costs a few.
func (e *Entry) Marshal() ([]byte, error) {
	b := make([]byte, 0, 512+len(e.Input.Tool.Input.Command)+len(e.Result.Message)+len(e.Input.Tool.Input.Arguments))
	b = append(b, `{"decision_id":`...)
	b = jsonstr.Append(b, e.DecisionID)
	b = append(b, `,"timestamp":"`...)
	b = e.Timestamp.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","labels":{"harness":`...)
	b = jsonstr.Append(b, e.Labels.Harness)
	b = append(b, `,"version":`...)
	b = jsonstr.Append(b, e.Labels.Version)
	b = append(b, `,"host":`...)
	b = jsonstr.Append(b, e.Labels.Host)
	b = append(b, `},"path":`...)
	b = jsonstr.Append(b, e.Path)
	if bi, ok := e.Bundles[BundleName]; ok && len(e.Bundles) == 1 {
		b = append(b, `,"bundles":{"`+BundleName+`":{"revision":`...)
		b = jsonstr.Append(b, bi.Revision)
		if bi.Error != "" {
			b = append(b, `,"error":`...)
			b = jsonstr.Append(b, bi.Error)
		}
		b = append(b, `}}`...)
	} else if len(e.Bundles) > 0 {
		data, err := json.Marshal(e.Bundles)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"bundles":`...)
		b = append(b, data...)
	}

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
	b = appendField(b, n, "justification", in.Justification)
	b = appendField(b, n, "safety", in.Safety)
	b = append(b, `,"tool":{"kind":`...)
	b = jsonstr.Append(b, in.Tool.Kind)
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
	b = jsonstr.Append(b, r.Decision)
	b = append(b, `,"layer":`...)
	b = jsonstr.Append(b, r.Layer)
	b = append(b, `,"rule":`...)
	b = jsonstr.Append(b, r.Rule)
	n = -1 // every field below follows another
	b = appendField(b, n, "source", r.Source)
	b = appendField(b, n, "subject", r.Subject)
	b = appendField(b, n, "message", r.Message)
	if r.Enforced != nil {
		b = append(b, `,"enforced":`...)
		b = strconv.AppendBool(b, *r.Enforced)
	}
	if a := r.Approval; a != nil {
		b = append(b, `,"approval":{"id":`...)
		b = jsonstr.Append(b, a.ID)
		b = append(b, `,"state":`...)
		b = jsonstr.Append(b, a.State)
		b = append(b, '}')
	}
	b = appendField(b, n, "error", r.Error)
	b = appendField(b, n, "confine", r.Confine)
	if len(r.Notices) > 0 {
		b = append(b, `,"notices":`...)
		b = appendStrings(b, r.Notices)
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
	if len(e.Cut) > 0 {
		b = append(b, `,"cut":[`...)
		for i, c := range e.Cut {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"pointer":`...)
			b = jsonstr.Append(b, c.Pointer)
			b = append(b, `,"length":`...)
			b = strconv.AppendInt(b, int64(c.Length), 10)
			b = append(b, `,"sha256":`...)
			b = jsonstr.Append(b, c.SHA256)
			b = append(b, '}')
		}
		b = append(b, ']')
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
	return jsonstr.Append(appendKey(b, n, key), value)
}

func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonstr.Append(b, s)
	}
	return append(b, ']')
}
