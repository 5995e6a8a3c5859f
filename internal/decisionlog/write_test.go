package decisionlog

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// writerEnv makes the test binary a writer process: "PATH COUNT ID"
// appends COUNT entries to PATH and exits.
const writerEnv = "DECISIONLOG_TEST_WRITER"

func TestMain(m *testing.M) {
	if spec := os.Getenv(writerEnv); spec != "" {
		os.Exit(writer(spec))
	}
	if path := os.Getenv(bigWriterEnv); path != "" {
		os.Exit(bigWriter(path))
	}
	os.Exit(m.Run())
}

func writer(spec string) int {
	f := strings.Fields(spec)
	n, _ := strconv.Atoi(f[1])
	for i := range n {
		if err := appendOne(f[0], f[2], i); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// appendOne appends an entry whose command names its writer and number,
// long enough that a torn write would show.
func appendOne(path, who string, i int) error {
	cmd := fmt.Sprintf("echo %s %d %s", who, i, strings.Repeat("x", 3000))
	d := &engine.Decision{Outcome: engine.Allow, Layer: "safe-set", Rule: "read-only:echo"}
	return Record(path, Labels{Harness: "test"}, shellRequest(cmd), d, time.Millisecond)
}

// checkLog reads every line of the log and returns how many entries each
// writer wrote, failing on any line that is not a whole entry.
func checkLog(t *testing.T, path string) map[string]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if fi, _ := f.Stat(); fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v, want 0600", fi.Mode().Perm())
	}
	seen := map[string]int{}
	ids := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("line %d is not an entry: %v: %.100q", n, err, sc.Text())
		}
		w := strings.Fields(e.Input.Tool.Input.Command)
		if len(w) != 4 || len(w[3]) != 3000 {
			t.Fatalf("line %d holds a torn command: %.100q", n, e.Input.Tool.Input.Command)
		}
		if ids[e.DecisionID] {
			t.Errorf("decision id %s repeats", e.DecisionID)
		}
		ids[e.DecisionID] = true
		seen[w[1]]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return seen
}

func TestAppendConcurrently(t *testing.T) {
	t.Parallel()
	t.Run("goroutines", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "state", "governance", "decisions.jsonl")
		const writers, each = 32, 50
		var wg sync.WaitGroup
		for w := range writers {
			wg.Go(func() {
				for i := range each {
					if err := appendOne(path, fmt.Sprint("g", w), i); err != nil {
						t.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
		seen := checkLog(t, path)
		if len(seen) != writers {
			t.Errorf("%d writers in the log, want %d", len(seen), writers)
		}
		for w, n := range seen {
			if n != each {
				t.Errorf("writer %s: %d entries, want %d", w, n, each)
			}
		}
		if fi, err := os.Stat(filepath.Dir(path)); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("folder: %v %v, want 0700", fi.Mode().Perm(), err)
		}
	})
	t.Run("processes", func(t *testing.T) {
		t.Parallel()
		if testing.Short() {
			t.Skip("starts processes")
		}
		path := filepath.Join(t.TempDir(), "decisions.jsonl")
		const procs, each = 8, 100
		var wg sync.WaitGroup
		for p := range procs {
			wg.Go(func() {
				cmd := exec.Command(os.Args[0])
				cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d p%d", writerEnv, path, each, p))
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Errorf("writer %d: %v: %s", p, err, out)
				}
			})
		}
		wg.Wait()
		seen := checkLog(t, path)
		for p := range procs {
			if n := seen[fmt.Sprint("p", p)]; n != each {
				t.Errorf("process %d: %d entries, want %d", p, n, each)
			}
		}
	})
}

func TestAppendErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	e := New(Labels{}, shellRequest("ls"), &engine.Decision{Outcome: engine.Allow}, 0)
	for _, tc := range []struct{ name, path, want string }{
		{"no path", "", "no state folder"},
		{"folder is a file", filepath.Join(blocker, "decisions.jsonl"), "decision log: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if err := e.Append(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Append(%q) = %v, want an error with %q", tc.path, err, tc.want)
			}
		})
	}
}
