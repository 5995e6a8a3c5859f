package pipeline_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// quiet makes a pipeline's warnings a count instead of a test failure.
func quiet(p *pipeline.Pipeline) *int {
	n := new(int)
	p.Env.Warn = func(error) { *n++ }
	return n
}

// TestUnwritableLog: a decision that cannot be written stands and is
// counted; with audit: required a call that would run is denied instead,
// and a deny stays a deny.
func TestUnwritableLog(t *testing.T) {
	t.Parallel()
	p := newPipeline(t, nil)
	warned := quiet(p)
	// A folder where the log should be: every append fails.
	if err := os.MkdirAll(p.Paths.DecisionLog(), 0o700); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if r := p.Decide(ctx, shellCall(p, "ls", pipeline.Enforce)); r.Decision.Outcome != engine.Allow {
		t.Fatalf("best effort: %s %s", r.Decision.Outcome, r.Decision.Message)
	}
	if c, _ := decisionlog.ReadFailures(p.Paths.DecisionLog()); c.Count != 1 || c.Error == "" {
		t.Errorf("failures = %+v, want 1 with its error", c)
	}
	if *warned == 0 {
		t.Error("the failure was not reported")
	}
	p.Policy.Settings.AuditRequired = true
	r := p.Decide(ctx, shellCall(p, "ls", pipeline.Enforce))
	if r.Decision.Outcome != engine.Deny || r.Decision.Rule != "audit-required" || !strings.Contains(r.Decision.Message, "audit: required") {
		t.Fatalf("audit required: %s %s %q", r.Decision.Outcome, r.Decision.Rule, r.Decision.Message)
	}
	if r := p.Decide(ctx, shellCall(p, "rm -rf /", pipeline.Enforce)); r.Decision.Outcome != engine.Deny || r.Decision.Rule == "audit-required" {
		t.Errorf("a deny became %s %s", r.Decision.Outcome, r.Decision.Rule)
	}
	p.Policy.Settings.LogOnly = true
	if r := p.Decide(ctx, shellCall(p, "rm -rf /", pipeline.Enforce)); r.Decision.Outcome != engine.Deny || !r.Enforced {
		t.Errorf("log-only let an unrecorded call through: %s, enforced %v", r.Decision.Outcome, r.Enforced)
	}
	if c, _ := decisionlog.ReadFailures(p.Paths.DecisionLog()); c.Count != 4 {
		t.Errorf("failures = %d, want 4", c.Count)
	}
}

// TestFullDisk fills a small tmpfs that holds the state folder: the
// failure is counted, audit: required denies, and once there is room
// again the log reads whole, the line the full disk cut counted torn.
// It needs to mount a tmpfs (root): elsewhere it is skipped.
func TestFullDisk(t *testing.T) {
	p := newPipeline(t, nil)
	warned := quiet(p)
	state := p.Paths.StateDir
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", state).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s): the full disk is not tested", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() { exec.Command("umount", state).Run() })
	ctx := context.Background()
	if r := p.Decide(ctx, shellCall(p, "ls", pipeline.Enforce)); r.Decision.Outcome != engine.Allow || *warned != 0 {
		t.Fatalf("before the disk is full: %s, %d warnings", r.Decision.Outcome, *warned)
	}
	filler := filepath.Join(state, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := f.Write(make([]byte, 4096)); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	f.Close()
	// The log's last page still has room for a few entries.
	failed := false
	for range 40 {
		if r := p.Decide(ctx, shellCall(p, "ls -l", pipeline.Enforce)); r.Decision.Outcome != engine.Allow {
			t.Fatalf("best effort on a full disk: %s", r.Decision.Outcome)
		}
		if c, _ := decisionlog.ReadFailures(p.Paths.DecisionLog()); c.Count > 0 {
			failed = true
			if !strings.Contains(c.Error, "no space") {
				t.Errorf("the failure counted is %q", c.Error)
			}
			break
		}
	}
	if !failed {
		t.Fatal("a full disk never failed an append, or the failure was not counted")
	}
	p.Policy.Settings.AuditRequired = true
	if r := p.Decide(ctx, shellCall(p, "ls -la", pipeline.Enforce)); r.Decision.Outcome != engine.Deny || r.Decision.Rule != "audit-required" {
		t.Fatalf("audit required on a full disk: %s %s", r.Decision.Outcome, r.Decision.Rule)
	}
	if c, _ := decisionlog.ReadFailures(p.Paths.DecisionLog()); c.Count < 2 {
		t.Errorf("failures = %d, want at least 2", c.Count)
	}
	os.Remove(filler)
	if r := p.Decide(ctx, shellCall(p, "echo room again", pipeline.Enforce)); r.Decision.Outcome != engine.Allow {
		t.Fatalf("with room again: %s %s", r.Decision.Outcome, r.Decision.Message)
	}
	var last string
	for e, err := range decisionlog.Read(p.Paths.DecisionLog(), decisionlog.Filter{}) {
		if err != nil {
			t.Fatal(err)
		}
		last = e.Input.Tool.Input.Command
	}
	if last != "echo room again" {
		t.Errorf("the last entry read is %q", last)
	}
	h, err := decisionlog.Inspect(p.Paths.DecisionLog())
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range h.Torn {
		if tl.Recovered || tl.Tail {
			t.Errorf("torn line %+v: an entry was glued onto it or it was left last", tl)
		}
	}
	t.Logf("%d entries, %d torn lines", h.Entries, len(h.Torn))
}
