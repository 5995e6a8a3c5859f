package decisionlog

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"iter"
	"os"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// Filter selects entries. Zero fields select everything.
type Filter struct {
	// Since keeps entries made at or after it.
	Since time.Time
	// Agent keeps the entries of one agent; "main" is the main thread
	// (entries with no agent).
	Agent string
	// Outcomes keeps entries with one of these decisions.
	Outcomes []engine.Outcome
	// Session keeps the entries of one session.
	Session string
}

// Match reports whether the filter keeps e.
func (f Filter) Match(e *Entry) bool {
	if !f.Since.IsZero() && e.Timestamp.Before(f.Since) {
		return false
	}
	if f.Agent != "" && e.Input.Agent != f.Agent && !(f.Agent == MainAgent && e.Input.Agent == "") {
		return false
	}
	if f.Session != "" && e.Input.Session != f.Session {
		return false
	}
	if len(f.Outcomes) > 0 {
		o := e.Outcome()
		for _, want := range f.Outcomes {
			if o == want {
				return true
			}
		}
		return false
	}
	return true
}

// MainAgent is how the main thread (a call with no agent) is named in
// filters and listings.
const MainAgent = "main"

// Files returns the log files that may hold entries made at or after
// since, oldest first: the rotated logs beside path
// ("decisions-20060102-150405.000000000.jsonl") whose last entry was made
// at or after since (see [Rotated] and [LastTime]), then path itself. A
// zero since means the current log only.
func Files(path string, since time.Time) ([]string, error) {
	var files []string
	if !since.IsZero() {
		rotated, err := Rotated(path)
		if err != nil {
			return nil, err
		}
		for _, r := range rotated {
			if last := LastTime(r); !last.IsZero() && last.Before(since) {
				continue
			}
			files = append(files, r)
		}
	}
	return append(files, path), nil
}

// Read streams the entries of the log at path that f keeps, oldest first,
// reading rotated logs too when f.Since reaches back to them. Lines that
// are not entries (a line cut short by a killed writer or a full disk, a
// last line still being written) are skipped; [Inspect] counts them. A
// missing log has no entries.
func Read(path string, f Filter) iter.Seq2[*Entry, error] {
	return func(yield func(*Entry, error) bool) {
		files, err := Files(path, f.Since)
		if err != nil {
			yield(nil, err)
			return
		}
		for _, name := range files {
			if !readFile(name, f, nil, yield) {
				return
			}
		}
	}
}

// readFile yields the kept entries of one file; it returns false when the
// consumer stopped. h, when set, counts what was read.
func readFile(name string, f Filter, h *Health, yield func(*Entry, error) bool) bool {
	file, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return yield(nil, err)
	}
	defer file.Close()
	r := bufio.NewReaderSize(file, 64<<10)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			e, torn := parseLine(line)
			if h != nil {
				h.count(name, n, len(bytes.TrimRight(line, "\r\n")), e, torn, err == io.EOF)
			}
			if e != nil && f.Match(e) {
				if !yield(e, nil) {
					return false
				}
			}
		}
		if err == io.EOF {
			return true
		}
		if err != nil {
			return yield(nil, err)
		}
	}
}

// Health is what reading a log found: its entries, and its torn lines,
// which readers skip: lines cut short by a writer killed during its write
// or stopped by a full disk.
type Health struct {
	// Entries counts the whole entries.
	Entries int
	// Torn lists the torn lines.
	Torn []TornLine
}

// TornLine is a line of a log that is not a whole entry.
type TornLine struct {
	File string
	// Line is its line number; Bytes its length.
	Line, Bytes int
	// Tail reports a last line with no newline: cut short, or being
	// written at the time.
	Tail bool
	// Recovered reports that a whole entry written after the torn one
	// was on the same line (by a release that did not start a new line)
	// and was read.
	Recovered bool
}

func (h *Health) count(file string, n, length int, e *Entry, torn, tail bool) {
	if e != nil {
		h.Entries++
	}
	if torn {
		h.Torn = append(h.Torn, TornLine{File: file, Line: n, Bytes: length, Tail: tail, Recovered: e != nil})
	}
}

// Inspect reads the log files at paths (the current log, rotated logs)
// and counts their entries and torn lines.
func Inspect(paths ...string) (Health, error) {
	var h Health
	for _, name := range paths {
		var rerr error
		readFile(name, Filter{}, &h, func(_ *Entry, err error) bool {
			rerr = err
			return err == nil
		})
		if rerr != nil {
			return h, rerr
		}
	}
	return h, nil
}

// Parse decodes one line of the log; nil when it is not an entry.
func Parse(line []byte) *Entry {
	e, _ := parseLine(line)
	return e
}

// entryStart is how every entry begins. Inside a field's value the quotes
// are escaped, so the bytes appear unescaped only where an entry (or an
// object of MCP arguments) starts.
var entryStart = []byte(`{"decision_id":`)

