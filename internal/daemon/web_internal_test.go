package daemon

import (
	"os"
	"path/filepath"
	"testing"
)

// The page shows the newest decisions first and counts the rules that
// decided; a line cut short by a crash is passed over.
func TestReadLog(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	log := `{"decision_id":"1","timestamp":"2026-01-01T12:00:00Z","input":{"tool":{"kind":"shell"}},"result":{"decision":"allow","rule":"ls"}}
{"decision_id":"2","timestamp":"2026-01-01T12:01:00Z","input":{"agent":"a","tool":{"kind":"shell"}},"result":{"decision":"deny","rule":"rm","subject":"rm -rf /"}}
{"decision_id":"3","timestamp":"2026-01-01T12:02:00Z","input":{"tool":{"kind":"shell"}},"result":{"decision":"allow","rule":"ls"}}
{"decision_id":"4","timest`
	if err := os.WriteFile(path, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	lines, hits := readLog(path, 2)
	if len(lines) != 2 || lines[0].Rule != "ls" || lines[1].Rule != "rm" || lines[1].Agent != "a" || lines[1].Subject != "rm -rf /" {
		t.Errorf("lines: %+v", lines)
	}
	if len(hits) != 2 || hits[0] != (hit{"ls", 2}) || hits[1] != (hit{"rm", 1}) {
		t.Errorf("hits: %+v", hits)
	}
	if lines, hits := readLog(filepath.Join(t.TempDir(), "none.jsonl"), 2); lines != nil || hits != nil {
		t.Errorf("a missing log: %v %v", lines, hits)
	}
}
