package decisionlog

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// bigWriterEnv makes the test binary a process that appends large
// entries to the log named until it is killed.
const bigWriterEnv = "DECISIONLOG_TEST_BIG_WRITER"

func bigWriter(path string) int {
	req := shellRequest("cat <<'EOF'\n" + strings.Repeat("x", 256<<10) + "\nEOF")
	req.Tool.Input.Paths = []string{strings.Repeat("p", 64<<10)}
	req.Justification = strings.Repeat("j", 64<<10)
	d := &engine.Decision{Outcome: engine.Allow, Layer: "rules", Rule: "r", Message: strings.Repeat("m", 64<<10)}
	for i := 0; ; i++ {
		e := New(Labels{Harness: "test"}, req, d, time.Millisecond)
		if err := e.Append(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
}

func allowed(cmd string) *Entry {
	return New(Labels{Harness: "test"}, shellRequest(cmd), &engine.Decision{Outcome: engine.Allow, Layer: "l", Rule: "r"}, 0)
}

// TestKilledWritersLeaveReadableLogs kills processes in the middle of
// appending large entries: every line is a whole entry or a torn line
// that readers skip and count, alone on its line, and the entry written
// after the kills is whole.
func TestKilledWritersLeaveReadableLogs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills processes")
	}
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	const kills = 24
	for range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), bigWriterEnv+"="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(40+rand.IntN(80)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	}
	if err := allowed("echo after the kills").Append(path); err != nil {
		t.Fatal(err)
	}
	h, err := Inspect(path)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if h.Entries+len(h.Torn) != len(lines) {
		t.Errorf("%d entries and %d torn lines in %d lines: some line is neither", h.Entries, len(h.Torn), len(lines))
	}
	for _, tl := range h.Torn {
		if tl.Recovered {
			t.Errorf("line %d: an entry was glued onto a torn one", tl.Line)
		}
	}
	for _, l := range lines {
		if len(l) > 128<<10 {
			t.Errorf("a line of %d bytes: entries are bounded", len(l))
			break
		}
	}
	var last *Entry
	n := 0
	for e, err := range Read(path, Filter{}) {
		if err != nil {
			t.Fatal(err)
		}
		last = e
		n++
	}
	if n != h.Entries {
		t.Errorf("Read gave %d entries, Inspect counted %d", n, h.Entries)
	}
	if last == nil || last.Input.Tool.Input.Command != "echo after the kills" {
		t.Fatalf("the entry after the kills is not whole: %+v", last)
	}
	t.Logf("%d kills: %d entries, %d torn lines", kills, h.Entries, len(h.Torn))
}

// TestTornTailStartsANewLine: an entry appended to a log whose last line
// was cut short starts a line of its own; the torn line is counted and
// skipped.
func TestTornTailStartsANewLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	whole, err := allowed("echo one").Marshal()
	if err != nil {
		t.Fatal(err)
	}
	torn := whole[:len(whole)/2]
	if err := os.WriteFile(path, append(append([]byte{}, whole...), torn...), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := allowed("echo two").Append(path); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 3 || lines[1] != string(torn) {
		t.Fatalf("the log's lines are %d, the second %.80q: want the torn line alone on line 2", len(lines), lines[min(1, len(lines)-1)])
	}
	if e := Parse([]byte(lines[2])); e == nil || e.Input.Tool.Input.Command != "echo two" {
		t.Errorf("line 3 is not the new entry: %.80q", lines[2])
	}
	h, err := Inspect(path)
	if err != nil {
		t.Fatal(err)
	}
	if h.Entries != 2 || len(h.Torn) != 1 || h.Torn[0].Line != 2 || h.Torn[0].Recovered || h.Torn[0].Tail {
		t.Errorf("Inspect = %+v, want 2 entries and line 2 torn", h)
	}
	// A torn last line is a torn tail.
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.Write(torn)
	f.Close()
	if h, _ := Inspect(path); len(h.Torn) != 2 || !h.Torn[1].Tail || h.Torn[1].Line != 4 {
		t.Errorf("Inspect = %+v, want line 4 a torn tail", h)
	}
}

