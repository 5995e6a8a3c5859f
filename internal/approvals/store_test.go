package approvals_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// clock returns a store's clock that starts at t0 and moves a minute on
// every reading, so that items filed one after another sort as filed.
func clock(t0 time.Time) func() time.Time {
	now := t0
	return func() time.Time {
		now = now.Add(time.Minute)
		return now
	}
}

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// TestFileFindsThePendingItem: a retry of a call finds its pending item
// rather than filing a second; a call of another shape, or of a shape
// already answered, files a new one.
func TestFileFindsThePendingItem(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	s.Now = clock(t0)
	a, created, err := s.File(approvals.Item{Shape: "x", Summary: "shell: git push"})
	if err != nil || !created || a.Status != approvals.Pending || a.ID == "" || a.Created.IsZero() {
		t.Fatalf("filed %+v %v %v", a, created, err)
	}
	again, created, err := s.File(approvals.Item{Shape: "x", Summary: "shell: git push"})
	if err != nil || created || again.ID != a.ID {
		t.Fatalf("the retry filed %+v %v %v", again, created, err)
	}
	if _, err := s.Answer(a.ID, false, "person", "no", false); err != nil {
		t.Fatal(err)
	}
	next, created, err := s.File(approvals.Item{Shape: "x"})
	if err != nil || !created || next.ID == a.ID {
		t.Fatalf("after the answer the call filed %+v %v %v", next, created, err)
	}
}

// TestListOldestFirst: List returns items oldest first, all of them or
// those of one status.
func TestListOldestFirst(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	s.Now = clock(t0)
	var ids []string
	for _, shape := range []string{"a", "b", "c", "d"} {
		it, _, err := s.File(approvals.Item{Shape: shape})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, it.ID)
	}
	if _, err := s.Answer(ids[1], true, "person", "", false); err != nil {
		t.Fatal(err)
	}
	all, err := s.List("")
	if err != nil || len(all) != 4 {
		t.Fatalf("all: %v %v", all, err)
	}
	for i, it := range all {
		if it.ID != ids[i] {
			t.Errorf("item %d is %s, want %s", i, it.ID, ids[i])
		}
	}
	pending, _ := s.List(approvals.Pending)
	if len(pending) != 3 || pending[0].ID != ids[0] || pending[1].ID != ids[2] {
		t.Errorf("pending: %+v", pending)
	}
	if approved, _ := s.List(approvals.Approved); len(approved) != 1 || approved[0].ID != ids[1] {
		t.Errorf("approved: %+v", approved)
	}
	if none, err := approvals.Open(t.TempDir()).List(""); none != nil || err != nil {
		t.Errorf("a queue never written: %v %v", none, err)
	}
}

// TestAnsweredOnce: an item is answered once; a second answer, or a
// withdrawal after it, is refused naming the status.
func TestAnsweredOnce(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	s.Now = clock(t0)
	it := file(t, s)
	got, err := s.Answer(it.ID, true, "ada", "fine", true)
	if err != nil || got.Status != approvals.Approved || got.By != "ada" || got.Message != "fine" || !got.Always || got.Decided.IsZero() {
		t.Fatalf("answered %+v %v", got, err)
	}
	if _, err := s.Answer(it.ID, false, "bob", "", false); err == nil || !strings.Contains(err.Error(), "already approved") {
		t.Errorf("a second answer: %v", err)
	}
	if _, err := s.Withdraw(it.ID); err == nil || !strings.Contains(err.Error(), "already approved") {
		t.Errorf("a withdrawal after the answer: %v", err)
	}
	// A denial is never for good.
	other, _, _ := s.File(approvals.Item{Shape: "y"})
	if got, _ := s.Answer(other.ID, false, "ada", "no", true); got == nil || got.Always {
		t.Errorf("a denial for good: %+v", got)
	}
	w, _, _ := s.File(approvals.Item{Shape: "z"})
	if got, err := s.Withdraw(w.ID); err != nil || got.Status != approvals.Withdrawn || got.By != "the caller" || got.Decided.IsZero() {
		t.Errorf("withdrawn: %+v %v", got, err)
	}
	if cur, err := s.Status(w.ID); err != nil || cur.Status != approvals.Withdrawn {
		t.Errorf("status of the withdrawn item: %+v %v", cur, err)
	}
}

// TestNoSuchApproval: an id with no item, or one that is not a plain
// name, is ErrNotFound with a hint.
func TestNoSuchApproval(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	file(t, s)
	for _, id := range []string{"nope23", "../approvals.key", "", "a.b"} {
		_, err := s.Get(id)
		if !errors.Is(err, approvals.ErrNotFound) || !strings.Contains(err.Error(), "governance approvals list") {
			t.Errorf("Get(%q): %v", id, err)
		}
		if _, err := s.Answer(id, true, "ada", "", false); !errors.Is(err, approvals.ErrNotFound) {
			t.Errorf("Answer(%q): %v", id, err)
		}
	}
}

