package approvals_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// file files one pending item of shape "x" and returns it.
func file(t *testing.T, s *approvals.Store) *approvals.Item {
	t.Helper()
	it, _, err := s.File(approvals.Item{Shape: "x", Summary: "shell: npm install"})
	if err != nil {
		t.Fatal(err)
	}
	return it
}

// rewrite changes the file of an item as something other than governance
// would: edit gets the record as a map.
func rewrite(t *testing.T, s *approvals.Store, id string, edit func(map[string]any)) {
	t.Helper()
	path := filepath.Join(s.Dir, id+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	data, _ = json.Marshal(m)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestRecordsAreSigned: a record governance writes verifies and its
// answer counts; the key is made once, mode 0600.
func TestRecordsAreSigned(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	s := approvals.Open(state)
	it := file(t, s)
	fi, err := os.Stat(filepath.Join(state, approvals.KeyFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the key: %v %v", fi, err)
	}
	if it.MAC == "" {
		t.Fatal("a filed record carries no MAC")
	}
	if _, err := approvals.Open(state).Answer(it.ID, true, "person", "", false); err != nil {
		t.Fatal(err)
	}
	got, err := approvals.Open(state).Answered("x", time.Time{})
	if err != nil || got == nil || got.Status != approvals.Used || got.Unverified != "" {
		t.Fatalf("the answer of a signed record: %+v %v", got, err)
	}
}

// TestForgedApprovalsAreRefused: a record approved by a hand that has
// not the key (no MAC, a MAC of another key, a signed record changed
// afterwards, a MAC copied from another record) counts as pending: the
// waiting call is not let through, the refusal is reported, and a person
// can answer the record again.
func TestForgedApprovalsAreRefused(t *testing.T) {
	t.Parallel()
	other := approvals.Open(t.TempDir())
	foreign := file(t, other)
	forgeries := map[string]func(m map[string]any, sibling *approvals.Item){
		"no MAC": func(m map[string]any, _ *approvals.Item) {
			delete(m, "mac")
			m["status"], m["decided"] = approvals.Approved, time.Now().UTC()
		},
		"another key's MAC": func(m map[string]any, _ *approvals.Item) {
			m["status"], m["decided"] = approvals.Approved, time.Now().UTC()
			m["mac"] = foreign.MAC
		},
		"changed after signing": func(m map[string]any, _ *approvals.Item) {
			m["status"] = approvals.Approved
		},
		"a sibling's MAC": func(m map[string]any, sibling *approvals.Item) {
			m["status"], m["decided"] = approvals.Approved, time.Now().UTC()
			m["mac"] = sibling.MAC
		},
	}
	for name, forge := range forgeries {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			state := t.TempDir()
			s := approvals.Open(state)
			it := file(t, s)
			sibling, _, err := s.File(approvals.Item{Shape: "y", Summary: "shell: other"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Answer(sibling.ID, true, "person", "", false); err != nil {
				t.Fatal(err)
			}
			sibling, _ = s.Get(sibling.ID)
			rewrite(t, s, it.ID, func(m map[string]any) { forge(m, sibling) })

			s = approvals.Open(state)
			got, err := s.Answered("x", time.Time{})
			if got != nil || !errors.Is(err, approvals.ErrUnverified) {
				t.Fatalf("a forged approval: %+v %v", got, err)
			}
			cur, err := s.Get(it.ID)
			if err != nil || cur.Status != approvals.Pending || !strings.Contains(cur.Unverified, "not signed") {
				t.Fatalf("the forged record reads as %+v %v", cur, err)
			}
			if pending, _ := s.List(approvals.Pending); len(pending) != 1 || pending[0].ID != it.ID {
				t.Fatalf("pending: %+v", pending)
			}
			// Finishing an approval for good is refused: journaling the
			// record would sign it.
			if _, err := s.Journal(it.ID, func(f *approvals.Finish) { f.Done = true }); err == nil {
				t.Fatal("a forged approval's journal was written")
			}
			if cur, _ := s.Get(it.ID); cur == nil || !strings.Contains(cur.Unverified, "not signed") || cur.Finish != nil {
				t.Fatalf("after Journal the forged record reads as %+v", cur)
			}
			// A person answers it again; the record is signed anew.
			if _, err := s.Answer(it.ID, false, "person", "no", false); err != nil {
				t.Fatal(err)
			}
			if got, err := approvals.Open(state).Answered("x", time.Time{}); err != nil || got == nil || got.Status != approvals.Denied {
				t.Fatalf("answered again: %+v %v", got, err)
			}
		})
	}
}

// TestUnsignedRecordsMigrate: records written before records were
// signed, with no key yet, are pending with a note, and a new key does
// not make them verify.
func TestUnsignedRecordsMigrate(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	dir := filepath.Join(state, "approvals")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	old := `{"id":"abc234","created":"2026-01-01T00:00:00Z","status":"approved","shape":"x","summary":"shell: npm install","decided":"2026-01-01T00:01:00Z","by":"me"}`
	if err := os.WriteFile(filepath.Join(dir, "abc234.json"), []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	s := approvals.Open(state)
	it, err := s.Get("abc234")
	if err != nil || it.Status != approvals.Pending || !strings.Contains(it.Unverified, `"approved"`) {
		t.Fatalf("an old record: %+v %v", it, err)
	}
	if got, err := s.Answered("x", time.Time{}); got != nil || !errors.Is(err, approvals.ErrUnverified) {
		t.Fatalf("an old approval: %+v %v", got, err)
	}
	// Filing another call makes the key; the old record stays unverified.
	if _, _, err := s.File(approvals.Item{Shape: "z"}); err != nil {
		t.Fatal(err)
	}
	if it, _ := approvals.Open(state).Get("abc234"); it.Status != approvals.Pending {
		t.Fatalf("an old record after the key was made: %+v", it)
	}
	// The call of the same shape finds the old record pending, not a new one.
	again, created, err := approvals.Open(state).File(approvals.Item{Shape: "x"})
	if err != nil || created || again.ID != "abc234" {
		t.Fatalf("filing the same call: %+v %v %v", again, created, err)
	}
}

// TestOneKeyWhenFilersRace: processes that file at once, each the first,
// share one key: every record verifies.
func TestOneKeyWhenFilersRace(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	shared := approvals.Open(state)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			s := approvals.Open(state)
			if i%2 == 0 {
				s = shared
			}
			if _, _, err := s.File(approvals.Item{Shape: fmt.Sprint("shape-", i)}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	items, err := approvals.Open(state).List("")
	if err != nil || len(items) != 8 {
		t.Fatalf("items: %d %v", len(items), err)
	}
	for _, it := range items {
		if it.Unverified != "" {
			t.Errorf("%s: %s", it.ID, it.Unverified)
		}
	}
}
