package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A call filed for approval by the hook is announced to the team's
// webhook by governance notify, started by the hook: the webhook gets the
// approval's id, the call with its credential masked and how to answer.
func TestHookAnnouncesApproval(t *testing.T) {
	got := make(chan map[string]any, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		got <- m
	}))
	t.Cleanup(srv.Close)

	dir, home := project(t)
	withUserConfig(t, dir, home, "default: ask\napprovals: out-of-band\napproval_wait: 60s\n"+
		"notify:\n  desktop: false\n  webhooks:\n    - url: ${env:TEAM_HOOK}\n")
	// governance on PATH is this binary, run by that name.
	bin := t.TempDir()
	if err := os.Symlink(os.Args[0], filepath.Join(bin, "governance")); err != nil {
		t.Fatal(err)
	}
	environ := homeEnv(home, "CLAUDE_PROJECT_DIR=", "TEAM_HOOK="+srv.URL, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	hook := exec.Command(os.Args[0], "claude")
	hook.Dir = dir
	hook.Env = append(environ, "GOVERNANCE_TEST_RUN=governance-hook")
	hook.Stdin = bytes.NewReader(preToolUse(dir, "n-1", `curl -X POST -H "Authorization: Bearer s3cr3tvalue" https://api.example.com/x`))
	if err := hook.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hook.Process.Kill(); hook.Wait() })
	id := pendingID(t, home)

	select {
	case m := <-got:
		cmd, _ := m["command"].(string)
		if m["id"] != id || m["approve"] != "governance approvals approve "+id || !strings.Contains(cmd, "https://api.example.com/x") {
			t.Errorf("the webhook got %v, want approval %s", m, id)
		}
		if strings.Contains(cmd, "s3cr3t") {
			t.Errorf("the webhook got the call's credential: %q", cmd)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the webhook heard nothing of the waiting call")
	}
}
