package decisionlog

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"unicode/utf8"
)

// An entry is written in one write, and a write the kernel is asked to
// make is cut short when the process is killed during it: the larger the
// line, the likelier a kill tears it (a 6 MB command tore 4 of 32 kills).
// So an entry is bounded: a long field is cut to its first bytes and the
// entry's "cut" lists it with its length and the sha256 of the whole (of
// the value as logged, secrets masked), so that the original can still be
// matched against the record.

// Field limits, in bytes, of the value kept in the log.
const (
	// MaxCommand bounds the command (and the MCP arguments, compacted).
	MaxCommand = 16 << 10
	// MaxField bounds every other text field and each path.
	MaxField = 4 << 10
	// MaxPaths bounds the total length of the paths kept.
	MaxPaths = 16 << 10
)

// Cut records a field the log keeps only the start of.
type Cut struct {
	// Pointer is the field's JSON pointer.
	Pointer string `json:"pointer"`
	// Length is the whole value's length in bytes (for paths: how many
	// there were).
	Length int `json:"length"`
	// SHA256 is the hex sha256 of the whole value (for paths: of the
	// paths joined by NUL bytes; for arguments: of their compact JSON).
	SHA256 string `json:"sha256"`
}

// bound cuts the entry's long fields, in place, and lists them in Cut.
func (e *Entry) bound() {
	ti := &e.Input.Tool.Input
	e.cutField("/input/tool/input/command", &ti.Command, MaxCommand)
	e.cutField("/input/justification", &e.Input.Justification, MaxField)
	e.cutField("/input/safety", &e.Input.Safety, MaxField)
	e.cutField("/input/tool/input/url", &ti.URL, MaxField)
	e.cutField("/input/tool/input/query", &ti.Query, MaxField)
	e.cutField("/input/tool/input/subagent", &ti.Subagent, MaxField)
	e.cutField("/input/tool/input/server", &ti.Server, MaxField)
	e.cutField("/input/tool/input/mcp_tool", &ti.MCPTool, MaxField)
	e.cutField("/input/cwd", &e.Input.Cwd, MaxField)
	e.cutField("/input/project_root", &e.Input.ProjectRoot, MaxField)
	e.cutField("/input/agent", &e.Input.Agent, MaxField)
	e.cutField("/input/agent_id", &e.Input.AgentID, MaxField)
	e.cutField("/input/session", &e.Input.Session, MaxField)
	e.cutField("/input/role", &e.Input.Role, MaxField)
	e.cutField("/input/tool/name", &e.Input.Tool.Name, MaxField)
	e.cutField("/result/subject", &e.Result.Subject, MaxField)
	e.cutField("/result/message", &e.Result.Message, MaxField)
	e.cutField("/result/source", &e.Result.Source, MaxField)
	e.cutField("/result/rule", &e.Result.Rule, MaxField)
	e.cutField("/result/error", &e.Result.Error, MaxField)
	if n := len(e.Result.Notices); n > 0 {
		copied := false
		for i := range e.Result.Notices {
			if len(e.Result.Notices[i]) > MaxField {
				if !copied {
					// The slice may be the decision's: never write to it.
					e.Result.Notices, copied = append([]string(nil), e.Result.Notices...), true
				}
				e.cutField("/result/notices/"+strconv.Itoa(i), &e.Result.Notices[i], MaxField)
			}
		}
	}
	if len(ti.Arguments) > MaxCommand {
		sum := sha256.Sum256(ti.Arguments)
		e.Cut = append(e.Cut, Cut{Pointer: "/input/tool/input/arguments", Length: len(ti.Arguments), SHA256: hex.EncodeToString(sum[:])})
		ti.Arguments = nil
	}
	if len(ti.Paths) > 0 {
		total, keep := 0, len(ti.Paths)
		for i, p := range ti.Paths {
			total += min(len(p), MaxField)
			if total > MaxPaths {
				keep = i
				break
			}
		}
		long := keep < len(ti.Paths)
		for _, p := range ti.Paths[:keep] {
			long = long || len(p) > MaxField
		}
		if long {
			h := sha256.New()
			for i, p := range ti.Paths {
				if i > 0 {
					h.Write([]byte{0})
				}
				h.Write([]byte(p))
			}
			// The request's slice is the caller's: never write to it.
			paths := append([]string(nil), ti.Paths[:keep]...)
			for i := range paths {
				paths[i] = cutString(paths[i], MaxField)
			}
			e.Cut = append(e.Cut, Cut{Pointer: "/input/tool/input/paths", Length: len(ti.Paths), SHA256: hex.EncodeToString(h.Sum(nil))})
			ti.Paths = paths
		}
	}
}

// cutField keeps the first max bytes of a long value and records the cut.
func (e *Entry) cutField(ptr string, s *string, max int) {
	if len(*s) <= max {
		return
	}
	sum := sha256.Sum256([]byte(*s))
	e.Cut = append(e.Cut, Cut{Pointer: ptr, Length: len(*s), SHA256: hex.EncodeToString(sum[:])})
	*s = cutString(*s, max)
}

// cutString returns the longest prefix of s of at most max bytes that
// does not split a UTF-8 sequence.
func cutString(s string, max int) string {
	if len(s) <= max {
		return s
	}
	i := max
	for i > 0 && i > max-utf8.UTFMax && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}
