package ship

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	collogspb "go.opentelemetry.io/proto/slim/otlp/collector/logs/v1"
	"google.golang.org/protobuf/proto"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/leakrules/leaktest"
)

// fakeCollector decodes OTLP/HTTP log requests and keeps the decision ids
// it received; while down it answers 503.
type fakeCollector struct {
	mu     sync.Mutex
	ids    []string
	bodies []string
	raw    [][]byte // each request, decompressed
	down   bool
	auth   string
}

func (c *fakeCollector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.down {
		http.Error(w, "down", http.StatusServiceUnavailable)
		return
	}
	c.auth = r.Header.Get("Authorization")
	if r.URL.Path != "/v1/logs" || r.Header.Get("Content-Type") != "application/x-protobuf" || r.Header.Get("Content-Encoding") != "gzip" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	zr, err := gzip.NewReader(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	data, _ := io.ReadAll(zr)
	c.raw = append(c.raw, data)
	req := &collogspb.ExportLogsServiceRequest{}
	if err := proto.Unmarshal(data, req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	for _, rl := range req.ResourceLogs {
		for _, sl := range rl.ScopeLogs {
			for _, lr := range sl.LogRecords {
				for _, kv := range lr.Attributes {
					if kv.Key == AttrDecisionID {
						c.ids = append(c.ids, kv.Value.GetStringValue())
					}
				}
				c.bodies = append(c.bodies, lr.Body.GetStringValue())
			}
		}
	}
	w.Header().Set("Content-Type", "application/x-protobuf")
	out, _ := proto.Marshal(&collogspb.ExportLogsServiceResponse{})
	w.Write(out)
}

func (c *fakeCollector) received() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := map[string]int{}
	for _, id := range c.ids {
		m[id]++
	}
	return m
}

// writeEntries appends n entries to the log and returns their ids.
func writeEntries(t *testing.T, log string, n int, cmd string) []string {
	t.Helper()
	var ids []string
	for i := range n {
		req := &engine.Request{Harness: "claude", ProjectRoot: "/p", Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash",
			Input: engine.Input{Command: fmt.Sprintf("%s %d", cmd, i)}}}
		e := decisionlog.New(decisionlog.Labels{Harness: "claude"}, req, &engine.Decision{Outcome: engine.Allow, Layer: "builtin", Rule: "safe-set"}, time.Microsecond)
		if err := e.Append(log); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.DecisionID)
	}
	return ids
}

func newShipper(t *testing.T, c *fakeCollector) (*Shipper, string) {
	t.Helper()
	srv := httptest.NewServer(c)
	t.Cleanup(srv.Close)
	log := filepath.Join(t.TempDir(), "decisions.jsonl")
	return &Shipper{Log: log, Endpoint: srv.URL + "/v1/logs", Headers: map[string]string{"Authorization": "Bearer t"}, Batch: 7}, log
}

func checkAll(t *testing.T, c *fakeCollector, ids []string) {
	t.Helper()
	got := c.received()
	for _, id := range ids {
		if got[id] == 0 {
			t.Fatalf("decision %s never arrived (%d arrived)", id, len(got))
		}
	}
}

func TestShipResumesAfterCollectorDown(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	s, log := newShipper(t, c)
	ids := writeEntries(t, log, 20, "ls")
	r, err := s.Ship(t.Context())
	if err != nil || r.Shipped != 20 {
		t.Fatalf("first run: %+v, %v", r, err)
	}
	if c.auth != "Bearer t" {
		t.Errorf("headers not sent: %q", c.auth)
	}
	c.mu.Lock()
	c.down = true
	c.mu.Unlock()
	ids = append(ids, writeEntries(t, log, 10, "pwd")...)
	r, err = s.Ship(t.Context())
	if err == nil || r.Pending != 10 {
		t.Fatalf("run while down: %+v, %v", r, err)
	}
	if st, _ := ReadState(StatePath(log)); st.LastError == "" || st.Pending != 10 {
		t.Errorf("state after a failed run: %+v", st)
	}
	c.mu.Lock()
	c.down = false
	c.mu.Unlock()
	r, err = s.Ship(t.Context())
	if err != nil || r.Shipped != 10 {
		t.Fatalf("run after: %+v, %v", r, err)
	}
	checkAll(t, c, ids)
	if n := len(c.received()); n != 30 {
		t.Errorf("%d distinct ids, want 30", n)
	}
}