// TestGluedEntryIsRecovered: an entry that an earlier release appended
// to a torn line is read, and the line counted torn.
func TestGluedEntryIsRecovered(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	one, _ := allowed("echo one").Marshal()
	two, _ := allowed(`echo '{"decision_id":"x"}' two`).Marshal()
	data := append(append([]byte{}, one[:len(one)/2]...), two...)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	var got []string
	for e, err := range Read(path, Filter{}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, e.Input.Tool.Input.Command)
	}
	if len(got) != 1 || got[0] != `echo '{"decision_id":"x"}' two` {
		t.Errorf("Read gave %q, want the glued entry", got)
	}
	if h, _ := Inspect(path); h.Entries != 1 || len(h.Torn) != 1 || !h.Torn[0].Recovered {
		t.Errorf("Inspect = %+v, want one entry recovered from a torn line", h)
	}
}

// TestLongFieldsAreCut: an entry is bounded; each long field keeps its
// start and is listed with the length and sha256 of the whole.
func TestLongFieldsAreCut(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 100<<10) // two bytes a character: cuts land inside them
	req := shellRequest("echo " + long)
	req.Justification = long
	req.Tool.Input.Paths = []string{"/a", long}
	req.Tool.Input.Arguments = json.RawMessage(`{"k":"` + long + `"}`)
	d := &engine.Decision{Outcome: engine.Deny, Layer: "rules", Rule: "r", Message: long, Notices: []string{long}}
	e := New(Labels{}, req, d, 0)
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	if err := e.Append(path); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if len(data) > 64<<10 {
		t.Errorf("the entry is %d bytes", len(data))
	}
	got := Parse(data)
	if got == nil {
		t.Fatalf("the entry does not parse: %.200q", data)
	}
	if d.Notices[0] != long || req.Tool.Input.Paths[1] != long {
		t.Error("the decision's or the request's values were changed")
	}
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	want := map[string]Cut{
		"/input/tool/input/command":   {Length: len("echo " + long), SHA256: sum("echo " + long)},
		"/input/justification":        {Length: len(long), SHA256: sum(long)},
		"/result/message":             {Length: len(long), SHA256: sum(long)},
		"/result/notices/0":           {Length: len(long), SHA256: sum(long)},
		"/input/tool/input/paths":     {Length: 2, SHA256: sum("/a\x00" + long)},
		"/input/tool/input/arguments": {Length: len(req.Tool.Input.Arguments), SHA256: sum(string(req.Tool.Input.Arguments))},
	}
	for _, c := range got.Cut {
		w, ok := want[c.Pointer]
		if !ok {
			t.Errorf("unexpected cut %+v", c)
			continue
		}
		if c.Length != w.Length || c.SHA256 != w.SHA256 {
			t.Errorf("cut %s = %d %s, want %d %s", c.Pointer, c.Length, c.SHA256, w.Length, w.SHA256)
		}
		delete(want, c.Pointer)
	}
	for p := range want {
		t.Errorf("%s is not listed as cut", p)
	}
	if c := got.Input.Tool.Input.Command; len(c) > MaxCommand || !strings.HasPrefix("echo "+long, c) || len(c) < MaxCommand-4 {
		t.Errorf("the command kept is %d bytes, not the start of the whole", len(c))
	}
	if len(got.Result.Message) > MaxField || !strings.HasPrefix(long, got.Result.Message) {
		t.Errorf("the message kept is %d bytes, not the start of the whole", len(got.Result.Message))
	}
	// Short fields are kept whole, with no cut listed.
	short := allowed("ls")
	short.bound()
	if len(short.Cut) != 0 {
		t.Errorf("a short entry lists cuts: %+v", short.Cut)
	}
}

// TestFailureCounter: failures are counted in a file of fixed size that
// a new log prepares, rewritten in place.
func TestFailureCounter(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	if err := allowed("ls").Append(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(FailuresPath(path))
	if err != nil || fi.Size() < failuresSize {
		t.Fatalf("a new log did not prepare its failure counter: %v %v", fi, err)
	}
	now := time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC)
	for i := range 3 {
		if err := CountFailure(path, fmt.Errorf("no space left %d", i), now.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	c, err := ReadFailures(path)
	if err != nil || c.Count != 3 || !c.First.Equal(now) || !c.Last.Equal(now.Add(2*time.Minute)) || c.Error != "no space left 2" {
		t.Errorf("ReadFailures = %+v, %v", c, err)
	}
	if fi2, _ := os.Stat(FailuresPath(path)); fi2.Size() != fi.Size() {
		t.Errorf("the counter grew from %d to %d bytes", fi.Size(), fi2.Size())
	}
	if err := ClearFailures(path); err != nil {
		t.Fatal(err)
	}
	if c, _ := ReadFailures(path); c.Count != 0 {
		t.Errorf("after clearing: %+v", c)
	}
}
