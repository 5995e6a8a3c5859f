package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO at the snapshot's path or at a configuration file's path never
// hangs the hook (harnesses such as Codex, Gemini CLI and Copilot CLI run
// the call when the hook does not answer): a FIFO snapshot is compiled
// around, and a FIFO configuration file is a configuration error that
// denies every call, naming the file.
func TestFIFOsNeverHangTheHook(t *testing.T) {
	t.Parallel()
	dir, home := project(t)
	rules := filepath.Join(dir, ".governance", "rules")
	must(t, os.MkdirAll(rules, 0o755))
	must(t, os.WriteFile(filepath.Join(rules, "deny.yaml"), []byte(denyDestroy), 0o644))
	hook := func(t *testing.T, command string) string {
		t.Helper()
		data, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": dir, "hook_event_name": "PreToolUse",
			"permission_mode": "bypassPermissions", "tool_name": "Bash", "tool_input": map[string]any{"command": command}, "tool_use_id": "t"})
		ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, os.Args[0], "claude")
		cmd.Dir = dir
		cmd.Env = homeEnv(home, "GOVERNANCE_TEST_RUN=governance-hook", "CLAUDE_PROJECT_DIR=")
		cmd.Stdin = bytes.NewReader(data)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		start := time.Now()
		err := cmd.Run()
		if ctx.Err() != nil {
			t.Fatalf("the hook hung on %q (killed after %s)", command, time.Since(start).Round(time.Second))
		}
		if err != nil {
			t.Fatalf("hook: %v: %s", err, errb.String())
		}
		return out.String()
	}
	if out := hook(t, "terraform destroy"); !strings.Contains(out, "no-destroy") {
		t.Fatalf("before any FIFO: %s", out)
	}
	snaps, _ := filepath.Glob(filepath.Join(home, ".local", "state", "governance", "compiled", "*.json"))
	if len(snaps) == 0 {
		t.Fatal("the hook wrote no snapshot")
	}
	for _, s := range snaps {
		must(t, os.Remove(s))
		must(t, syscall.Mkfifo(s, 0o644))
	}
	if out := hook(t, "terraform destroy"); !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "no-destroy") {
		t.Errorf("a FIFO at the snapshot's path: %s", out)
	}
	if out := hook(t, "ls"); !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("a FIFO at the snapshot's path, compiled around: ls: %s", out)
	}

	// State: the decision log and the brain's state; the call is decided
	// and the state reported as an error.
	for _, fifo := range []string{filepath.Join(home, ".local", "state", "governance", "decisions.jsonl"),
		filepath.Join(dir, ".governance", "brain", "state.json")} {
		must(t, os.MkdirAll(filepath.Dir(fifo), 0o755))
		os.Remove(fifo)
		must(t, syscall.Mkfifo(fifo, 0o644))
		if out := hook(t, "terraform destroy"); !strings.Contains(out, "no-destroy") {
			t.Errorf("a FIFO at %s: %s", fifo, out)
		}
		must(t, os.Remove(fifo))
	}

	for _, fifo := range []string{filepath.Join(rules, "late.yaml"), filepath.Join(dir, ".governance", "config.yaml"),
		filepath.Join(home, ".config", "governance", "config.yaml")} {
		t.Run(filepath.Base(filepath.Dir(fifo))+"/"+filepath.Base(fifo), func(t *testing.T) {
			must(t, os.MkdirAll(filepath.Dir(fifo), 0o755))
			must(t, syscall.Mkfifo(fifo, 0o644))
			defer os.Remove(fifo)
			out := hook(t, "ls")
			if !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "not a regular file") {
				t.Errorf("a FIFO at %s: %s", fifo, out)
			}
		})
	}
}

const denyDestroy = `rules:
  - id: no-destroy
    match: {program: terraform, subcommand: destroy}
    decision: deny
    message: Destroying infrastructure is not done by agents.
    suggestion: Ask the infrastructure team.
`

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