func TestShipFollowsRotation(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	s, log := newShipper(t, c)
	ids := writeEntries(t, log, 10, "a")
	if _, err := s.Ship(t.Context()); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, writeEntries(t, log, 5, "b")...)
	// Rotate, as purge does, and write to a new log.
	if err := os.Rename(log, filepath.Join(filepath.Dir(log), "decisions-20260101-000000.jsonl")); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, writeEntries(t, log, 6, "c")...)
	r, err := s.Ship(t.Context())
	if err != nil || r.Shipped != 11 {
		t.Fatalf("after rotation: %+v, %v", r, err)
	}
	checkAll(t, c, ids)
	if n := len(c.ids); n != 21 {
		t.Errorf("%d records sent, want 21 (none twice)", n)
	}
	// Nothing new: nothing sent.
	if r, err := s.Ship(t.Context()); err != nil || r.Shipped != 0 {
		t.Fatalf("caught up: %+v, %v", r, err)
	}
}

func TestShipDropsOldestPastBound(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	s, log := newShipper(t, c)
	s.BufferMax = 8
	ids := writeEntries(t, log, 12, "x")
	r, err := s.Ship(t.Context())
	if err != nil || r.Dropped != 4 || r.Shipped != 8 {
		t.Fatalf("%+v, %v", r, err)
	}
	got := c.received()
	for i, id := range ids {
		if (got[id] > 0) != (i >= 4) {
			t.Errorf("entry %d arrived=%v", i, got[id] > 0)
		}
	}
	if st, _ := ReadState(StatePath(log)); st.Dropped != 4 {
		t.Errorf("dropped in state = %d", st.Dropped)
	}
}

