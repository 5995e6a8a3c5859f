package decisionlog

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// entryAt appends an entry made at a given time to a log.
func entryAt(t *testing.T, path string, at time.Time, agent, session string, o engine.Outcome, cmd string) {
	t.Helper()
	req := shellRequest(cmd)
	req.Agent, req.SessionID = agent, session
	e := New(Labels{Harness: "test"}, req, &engine.Decision{Outcome: o, Layer: "rules", Rule: "r-" + cmd}, 0)
	e.Timestamp = at.UTC()
	if err := e.Append(path); err != nil {
		t.Fatal(err)
	}
}

func commands(t *testing.T, path string, f Filter) []string {
	t.Helper()
	var out []string
	for e, err := range Read(path, f) {
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Line) == 0 || e.Line[0] != '{' {
			t.Errorf("entry without its line: %q", e.Line)
		}
		out = append(out, e.Input.Tool.Input.Command)
	}
	return out
}

func TestRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "decisions.jsonl")
	now := time.Now()
	// A rotated log from two days ago, rotated a day ago.
	rotated := filepath.Join(dir, "decisions-"+now.Add(-24*time.Hour).Format("20060102-150405")+".jsonl")
	entryAt(t, rotated, now.Add(-48*time.Hour), "", "s0", engine.Deny, "old")
	// An older rotated log that no --since below reaches.
	ancient := filepath.Join(dir, "decisions-"+now.Add(-30*24*time.Hour).Format("20060102-150405")+".jsonl")
	entryAt(t, ancient, now.Add(-31*24*time.Hour), "", "s0", engine.Deny, "ancient")
	entryAt(t, path, now.Add(-3*time.Hour), "", "s1", engine.Allow, "a")
	entryAt(t, path, now.Add(-2*time.Hour), "reviewer", "s1", engine.Deny, "b")
	entryAt(t, path, now.Add(-1*time.Hour), "reviewer", "s2", engine.Ask, "c")
	// Not entries: a blank line, a stray line, and a last line cut short.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\nnot json\n{\"decision_id\":\"x\",\"timestamp\":\"20")
	f.Close()

	for _, tc := range []struct {
		name string
		f    Filter
		want []string
	}{
		{"current log only", Filter{}, []string{"a", "b", "c"}},
		{"since reaches a rotated log", Filter{Since: now.Add(-72 * time.Hour)}, []string{"old", "a", "b", "c"}},
		{"since within the current log", Filter{Since: now.Add(-150 * time.Minute)}, []string{"b", "c"}},
		{"agent", Filter{Agent: "reviewer"}, []string{"b", "c"}},
		{"main thread", Filter{Agent: MainAgent}, []string{"a"}},
		{"session", Filter{Session: "s1"}, []string{"a", "b"}},
		{"outcomes", Filter{Outcomes: []engine.Outcome{engine.Deny, engine.Ask}}, []string{"b", "c"}},
		{"all of them", Filter{Since: now.Add(-72 * time.Hour), Agent: MainAgent, Outcomes: []engine.Outcome{engine.Deny}}, []string{"old"}},
		{"nothing", Filter{Session: "none"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := commands(t, path, tc.f); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("missing log", func(t *testing.T) {
		t.Parallel()
		if got := commands(t, filepath.Join(dir, "none.jsonl"), Filter{}); got != nil {
			t.Errorf("got %v", got)
		}
	})
	t.Run("stop early", func(t *testing.T) {
		t.Parallel()
		n := 0
		for range Read(path, Filter{}) {
			n++
			break
		}
		if n != 1 {
			t.Errorf("read %d entries after break", n)
		}
	})
}

// collector gathers followed entries for a test.
type collector struct {
	mu   sync.Mutex
	cmds []string
}

func (c *collector) add(e *Entry) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cmds = append(c.cmds, e.Input.Tool.Input.Command)
	return nil
}

// waitFor waits until the collector holds want.
func (c *collector) waitFor(t *testing.T, want ...string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		got := slices.Clone(c.cmds)
		c.mu.Unlock()
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) || len(got) > len(want) {
			t.Fatalf("followed %v, want %v", got, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestFollow(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		backlog int
		want    []string
	}{
		{"no backlog", 0, nil},
		{"last entries", 2, []string{"b", "c"}},
		{"all entries", -1, []string{"a", "b", "c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, "decisions.jsonl")
			now := time.Now()
			for _, c := range []string{"a", "b", "c"} {
				entryAt(t, path, now, "", "s", engine.Allow, c)
			}
			ctx, cancel := context.WithCancel(context.Background())
			var c collector
			done := make(chan error, 1)
			go func() {
				done <- Follow(ctx, path, Filter{Outcomes: []engine.Outcome{engine.Allow}}, tc.backlog, time.Millisecond, c.add)
			}()
			c.waitFor(t, tc.want...)
			if tc.backlog == 0 {
				// Nothing shows when Follow has opened the log: give it time
				// to, or "d" would be part of what it skips.
				time.Sleep(200 * time.Millisecond)
			}
			want := append(slices.Clone(tc.want), "d")
			entryAt(t, path, now, "", "s", engine.Allow, "d")
			entryAt(t, path, now, "", "s", engine.Deny, "filtered out")
			c.waitFor(t, want...)

			// A line written in two parts is reported once, whole.
			line, _ := New(Labels{}, shellRequest("e"), &engine.Decision{Outcome: engine.Allow}, 0).Marshal()
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.Write(line[:10])
			time.Sleep(20 * time.Millisecond)
			f.Write(line[10:])
			f.Close()
			want = append(want, "e")
			c.waitFor(t, want...)

			// Rotation: the old file is finished, the new one read from
			// its start.
			if err := os.Rename(path, filepath.Join(dir, "decisions-20260101-000000.jsonl")); err != nil {
				t.Fatal(err)
			}
			time.Sleep(20 * time.Millisecond)
			entryAt(t, path, now, "", "s", engine.Allow, "f")
			entryAt(t, path, now, "", "s", engine.Allow, "g")
			want = append(want, "f", "g")
			c.waitFor(t, want...)

			cancel()
			if err := <-done; err != nil {
				t.Errorf("Follow: %v", err)
			}
		})
	}
}

func TestFollowLogAppearsLater(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var c collector
	go Follow(ctx, path, Filter{}, 10, time.Millisecond, c.add)
	time.Sleep(20 * time.Millisecond)
	entryAt(t, path, time.Now(), "", "s", engine.Allow, "first")
	c.waitFor(t, "first")
}
