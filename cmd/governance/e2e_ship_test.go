package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/ship"
	"github.com/agentgov/governance/internal/ship/otelcoltest"
)

// 10,000 decisions made by governance check reach a real OpenTelemetry
// Collector through governance audit ship, although the collector is
// killed and started again midway and a shipper is killed midway: every
// decision id arrives at least once, and no secret does.
func TestShipToCollector(t *testing.T) {
	if testing.Short() {
		t.Skip("ships 10,000 decisions to a collector")
	}
	bin, err := otelcoltest.Bin(filepath.Join(toolsDir(), ".."))
	if err != nil {
		notInstalled(t, err.Error())
	}
	col, err := otelcoltest.Start(bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { col.Stop() })

	dir, home := project(t)
	gov := filepath.Join(binaries(t), "governance")
	env := homeEnv(home)
	writeFile(t, filepath.Join(home, ".config", "governance", "config.yaml"), fmt.Sprintf(
		"audit_export:\n  endpoint: %s\n  headers: {X-Team: platform}\n  batch: 250\n", col.Endpoint()))

	// The decisions: half with a credential the log must mask.
	const n = 10000
	const secret = "sk-live-abcdefghijklmnopqrstu"
	var in bytes.Buffer
	for i := range n {
		cmd := fmt.Sprintf("git log -n %d", i)
		if i%2 == 1 {
			cmd = fmt.Sprintf("curl -H 'Authorization: Bearer %s' https://example.com/%d", secret, i)
		}
		line, _ := json.Marshal(map[string]string{"cmd": cmd})
		in.Write(append(line, '\n'))
	}
	check := exec.Command(gov, "check", "--jsonl")
	check.Dir, check.Env, check.Stdin = dir, env, &in
	if out, err := check.CombinedOutput(); err != nil {
		t.Fatalf("check --jsonl: %v\n%.500s", err, out)
	}
	logPath := filepath.Join(home, ".local", "state", "governance", "decisions.jsonl")
	ids := map[string]bool{}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		var e struct {
			ID string `json:"decision_id"`
		}
		if json.Unmarshal([]byte(line), &e) == nil && e.ID != "" {
			ids[e.ID] = true
		}
	}
	if len(ids) != n {
		t.Fatalf("the log holds %d decisions, want %d", len(ids), n)
	}
	statePath := ship.StatePath(logPath)
	shipped := func() int64 {
		st, err := ship.ReadState(statePath)
		if err != nil {
			return 0
		}
		return st.Shipped
	}
	// waitShipped returns once the collector has acknowledged at least k.
	waitShipped := func(k int64) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for shipped() < k {
			if time.Now().After(deadline) {
				t.Fatalf("fewer than %d decisions shipped after a minute", k)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	shipCmd := func() *exec.Cmd {
		c := exec.Command(gov, "audit", "ship")
		c.Dir, c.Env = dir, env
		return c
	}

	// A shipper killed midway.
	killed := shipCmd()
	if err := killed.Start(); err != nil {
		t.Fatal(err)
	}
	waitShipped(2000)
	killed.Process.Signal(syscall.SIGKILL)
	killed.Wait()
	afterKill := shipped()
	if afterKill >= n {
		t.Fatalf("the shipper finished before it was killed")
	}

	// The collector killed midway through the next run, which fails and
	// leaves the rest waiting.
	failing := shipCmd()
	var failOut bytes.Buffer
	failing.Stdout, failing.Stderr = &failOut, &failOut
	if err := failing.Start(); err != nil {
		t.Fatal(err)
	}
	waitShipped(afterKill + 1000)
	col.Kill()
	if err := failing.Wait(); err == nil {
		// It may have finished just before the stop; then nothing waits.
		t.Logf("the run finished before the collector was killed:\n%s", failOut.String())
	} else if !strings.Contains(failOut.String(), "waiting for the next run") {
		t.Errorf("a run that failed says nothing of what waits:\n%s", failOut.String())
	}
	afterCollector := shipped()
	// While the collector is down, a run fails and loses nothing.
	down := shipCmd()
	if out, err := down.CombinedOutput(); err == nil {
		t.Errorf("audit ship with the collector down succeeded:\n%s", out)
	}
	status := exec.Command(gov, "status")
	status.Dir, status.Env = dir, env
	out, _ := status.CombinedOutput()
	if !strings.Contains(string(out), "shipping:      to "+col.Endpoint()+"/v1/logs") || !strings.Contains(string(out), "waiting") {
		t.Errorf("status does not show the shipping and what waits:\n%s", out)
	}

	if err := col.Restart(); err != nil {
		t.Fatal(err)
	}
	last := shipCmd()
	if out, err := last.CombinedOutput(); err != nil || !strings.Contains(string(out), "shipped ") {
		t.Fatalf("audit ship after the restart: %v\n%s", err, out)
	}
	col.Stop()

	records, err := col.Records()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, r := range records {
		got[r.Attributes[ship.AttrDecisionID]]++
		if strings.Contains(r.Body, secret) || strings.Contains(r.Attributes[ship.AttrCommand], secret) {
			t.Fatalf("a secret reached the collector: %+v", r)
		}
	}
	missing := 0
	for id := range ids {
		if got[id] == 0 {
			missing++
		}
	}
	if missing > 0 {
		t.Fatalf("%d of %d decisions never reached the collector (%d records received)\ncollector log:\n%s", missing, n, len(records), col.Log())
	}
	t.Logf("%d records received for %d decisions (%d sent again); the shipper was killed after %d, the collector after %d",
		len(records), n, len(records)-n, afterKill, afterCollector)
	r := records[0]
	for _, k := range []string{ship.AttrDecision, ship.AttrLayer, ship.AttrRule, ship.AttrToolKind, ship.AttrCommand, ship.AttrHarness, ship.AttrProject} {
		if r.Attributes[k] == "" {
			t.Errorf("a record has no %s: %+v", k, r.Attributes)
		}
	}
	if r.Time == "" || !strings.HasPrefix(r.Body, `{"decision_id":`) {
		t.Errorf("a record has no time or the entry as its body: %+v", r)
	}
}
