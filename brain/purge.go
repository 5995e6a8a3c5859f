package brain

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/filelock"
)

// PurgePolicy says what purge keeps.
type PurgePolicy struct {
	// HistoryKeep is how many history entries state.json keeps.
	HistoryKeep int
	// SessionMaxAge is how long a session's record stays after its last
	// update.
	SessionMaxAge time.Duration
	// AnchorsMax is how many anchors stay pinned; HighTTL is how long an
	// anchor stays high before it becomes normal, NormalTTL how long it
	// then stays normal before it is archived.
	AnchorsMax         int
	HighTTL, NormalTTL time.Duration
	// The decision log is rotated when it is larger than LogMaxSize bytes
	// or its first entry is older than LogMaxAge; LogKeep rotated logs
	// are kept (0 keeps them all).
	LogMaxSize int64
	LogMaxAge  time.Duration
	LogKeep    int
	// CheckpointKeep is how long the checkpoints taken before confined
	// calls are kept (internal/checkpoint).
	CheckpointKeep time.Duration
}

// DefaultPurgePolicy is the purge policy when the configuration sets none.
func DefaultPurgePolicy() PurgePolicy {
	return PurgePolicy{HistoryKeep: 50, SessionMaxAge: 168 * time.Hour, AnchorsMax: 20,
		HighTTL: 48 * time.Hour, NormalTTL: 48 * time.Hour, LogMaxSize: 10 << 20, LogMaxAge: 30 * 24 * time.Hour,
		CheckpointKeep: 7 * 24 * time.Hour}
}

