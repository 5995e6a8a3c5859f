// Package brain is the runtime state governance keeps between calls: the
// project's phase, pinned anchors and history (state.json), one record per
// session with its delegation tree and metrics (sessions/<id>.json), and
// the execution metrics since the last session start (metrics.json).
// Purge archives what is old.
//
// Every write takes an exclusive lock on the file, writes a temporary
// file, fsyncs it and renames it over the old one, so that hooks running
// in parallel never lose an update and a crash never leaves half a file.
// The hook writes through these typed structs; the JSON Schemas in
// template/schemas describe the same files for `governance validate`.
package brain

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Version is the format of the brain's files.
const Version = 1

// Brain is the state folder of one project.
type Brain struct {
	Dir string
	// Now tells the time; tests set it.
	Now func() time.Time
}

// Open returns the brain kept in dir.
func Open(dir string) *Brain { return &Brain{Dir: dir, Now: time.Now} }

func (b *Brain) now() time.Time { return b.Now().UTC().Truncate(time.Millisecond) }

// Paths of the brain's files and archives.
func (b *Brain) statePath() string   { return filepath.Join(b.Dir, "state.json") }
func (b *Brain) metricsPath() string { return filepath.Join(b.Dir, "metrics.json") }
func (b *Brain) sessionsDir() string { return filepath.Join(b.Dir, "sessions") }
func (b *Brain) historyDir() string  { return filepath.Join(b.Dir, "history") }
func (b *Brain) archiveDir() string  { return filepath.Join(b.Dir, "archive") }
func (b *Brain) sessionPath(id string) string {
	return filepath.Join(b.sessionsDir(), safeName(id)+".json")
}

// safeName keeps a session id usable as a file name.
func safeName(id string) string {
	if id == "" {
		return "unknown"
	}
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, strings.TrimLeft(id, "."))
}

// State is state.json: the project's phase, anchors and recent history.
type State struct {
	Version    int       `json:"version"`
	Phase      string    `json:"phase,omitempty"`
	PhaseSince time.Time `json:"phase_since,omitzero"`
	// Seq numbers history entries; NextAnchor numbers anchors.
	Seq        int64    `json:"seq"`
	NextAnchor int      `json:"next_anchor"`
	Anchors    []Anchor `json:"anchors"`
	History    []Entry  `json:"history"`
}

// Anchor priorities.
const (
	Critical = "critical"
	High     = "high"
	Normal   = "normal"
)

// Priorities lists the anchor priorities, highest first.
var Priorities = []string{Critical, High, Normal}

// Anchor is a pinned piece of context shown at the start of sessions.
type Anchor struct {
	ID       string    `json:"id"`
	Text     string    `json:"text"`
	Priority string    `json:"priority"`
	Created  time.Time `json:"created"`
	// Since is when the anchor got its current priority.
	Since time.Time `json:"since"`
}

