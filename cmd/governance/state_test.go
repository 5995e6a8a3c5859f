package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/brain"
	"github.com/agentgov/governance/internal/approvals"
)

// run starts this test binary as governance or governance-hook in dir,
// with a private home, and returns its stdout.
func run(t *testing.T, dir, home, prog string, stdin []byte, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(homeEnv(home, "GOVERNANCE_TEST_RUN="+prog, "CLAUDE_PROJECT_DIR="), env...)
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		return out.String(), fmt.Errorf("%s %v: %w: %s", prog, args, err, errb.String())
	}
	return out.String(), nil
}

func project(t *testing.T) (dir, home string) {
	t.Helper()
	root := t.TempDir()
	dir, home = filepath.Join(root, "project"), filepath.Join(root, "home")
	for _, d := range []string{filepath.Join(dir, ".git"), filepath.Join(dir, ".governance"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir, home
}

// homeEnv is the test's environment with a private home: HOME and the
// XDG configuration and state folders under home, then extra. It is
// clipped, so that callers appending to it for two processes do not
// share one array.
func homeEnv(home string, extra ...string) []string {
	env := append(os.Environ(), "HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_STATE_HOME="+filepath.Join(home, ".local", "state"),
		// Tests run from inside a Claude Code session decide as any other.
		"CLAUDE_CODE_SESSION_ATTENDED=")
	return slices.Clip(append(env, extra...))
}

// Fifty hook processes fire at once on one session; every metric
// increment and every history entry is there afterwards.
func TestConcurrentHooksLoseNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 50 processes")
	}
	dir, home := project(t)
	const n = 50
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ev map[string]any
			if i%2 == 0 {
				ev = map[string]any{"session_id": "busy", "cwd": dir, "hook_event_name": "PostToolUse", "tool_name": "Bash",
					"tool_input": map[string]any{"command": fmt.Sprintf("echo %d", i)}, "tool_use_id": fmt.Sprint("t", i), "duration_ms": 10}
			} else {
				ev = map[string]any{"session_id": "busy", "cwd": dir, "hook_event_name": "PreToolUse", "tool_name": "Bash",
					"tool_input": map[string]any{"command": fmt.Sprintf("git push --force origin b%d", i)}, "tool_use_id": fmt.Sprint("t", i)}
			}
			data, _ := json.Marshal(ev)
			out, err := run(t, dir, home, "governance-hook", data, nil, "claude")
			if err != nil {
				errs <- err
				return
			}
			if i%2 == 1 && !strings.Contains(out, `"permissionDecision":"deny"`) {
				errs <- fmt.Errorf("call %d was not denied: %s", i, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	b := brain.Open(filepath.Join(dir, ".governance", "brain"))
	s, err := b.ReadSession("busy")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Metrics.Calls["shell"]; got != n/2 {
		t.Errorf("session calls: got %d, want %d", got, n/2)
	}
	if s.Metrics.Denials != n/2 || s.Metrics.DurationMS != 10*n/2 {
		t.Errorf("session metrics: got %+v", s.Metrics)
	}
	m, err := b.ReadMetrics()
	if err != nil {
		t.Fatal(err)
	}
	if m.Calls["shell"] != n/2 || m.Denials != n/2 {
		t.Errorf("project metrics: got %+v", m.Metrics)
	}
	st, err := b.ReadState()
	if err != nil {
		t.Fatal(err)
	}
	var branches []string
	for i, e := range st.History {
		if e.Seq != int64(i+1) {
			t.Errorf("history entry %d has seq %d", i, e.Seq)
		}
		if e.Kind == brain.KindBlocked {
			branches = append(branches, strings.TrimPrefix(e.Detail, "deny: git push --force origin "))
		}
	}
	sort.Strings(branches)
	var want []string
	for i := 1; i < n; i += 2 {
		want = append(want, fmt.Sprint("b", i))
	}
	sort.Strings(want)
	if strings.Join(branches, " ") != strings.Join(want, " ") {
		t.Errorf("history: got %d blocked entries %v, want %d", len(branches), branches, len(want))
	}
}

// purgeFixture writes a brain with history, anchors and sessions to purge.
func purgeFixture(t *testing.T, dir string, now time.Time) *brain.Brain {
	t.Helper()
	b := brain.Open(filepath.Join(dir, ".governance", "brain"))
	clock := now.Add(-10 * 24 * time.Hour)
	b.Now = func() time.Time { return clock }
	for i := range 3 {
		if _, _, err := b.SessionStart(fmt.Sprint("old", i), "claude", "startup"); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{brain.Critical, brain.High, brain.Normal} {
		if _, err := b.AddAnchor("anchor "+p, p); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 80 {
		if err := b.Record(brain.Entry{Kind: brain.KindBlocked, Detail: fmt.Sprint("entry ", i)}); err != nil {
			t.Fatal(err)
		}
	}
	clock = now
	if _, _, err := b.SessionStart("fresh", "claude", "startup"); err != nil {
		t.Fatal(err)
	}
	return b
}

// everything lists every record of the brain, live or archived, so that a
// test can check each is in exactly one place.
func everything(t *testing.T, b *brain.Brain) (history []int64, sessions, anchors []string) {
	t.Helper()
	st, err := b.ReadState()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range st.History {
		history = append(history, e.Seq)
	}
	for _, a := range st.Anchors {
		anchors = append(anchors, "live:"+a.ID)
	}
	files, _ := filepath.Glob(filepath.Join(b.Dir, "history", "*.jsonl"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var e brain.Entry
			if err := json.Unmarshal([]byte(line), &e); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			history = append(history, e.Seq)
		}
	}
	live, _ := filepath.Glob(filepath.Join(b.Dir, "sessions", "*.json"))
	archived, _ := filepath.Glob(filepath.Join(b.Dir, "archive", "sessions", "*.json"))
	for _, f := range append(live, archived...) {
		sessions = append(sessions, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	if data, err := os.ReadFile(filepath.Join(b.Dir, "archive", "anchors.jsonl")); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var a brain.Anchor
			json.Unmarshal([]byte(line), &a)
			anchors = append(anchors, "archived:"+a.ID)
		}
	}
	sort.Slice(history, func(i, j int) bool { return history[i] < history[j] })
	sort.Strings(sessions)
	sort.Strings(anchors)
	return history, sessions, anchors
}

// A purge killed at each of its steps, then run again, ends with every
// record in exactly one place: nothing lost, nothing archived twice.
func TestPurgeKilledAndRerun(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	clean, cleanHome := project(t)
	purgeFixture(t, clean, now)
	if _, err := run(t, clean, cleanHome, "governance", nil, nil, "purge", "--now", now.Format(time.RFC3339)); err != nil {
		t.Fatal(err)
	}
	wantHistory, wantSessions, wantAnchors := everything(t, brain.Open(filepath.Join(clean, ".governance", "brain")))
	if len(wantHistory) == 0 || len(wantSessions) != 4 || len(wantAnchors) != 3 {
		t.Fatalf("fixture: %d history, sessions %v, anchors %v", len(wantHistory), wantSessions, wantAnchors)
	}
	for _, point := range []string{"history-archived", "anchors-archived", "session-archived"} {
		t.Run(point, func(t *testing.T) {
			t.Parallel()
			dir, home := project(t)
			b := purgeFixture(t, dir, now)
			_, err := run(t, dir, home, "governance", nil, []string{"GOVERNANCE_TEST_PURGE_FAULT=" + point}, "purge", "--now", now.Format(time.RFC3339))
			if err == nil || !strings.Contains(err.Error(), "exit status 99") {
				t.Fatalf("purge was not stopped at %s: %v", point, err)
			}
			if _, err := run(t, dir, home, "governance", nil, nil, "purge", "--now", now.Format(time.RFC3339), "--json"); err != nil {
				t.Fatal(err)
			}
			history, sessions, anchors := everything(t, b)
			if fmt.Sprint(history) != fmt.Sprint(wantHistory) {
				t.Errorf("history seqs after rerun:\n got %v\nwant %v", history, wantHistory)
			}
			if fmt.Sprint(sessions) != fmt.Sprint(wantSessions) {
				t.Errorf("sessions after rerun: got %v, want %v", sessions, wantSessions)
			}
			if fmt.Sprint(anchors) != fmt.Sprint(wantAnchors) {
				t.Errorf("anchors after rerun: got %v, want %v", anchors, wantAnchors)
			}
			// A third run has nothing left to do.
			out, err := run(t, dir, home, "governance", nil, nil, "purge", "--now", now.Format(time.RFC3339), "--json")
			if err != nil || !strings.Contains(out, `"moves":null`) && !strings.Contains(out, `"moves":[]`) {
				t.Errorf("third run: %v %s", err, out)
			}
		})
	}
}

// withUserConfig writes the user configuration and compiles the project's
// snapshot, so that hook processes started together find it fresh.
func withUserConfig(t *testing.T, dir, home, config string) {
	t.Helper()
	writeFile(t, filepath.Join(home, ".config", "governance", "config.yaml"), config)
	if _, err := run(t, dir, home, "governance", nil, nil, "compile"); err != nil {
		t.Fatal(err)
	}
}

func preToolUse(dir, id, cmd string) []byte {
	data, _ := json.Marshal(map[string]any{"session_id": "rl", "cwd": dir, "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]any{"command": cmd}, "tool_use_id": id})
	return data
}

// Forty hook processes at once under a limit of 20 calls per minute:
// exactly 20 run.
func TestRateLimitAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 40 processes")
	}
	dir, home := project(t)
	withUserConfig(t, dir, home, "roles:\n  ai:\n    rate_limits: {per_minute: 20}\n")
	const n = 40
	var mu sync.Mutex
	allowed, limited := 0, 0
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := run(t, dir, home, "governance-hook", preToolUse(dir, fmt.Sprint("t", i), "ls -la"), nil, "claude")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Error(err)
			case strings.Contains(out, `"permissionDecision":"allow"`):
				allowed++
			case strings.Contains(out, "limited to 20 calls per minute") && strings.Contains(out, "Retry in"):
				limited++
			default:
				t.Errorf("unexpected reply: %s", out)
			}
		}()
	}
	wg.Wait()
	if allowed != 20 || limited != 20 {
		t.Errorf("allowed %d and limited %d, want 20 and 20", allowed, limited)
	}
}

// A call that never reports its end holds its concurrency slot only until
// the slot expires; a call that ends frees it at once.
func TestCrashedCallSlotExpires(t *testing.T) {
	dir, home := project(t)
	withUserConfig(t, dir, home, "roles:\n  ai:\n    rate_limits: {max_concurrent: 1, slot_expiry: 3s}\n")
	hook := func(id string) string {
		t.Helper()
		out, err := run(t, dir, home, "governance-hook", preToolUse(dir, id, "ls"), nil, "claude")
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if out := hook("crashed"); !strings.Contains(out, `"allow"`) {
		t.Fatalf("first call: %s", out)
	}
	if out := hook("second"); !strings.Contains(out, "at most 1 calls at once") {
		t.Fatalf("a second call ran while the first held the slot: %s", out)
	}
	time.Sleep(3100 * time.Millisecond)
	if out := hook("third"); !strings.Contains(out, `"allow"`) {
		t.Fatalf("the expired slot was not released: %s", out)
	}
	done, _ := json.Marshal(map[string]any{"session_id": "rl", "cwd": dir, "hook_event_name": "PostToolUse", "tool_name": "Bash",
		"tool_input": map[string]any{"command": "ls"}, "tool_use_id": "third", "duration_ms": 5})
	if _, err := run(t, dir, home, "governance-hook", done, nil, "claude"); err != nil {
		t.Fatal(err)
	}
	if out := hook("fourth"); !strings.Contains(out, `"allow"`) {
		t.Fatalf("a finished call did not free its slot: %s", out)
	}
}

// pendingID waits for the one pending approval to appear and returns it.
// startWaitingCall starts the hook on an agent's call that waits for a
// person (npm install, which the project asks about) and returns it, the
// buffer its reply goes to, and the id of its pending approval.
func startWaitingCall(t *testing.T, dir, home string, environ []string, session string) (*exec.Cmd, *bytes.Buffer, string) {
	t.Helper()
	waiting := exec.Command(os.Args[0], "claude")
	waiting.Dir = dir
	waiting.Env = append(environ, "GOVERNANCE_TEST_RUN=governance-hook")
	waiting.Stdin = bytes.NewReader(preToolUse(dir, session, "npm install left-pad"))
	reply := &bytes.Buffer{}
	waiting.Stdout = reply
	if err := waiting.Start(); err != nil {
		t.Fatal(err)
	}
	return waiting, reply, pendingID(t, home)
}

func pendingID(t *testing.T, home string) string {
	t.Helper()
	store := approvals.Open(filepath.Join(home, ".local", "state", "governance"))
	for range 200 {
		items, _ := store.List(approvals.Pending)
		if len(items) == 1 {
			return items[0].ID
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no pending approval appeared")
	return ""
}

// A hook waits for a human's answer; approving lets the call through,
// denying blocks it with the human's message.
func TestApprovalWait(t *testing.T) {
	dir, home := project(t)
	withUserConfig(t, dir, home, "default: ask\napprovals: out-of-band\napproval_wait: 30s\n")
	start := func(cmd string) (*exec.Cmd, *bytes.Buffer) {
		c := exec.Command(os.Args[0], "claude")
		c.Dir = dir
		c.Env = homeEnv(home, "GOVERNANCE_TEST_RUN=governance-hook", "GOVERNANCE_NO_NOTIFY=1")
		c.Stdin = bytes.NewReader(preToolUse(dir, "w1", cmd))
		out := &bytes.Buffer{}
		c.Stdout = out
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		return c, out
	}
	hook, out := start("npm install left-pad")
	id := pendingID(t, home)
	if _, err := run(t, dir, home, "governance", nil, nil, "approvals", "approve", id); err != nil {
		t.Fatal(err)
	}
	if err := hook.Wait(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"permissionDecision":"allow"`) {
		t.Fatalf("approved call: %s", out)
	}

	hook, out = start("npm install is-even")
	id = pendingID(t, home)
	if _, err := run(t, dir, home, "governance", nil, nil, "approvals", "deny", id, "--message", "use the standard library"); err != nil {
		t.Fatal(err)
	}
	if err := hook.Wait(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"permissionDecision":"deny"`) || !strings.Contains(out.String(), "use the standard library") {
		t.Fatalf("denied call: %s", out)
	}
}