// TestAnswerExpires: an answer counts for calls since a time only (the
// hook looks back an hour); an approval lets one call through, a denial
// every retry.
func TestAnswerExpires(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	s.Now = clock(t0)
	ok, _, _ := s.File(approvals.Item{Shape: "ok"})
	no, _, _ := s.File(approvals.Item{Shape: "no"})
	if _, err := s.Answer(ok.ID, true, "ada", "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Answer(no.ID, false, "ada", "no", false); err != nil {
		t.Fatal(err)
	}
	later := t0.Add(time.Hour)
	for _, shape := range []string{"ok", "no", "never"} {
		if got, err := s.Answered(shape, later); got != nil || err != nil {
			t.Errorf("%s: an answer older than since counts: %+v %v", shape, got, err)
		}
	}
	if got, err := s.Answered("ok", t0); err != nil || got == nil || got.Status != approvals.Used {
		t.Fatalf("the approval: %+v %v", got, err)
	}
	if got, err := s.Answered("ok", t0); got != nil || err != nil {
		t.Errorf("an approval let two calls through: %+v %v", got, err)
	}
	for range 2 {
		if got, err := s.Answered("no", t0); err != nil || got == nil || got.Status != approvals.Denied {
			t.Errorf("the denial: %+v %v", got, err)
		}
	}
}

// TestAnswerAfterClockJump: an answer's window is measured on both ends.
// An approval given while the clock ran ahead (stamped a year on) does
// not stay good until the clock catches up, and one given before the
// clock was set back (by two hours) does not count while the clock reads
// before it; either counts once the clock reads inside its hour.
func TestAnswerAfterClockJump(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		ahead     time.Duration
		now       time.Time
		approved  bool
		shapeDeny bool
	}{
		{name: "answered while the clock ran a year ahead", ahead: 365 * 24 * time.Hour, now: t0.Add(time.Minute)},
		{name: "the clock set back two hours", now: t0.Add(-2 * time.Hour)},
		{name: "the clock set back two hours, a denial", now: t0.Add(-2 * time.Hour), shapeDeny: true},
		{name: "the clock as it was", now: t0.Add(30 * time.Minute), approved: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := approvals.Open(t.TempDir())
			s.Now = func() time.Time { return t0 }
			it, _, err := s.File(approvals.Item{Shape: "s"})
			if err != nil {
				t.Fatal(err)
			}
			s.Now = func() time.Time { return t0.Add(tc.ahead) }
			if _, err := s.Answer(it.ID, !tc.shapeDeny, "ada", "", false); err != nil {
				t.Fatal(err)
			}
			s.Now = func() time.Time { return tc.now }
			got, err := s.Answered("s", tc.now.Add(-time.Hour))
			if err != nil || (got != nil) != tc.approved {
				t.Errorf("answered %+v, %v; want an answer: %v", got, err, tc.approved)
			}
		})
	}
}

