package brain_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/brain"
)

// TestAdmitCountsPerSecond checks the per-minute limits: calls count by
// the second they ran in until that whole second has left the minute, a
// refused call is told when one will pass, and the state stays small
// however many calls run.
func TestAdmitCountsPerSecond(t *testing.T) {
	path := brain.LimitsPath(t.TempDir())
	t0 := time.UnixMilli(1_700_000_000_250) // a quarter into a second
	b := brain.Budget{PerMinute: 3}
	admit := func(at time.Time) (bool, time.Duration) {
		t.Helper()
		ok, _, retry, err := brain.Admit(path, at, "ai", "s/a", "", b)
		if err != nil {
			t.Fatal(err)
		}
		return ok, retry
	}
	for _, d := range []time.Duration{0, 100 * time.Millisecond, 1500 * time.Millisecond} {
		if ok, _ := admit(t0.Add(d)); !ok {
			t.Fatalf("call at +%s refused under the limit", d)
		}
	}
	ok, retry := admit(t0.Add(2 * time.Second))
	// The first two calls ran in the second that began 250 ms before t0;
	// once it has left the minute, one call counts.
	if want := 61*time.Second - 250*time.Millisecond - 2*time.Second; ok || retry != want {
		t.Fatalf("fourth call: ok %v, retry %s, want refused with retry %s", ok, retry, want)
	}
	if ok, _ := admit(t0.Add(60*time.Second + 500*time.Millisecond)); ok {
		t.Fatal("a call ran while the first second's calls still counted")
	}
	if ok, _ := admit(t0.Add(61*time.Second - 250*time.Millisecond)); !ok {
		t.Fatal("a call was refused after the first second left the minute")
	}

	// Two thousand calls in one second are one count.
	busy := brain.LimitsPath(t.TempDir())
	b = brain.Budget{PerMinute: 1_000_000, PerAgentPerMinute: 1_000_000}
	for i := range 2_000 {
		if ok, _, _, err := brain.Admit(busy, t0.Add(time.Duration(i)*300*time.Microsecond), "ai", "s/a", "", b); err != nil || !ok {
			t.Fatalf("call %d: %v %v", i, ok, err)
		}
	}
	if fi, err := os.Stat(busy); err != nil || fi.Size() > 200 {
		t.Fatalf("the state of 2,000 calls in a second: %v, %d bytes", err, fi.Size())
	}
}

// TestAdmitReadsOlderState checks that a state file of the earlier
// format (every call's time) is read, its counts starting afresh, and
// that the file rewritten in place over a longer one is one valid
// document.
func TestAdmitReadsOlderState(t *testing.T) {
	dir := t.TempDir()
	path := brain.LimitsPath(dir)
	times := strings.Repeat("1700000000000,", 200)
	if err := os.WriteFile(path, []byte(`{"version":1,"windows":{"role:ai":[`+times+`1]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := brain.Admit(path, time.Now(), "ai", "s/a", "", brain.Budget{PerMinute: 1}); err != nil || !ok {
		t.Fatalf("%v %v", ok, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "ratelimits.json"))
	if err != nil {
		t.Fatal(err)
	}
	var l brain.Limits
	if err := json.Unmarshal(data, &l); err != nil || len(l.Counts["role:ai"]) != 1 {
		t.Fatalf("the state rewritten in place: %v, %+v in %q", err, l, data)
	}
}
