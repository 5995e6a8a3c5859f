package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The harness end-to-end tests run the real agent CLIs, at the versions
// scripts/test-tools.d/agent-clis.sh installs, against a fake model server
// on 127.0.0.1 that scripts the model's tool calls and records the tool
// results each CLI sends back. Every CLI runs with the switches that stop
// telemetry and update checks, in a private home, and with the hook that
// `governance install` writes. One run plays the same conversation:
//
//   - the main thread runs `rm -rf .`: the hook denies it, the project's
//     files are still there, and the deny reason comes back to the model
//     in the tool result;
//   - it runs `echo governed-ok`: the hook allows it and the output comes
//     back;
//   - it starts the reviewer subagent, whose agent file allows only
//     `git diff*`: the subagent's `echo from-subagent` is denied with the
//     agent file's reason, though the same command runs on the main
//     thread.

// subagentMarker is in the prompt the main thread gives its subagent; the
// fake model knows a subagent's conversation by it.
const subagentMarker = "SUBAGENT-TASK"

// step is one tool call the fake model makes.
type step struct {
	tool  string
	input map[string]any
}

// toolResult is what a CLI sent back for a tool call.
type toolResult struct {
	text    string
	isError bool
}

// conversation scripts the model and records what comes back.
type conversation struct {
	main, sub []step
	mu        sync.Mutex
	// results[role][i] is the result of the role's i-th step.
	results map[string]map[int]toolResult
	// requests counts model requests per role.
	requests map[string]int
}

func newConversation(main, sub []step) *conversation {
	return &conversation{main: main, sub: sub, results: map[string]map[int]toolResult{}, requests: map[string]int{}}
}

// next records the results a request carries and returns the step to take,
// nil when the role is done.
func (c *conversation) next(role string, results []toolResult) *step {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests[role]++
	if c.results[role] == nil {
		c.results[role] = map[int]toolResult{}
	}
	for i, r := range results {
		c.results[role][i] = r
	}
	steps := c.main
	if role == "sub" {
		steps = c.sub
	}
	if len(results) < len(steps) {
		return &steps[len(results)]
	}
	return nil
}

// result returns the result of a role's step.
func (c *conversation) result(t *testing.T, role string, i int) toolResult {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.results[role][i]
	if !ok {
		t.Fatalf("the model never got the result of %s step %d (%s); it saw %v", role, i, c.stepName(role, i), c.results)
	}
	return r
}

func (c *conversation) stepName(role string, i int) string {
	steps := c.main
	if role == "sub" {
		steps = c.sub
	}
	if i < len(steps) {
		b, _ := json.Marshal(steps[i].input)
		return steps[i].tool + " " + string(b)
	}
	return "?"
}

// checkGoverned asserts what every harness run must show.
func (c *conversation) checkGoverned(t *testing.T, project string) {
	t.Helper()
	c.checkMain(t, project)
	t.Run("subagent held to its agent file", func(t *testing.T) {
		r := c.result(t, "sub", 0)
		if !strings.Contains(r.text, "Agent reviewer has no permission") {
			t.Errorf("the subagent's call was not held to reviewer.md; the tool result was %+v", r)
		}
	})
}

// checkMain asserts what the main thread's run must show: the destructive
// command denied with its reason, the safe one run.
func (c *conversation) checkMain(t *testing.T, project string) {
	t.Helper()
	t.Run("destructive command blocked", func(t *testing.T) {
		r := c.result(t, "main", 0)
		// The project holds the governance settings, so self-protection,
		// an invariant, decides before the rule on deleting the project.
		if !strings.Contains(r.text, "self-protection") || !strings.Contains(r.text, "would take .governance with it") || !strings.Contains(r.text, "BLOCKED") {
			t.Errorf("the deny reason did not reach the model; the tool result was %+v", r)
		}
		for _, f := range []string{"keep.txt", ".governance/agents/reviewer.md"} {
			if _, err := os.Stat(filepath.Join(project, f)); err != nil {
				t.Errorf("rm -rf . ran: %v", err)
			}
		}
	})
	t.Run("safe command runs", func(t *testing.T) {
		r := c.result(t, "main", 1)
		if r.isError || !strings.Contains(r.text, "governed-ok") {
			t.Errorf("echo governed-ok did not run; the tool result was %+v", r)
		}
	})
}

// toolsDir is the folder scripts/install-test-tools installs into.
func toolsDir() string {
	wd, _ := os.Getwd()
	return filepath.Join(wd, "..", "..", ".tools")
}

// needTool returns a file the test tools installed. In CI a missing tool
// is a failure; elsewhere the test skips.
func needTool(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join(toolsDir(), rel)
	if _, err := os.Stat(p); err != nil {
		notInstalled(t, rel+" is not installed")
	}
	return p
}

// notInstalled ends a test that needs a tool scripts/install-test-tools
// installs: in CI, where the tools must be there, it fails; elsewhere it
// skips.
func notInstalled(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s; run scripts/install-test-tools", why)
	}
	t.Skipf("%s; run scripts/install-test-tools", why)
}

// e2eProject makes a project with a file the destructive command would
// delete and the reviewer's agent file, a private home, and a folder with
// governance and governance-hook (this test binary under both names).
func e2eProject(t *testing.T) (dir, home, bin string) {
	t.Helper()
	dir, home = project(t)
	writeFile(t, filepath.Join(dir, "keep.txt"), "the destructive command would delete this file\n")
	writeFile(t, filepath.Join(dir, ".governance", "agents", "reviewer.md"), `---
description: Reviews changes and reports findings; never edits files.
permission:
  read: allow
  shell:
    "git diff*": allow
---
Review the change and report findings.
`)
	return dir, home, binaries(t)
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// baseEnv is the environment every CLI runs in: nothing of the test's own
// but PATH's system folders, a private home and state, and the hook's
// folder first on PATH.
func baseEnv(home, bin string) []string {
	return []string{
		"PATH=" + bin + ":/usr/local/bin:/usr/bin:/bin",
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"TMPDIR=" + os.TempDir(),
		"TERM=dumb",
		"NO_COLOR=1",
		"LANG=C.UTF-8",
		"GOVERNANCE_NO_NOTIFY=1",
	}
}

// install runs `governance install HARNESS` for the project.
func install(t *testing.T, harness, project, home, bin string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(bin, "governance"), "install", harness, "--dir", project, "--hook", "governance-hook")
	cmd.Dir = project
	cmd.Env = baseEnv(home, bin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("governance install %s: %v\n%s", harness, err, out)
	}
}

// serve runs a fake model server on a loopback port until the test ends.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// runCLI runs an agent CLI in the project, bounded in time, and returns
// its combined output.
func runCLI(t *testing.T, project string, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = project
	cmd.Env = env
	cmd.Stdin = nil
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s ran for %s", filepath.Base(name), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(name), err, out.String())
	}
	return out.String()
}
