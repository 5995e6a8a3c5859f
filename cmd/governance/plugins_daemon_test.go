package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A configuration with plugins makes the hook start a daemon, and the
// first call waits for it rather than failing for want of one.
func TestHookStartsTheDaemonForPlugins(t *testing.T) {
	bin := binaries(t)
	if err := os.Symlink(os.Args[0], filepath.Join(bin, "governance-test-plugin")); err != nil {
		t.Fatal(err)
	}
	dir, home := project(t)
	cfg := "plugins:\n  - name: tp\n    path: governance-test-plugin\n    position: before_rules\n"
	if err := os.WriteFile(filepath.Join(dir, ".governance", "config.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(home, ".local", "state")
	env := homeEnv(home, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "CLAUDE_PROJECT_DIR=", "GOVERNANCE_TEST_RUN=")
	t.Cleanup(func() { stopDaemon(t, filepath.Join(state, "governance", "daemon.json")) })
	trust := exec.Command(filepath.Join(bin, "governance"), "plugins", "trust", "tp")
	trust.Dir, trust.Env = dir, env
	if out, err := trust.CombinedOutput(); err != nil {
		t.Fatalf("plugins trust: %v: %s", err, out)
	}
	for i, cmd := range []string{"deny the first call", "deny the second call"} {
		h := exec.Command(filepath.Join(bin, "governance-hook"), "claude")
		h.Dir, h.Env = dir, env
		h.Stdin = bytes.NewReader(preToolUse(dir, "d"+string(rune('0'+i)), cmd))
		out, err := h.Output()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), "denied: "+strings.TrimPrefix(cmd, "deny ")) {
			t.Errorf("%s: %s", cmd, out)
		}
	}
}

// stopDaemon ends the daemon a hook started, found by its info file.
func stopDaemon(t *testing.T, info string) {
	data, err := os.ReadFile(info)
	if err != nil {
		return
	}
	var d struct{ PID int }
	if json.Unmarshal(data, &d) != nil || d.PID <= 0 {
		return
	}
	syscall.Kill(d.PID, syscall.SIGTERM)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if syscall.Kill(d.PID, 0) != nil {
			return
		}
	}
	t.Errorf("the daemon (pid %d) did not stop", d.PID)
}