// Entry is one history entry.
type Entry struct {
	Seq     int64     `json:"seq"`
	Time    time.Time `json:"time"`
	Kind    string    `json:"kind"`
	Session string    `json:"session,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	Detail  string    `json:"detail,omitempty"`
}

// History entry kinds.
const (
	KindSessionStart  = "session-start"
	KindSessionEnd    = "session-end"
	KindCompact       = "compact"
	KindSubagentStart = "subagent-start"
	KindSubagentStop  = "subagent-stop"
	KindBlocked       = "blocked"
	KindWouldBlock    = "would-block"
	KindPromptBlocked = "prompt-blocked"
	KindPhase         = "phase"
	KindAnchorAdd     = "anchor-add"
	KindAnchorRemove  = "anchor-remove"
	KindAnchorDemote  = "anchor-demote"
)

// Session is sessions/<id>.json.
type Session struct {
	Version int       `json:"version"`
	ID      string    `json:"id"`
	Harness string    `json:"harness,omitempty"`
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	// Ended is set when the session ends; EndReason says why.
	Ended     time.Time `json:"ended,omitzero"`
	EndReason string    `json:"end_reason,omitempty"`
	// Starts counts SessionStart events (startup, resume, clear,
	// compact); Compactions the compactions.
	Starts      int `json:"starts"`
	Compactions int `json:"compactions"`
	// LastStop is when the agent last finished a turn (the Stop event).
	LastStop time.Time `json:"last_stop,omitzero"`
	// ContextGiven reports that the policy summary was injected.
	ContextGiven bool `json:"context_given"`
	// Agents is the delegation tree: subagents by agent id.
	Agents map[string]*Node `json:"agents,omitempty"`
	// Pending are spawns allowed but not yet started, oldest first.
	Pending []Spawn `json:"pending,omitempty"`
	Metrics Metrics `json:"metrics"`
}

// Node is a subagent in the delegation tree.
type Node struct {
	Type string `json:"type"`
	// Parent is the spawning subagent's id, "" for the main thread.
	Parent  string    `json:"parent,omitempty"`
	Depth   int       `json:"depth"`
	Started time.Time `json:"started"`
	Stopped time.Time `json:"stopped,omitzero"`
}

// Spawn is a subagent the policy let an agent start.
type Spawn struct {
	Parent    string    `json:"parent,omitempty"`
	Type      string    `json:"type"`
	ToolUseID string    `json:"tool_use_id,omitempty"`
	Time      time.Time `json:"time"`
}

// Metrics count what a session (or the project, since the last session
// start) executed.
type Metrics struct {
	Since time.Time `json:"since,omitzero"`
	// Calls counts finished tool calls by kind.
	Calls      map[string]int `json:"calls,omitempty"`
	Failures   int            `json:"failures"`
	Denials    int            `json:"denials"`
	Asks       int            `json:"asks"`
	DurationMS int64          `json:"duration_ms"`
}

// MetricsFile is metrics.json.
type MetricsFile struct {
	Version int `json:"version"`
	Metrics
}

// empty reports whether nothing was counted.
func (m *Metrics) empty() bool {
	return len(m.Calls) == 0 && m.Failures == 0 && m.Denials == 0 && m.Asks == 0 && m.DurationMS == 0
}

// Depth returns the delegation depth of an agent in the session: 0 for
// the main thread (agentID ""), and for an unknown subagent 1.
func (s *Session) Depth(agentID string) int {
	if agentID == "" {
		return 0
	}
	if n := s.Agents[agentID]; n != nil {
		return n.Depth
	}
	return 1
}

// Chain lists the agent types from the main thread down to an agent.
func (s *Session) Chain(agentID string) []string {
	var rev []string
	seen := map[string]bool{}
	for id := agentID; id != "" && !seen[id]; {
		seen[id] = true
		n := s.Agents[id]
		if n == nil {
			rev = append(rev, "subagent")
			break
		}
		rev = append(rev, n.Type)
		id = n.Parent
	}
	out := []string{"main"}
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return out
}

// ReadSession reads a session's record without locking; it returns an
// empty record when there is none.
func (b *Brain) ReadSession(id string) (*Session, error) {
	s := &Session{}
	if err := readJSON(b.sessionPath(id), s); err != nil {
		return nil, err
	}
	return s, nil
}

// ReadState reads state.json without locking.
func (b *Brain) ReadState() (*State, error) {
	st := &State{}
	if err := readJSON(b.statePath(), st); err != nil {
		return nil, err
	}
	return st, nil
}

// ReadMetrics reads metrics.json without locking.
func (b *Brain) ReadMetrics() (*MetricsFile, error) {
	m := &MetricsFile{}
	if err := readJSON(b.metricsPath(), m); err != nil {
		return nil, err
	}
	return m, nil
}

// Sessions lists the ids of the recorded sessions.
func (b *Brain) Sessions() ([]string, error) {
	entries, err := os.ReadDir(b.sessionsDir())
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".json"); ok && !e.IsDir() && !strings.HasPrefix(name, ".") {
			ids = append(ids, name)
		}
	}
	return ids, nil
}
