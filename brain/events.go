package brain

import (
	"fmt"
	"path/filepath"
	"time"
)

// updateSession changes a session's record under its lock, creating it
// when it does not exist.
func (b *Brain) updateSession(id string, fn func(s *Session) error) (*Session, error) {
	s := &Session{}
	err := update(b.sessionPath(id), s, func() error {
		now := b.now()
		if s.ID == "" {
			s.Version, s.ID, s.Started = Version, id, now
		}
		if err := fn(s); err != nil {
			return err
		}
		s.Updated = now
		return nil
	})
	return s, err
}

// updateState changes state.json under its lock.
func (b *Brain) updateState(fn func(st *State) error) (*State, error) {
	st := &State{}
	err := update(b.statePath(), st, func() error {
		st.Version = Version
		return fn(st)
	})
	return st, err
}

// addHistory appends entries to state.json's history.
func (st *State) addHistory(now time.Time, entries ...Entry) {
	for _, e := range entries {
		st.Seq++
		e.Seq = st.Seq
		if e.Time.IsZero() {
			e.Time = now
		}
		st.History = append(st.History, e)
	}
}

// Record appends an entry to the history.
func (b *Brain) Record(e Entry) error {
	_, err := b.updateState(func(st *State) error {
		st.addHistory(b.now(), e)
		return nil
	})
	return err
}

// SessionStart records the start of a session (source is startup, resume,
// clear or compact) and returns its record and the project's state. A
// startup archives the project's execution metrics and starts them again.
func (b *Brain) SessionStart(id, harness, source string) (*Session, *State, error) {
	s, err := b.updateSession(id, func(s *Session) error {
		s.Harness = harness
		s.Starts++
		if source == "compact" {
			s.Compactions++
		}
		if source == "clear" || source == "startup" {
			s.ContextGiven = false
		}
		s.Ended, s.EndReason = time.Time{}, ""
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	if source == "startup" || source == "" {
		if err := b.resetMetrics(); err != nil {
			return nil, nil, err
		}
	}
	kind := KindSessionStart
	if source == "compact" {
		kind = KindCompact
	}
	st, err := b.updateState(func(st *State) error {
		st.addHistory(b.now(), Entry{Kind: kind, Session: id, Detail: source})
		return nil
	})
	return s, st, err
}

// resetMetrics archives metrics.json, when it counted anything, as
// archive/metrics-<since>.json, and starts it again.
func (b *Brain) resetMetrics() error {
	m := &MetricsFile{}
	return update(b.metricsPath(), m, func() error {
		if !m.empty() {
			name := fmt.Sprintf("metrics-%s.json", m.Since.UTC().Format("20060102-150405.000"))
			if err := writeJSON(filepath.Join(b.archiveDir(), name), m); err != nil {
				return err
			}
		}
		*m = MetricsFile{Version: Version, Metrics: Metrics{Since: b.now()}}
		return nil
	})
}

// GiveContext marks that a session got the policy summary and reports
// whether it had not yet: the caller injects it when this returns true.
func (b *Brain) GiveContext(id string) (bool, error) {
	first := false
	_, err := b.updateSession(id, func(s *Session) error {
		if s.ContextGiven {
			return errNoChange
		}
		s.ContextGiven, first = true, true
		return nil
	})
	return first, err
}

// Spawned records a subagent that an agent (parent, "" for the main
// thread) was allowed to start.
func (b *Brain) Spawned(id, parent, typ, toolUseID string) error {
	_, err := b.updateSession(id, func(s *Session) error {
		s.Pending = append(s.Pending, Spawn{Parent: parent, Type: typ, ToolUseID: toolUseID, Time: b.now()})
		return nil
	})
	return err
}

// SubagentStart links a starting subagent to the spawn that started it
// (the oldest pending spawn of its type, else the oldest) and returns its
// place in the tree. Without a pending spawn its parent is the main
// thread.
func (b *Brain) SubagentStart(id, agentID, typ string) (*Node, []string, error) {
	var node *Node
	var chain []string
	s, err := b.updateSession(id, func(s *Session) error {
		if s.Agents == nil {
			s.Agents = map[string]*Node{}
		}
		if n := s.Agents[agentID]; n != nil {
			node = n
			return errNoChange
		}
		parent, pick := "", -1
		for i, p := range s.Pending {
			if p.Type == typ {
				pick = i
				break
			}
		}
		if pick < 0 && len(s.Pending) > 0 {
			pick = 0
		}
		if pick >= 0 {
			parent = s.Pending[pick].Parent
			s.Pending = append(s.Pending[:pick], s.Pending[pick+1:]...)
		}
		node = &Node{Type: typ, Parent: parent, Depth: s.Depth(parent) + 1, Started: b.now()}
		s.Agents[agentID] = node
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	chain = s.Chain(agentID)
	err = b.Record(Entry{Kind: KindSubagentStart, Session: id, Agent: typ, Detail: fmt.Sprintf("depth %d", node.Depth)})
	return node, chain, err
}

// SubagentStop records that a subagent finished.
func (b *Brain) SubagentStop(id, agentID, typ string) error {
	_, err := b.updateSession(id, func(s *Session) error {
		if n := s.Agents[agentID]; n != nil {
			n.Stopped = b.now()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return b.Record(Entry{Kind: KindSubagentStop, Session: id, Agent: typ})
}

// ToolDone counts a finished tool call in the session's metrics and the
// project's.
func (b *Brain) ToolDone(id, kind string, durationMS int64, failed bool) error {
	count := func(m *Metrics) {
		if m.Calls == nil {
			m.Calls = map[string]int{}
		}
		m.Calls[kind]++
		m.DurationMS += durationMS
		if failed {
			m.Failures++
		}
	}
	if _, err := b.updateSession(id, func(s *Session) error { count(&s.Metrics); return nil }); err != nil {
		return err
	}
	return b.updateMetrics(count)
}

// updateMetrics changes metrics.json under its lock.
func (b *Brain) updateMetrics(fn func(m *Metrics)) error {
	m := &MetricsFile{}
	return update(b.metricsPath(), m, func() error {
		m.Version = Version
		if m.Since.IsZero() {
			m.Since = b.now()
		}
		fn(&m.Metrics)
		return nil
	})
}

// Blocked records a call the policy denied or sent to a person (ask): in
// the metrics and the history. logOnly marks a decision that log-only
// mode did not enforce.
func (b *Brain) Blocked(id, agent, outcome, detail string, logOnly bool) error {
	count := func(m *Metrics) {
		if outcome == "ask" {
			m.Asks++
		} else {
			m.Denials++
		}
	}
	if _, err := b.updateSession(id, func(s *Session) error { count(&s.Metrics); return nil }); err != nil {
		return err
	}
	if err := b.updateMetrics(count); err != nil {
		return err
	}
	kind := KindBlocked
	if logOnly {
		kind = KindWouldBlock
	}
	return b.Record(Entry{Kind: kind, Session: id, Agent: agent, Detail: outcome + ": " + detail})
}

// SessionEnd closes a session.
func (b *Brain) SessionEnd(id, reason string) error {
	_, err := b.updateSession(id, func(s *Session) error {
		s.Ended, s.EndReason = b.now(), reason
		return nil
	})
	if err != nil {
		return err
	}
	return b.Record(Entry{Kind: KindSessionEnd, Session: id, Detail: reason})
}

// Stop records that the agent finished a turn.
func (b *Brain) Stop(id string) error {
	_, err := b.updateSession(id, func(s *Session) error {
		s.LastStop = b.now()
		return nil
	})
	return err
}
