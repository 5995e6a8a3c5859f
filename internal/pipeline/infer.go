package pipeline

import (
	"fmt"
	"strings"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/engine"
)

// Some harnesses (Gemini CLI) run a subagent's tool calls through the
// same hooks as the main thread's, with nothing that tells them apart.
// The main thread waits while its subagent works, so the calls made
// between an allowed subagent spawn and the spawn's result are the
// subagent's: the first of them starts an inferred node in the session's
// delegation tree, and the spawn's result stops it. Should a harness run
// the main thread's calls alongside a subagent, those calls are held to
// the subagent's agent file: stricter, never looser.

const inferredPrefix = "inferred-"

// inferCaller attributes a tool call to the subagent that is running in
// its session, if any. State that cannot be read leaves the call to the
// main thread's policy and is reported.
func (e *session) inferCaller() {
	req := &e.ev.Request
	if req.SessionID == "" || req.AgentID != "" || req.Tool.Kind == engine.KindAgent {
		// Subagents cannot start subagents in these harnesses: a spawn
		// is the main thread's.
		return
	}
	b := e.p.Brain()
	s, err := b.ReadSession(req.SessionID)
	if err != nil {
		e.p.warn(err)
		return
	}
	id, node := runningInferred(s)
	var chain []string
	if node != nil {
		chain = s.Chain(id)
	} else {
		if len(s.Pending) == 0 {
			return
		}
		id = fmt.Sprintf("%s%d", inferredPrefix, len(s.Agents)+1)
		if node, chain, err = b.SubagentStart(req.SessionID, id, s.Pending[0].Type); err != nil {
			e.p.warn(err)
			return
		}
	}
	req.AgentID, req.Agent, req.Depth, req.Chain = id, node.Type, node.Depth, chain
}

// inferredDone ends the inferred subagent whose spawn just returned. A
// subagent that made no calls never started a node: its spawn is started
// and stopped here, so that the next spawn's calls are not taken for its.
func (e *session) inferredDone() {
	req := &e.ev.Request
	if req.SessionID == "" || req.Tool.Kind != engine.KindAgent {
		return
	}
	b := e.p.Brain()
	s, err := b.ReadSession(req.SessionID)
	if err != nil {
		e.p.warn(err)
		return
	}
	id, node := runningInferred(s)
	if node == nil {
		if !pendingOf(s, req.Tool.Input.Subagent) {
			return
		}
		id = fmt.Sprintf("%s%d", inferredPrefix, len(s.Agents)+1)
		if node, _, err = b.SubagentStart(req.SessionID, id, req.Tool.Input.Subagent); err != nil {
			e.p.warn(err)
			return
		}
	}
	e.p.warn(b.SubagentStop(req.SessionID, id, node.Type))
}

// runningInferred returns the inferred subagent still running in a
// session, the latest started when there are several.
func runningInferred(s *brain.Session) (string, *brain.Node) {
	var id string
	var node *brain.Node
	for k, n := range s.Agents {
		if !strings.HasPrefix(k, inferredPrefix) || !n.Stopped.IsZero() {
			continue
		}
		if node == nil || n.Started.After(node.Started) {
			id, node = k, n
		}
	}
	return id, node
}

func pendingOf(s *brain.Session, typ string) bool {
	for _, p := range s.Pending {
		if p.Type == typ {
			return true
		}
	}
	return false
}
