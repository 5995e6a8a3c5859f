package proposals

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// clock returns a store's clock that starts at t0 and moves a minute on
// every reading.
func clock() func() time.Time {
	now := t0
	return func() time.Time {
		now = now.Add(time.Minute)
		return now
	}
}

// TestListOldestFirst: List returns proposals oldest first, all of them
// or those of one status; a store never written has none.
func TestListOldestFirst(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	s.Now = clock()
	var ids []string
	for i := range 4 {
		p, err := s.Propose(Proposal{RuleID: fmt.Sprint("r", i), Rule: fmt.Sprintf("id: r%d\n", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	if _, err := s.Reject(ids[2], "ada", "no"); err != nil {
		t.Fatal(err)
	}
	all, err := s.List("")
	if err != nil || len(all) != 4 {
		t.Fatalf("all: %v %v", all, err)
	}
	for i, p := range all {
		if p.ID != ids[i] {
			t.Errorf("proposal %d is %s, want %s", i, p.ID, ids[i])
		}
	}
	if pending, _ := s.List(Pending); len(pending) != 3 || pending[2].ID != ids[3] {
		t.Errorf("pending: %+v", pending)
	}
	if rejected, _ := s.List(Rejected); len(rejected) != 1 || rejected[0].ID != ids[2] || rejected[0].Message != "no" {
		t.Errorf("rejected: %+v", rejected)
	}
	if none, err := Open(t.TempDir()).List(""); none != nil || err != nil {
		t.Errorf("a store never written: %v %v", none, err)
	}
}

// TestDecidedOnce: a proposal is accepted or rejected once; the answer
// records who, when and, for a rejection, why.
func TestDecidedOnce(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	s.Now = clock()
	p, _ := s.Propose(Proposal{RuleID: "r", Rule: "id: r\n"})
	got, err := s.Reject(p.ID, "bob", "too broad")
	if err != nil || got.Status != Rejected || got.By != "bob" || got.Message != "too broad" || !got.Decided.After(got.Created) {
		t.Fatalf("rejected %+v %v", got, err)
	}
	wrote := false
	if _, err := s.Accept(p.ID, "ada", func(*Proposal) (string, error) { wrote = true; return "f", nil }); err == nil ||
		!strings.Contains(err.Error(), "already rejected") || wrote {
		t.Errorf("accept after reject: %v (rule written: %v)", err, wrote)
	}
	if _, err := s.Reject(p.ID, "bob", ""); err == nil || !strings.Contains(err.Error(), "already rejected") {
		t.Errorf("a second reject: %v", err)
	}
}

// TestNoSuchProposal: an id with no proposal, or one that is not a plain
// name, is ErrNotFound.
func TestNoSuchProposal(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	for _, id := range []string{"p-nope23", "../x", "", "p.b"} {
		if _, err := s.Get(id); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "no such proposal") {
			t.Errorf("Get(%q): %v", id, err)
		}
		if _, err := s.Reject(id, "ada", ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("Reject(%q): %v", id, err)
		}
	}
}

// TestCorruptProposal: a file that is not a proposal is passed over by
// List, and Get says it is unreadable.
func TestCorruptProposal(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	p, _ := s.Propose(Proposal{RuleID: "r", Rule: "id: r\n"})
	if err := os.WriteFile(filepath.Join(s.Dir, "p-bad234.json"), []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if list, err := s.List(""); err != nil || len(list) != 1 || list[0].ID != p.ID {
		t.Errorf("listed %+v %v", list, err)
	}
	if _, err := s.Get("p-bad234"); err == nil || errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "unreadable") {
		t.Errorf("Get of a corrupt proposal: %v", err)
	}
	if _, err := s.Reject("p-bad234", "ada", ""); err == nil {
		t.Error("a corrupt proposal was rejected")
	}
}

// TestKilledWriter: what a process killed while writing leaves (a
// temporary file, the lock's file) neither shows nor stops the next
// writer.
func TestKilledWriter(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	p, _ := s.Propose(Proposal{RuleID: "r", Rule: "id: r\n"})
	for _, name := range []string{"." + p.ID + ".json.tmp-12345", "queue.lock"} {
		if err := os.WriteFile(filepath.Join(s.Dir, name), []byte(`{"id": "x", "status": "accepted"}`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if list, err := s.List(""); err != nil || len(list) != 1 || list[0].Status != Pending {
		t.Fatalf("listed %+v %v", list, err)
	}
	if _, err := s.Reject(p.ID, "ada", ""); err != nil {
		t.Fatal(err)
	}
}

// TestProposersRace: proposals made at once each get their own id.
func TestProposersRace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if _, err := Open(dir).Propose(Proposal{RuleID: fmt.Sprint("r", i)}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if list, err := Open(dir).List(""); err != nil || len(list) != 8 {
		t.Fatalf("proposals: %d %v", len(list), err)
	}
}

// TestReadsV1Proposals: proposals written before the queue store was
// shared (testdata/v1, written by the code of commit 19e3457) read as
// written, and rejecting one writes the same bytes that code wrote
// (testdata/v1/after).
func TestReadsV1Proposals(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	if err := os.CopyFS(state, os.DirFS("testdata/v1/state")); err != nil {
		t.Fatal(err)
	}
	s := Open(state)
	list, err := s.List("")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ id, status string }{{"p-9ztw7a", Pending}, {"p-m6qtvv", Accepted}, {"p-ac849j", Rejected}}
	if len(list) != len(want) {
		t.Fatalf("listed %d proposals, want %d", len(list), len(want))
	}
	for i, w := range want {
		if p := list[i]; p.ID != w.id || p.Status != w.status {
			t.Errorf("proposal %d: %s %s, want %s %s", i, p.ID, p.Status, w.id, w.status)
		}
	}
	if p := list[1]; p.RuleID != "allow-ls" || p.File != "/home/u/p/.governance/rules/proposals.yaml" || p.By != "ada" {
		t.Errorf("the accepted proposal: %+v", p)
	}
	s.Now = func() time.Time { return t0.Add(5 * time.Minute) }
	if _, err := s.Reject("p-9ztw7a", "bob", "not now"); err != nil {
		t.Fatal(err)
	}
	sameFile(t, filepath.Join(s.Dir, "p-9ztw7a.json"), "testdata/v1/after/p-9ztw7a.json", nil)

	// A new proposal is laid out as the old code laid it out.
	s.Now = func() time.Time { return t0 }
	p, err := s.Propose(Proposal{RuleID: "deny-curl", Rule: "id: deny-curl\ndecision: deny\nmatch: {program: curl}\nmessage: no\n",
		Reason: "curl leaks", Agent: "claude", Session: "sess-1"})
	if err != nil || !strings.HasPrefix(p.ID, "p-") {
		t.Fatal(p, err)
	}
	sameFile(t, filepath.Join(s.Dir, p.ID+".json"), "testdata/v1/state/proposals/p-9ztw7a.json", map[string]string{`"id": "[^"]*"`: `"id": "ID"`})
}

// sameFile fails unless two files hold the same bytes once the
// replacements (pattern: replacement) are made in both.
func sameFile(t *testing.T, got, want string, replace map[string]string) {
	t.Helper()
	read := func(name string) string {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		for re, with := range replace {
			s = regexp.MustCompile(re).ReplaceAllString(s, with)
		}
		return s
	}
	if g, w := read(got), read(want); g != w {
		t.Errorf("%s differs from %s:\n%s\nwant\n%s", got, want, g, w)
	}
}
