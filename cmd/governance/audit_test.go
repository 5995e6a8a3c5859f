package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// audit --follow prints each decision as the hook records it, keeps going
// across a rotation of the log, and exits 0 when interrupted.
func TestAuditFollow(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir, home := project(t)
	follow := exec.Command(os.Args[0], "audit", "--follow")
	follow.Dir = dir
	follow.Env = homeEnv(home, "GOVERNANCE_TEST_RUN=governance", "CLAUDE_PROJECT_DIR=")
	out, err := follow.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	follow.Stderr = &stderr
	if err := follow.Start(); err != nil {
		t.Fatal(err)
	}
	defer follow.Process.Kill()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	next := func(want string) {
		t.Helper()
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("audit --follow stopped before %q: %s", want, stderr.String())
			}
			if !strings.Contains(line, want) {
				t.Fatalf("got %q, want a line with %q", line, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no line with %q after 10s", want)
		}
	}
	hook := func(cmd string) {
		t.Helper()
		ev, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": dir, "hook_event_name": "PreToolUse",
			"tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
		if _, err := run(t, dir, home, "governance-hook", ev, nil, "claude"); err != nil {
			t.Fatal(err)
		}
	}

	hook("git status")
	next("allow   main          read-only:git             git status")
	hook("git push --force origin main")
	next("deny    main          git-push-force            git push --force origin main")

	// Rotated as purge does it: renamed aside; the next call starts a new log.
	log := filepath.Join(home, ".local", "state", "governance", "decisions.jsonl")
	if err := os.Rename(log, filepath.Join(filepath.Dir(log), "decisions-20260101-000000.jsonl")); err != nil {
		t.Fatal(err)
	}
	hook("PGPASSWORD=hunter2 psql -h db")
	next("deny    main          secret-in-command         psql -h db")

	if err := follow.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for range lines {
	}
	if err := follow.Wait(); err != nil {
		t.Errorf("audit --follow after an interrupt: %v: %s", err, stderr.String())
	}
}
