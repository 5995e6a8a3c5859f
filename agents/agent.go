// Package agents reads agent definitions and their permissions from
// markdown frontmatter.
//
// Three formats are understood:
//
//   - governance (.governance/agents/*.md): a permission map per tool kind
//     with allow, ask or deny, or a map of patterns to those actions, plus
//     scope, role and default. An agent that declares permissions may do
//     only what they allow: anything else is denied (implicit deny).
//   - OpenCode (.opencode/agent{,s}/**/*.md): OpenCode's permission map with
//     OpenCode's semantics: the last matching pattern wins, a pattern map
//     with no match asks, and a tool that is not mentioned is not limited.
//   - Claude Code (.claude/agents/*.md): a tools list is an allow-list; a
//     tool that is not listed is denied.
//
// Within one agent, rules are kept in the order they are written and the
// last matching rule wins.
package agents

import "strings"

// Action is what an agent's permissions say about a call.
type Action string

// Actions.
const (
	Allow Action = "allow"
	Ask   Action = "ask"
	Deny  Action = "deny"
)

// Format is the dialect an agent file is written in.
type Format string

// Formats.
const (
	FormatGovernance Format = "governance"
	FormatOpenCode   Format = "opencode"
	FormatClaude     Format = "claude"
)

// Scopes of governance agents.
const (
	ScopeMeta    = "meta"    // writes only the governance runtime state
	ScopeProject = "project" // writes only project files outside .governance
	ScopeBridge  = "bridge"  // writes nothing; plans and delegates
)

// Agent is one agent definition.
type Agent struct {
	Name        string
	Description string
	// Scope is meta, project, bridge or empty.
	Scope string
	// Role names the caller's role for agents of this definition.
	Role string
	// Default is what an undeclared call gets when the agent declares
	// permissions (governance format; deny unless set).
	Default Action
	Format  Format
	// Source is the file the agent comes from.
	Source string
	// Declares reports that the agent declares permissions, so that what
	// they do not allow is denied.
	Declares bool
	// Rules are the permission entries, flattened in the order written.
	Rules []Rule
	// Err is set when the agent's file could not be read; every call of
	// the agent is then denied with it.
	Err string `json:",omitempty"`
}

// Rule is one permission entry.
type Rule struct {
	// Kinds are the tool kinds it covers; "*" covers all.
	Kinds []string
	// Pattern limits it to matching subjects; "" or "*" covers all.
	Pattern string `json:",omitempty"`
	Action  Action
	Line    int `json:",omitempty"`
}

// Check is the answer of an agent's permissions for one call.
type Check struct {
	// Action is allow, ask or deny; empty means the agent does not limit
	// the call.
	Action Action
	// Pattern is the matching pattern ("" for a whole-kind entry), Line
	// its line in Source.
	Pattern string
	Line    int
	// Implicit reports a deny because nothing was declared for the call.
	Implicit bool
}

// Matcher tells whether a pattern matches a subject of a kind.
type Matcher func(kind, pattern, subject string) bool

// Check evaluates the agent's permissions for a call of a kind on a
// subject (a command, a path, a URL, a subagent type, an MCP tool name).
func (a *Agent) Check(kind, subject string, match Matcher) Check {
	var found *Rule
	for i := range a.Rules {
		r := &a.Rules[i]
		if !r.covers(kind) {
			continue
		}
		if r.Pattern != "" && r.Pattern != "*" && !match(kind, r.Pattern, subject) {
			continue
		}
		found = r
	}
	if found != nil {
		return Check{Action: found.Action, Pattern: found.Pattern, Line: found.Line}
	}
	switch a.Format {
	case FormatOpenCode:
		// OpenCode asks when a pattern map has no match, and does not limit
		// tools it does not mention.
		if a.mentions(kind) {
			return Check{Action: Ask, Implicit: true}
		}
		return Check{}
	default:
		if !a.Declares || kind == "other" {
			return Check{}
		}
		def := a.Default
		if def == "" {
			def = Deny
		}
		return Check{Action: def, Implicit: true}
	}
}

func (r *Rule) covers(kind string) bool {
	for _, k := range r.Kinds {
		if k == "*" || k == kind {
			return true
		}
	}
	return false
}

func (a *Agent) mentions(kind string) bool {
	for _, r := range a.Rules {
		for _, k := range r.Kinds {
			if k == kind {
				return true
			}
		}
	}
	return false
}

// Allowed summarizes what the agent may do, for messages: each kind it
// allows, with its patterns. The last matching entry decides, so an
// allow that a later deny or ask narrows says so ("git * except git
// push*"): the summary never claims a call the agent may not make.
func (a *Agent) Allowed() []string {
	byKind := map[string][]string{}
	var order []string
	for i, r := range a.Rules {
		if r.Action != Allow {
			continue
		}
		for _, k := range r.Kinds {
			if _, ok := byKind[k]; !ok {
				order = append(order, k)
			}
			p := r.Pattern
			if p == "" {
				p = "*"
			}
			var except []string
			for _, later := range a.Rules[i+1:] {
				if later.Action != Allow && later.covers(k) && later.Pattern != "" && later.Pattern != "*" {
					except = append(except, later.Pattern)
				}
			}
			switch {
			case len(except) > 0:
				byKind[k] = append(byKind[k], p+" except "+strings.Join(except, ", "))
			case p != "*":
				byKind[k] = append(byKind[k], p)
			case byKind[k] == nil:
				byKind[k] = []string{}
			}
		}
	}
	var out []string
	for _, k := range order {
		if len(byKind[k]) == 0 {
			out = append(out, k)
			continue
		}
		out = append(out, k+" ("+strings.Join(byKind[k], ", ")+")")
	}
	return out
}

// ClaudeToolKind returns the kind of a Claude Code tool name.
func ClaudeToolKind(name string) string {
	switch name {
	case "Bash", "BashOutput", "KillShell", "KillBash", "PowerShell":
		return "shell"
	case "Read", "Glob", "Grep", "LS", "NotebookRead":
		return "read"
	case "Write":
		return "write"
	case "Edit", "MultiEdit", "NotebookEdit":
		return "edit"
	case "WebFetch", "WebSearch":
		return "web"
	case "Agent", "Task":
		return "agent"
	}
	if strings.HasPrefix(name, "mcp__") {
		return "mcp"
	}
	return "other"
}
