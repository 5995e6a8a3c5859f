package brain_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/brain"
)

// entries appends n decision log entries made at at, numbered from first.
func entries(t *testing.T, path string, at time.Time, first, n int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	must(t, err)
	defer f.Close()
	for i := first; i < first+n; i++ {
		fmt.Fprintf(f, `{"decision_id":"d%d","timestamp":%q,"result":{"decision":"allow"}}`+"\n", i, at.Format(time.RFC3339Nano))
	}
}

// ids reads the decision ids of every rotated log beside path and of the
// log itself.
func ids(t *testing.T, path string) map[string]int {
	t.Helper()
	files, _ := filepath.Glob(strings.TrimSuffix(path, ".jsonl") + "*.jsonl")
	out := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		must(t, err)
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var e struct {
				ID string `json:"decision_id"`
			}
			if json.Unmarshal([]byte(l), &e) == nil && e.ID != "" {
				out[e.ID]++
			}
		}
	}
	return out
}

// TestRotationsInOneInstant: two rotations at the same moment keep both
// logs; nothing is overwritten.
func TestRotationsInOneInstant(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	b := open(t, &now)
	log := filepath.Join(t.TempDir(), "decisions.jsonl")
	p := brain.DefaultPurgePolicy()
	p.LogMaxSize = 1
	var to []string
	for round := range 3 {
		entries(t, log, now, round*20, 20)
		r, err := b.Purge(p, log, false)
		must(t, err)
		if len(r.Moves) != 1 || r.Moves[0].Action != "rotated" {
			t.Fatalf("round %d: moves %+v", round, r.Moves)
		}
		to = append(to, r.Moves[0].To)
	}
	if to[0] == to[1] || to[1] == to[2] || to[0] == to[2] {
		t.Errorf("rotated to the same name: %q", to)
	}
	got := ids(t, log)
	if len(got) != 60 {
		t.Errorf("%d of 60 entries are left in the logs", len(got))
	}
	for id, n := range got {
		if n != 1 {
			t.Errorf("%s is in the logs %d times", id, n)
		}
	}
}

// TestRotationStoppedAfterLink: a rotation killed after it linked the log
// to its rotated name and before it removed the log is finished by the
// next, with no entry in two logs.
func TestRotationStoppedAfterLink(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	b := open(t, &now)
	log := filepath.Join(t.TempDir(), "decisions.jsonl")
	entries(t, log, now, 0, 10)
	must(t, os.Link(log, filepath.Join(filepath.Dir(log), "decisions-20260301-115959.000000000.jsonl")))
	p := brain.DefaultPurgePolicy()
	p.LogMaxSize = 1
	_, err := b.Purge(p, log, false)
	must(t, err)
	if _, err := os.Stat(log); !os.IsNotExist(err) {
		t.Errorf("the log is still there: %v", err)
	}
	for id, n := range ids(t, log) {
		if n != 1 {
			t.Errorf("%s is in the logs %d times", id, n)
		}
	}
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(log), "decisions-*.jsonl"))
	if len(files) != 1 {
		t.Errorf("rotated logs %q, want the one", files)
	}
}

// TestLogKeepByTimeCovered: log_keep drops the rotated logs whose entries
// are oldest, whatever their names say (one rotated while the clock ran
// ahead is named in the future).
func TestLogKeepByTimeCovered(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	b := open(t, &now)
	dir := t.TempDir()
	log := filepath.Join(dir, "decisions.jsonl")
	ahead := filepath.Join(dir, "decisions-20300101-000000.jsonl")
	entries(t, ahead, now.Add(-60*24*time.Hour), 0, 3)
	mid := filepath.Join(dir, "decisions-20260201-000000.jsonl")
	entries(t, mid, now.Add(-28*24*time.Hour), 3, 3)
	recent := filepath.Join(dir, "decisions-20260228-000000.000000000.jsonl")
	entries(t, recent, now.Add(-24*time.Hour), 6, 3)
	// A log with no entry that reads goes by its modification time.
	empty := filepath.Join(dir, "decisions-20250101-000000.jsonl")
	must(t, os.WriteFile(empty, []byte("torn"), 0o600))
	must(t, os.Chtimes(empty, now, now))
	p := brain.DefaultPurgePolicy()
	p.LogKeep = 2
	r, err := b.Purge(p, log, false)
	must(t, err)
	var deleted []string
	for _, m := range r.Moves {
		if m.Action == "deleted" {
			deleted = append(deleted, filepath.Base(m.From))
		}
	}
	if len(deleted) != 2 || deleted[0] != filepath.Base(ahead) || deleted[1] != filepath.Base(mid) {
		t.Errorf("deleted %q, want the log named in 2030 (entries two months old), then the month-old one", deleted)
	}
	for _, f := range []string{recent, empty} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s was not kept: %v", filepath.Base(f), err)
		}
	}
}
