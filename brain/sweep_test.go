package brain_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/agentgov/governance/brain"
)

// TestPurgeSweepsWhatKilledProcessesLeft: lock files nobody holds and old
// temporary files of atomic writes, in the brain and beside the decision
// log, are removed by purge and listed; other files stay.
func TestPurgeSweepsWhatKilledProcessesLeft(t *testing.T) {
	t.Parallel()
	now := time.Now()
	b := open(t, &now)
	logDir := t.TempDir()
	log := filepath.Join(logDir, "decisions.jsonl")
	must(t, os.MkdirAll(filepath.Join(b.Dir, "sessions"), 0o700))
	orphans := []string{
		filepath.Join(b.Dir, "state.json.lock"),
		filepath.Join(b.Dir, ".state.json.tmp-4242"),
		filepath.Join(b.Dir, "sessions", "s1.json.lock"),
		filepath.Join(logDir, "decisions.jsonl.lock"),
		filepath.Join(logDir, ".audit-failures.json.tmp-1"),
	}
	young := filepath.Join(b.Dir, ".metrics.json.tmp-77")
	other := filepath.Join(b.Dir, "notes.lockfile")
	old := now.Add(-time.Hour)
	for _, f := range append(orphans, young, other) {
		must(t, os.WriteFile(f, nil, 0o600))
		if f != young {
			must(t, os.Chtimes(f, old, old))
		}
	}
	r, err := b.Purge(brain.DefaultPurgePolicy(), log, false)
	must(t, err)
	var removed []string
	for _, m := range r.Moves {
		if m.Action == "removed" {
			removed = append(removed, m.What+" "+filepath.Base(m.From))
		}
	}
	slices.Sort(removed)
	want := []string{"lock file decisions.jsonl.lock", "lock file s1.json.lock", "lock file state.json.lock",
		"temporary file .audit-failures.json.tmp-1", "temporary file .state.json.tmp-4242"}
	if !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	for _, f := range orphans {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			t.Errorf("%s is still there", f)
		}
	}
	for _, f := range []string{young, other} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s was removed", f)
		}
	}
	// A dry run touches nothing.
	must(t, os.WriteFile(orphans[0], nil, 0o600))
	if _, err := b.Purge(brain.DefaultPurgePolicy(), log, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(orphans[0]); err != nil {
		t.Errorf("a dry run removed %s", orphans[0])
	}
}
