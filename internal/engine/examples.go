package engine

import (
	"fmt"
	"strings"
)

// Examples are checked in a fixed context: a project at /project, the
// caller in its root, a home at /home/user.
const (
	ExampleRoot = "/project"
	exampleHome = "/home/user"
)

// CheckExamples runs the rule's examples and reports the first that does
// not behave as written.
func (r *Rule) CheckExamples() error {
	for _, ex := range r.Examples.Match {
		if !r.MatchesExample(ex) {
			return fmt.Errorf("rule %s: example %q should match, but does not", r.ID, ex)
		}
	}
	for _, ex := range r.Examples.NotMatch {
		if r.MatchesExample(ex) {
			return fmt.Errorf("rule %s: example %q should not match, but does", r.ID, ex)
		}
	}
	return nil
}

// ExampleKind is the tool kind a rule's examples are written for.
func (r *Rule) ExampleKind() Kind {
	for _, k := range []Kind{KindShell, KindRead, KindWrite, KindEdit, KindWeb, KindMCP, KindAgent, KindOther} {
		if r.kinds&k.bit() != 0 {
			return k
		}
	}
	return KindOther
}

// ExampleRequest builds the request an example stands for.
func ExampleRequest(kind Kind, ex string) *Request {
	req := &Request{Cwd: ExampleRoot, ProjectRoot: ExampleRoot, Home: exampleHome, Tool: Tool{Kind: kind}}
	switch kind {
	case KindShell:
		req.Tool.Input.Command = ex
	case KindRead, KindWrite, KindEdit:
		req.Tool.Input.Paths = []string{ex}
	case KindWeb:
		req.Tool.Input.URL = ex
	case KindAgent:
		req.Tool.Input.Subagent = ex
	case KindMCP:
		fields := strings.SplitN(ex, " ", 3)
		req.Tool.Input.Server = fields[0]
		if len(fields) > 1 {
			req.Tool.Input.MCPTool = fields[1]
		}
		if len(fields) > 2 {
			req.Tool.Input.Arguments = []byte(fields[2])
		}
	default:
		req.Tool.Name = ex
	}
	return req
}

// MatchesExample reports whether the rule matches the example call,
// ignoring its agent and scope filters.
func (r *Rule) MatchesExample(ex string) bool {
	kind := r.ExampleKind()
	ev := newEvaluation(&Engine{Policy: &Policy{Settings: DefaultSettings()}}, ExampleRequest(kind, ex))
	ev.pc.example = true
	subjects, _ := ev.subjects()
	for _, s := range subjects {
		if r.kinds.has(s.kind) && r.matches(s, ev.pc, false) {
			return true
		}
	}
	return false
}
