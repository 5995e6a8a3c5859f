package engine

// Kind is the canonical kind of a tool, whatever the harness calls it.
type Kind string

// Tool kinds.
const (
	KindShell Kind = "shell"
	KindRead  Kind = "read"
	KindWrite Kind = "write"
	KindEdit  Kind = "edit"
	KindWeb   Kind = "web"
	KindAgent Kind = "agent"
	KindMCP   Kind = "mcp"
	KindOther Kind = "other"
)

// Kinds lists every tool kind.
var Kinds = []Kind{KindShell, KindRead, KindWrite, KindEdit, KindWeb, KindAgent, KindMCP, KindOther}

// ParseKind returns the kind named by s, accepting common aliases
// (bash, task, webfetch, ...).
func ParseKind(s string) (Kind, bool) {
	switch s {
	case "shell", "bash", "command", "exec":
		return KindShell, true
	case "read", "glob", "grep", "list", "view":
		return KindRead, true
	case "write", "create":
		return KindWrite, true
	case "edit", "patch", "apply_patch":
		return KindEdit, true
	case "web", "webfetch", "websearch", "fetch":
		return KindWeb, true
	case "agent", "task", "subagent":
		return KindAgent, true
	case "mcp":
		return KindMCP, true
	case "other":
		return KindOther, true
	}
	return "", false
}

// kindSet is a set of kinds.
type kindSet uint16

func (k Kind) bit() kindSet {
	switch k {
	case KindShell:
		return 1 << 0
	case KindRead:
		return 1 << 1
	case KindWrite:
		return 1 << 2
	case KindEdit:
		return 1 << 3
	case KindWeb:
		return 1 << 4
	case KindAgent:
		return 1 << 5
	case KindMCP:
		return 1 << 6
	}
	return 1 << 7
}

const modifySet = 1<<2 | 1<<3

// has reports whether k is in the set; writes and edits are one family.
func (s kindSet) has(k Kind) bool { return s.hasBit(k.bit()) }

// hasBit is has for the bit of a kind.
func (s kindSet) hasBit(b kindSet) bool {
	if b&modifySet != 0 {
		return s&modifySet != 0
	}
	return s&b != 0
}

// modifies reports whether the kind changes files.
func (k Kind) modifies() bool { return k == KindWrite || k == KindEdit }
