package brain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/brain"
)

func open(t *testing.T, now *time.Time) *brain.Brain {
	t.Helper()
	b := brain.Open(t.TempDir())
	b.Now = func() time.Time { return *now }
	return b
}

func TestDelegationTree(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := open(t, &now)
	// Two spawns from the main thread, one from the planner; subagents
	// start in another order than they were spawned.
	must(t, b.Spawned("s", "", "planner", "t1"))
	must(t, b.Spawned("s", "", "reviewer", "t2"))
	rev, _, err := b.SubagentStart("s", "r1", "reviewer")
	must(t, err)
	plan, _, err := b.SubagentStart("s", "p1", "planner")
	must(t, err)
	must(t, b.Spawned("s", "p1", "implementer", "t3"))
	impl, chain, err := b.SubagentStart("s", "i1", "implementer")
	must(t, err)
	if rev.Depth != 1 || plan.Depth != 1 || impl.Depth != 2 || impl.Parent != "p1" {
		t.Errorf("depths: reviewer %d, planner %d, implementer %d (parent %q)", rev.Depth, plan.Depth, impl.Depth, impl.Parent)
	}
	if got := chain; len(got) != 3 || got[0] != "main" || got[1] != "planner" || got[2] != "implementer" {
		t.Errorf("chain: %v", got)
	}
	// A subagent nobody announced is taken to come from the main thread.
	ghost, _, err := b.SubagentStart("s", "g1", "general-purpose")
	must(t, err)
	if ghost.Depth != 1 {
		t.Errorf("unannounced subagent depth %d", ghost.Depth)
	}
	// Starting again is not a new node.
	again, _, err := b.SubagentStart("s", "i1", "implementer")
	must(t, err)
	if again.Depth != 2 {
		t.Errorf("restart changed depth to %d", again.Depth)
	}
	s, err := b.ReadSession("s")
	must(t, err)
	if len(s.Pending) != 0 || s.Depth("i1") != 2 || s.Depth("") != 0 || s.Depth("unknown") != 1 {
		t.Errorf("session: pending %v, depths %d %d %d", s.Pending, s.Depth("i1"), s.Depth(""), s.Depth("unknown"))
	}
}