// TestAnotherUsersApprovals: in a state folder another user owns, that
// user can write the approvals key and a record it signs. Neither is
// taken: a record of theirs is passed over, and with their key no
// record verifies and none can be filed. The user's own (or root's)
// are taken.
func TestAnotherUsersApprovals(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	state := t.TempDir()
	forger := approvals.Open(state)
	it, _, err := forger.File(approvals.Item{Shape: "s"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := forger.Answer(it.ID, true, "mallory", "", false); err != nil {
		t.Fatal(err)
	}
	record := filepath.Join(state, "approvals", it.ID+".json")
	key := filepath.Join(state, approvals.KeyFile)
	for _, f := range []string{record, key} {
		if err := os.Chown(f, 4242, 4242); err != nil {
			t.Fatal(err)
		}
	}
	s := approvals.Open(state)
	if got, err := s.Answered("s", t0.Add(-time.Hour)); got != nil {
		t.Fatalf("another user's approval was taken: %+v %v", got, err)
	}
	// The record the user's own: their key still does not sign it.
	if err := os.Chown(record, 0, 0); err != nil {
		t.Fatal(err)
	}
	s = approvals.Open(state)
	if got, err := s.Answered("s", t0.Add(-time.Hour)); got != nil || !errors.Is(err, approvals.ErrUnverified) {
		t.Fatalf("a record signed with another user's key: %+v %v", got, err)
	}
	if _, _, err := s.File(approvals.Item{Shape: "t"}); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
		t.Fatalf("filing under another user's key: %v", err)
	}
	// Both the user's own: taken.
	if err := os.Chown(key, 0, 0); err != nil {
		t.Fatal(err)
	}
	s = approvals.Open(state)
	if got, err := s.Answered("s", t0.Add(-time.Hour)); got == nil || err != nil {
		t.Fatalf("the user's own approval: %+v %v", got, err)
	}
}

// TestCorruptItem: a file that is not a record is passed over by List
// and by filing, and Get says it is unreadable.
func TestCorruptItem(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	it := file(t, s)
	if err := os.WriteFile(filepath.Join(s.Dir, "bad234.json"), []byte(`{"id": "bad234", "status": `), 0o600); err != nil {
		t.Fatal(err)
	}
	if items, err := s.List(""); err != nil || len(items) != 1 || items[0].ID != it.ID {
		t.Errorf("listed %+v %v", items, err)
	}
	if _, err := s.Get("bad234"); err == nil || errors.Is(err, approvals.ErrNotFound) || !strings.Contains(err.Error(), "unreadable") {
		t.Errorf("Get of a corrupt item: %v", err)
	}
	if _, err := s.Answer("bad234", true, "ada", "", false); err == nil {
		t.Error("a corrupt item was answered")
	}
	if _, created, err := s.File(approvals.Item{Shape: "y"}); err != nil || !created {
		t.Errorf("filing beside a corrupt item: %v %v", created, err)
	}
}

// TestKilledWriter: what a process killed while writing leaves (a
// temporary file, the lock's file) neither shows in the queue nor stops
// the next writer.
func TestKilledWriter(t *testing.T) {
	t.Parallel()
	s := approvals.Open(t.TempDir())
	it := file(t, s)
	for _, name := range []string{"." + it.ID + ".json.tmp-12345", "queue.lock", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(s.Dir, name), []byte(`{"id": "x", "status": "approved"}`), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if items, err := s.List(""); err != nil || len(items) != 1 || items[0].Status != approvals.Pending {
		t.Fatalf("listed %+v %v", items, err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.Answer(it.ID, true, "ada", "", false)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a lock file left by a killed process stopped the next writer")
	}
}

// TestReadsV1Queue: a queue written before the queue store was shared
// (testdata/v1, written by the code of commit 19e3457) reads as written,
// its signatures verify, and answering it writes the same bytes that
// code wrote (testdata/v1/after).
func TestReadsV1Queue(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	if err := os.CopyFS(state, os.DirFS("testdata/v1/state")); err != nil {
		t.Fatal(err)
	}
	s := approvals.Open(state)
	items, err := s.List("")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ id, status string }{{"zk7t9s", approvals.Pending}, {"x9xgfd", approvals.Approved},
		{"h96azg", approvals.Used}, {"rdfkrh", approvals.Denied}, {"hydtu8", approvals.Withdrawn}}
	if len(items) != len(want) {
		t.Fatalf("listed %d items, want %d", len(items), len(want))
	}
	for i, w := range want {
		if it := items[i]; it.ID != w.id || it.Status != w.status || it.Unverified != "" {
			t.Errorf("item %d: %s %s %q, want %s %s", i, it.ID, it.Status, it.Unverified, w.id, w.status)
		}
	}
	if f := items[2].Finish; f == nil || !f.Done || !f.Trusted || f.Entry != "learned-1" {
		t.Errorf("the journal: %+v", f)
	}
	if got, err := s.Answered("s2", t0); err != nil || got == nil || got.ID != "x9xgfd" || got.Status != approvals.Used {
		t.Errorf("the old approval: %+v %v", got, err)
	}
	s.Now = func() time.Time { return t0.Add(10 * time.Minute) }
	if _, err := s.Answer("zk7t9s", true, "bob", "go ahead", true); err != nil {
		t.Fatal(err)
	}
	sameFile(t, filepath.Join(s.Dir, "zk7t9s.json"), "testdata/v1/after/zk7t9s.json", nil)

	// A new item of the same call is laid out as the old code laid it out.
	s.Now = func() time.Time { return t0 }
	old, _ := s.Get("zk7t9s")
	fresh := *old
	fresh.ID, fresh.Status, fresh.Decided, fresh.By, fresh.Message, fresh.Always, fresh.MAC = "", "", time.Time{}, "", "", false, ""
	fresh.Shape = "s1-again"
	it, created, err := s.File(fresh)
	if err != nil || !created {
		t.Fatal(created, err)
	}
	sameFile(t, filepath.Join(s.Dir, it.ID+".json"), "testdata/v1/state/approvals/zk7t9s.json", map[string]string{
		`"id": "[^"]*"`: `"id": "ID"`, `"mac": "[^"]*"`: `"mac": "MAC"`, `"s1-again"`: `"s1"`})
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
