package queue_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/queue"
)

// note is an entry of a test queue.
type note struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Status  string    `json:"status"`
	Text    string    `json:"text"`
	Decided time.Time `json:"decided,omitzero"`
	Seal    string    `json:"seal,omitempty"`
	Read    bool      `json:"-"`
}

func (n *note) Head() queue.Head {
	return queue.Head{ID: &n.ID, Created: &n.Created, Status: &n.Status, Decided: &n.Decided}
}

var errNoNote = errors.New("no such note")

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// open returns a test queue whose clock moves a minute on every reading.
func open(t *testing.T) *queue.Store[note, *note] {
	now := t0
	return &queue.Store[note, *note]{Dir: filepath.Join(t.TempDir(), "notes"), Noun: "note", Prefix: "n-",
		NotFound: errNoNote, Hint: "run `notes list`",
		Now: func() time.Time { now = now.Add(time.Minute); return now }}
}

func TestAdd(t *testing.T) {
	t.Parallel()
	s := open(t)
	a, added, err := s.Add(note{Text: "a"}, nil)
	if err != nil || !added || a.Status != queue.Pending || !strings.HasPrefix(a.ID, "n-") || len(a.ID) != 8 || a.Created.IsZero() {
		t.Fatalf("added %+v %v %v", a, added, err)
	}
	same := func(n *note) bool { return n.Text == "a" }
	if again, added, err := s.Add(note{Text: "a"}, same); err != nil || added || again.ID != a.ID {
		t.Errorf("the same entry again: %+v %v %v", again, added, err)
	}
	if _, added, _ := s.Add(note{Text: "a"}, nil); !added {
		t.Error("an entry without a same test was not added")
	}
	data, err := os.ReadFile(filepath.Join(s.Dir, a.ID+".json"))
	if err != nil || !strings.HasPrefix(string(data), "{\n  \"id\": \""+a.ID+"\",\n") || !strings.HasSuffix(string(data), "}\n") {
		t.Errorf("the file: %q %v", data, err)
	}
	if fi, err := os.Stat(filepath.Join(s.Dir, a.ID+".json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the file's mode: %v %v", fi, err)
	}
}

func TestDecide(t *testing.T) {
	t.Parallel()
	s := open(t)
	n, _, _ := s.Add(note{Text: "a"}, nil)
	refused := errors.New("not now")
	got, err := s.Decide(n.ID, func(n *note) error { n.Status = "done"; return refused })
	if !errors.Is(err, refused) || got == nil {
		t.Fatalf("a refused decision: %+v %v", got, err)
	}
	if cur, _ := s.Get(n.ID); cur.Status != queue.Pending || !cur.Decided.IsZero() {
		t.Fatalf("a refused decision was written: %+v", cur)
	}
	got, err = s.Decide(n.ID, func(n *note) error { n.Status = "done"; return nil })
	if err != nil || got.Status != "done" || !got.Decided.After(got.Created) {
		t.Fatalf("decided %+v %v", got, err)
	}
	if _, err := s.Decide(n.ID, func(*note) error { return nil }); err == nil || err.Error() != "note "+n.ID+" is already done" {
		t.Errorf("a second decision: %v", err)
	}
	if cur, _ := s.Get(n.ID); cur.Status != "done" || !cur.Decided.Equal(got.Decided) {
		t.Errorf("stored %+v", cur)
	}
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	s := open(t)
	for _, id := range []string{"n-none23", "../x", "", "a.b", `a\b`} {
		_, err := s.Get(id)
		if !errors.Is(err, errNoNote) || err.Error() != "no such note "+strconv.Quote(id)+" (run `notes list`)" {
			t.Errorf("Get(%q): %v", id, err)
		}
		if _, err := s.Change(id, func(*note) error { return nil }); !errors.Is(err, errNoNote) {
			t.Errorf("Change(%q): %v", id, err)
		}
	}
}

// TestHooks: Read sees every entry read, before List filters; Write every
// entry before it is written, and a Write that fails writes nothing.
func TestHooks(t *testing.T) {
	t.Parallel()
	s := open(t)
	s.Write = func(n *note) error {
		if n.Text == "refuse" {
			return errors.New("refused")
		}
		n.Seal = "sealed " + n.Text
		return nil
	}
	s.Read = func(n *note) {
		n.Read = true
		if n.Seal != "sealed "+n.Text {
			n.Status = queue.Pending
		}
	}
	a, _, err := s.Add(note{Text: "a"}, nil)
	if err != nil || a.Seal != "sealed a" {
		t.Fatalf("added %+v %v", a, err)
	}
	if _, _, err := s.Add(note{Text: "refuse"}, nil); err == nil {
		t.Error("a refused write was added")
	}
	if _, err := s.Decide(a.ID, func(n *note) error { n.Status = "done"; return nil }); err != nil {
		t.Fatal(err)
	}
	// Changed behind the queue's back: Read makes it pending again.
	if _, err := s.Change(a.ID, func(n *note) error { n.Text = "b"; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.Dir, a.ID+".json"), []byte(`{"id":"`+a.ID+`","status":"done","text":"c","seal":"sealed b"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	list, err := s.List(queue.Pending)
	if err != nil || len(list) != 1 || !list[0].Read || list[0].Text != "c" {
		t.Fatalf("pending: %+v %v", list, err)
	}
	if done, _ := s.List("done"); len(done) != 0 {
		t.Errorf("done: %+v", done)
	}
}

// TestLockAndPut: a change the queue does not make itself is made under
// its lock with Put; the lock leaves no file behind.
func TestLockAndPut(t *testing.T) {
	t.Parallel()
	s := open(t)
	n, _, _ := s.Add(note{Text: "a"}, nil)
	unlock, err := s.Lock()
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan struct{})
	go func() {
		defer close(held)
		if _, err := s.Change(n.ID, func(n *note) error { n.Text += "+change"; return nil }); err != nil {
			t.Error(err)
		}
	}()
	n.Text = "put"
	if err := s.Put(n); err != nil {
		t.Fatal(err)
	}
	select {
	case <-held:
		t.Fatal("Change ran while the lock was held")
	case <-time.After(50 * time.Millisecond):
	}
	unlock()
	<-held
	if cur, _ := s.Get(n.ID); cur.Text != "put+change" {
		t.Errorf("text %q", cur.Text)
	}
	entries, _ := os.ReadDir(s.Dir)
	if len(entries) != 1 {
		t.Errorf("left in the folder: %v", entries)
	}
}