// parseLine decodes one line. A line that is not a whole entry is torn;
// when a whole entry follows the torn part on the same line (written by a
// release that did not start a new line after a torn one), that entry is
// returned too.
func parseLine(line []byte) (e *Entry, torn bool) {
	trimmed := bytes.TrimRight(line, "\r\n")
	if len(bytes.TrimSpace(trimmed)) == 0 {
		return nil, false
	}
	if e := parse(trimmed); e != nil {
		return e, false
	}
	rest := trimmed[1:]
	for range 16 {
		i := bytes.Index(rest, entryStart)
		if i < 0 {
			break
		}
		if e := parse(rest[i:]); e != nil {
			return e, true
		}
		rest = rest[i+1:]
	}
	return nil, true
}

// parse decodes one line with no newline; nil when it is not an entry.
func parse(line []byte) *Entry {
	if len(line) == 0 || line[0] != '{' {
		return nil
	}
	e := &Entry{}
	if json.Unmarshal(line, e) != nil || e.DecisionID == "" {
		return nil
	}
	e.Line = line
	legacyApproval(e)
	return e
}

// legacyApproval gives an entry written before decisions carried their
// approval (the rule was approved:ID, denied:ID or awaiting:ID) the
// approval it records.
func legacyApproval(e *Entry) {
	r := &e.Result
	if r.Approval != nil || r.Layer != "approval" {
		return
	}
	for _, state := range []string{"approved", "denied", "awaiting"} {
		if id, ok := strings.CutPrefix(r.Rule, state+":"); ok {
			if state == "awaiting" {
				state = "waiting"
			}
			r.Approval = &Approval{ID: id, State: state}
		}
	}
}

// Follow calls fn for the entries that f keeps in the log at path, then
// for each new one as it is appended, until ctx is done or fn returns an
// error. It starts with the last backlog entries already in the log
// (read as [Read] does, rotated logs included when f.Since reaches back;
// a negative backlog means all of them, 0 none), without a gap or a
// repeat between those and the new ones. It polls the file every
// interval, reads only complete lines, and when the log is rotated it
// finishes the old file and continues with the new one from its start.
func Follow(ctx context.Context, path string, f Filter, backlog int, interval time.Duration, fn func(*Entry) error) error {
	t := &tail{path: path, filter: f, fn: fn}
	defer t.close()
	if err := t.open(backlog == 0); err != nil {
		return err
	}
	if backlog != 0 {
		var kept []*Entry
		keep := func(e *Entry) error {
			kept = append(kept, e)
			if backlog > 0 && len(kept) > backlog {
				kept = kept[1:]
			}
			return nil
		}
		files, err := Files(path, f.Since)
		if err != nil {
			return err
		}
		for _, name := range files[:len(files)-1] {
			for e, err := range Read(name, Filter{}) {
				if err != nil {
					return err
				}
				if f.Match(e) {
					keep(e)
				}
			}
		}
		// The current log is read through the file that is then
		// followed, so that nothing falls between the two.
		t.fn = keep
		if err := t.drain(); err != nil {
			return err
		}
		t.fn = fn
		for _, e := range kept {
			if err := fn(e); err != nil {
				return err
			}
		}
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		if err := t.poll(); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// tail follows one log file across rotations.
type tail struct {
	path    string
	filter  Filter
	fn      func(*Entry) error
	file    *os.File
	partial []byte // the start of a line not yet complete
}

// open opens the log, at its end when atEnd. A log that does not exist
// yet is opened when it appears.
func (t *tail) open(atEnd bool) error {
	file, err := os.Open(t.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if atEnd {
		if _, err := file.Seek(0, io.SeekEnd); err != nil {
			file.Close()
			return err
		}
	}
	t.file, t.partial = file, nil
	return nil
}

func (t *tail) close() {
	if t.file != nil {
		t.file.Close()
	}
}

// poll reads what was appended since the last poll.
func (t *tail) poll() error {
	if t.file == nil {
		return t.open(false)
	}
	if err := t.drain(); err != nil {
		return err
	}
	cur, err := t.file.Stat()
	if err != nil {
		return err
	}
	now, err := os.Stat(t.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// Rotated, and no new log yet: keep the old one until one appears.
		return nil
	case err != nil:
		return err
	case !os.SameFile(cur, now):
		// Rotated: what the old file got before the rename was read by
		// drain above; continue with the new one.
		if err := t.drain(); err != nil {
			return err
		}
		t.file.Close()
		t.file = nil
		if err := t.open(false); err != nil {
			return err
		}
		return t.drain()
	}
	if pos, err := t.file.Seek(0, io.SeekCurrent); err == nil && now.Size() < pos {
		// Truncated in place: start again from the top.
		if _, err := t.file.Seek(0, io.SeekStart); err != nil {
			return err
		}
		t.partial = nil
	}
	return nil
}

// drain reads to the end of the current file and reports every complete
// line.
func (t *tail) drain() error {
	if t.file == nil {
		return nil
	}
	buf := make([]byte, 64<<10)
	for {
		n, err := t.file.Read(buf)
		data := buf[:n]
		for len(data) > 0 {
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				t.partial = append(t.partial, data...)
				break
			}
			line := data[:i+1]
			if len(t.partial) > 0 {
				line = append(t.partial, line...)
				t.partial = nil
			}
			// The buffer is reused: the entry gets its own copy.
			if e, _ := parseLine(bytes.Clone(line)); e != nil && t.filter.Match(e) {
				if err := t.fn(e); err != nil {
					return err
				}
			}
			data = data[i+1:]
		}
		if err == io.EOF || n == 0 {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
