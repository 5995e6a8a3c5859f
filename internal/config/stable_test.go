package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/snapshot"
)

const denyDestroy = `rules:
  - id: no-destroy
    match: {program: terraform, subcommand: destroy}
    decision: deny
    message: not by agents
    suggestion: ask the infrastructure team
`

// fakeClock starts at a time and moves on only when the compile sleeps.
type fakeClock struct {
	now   time.Time
	slept func(time.Time)
}

func (c *fakeClock) Now() time.Time { return c.now }
func (c *fakeClock) Sleep(d time.Duration) {
	c.now = c.now.Add(d)
	if c.slept != nil {
		c.slept(c.now)
	}
}

func changed(t *testing.T, path string) time.Time {
	t.Helper()
	st := snapshot.StampOf(path)
	return time.Unix(0, max(st.MTime, st.CTime))
}

func ruleIDs(t *testing.T, s *snapshot.Snapshot) []string {
	t.Helper()
	rules, err := s.AllRules()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range rules {
		ids = append(ids, r.Spec.ID)
	}
	return ids
}

// A rules file emptied (truncated, its new text not yet written) keeps
// the last good policy, saying so, until it has stayed empty for the hold
// time; then the empty file is the policy. A file that changed within the
// quiet time is read again once it is quiet.
func TestEmptiedRulesFileHoldsTheLastGood(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{"proj/.governance/rules/deny.yaml": denyDestroy})
	file := filepath.Join(p.RepoDir, "rules", "deny.yaml")
	c := &fakeClock{now: changed(t, file).Add(time.Second)}
	good := config.CompileStable(p, nil, c.Now, c.Sleep)
	if ids := ruleIDs(t, good); len(ids) != 1 || good.Err != "" {
		t.Fatalf("the good policy: %v %s", ids, good.Err)
	}

	for _, body := range []string{"", "rules:\n", "# being written\n"} {
		write(t, file, body)
		at := changed(t, file)
		c := &fakeClock{now: at}
		held := config.CompileStable(p, good, c.Now, c.Sleep)
		if ids := ruleIDs(t, held); len(ids) != 1 || ids[0] != "no-destroy" {
			t.Errorf("%q just written: rules %v, want the last good no-destroy", body, ids)
		}
		if !strings.Contains(held.Held, "deny.yaml reads as empty") || held.Until == 0 {
			t.Errorf("%q just written: held %q until %d", body, held.Held, held.Until)
		}
		if c.now.Sub(at) < 50*time.Millisecond {
			t.Errorf("%q just written was taken %s after it changed", body, c.now.Sub(at))
		}
		current, _ := snapshot.Current(p)
		if !held.FreshAt(p, current, at.Add(time.Second)) || held.FreshAt(p, current, at.Add(3*time.Second)) {
			t.Errorf("%q: the held policy is not fresh for the hold time only", body)
		}
		c = &fakeClock{now: at.Add(3 * time.Second)}
		later := config.CompileStable(p, good, c.Now, c.Sleep)
		if ids := ruleIDs(t, later); len(ids) != 0 || later.Held != "" {
			t.Errorf("%q stable: rules %v, held %q", body, ids, later.Held)
		}
	}
}

// A configuration that keeps changing is read again for the settling
// bound, then reported as an error that denies every call, and the
// snapshot is stale at once.
func TestUnsettledConfigurationDenies(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{"proj/.governance/rules/deny.yaml": denyDestroy})
	file := filepath.Join(p.RepoDir, "rules", "deny.yaml")
	start := changed(t, file)
	c := &fakeClock{now: start}
	reads := 0
	c.slept = func(now time.Time) {
		reads++
		if err := os.Chtimes(file, now, now); err != nil {
			t.Fatal(err)
		}
	}
	s := config.CompileStable(p, nil, c.Now, c.Sleep)
	if !strings.Contains(s.Err, "did not settle") || s.Until == 0 {
		t.Errorf("a configuration that kept changing: error %q, until %d", s.Err, s.Until)
	}
	if reads < 10 || c.now.Sub(start) < 2*time.Second {
		t.Errorf("read %d times over %s", reads, c.now.Sub(start))
	}
	current, _ := snapshot.Current(p)
	if s.FreshAt(p, current, c.now) {
		t.Error("the snapshot of an unsettled configuration is fresh")
	}
}

// A folder that holds sources and changes all the time (~/.claude as
// Claude Code works) does not keep the configuration from settling.
func TestBusyFolderSettles(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{"proj/.governance/rules/deny.yaml": denyDestroy, "home/.claude/x": ""})
	busy := filepath.Join(p.Home, ".claude")
	file := filepath.Join(p.RepoDir, "rules", "deny.yaml")
	c := &fakeClock{now: changed(t, file).Add(time.Second)}
	c.slept = func(now time.Time) {
		if err := os.Chtimes(busy, now, now); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Chtimes(busy, c.now, c.now))
	s := config.CompileStable(p, nil, c.Now, c.Sleep)
	if s.Err != "" || len(ruleIDs(t, s)) != 1 {
		t.Errorf("a busy ~/.claude: error %q, rules %v", s.Err, ruleIDs(t, s))
	}
}
