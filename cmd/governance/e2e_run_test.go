package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startRun starts governance run on a command that needs a person and
// returns it with the lines it printed on stderr up to the wait.
func startRun(t *testing.T, dir, home string, args ...string) (*exec.Cmd, *bufio.Scanner, string, []string) {
	t.Helper()
	c := exec.Command(os.Args[0], append([]string{"run"}, args...)...)
	c.Dir = dir
	c.Env = homeEnv(home, "GOVERNANCE_TEST_RUN=governance", "GOVERNANCE_NO_NOTIFY=1", "CLAUDE_PROJECT_DIR=")
	stderr, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Process.Kill(); c.Wait() })
	sc := bufio.NewScanner(stderr)
	var lines []string
	id := ""
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if m := regexp.MustCompile(`^  approval:  (\S+)$`).FindStringSubmatch(sc.Text()); m != nil {
			id = m[1]
		}
		if strings.HasPrefix(sc.Text(), "  waiting:") {
			break
		}
	}
	if id == "" {
		t.Fatalf("run printed no approval id: %q", lines)
	}
	return c, sc, id, lines
}

// governance run says at once what it waits for and how to answer, the
// time left as it passes; Ctrl-C withdraws the approval; --why and
// --safety reach the approval and the decision log.
func TestRunSaysWhatItWaitsFor(t *testing.T) {
	dir, home := project(t)
	withUserConfig(t, dir, home, "approval_wait: 20s\n")
	c, sc, id, lines := startRun(t, dir, home, "--why", "fetch the dependency", "--safety", "a pinned version", "--", "npm install left-pad@1.3.0")
	all := strings.Join(lines, "\n")
	for _, want := range []string{"npm install left-pad@1.3.0` needs a person's approval", "governance approvals approve " + id,
		"governance approvals deny " + id, "governance daemon --url", "up to 20s", "Ctrl-C withdraws"} {
		if !strings.Contains(all, want) {
			t.Errorf("run's announcement lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "token") {
		t.Errorf("run's announcement shows a token:\n%s", all)
	}
	// The time left, as it passes.
	left := make(chan string, 1)
	go func() {
		for sc.Scan() {
			if strings.Contains(sc.Text(), "left") {
				left <- sc.Text()
				break
			}
		}
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
	}()
	select {
	case l := <-left:
		if !strings.Contains(l, id) {
			t.Errorf("the time left line: %q", l)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("run did not say how much time is left")
	}
	out, _ := run(t, dir, home, "governance", nil, nil, "approvals", "show", id)
	if !strings.Contains(out, "reason given:  fetch the dependency") || !strings.Contains(out, "safety given:  a pinned version") {
		t.Errorf("approvals show:\n%s", out)
	}

	// Ctrl-C withdraws the approval, and says so.
	c.Process.Signal(syscall.SIGINT)
	err := c.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("run interrupted: %v, want exit status 130", err)
	}
	time.Sleep(100 * time.Millisecond)
	if out, _ := run(t, dir, home, "governance", nil, nil, "approvals", "show", id); !strings.Contains(out, "withdrawn") {
		t.Errorf("after Ctrl-C, approvals show:\n%s", out)
	}
	log, err := os.ReadFile(filepath.Join(home, ".local", "state", "governance", "decisions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), `"safety":"a pinned version"`) || !strings.Contains(string(log), `"justification":"fetch the dependency"`) {
		t.Errorf("the decision log lacks the caller's reasons:\n%s", log)
	}
}

// A person approving from the command line lets the waiting run go on.
func TestRunRunsOnceApproved(t *testing.T) {
	dir, home := project(t)
	withUserConfig(t, dir, home, "approval_wait: 60s\n")
	c, sc, id, _ := startRun(t, dir, home, "--", "touch approved-file")
	go func() {
		for sc.Scan() {
		}
	}()
	if _, err := run(t, dir, home, "governance", nil, nil, "approvals", "approve", id); err != nil {
		t.Fatal(err)
	}
	if err := c.Wait(); err != nil {
		t.Fatalf("run after the approval: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "approved-file")); err != nil {
		t.Error("the approved command did not run")
	}
}