func TestMetricsResetAtStartup(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b := open(t, &now)
	_, _, err := b.SessionStart("a", "claude", "startup")
	must(t, err)
	must(t, b.ToolDone("a", "shell", 5, false))
	must(t, b.ToolDone("a", "read", 1, true))
	now = now.Add(time.Hour)
	// A resume keeps counting; a startup archives and starts again.
	_, _, err = b.SessionStart("a", "claude", "resume")
	must(t, err)
	if m, _ := b.ReadMetrics(); m.Calls["shell"] != 1 || m.Failures != 1 {
		t.Errorf("after resume: %+v", m.Metrics)
	}
	_, _, err = b.SessionStart("b", "claude", "startup")
	must(t, err)
	if m, _ := b.ReadMetrics(); len(m.Calls) != 0 || !m.Since.Equal(now) {
		t.Errorf("after startup: %+v", m.Metrics)
	}
	files, _ := filepath.Glob(filepath.Join(b.Dir, "archive", "metrics-*.json"))
	if len(files) != 1 {
		t.Fatalf("archived metrics: %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if len(data) == 0 {
		t.Error("empty metrics archive")
	}
}

func TestPurgeAnchors(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := start
	b := open(t, &now)
	crit, _ := b.AddAnchor("crit", brain.Critical)
	high, _ := b.AddAnchor("high", brain.High)
	norm, _ := b.AddAnchor("norm", brain.Normal)
	p := brain.DefaultPurgePolicy()

	now = start.Add(49 * time.Hour) // high is demoted, normal expires
	r, err := b.Purge(p, "", true)
	must(t, err)
	if len(r.Moves) != 2 {
		t.Errorf("dry run moves: %+v", r.Moves)
	}
	st, _ := b.ReadState()
	if len(st.Anchors) != 3 {
		t.Fatalf("a dry run changed the anchors: %+v", st.Anchors)
	}
	_, err = b.Purge(p, "", false)
	must(t, err)
	st, _ = b.ReadState()
	if len(st.Anchors) != 2 || st.Anchors[0].ID != crit.ID || st.Anchors[1].ID != high.ID || st.Anchors[1].Priority != brain.Normal {
		t.Errorf("after 49h: %+v", st.Anchors)
	}
	now = start.Add(97 * time.Hour) // the demoted one expires 48h after its demotion was due
	_, err = b.Purge(p, "", false)
	must(t, err)
	st, _ = b.ReadState()
	if len(st.Anchors) != 1 || st.Anchors[0].ID != crit.ID {
		t.Errorf("after 97h: %+v", st.Anchors)
	}
	data, _ := os.ReadFile(filepath.Join(b.Dir, "archive", "anchors.jsonl"))
	for _, id := range []string{high.ID, norm.ID} {
		if !strings.Contains(string(data), `"id":"`+id+`"`) {
			t.Errorf("anchor %s not archived: %s", id, data)
		}
	}

	// The limit keeps critical and high first.
	p.AnchorsMax = 2
	now = start.Add(100 * time.Hour)
	n1, _ := b.AddAnchor("n1", brain.Normal)
	h1, _ := b.AddAnchor("h1", brain.High)
	_, err = b.Purge(p, "", false)
	must(t, err)
	st, _ = b.ReadState()
	if len(st.Anchors) != 2 || st.Anchors[0].ID != crit.ID || st.Anchors[1].ID != h1.ID {
		t.Errorf("over the limit: %+v (dropped %s)", st.Anchors, n1.ID)
	}
}

// The log is rotated when its first entry is too old, whether the entry
// dates itself with "timestamp" (decision log entries) or "time" (older
// logs).
func TestRotateLog(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, line string
		rotated    bool
	}{
		{"old time", `{"time":"2026-01-01T00:00:00Z","decision":"allow"}`, true},
		{"old timestamp", `{"decision_id":"x","timestamp":"2026-01-01T00:00:00.5Z","result":{"decision":"allow"}}`, true},
		{"recent timestamp", `{"decision_id":"x","timestamp":"2026-02-27T00:00:00Z","result":{"decision":"allow"}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := open(t, &now)
			log := filepath.Join(t.TempDir(), "decisions.jsonl")
			must(t, os.WriteFile(log, []byte(tc.line+"\n"), 0o600))
			r, err := b.Purge(brain.DefaultPurgePolicy(), log, false)
			must(t, err)
			if !tc.rotated {
				if len(r.Moves) != 0 {
					t.Fatalf("a recent log was moved: %+v", r.Moves)
				}
				if _, err := os.Stat(log); err != nil {
					t.Errorf("the log is gone: %v", err)
				}
				return
			}
			if len(r.Moves) != 1 || r.Moves[0].Action != "rotated" {
				t.Fatalf("moves: %+v", r.Moves)
			}
			if _, err := os.Stat(log); !os.IsNotExist(err) {
				t.Errorf("the log is still there: %v", err)
			}
			if _, err := os.Stat(r.Moves[0].To); err != nil {
				t.Errorf("rotated log: %v", err)
			}
		})
	}
}

func TestBrokenStateIsAnError(t *testing.T) {
	t.Parallel()
	now := time.Now()
	b := open(t, &now)
	must(t, os.WriteFile(filepath.Join(b.Dir, "state.json"), []byte("{not json"), 0o600))
	if err := b.Record(brain.Entry{Kind: brain.KindPhase}); err == nil || !strings.Contains(err.Error(), "governance validate") {
		t.Errorf("got %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(b.Dir, "state.json")); string(data) != "{not json" {
		t.Errorf("a broken file was overwritten: %q", data)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