// Move is one thing purge did (or would do).
type Move struct {
	What   string `json:"what"`
	ID     string `json:"id,omitempty"`
	Count  int    `json:"count,omitempty"`
	Action string `json:"action"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
}

// Report says what a purge moved where.
type Report struct {
	DryRun bool      `json:"dry_run"`
	Now    time.Time `json:"now"`
	Brain  string    `json:"brain"`
	Moves  []Move    `json:"moves"`
}

// faultEnv names a point where purge exits at once, as if killed: a
// test-only switch for showing that a rerun finishes the job.
const faultEnv = "GOVERNANCE_TEST_PURGE_FAULT"

func fault(point string) {
	if os.Getenv(faultEnv) == point {
		os.Exit(99)
	}
}

// Purge applies the purge policy: history beyond the newest entries goes
// to history/, old sessions to archive/sessions/, anchors are demoted and
// expired into archive/anchors.jsonl, and the decision log at logPath ("" for
// none) is rotated. Archives are written and fsynced before anything is
// removed, so a purge killed at any point loses nothing, and running it
// again finishes the job without duplicating anything. It is safe while
// hooks run: each file is changed under its lock. The lock files and
// temporary files that killed processes left behind are removed first.
func (b *Brain) Purge(p PurgePolicy, logPath string, dryRun bool) (*Report, error) {
	r := &Report{DryRun: dryRun, Now: b.now(), Brain: b.Dir, Moves: []Move{}}
	// A broken file stops only its own part: the rest is purged, and the
	// errors are returned together.
	var errs []error
	if !dryRun {
		// What a killed run (of purge, a hook, any writer) left behind.
		if err := b.sweep(logPath, r); err != nil {
			errs = append(errs, err)
		}
	}
	if err := b.purgeState(p, r); err != nil {
		errs = append(errs, err)
	}
	if err := b.purgeSessions(p, r); err != nil {
		errs = append(errs, err)
	}
	if logPath != "" {
		if err := rotateLog(logPath, p, r); err != nil {
			errs = append(errs, err)
		}
	}
	return r, errors.Join(errs...)
}

// purgeState archives old history and expires anchors, under the state
// lock.
func (b *Brain) purgeState(p PurgePolicy, r *Report) error {
	if _, err := os.Stat(b.statePath()); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	unlock, err := filelock.Lock(b.statePath())
	if err != nil {
		return err
	}
	defer unlock()
	st := &State{}
	if err := readJSON(b.statePath(), st); err != nil {
		return err
	}
	changed := false

	// Anchors: demote old high ones, expire old normal ones, then keep
	// the most important within the limit.
	now := r.Now
	var expired []Anchor
	var anchors []Anchor
	for _, a := range st.Anchors {
		switch {
		case a.Priority == High && now.Sub(a.Since) >= p.HighTTL:
			a.Priority, a.Since = Normal, a.Since.Add(p.HighTTL)
			r.Moves = append(r.Moves, Move{What: "anchor", ID: a.ID, Action: "demoted to normal"})
			st.addHistory(now, Entry{Kind: KindAnchorDemote, Detail: a.ID})
			changed = true
			if now.Sub(a.Since) >= p.NormalTTL {
				expired = append(expired, a)
				continue
			}
		case a.Priority == Normal && now.Sub(a.Since) >= p.NormalTTL:
			expired = append(expired, a)
			continue
		}
		anchors = append(anchors, a)
	}
	if p.AnchorsMax >= 0 && len(anchors) > p.AnchorsMax {
		ranked := slices.Clone(anchors)
		sort.SliceStable(ranked, func(i, j int) bool {
			pi, pj := slices.Index(Priorities, ranked[i].Priority), slices.Index(Priorities, ranked[j].Priority)
			if pi != pj {
				return pi < pj
			}
			return ranked[i].Created.After(ranked[j].Created)
		})
		over := map[string]bool{}
		for _, a := range ranked[p.AnchorsMax:] {
			over[a.ID] = true
		}
		kept := anchors[:0:0]
		for _, a := range anchors {
			if over[a.ID] {
				expired = append(expired, a)
			} else {
				kept = append(kept, a)
			}
		}
		anchors = kept
	}
	for _, a := range expired {
		r.Moves = append(r.Moves, Move{What: "anchor", ID: a.ID, Action: "archived", From: "state.json", To: "archive/anchors.jsonl"})
		st.addHistory(now, Entry{Kind: KindAnchorRemove, Detail: a.ID + " (expired)"})
		changed = true
	}
	if len(expired) > 0 && !r.DryRun {
		if err := b.archiveAnchors(expired, "expired"); err != nil {
			return err
		}
		fault("anchors-archived")
	}
	st.Anchors = anchors

	// History, after the anchors' entries were added: entries at or below
	// the newest archived seq are already in an archive (a previous run
	// stopped before rewriting state.json).
	archived, err := b.archivedSeq()
	if err != nil {
		return err
	}
	var keep, out []Entry
	cut := len(st.History) - p.HistoryKeep
	for i, e := range st.History {
		switch {
		case e.Seq <= archived:
			changed = true
		case i < cut:
			out = append(out, e)
		default:
			keep = append(keep, e)
		}
	}
	if len(out) > 0 {
		name := fmt.Sprintf("history-%d-%d.jsonl", out[0].Seq, out[len(out)-1].Seq)
		to := filepath.Join(b.historyDir(), name)
		r.Moves = append(r.Moves, Move{What: "history", Count: len(out), Action: "archived", From: "state.json", To: rel(b.Dir, to)})
		if !r.DryRun {
			if err := writeLines(to, out); err != nil {
				return err
			}
			fault("history-archived")
		}
		changed = true
	}
	st.History = keep
	if !changed || r.DryRun {
		return nil
	}
	return writeJSON(b.statePath(), st)
}

// archivedSeq returns the newest history seq in history/.
func (b *Brain) archivedSeq() (int64, error) {
	entries, err := os.ReadDir(b.historyDir())
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	var max int64
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".jsonl")
		if !ok || !strings.HasPrefix(name, "history-") {
			continue
		}
		parts := strings.Split(strings.TrimPrefix(name, "history-"), "-")
		if len(parts) != 2 {
			continue
		}
		if last, err := strconv.ParseInt(parts[1], 10, 64); err == nil && last > max {
			max = last
		}
	}
	return max, nil
}

// purgeSessions moves sessions not updated within the maximum age to
// archive/sessions/.
func (b *Brain) purgeSessions(p PurgePolicy, r *Report) error {
	ids, err := b.Sessions()
	if err != nil {
		return err
	}
	sort.Strings(ids)
	var errs []error
	for _, id := range ids {
		if err := b.purgeSession(id, p, r); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (b *Brain) purgeSession(id string, p PurgePolicy, r *Report) error {
	path := filepath.Join(b.sessionsDir(), id+".json")
	unlock, err := filelock.Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	s := &Session{}
	if err := json.Unmarshal(data, s); err != nil {
		return &CorruptError{Path: path, Err: err}
	}
	last := s.Updated
	if last.IsZero() {
		last = s.Started
	}
	if r.Now.Sub(last) < p.SessionMaxAge {
		return nil
	}
	to, err := b.sessionArchive(id, data, s)
	if err != nil {
		return err
	}
	r.Moves = append(r.Moves, Move{What: "session", ID: s.ID, Action: "archived", From: rel(b.Dir, path), To: rel(b.Dir, to)})
	if r.DryRun {
		return nil
	}
	if err := writeFile(to, data); err != nil {
		return err
	}
	fault("session-archived")
	if err := os.Remove(path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// sessionArchive picks the archive file of a session: <id>.json, unless a
// different record of the same id is already archived there.
func (b *Brain) sessionArchive(id string, data []byte, s *Session) (string, error) {
	to := filepath.Join(b.archiveDir(), "sessions", id+".json")
	old, err := os.ReadFile(to)
	if errors.Is(err, fs.ErrNotExist) || err == nil && bytes.Equal(old, data) {
		return to, nil
	}
	if err != nil {
		return "", err
	}
	return filepath.Join(b.archiveDir(), "sessions", fmt.Sprintf("%s-%d.json", id, s.Started.Unix())), nil
}

// rotateLog moves the decision log aside when it is too large or too
// old (see decisionlog.Rotate: a rotated log never replaces another), and
// drops the rotated logs beyond the number kept, oldest first by the time
// each covers (its last entry's), not by its name: a log rotated while
// the clock ran ahead is named in the future.
func rotateLog(path string, p PurgePolicy, r *Report) error {
	fi, err := os.Stat(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err == nil {
		first := firstLogTime(path)
		if first.IsZero() {
			first = fi.ModTime()
		}
		if fi.Size() > 0 && (p.LogMaxSize > 0 && fi.Size() > p.LogMaxSize || p.LogMaxAge > 0 && r.Now.Sub(first) > p.LogMaxAge) {
			if r.DryRun {
				r.Moves = append(r.Moves, Move{What: "decision log", Action: "rotated", From: path})
			} else {
				to, err := decisionlog.Rotate(path, r.Now)
				if err != nil {
					return err
				}
				r.Moves = append(r.Moves, Move{What: "decision log", Action: "rotated", From: path, To: to})
				fault("log-rotated")
			}
		}
	}
	if p.LogKeep <= 0 {
		return nil
	}
	old, err := decisionlog.Rotated(path)
	if err != nil {
		return err
	}
	for len(old) > p.LogKeep {
		r.Moves = append(r.Moves, Move{What: "decision log", Action: "deleted", From: old[0]})
		if !r.DryRun {
			if err := os.Remove(old[0]); err != nil {
				return err
			}
		}
		old = old[1:]
	}
	return nil
}

// firstLogTime reads the time of a log's first line: its "timestamp", as
// decision log entries have it, or the "time" of older logs.
func firstLogTime(path string) time.Time {
	f, err := os.Open(path)
	if err != nil {
		return time.Time{}
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	if !sc.Scan() {
		return time.Time{}
	}
	var line struct {
		Timestamp time.Time `json:"timestamp"`
		Time      time.Time `json:"time"`
	}
	_ = json.Unmarshal(sc.Bytes(), &line)
	if !line.Timestamp.IsZero() {
		return line.Timestamp
	}
	return line.Time
}

// writeLines writes entries as JSON lines, atomically and durably.
func writeLines[T any](path string, items []T) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, it := range items {
		if err := enc.Encode(it); err != nil {
			return err
		}
	}
	return writeFile(path, b.Bytes())
}

// archivedIDs collects the "id" of every line of a JSON lines file.
func archivedIDs(path string) (map[string]bool, error) {
	out := map[string]bool{}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var line struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.ID != "" {
			out[line.ID] = true
		}
	}
	return out, sc.Err()
}

// rel shows a path relative to the brain folder.
func rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}