func TestShipMasksAgain(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	s, log := newShipper(t, c)
	// A line written by hand, with a secret the writer did not mask.
	line := `{"decision_id":"11111111-2222-4333-8444-555555555555","timestamp":"2026-11-25T10:00:00Z","labels":{"harness":"claude","version":"dev","host":"h"},"path":"governance/builtin/x","input":{"depth":0,"tool":{"kind":"shell","input":{"command":"curl -H 'Authorization: Bearer abcdefghijklmnop' https://x"}}},"result":{"decision":"allow","layer":"builtin","rule":"x"},"metrics":{"timer_governance_eval_ns":1}}` + "\n"
	if err := os.WriteFile(log, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Ship(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(c.bodies) != 1 || !contains(c.bodies[0], "Bearer ***") || contains(c.bodies[0], "abcdefghijklmnop") {
		t.Fatalf("body not masked: %q", c.bodies)
	}
}

// No secret of the synthetic corpus reaches the collector, from lines
// written unmasked (by hand or by an older release): the shipper masks
// each entry again, the command attribute and the body alike.
func TestShipMasksCorpus(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	s, log := newShipper(t, c)
	s.Batch = 50
	samples := leaktest.Corpus(3, 1)
	var lines []byte
	for i, sample := range samples {
		e := decisionlog.Entry{DecisionID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), Timestamp: time.Now().UTC(),
			Labels: decisionlog.Labels{Harness: "claude", Version: "dev", Host: "h"}, Path: "governance/builtin/x",
			Input: decisionlog.Input{Justification: sample.Text, Tool: decisionlog.Tool{Kind: "shell",
				Input: decisionlog.ToolInput{Command: sample.Text}}},
			Result: decisionlog.Result{Decision: "allow", Layer: "builtin", Rule: "x", Message: sample.Text}}
		line, err := e.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !leaktest.Leaked(line, sample.Secret) {
			t.Fatalf("%s: the unmasked line does not hold the secret: %s", sample.Name, line)
		}
		lines = append(append(lines, line...), '\n')
	}
	if err := os.WriteFile(log, lines, 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := s.Ship(t.Context())
	if err != nil || r.Shipped != len(samples) {
		t.Fatalf("%+v, %v", r, err)
	}
	sent := bytes.Join(c.raw, nil)
	for _, sample := range samples {
		if leaktest.Leaked(sent, sample.Secret) {
			t.Errorf("%s: the secret reached the collector", sample.Name)
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// A rotated log that purge deletes after it was shipped is forgotten, and
// a rotated log never shipped before it was deleted is passed over: the
// shipper goes on with what is left, sending nothing twice.
func TestShipAfterRotatedLogsAreDeleted(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	s, log := newShipper(t, c)
	dir := filepath.Dir(log)
	writeEntries(t, log, 4, "a")
	if _, err := s.Ship(t.Context()); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "decisions-20260101-000000.jsonl")
	if err := os.Rename(log, first); err != nil {
		t.Fatal(err)
	}
	ids := writeEntries(t, log, 3, "b")
	if _, err := s.Ship(t.Context()); err != nil {
		t.Fatal(err)
	}
	if st, _ := ReadState(StatePath(log)); len(st.Done) != 1 {
		t.Fatalf("the shipped rotated log is not done: %+v", st)
	}
	// purge deletes the first; the current log is rotated and deleted
	// too, before the rest of it was shipped.
	writeEntries(t, log, 2, "lost")
	os.Remove(first)
	os.Remove(log)
	ids = append(ids[:0], writeEntries(t, log, 5, "c")...)
	r, err := s.Ship(t.Context())
	if err != nil || r.Shipped != 5 {
		t.Fatalf("%+v, %v", r, err)
	}
	checkAll(t, c, ids)
	if st, _ := ReadState(StatePath(log)); len(st.Done) != 0 {
		t.Errorf("deleted logs are still listed: %+v", st.Done)
	}
	if len(c.ids) != 4+3+5 {
		t.Errorf("%d records sent, want 12", len(c.ids))
	}
}

// A run that fails midway keeps every acknowledged batch: the next sends
// only the rest.
// refusing is a collector that refuses its nth request with status and
// answer, and passes the others to c.
type refusing struct {
	c              *fakeCollector
	n, nth, status int
	answer         string
}

func (f *refusing) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.n++
	if f.n == f.nth {
		http.Error(w, f.answer, f.status)
		return
	}
	f.c.ServeHTTP(w, r)
}

// shipper serves f and returns a shipper of batches of 10 to it, and its
// log.
func (f *refusing) shipper(t *testing.T) (*Shipper, string) {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	log := filepath.Join(t.TempDir(), "decisions.jsonl")
	return &Shipper{Log: log, Endpoint: srv.URL + "/v1/logs", Batch: 10}, log
}

func TestShipFailsMidway(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	f := &refusing{c: c, nth: 3, status: http.StatusTooManyRequests, answer: "overloaded"}
	s, log := f.shipper(t)
	ids := writeEntries(t, log, 45, "x")
	r, err := s.Ship(t.Context())
	var he *HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusTooManyRequests || r.Shipped != 20 || r.Pending != 25 {
		t.Fatalf("%+v, %v", r, err)
	}
	if r, err := s.Ship(t.Context()); err != nil || r.Shipped != 25 {
		t.Fatalf("%+v, %v", r, err)
	}
	checkAll(t, c, ids)
	if len(c.ids) != 45 {
		t.Errorf("%d records sent, want 45", len(c.ids))
	}
}

// TestShipMovesPastMalformedBatch checks that a batch the collector
// answers 400 (malformed: OTLP/HTTP clients must not retry it) is counted
// as refused and does not hold back the batches after it, while a refusal
// that may pass later (401 here) keeps everything for the next run.
func TestShipMovesPastMalformedBatch(t *testing.T) {
	t.Parallel()
	c := &fakeCollector{}
	f := &refusing{c: c, nth: 2, status: http.StatusBadRequest, answer: "log record 3 has no body"}
	s, log := f.shipper(t)
	ids := writeEntries(t, log, 45, "x")
	r, err := s.Ship(t.Context())
	if err != nil || r.Shipped != 35 || r.Rejected != 10 || r.Pending != 0 {
		t.Fatalf("%+v, %v", r, err)
	}
	if !strings.Contains(r.State.LastRefusal, "400") || !strings.Contains(r.State.LastRefusal, "no body") || r.State.Rejected != 10 {
		t.Errorf("the state does not say what was refused: %+v", r.State)
	}
	got := c.received()
	missing := 0
	for _, id := range ids {
		if got[id] == 0 {
			missing++
		}
	}
	if missing != 10 {
		t.Errorf("%d decisions missing, want the refused batch's 10", missing)
	}

	// An authentication failure is not the batch's fault: nothing moves.
	f.n, f.status = 0, http.StatusUnauthorized
	more := writeEntries(t, log, 15, "y")
	r, err = s.Ship(t.Context())
	var he *HTTPError
	if !errors.As(err, &he) || he.Status != http.StatusUnauthorized || r.Shipped != 10 || r.Pending != 5 {
		t.Fatalf("%+v, %v", r, err)
	}
	if r, err := s.Ship(t.Context()); err != nil || r.Shipped != 5 {
		t.Fatalf("%+v, %v", r, err)
	}
	checkAll(t, c, more)
}
