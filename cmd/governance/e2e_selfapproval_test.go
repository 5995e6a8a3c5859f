package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An agent whose call waits for a person tries every route to answer it
// itself, each through the hook as its harness would send it, and fails
// on each; then the person answers from the command line and the waiting
// call runs.
func TestAgentCannotApproveItsOwnCall(t *testing.T) {
	dir, home := project(t)
	withUserConfig(t, dir, home, "default: ask\napprovals: out-of-band\napproval_wait: 60s\n")
	environ := homeEnv(home, "GOVERNANCE_NO_NOTIFY=1", "CLAUDE_PROJECT_DIR=")
	state := filepath.Join(home, ".local", "state", "governance")

	page := startDaemon(t, dir, environ)
	pageURL, err := url.Parse(page)
	if err != nil || pageURL.Query().Get("token") == "" {
		t.Fatalf("the daemon printed no page address with a token: %q", page)
	}
	token, port := pageURL.Query().Get("token"), pageURL.Port()
	base := "http://" + pageURL.Host

	// The agent's call that waits for a person.
	waiting, reply, id := startWaitingCall(t, dir, home, environ, "self-1")

	// agent sends one tool call through the hook and returns its decision.
	agent := func(tool string, input map[string]any) (decision, reason string) {
		t.Helper()
		data, _ := json.Marshal(map[string]any{"session_id": "self", "cwd": dir, "hook_event_name": "PreToolUse",
			"tool_name": tool, "tool_input": input, "tool_use_id": "route"})
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		c := exec.CommandContext(ctx, os.Args[0], "claude")
		c.Dir = dir
		c.Env = append(environ, "GOVERNANCE_TEST_RUN=governance-hook", "GOVERNANCE_APPROVAL_WAIT=1s")
		c.Stdin = bytes.NewReader(data)
		got, err := c.Output()
		if err != nil {
			t.Fatalf("%s %v: %v", tool, input, err)
		}
		var r struct {
			HSO struct {
				Decision string `json:"permissionDecision"`
				Reason   string `json:"permissionDecisionReason"`
			} `json:"hookSpecificOutput"`
		}
		json.Unmarshal(got, &r)
		return r.HSO.Decision, r.HSO.Reason
	}

	// Routes that answer, or give what answers: each is denied.
	routes := []struct {
		tool  string
		input map[string]any
	}{
		{"Bash", map[string]any{"command": "cat " + filepath.Join(state, "daemon.token")}},
		{"Read", map[string]any{"file_path": filepath.Join(state, "daemon.token")}},
		{"Bash", map[string]any{"command": "grep -r . " + state}},
		{"Bash", map[string]any{"command": "governance daemon --url"}},
		{"Bash", map[string]any{"command": "governance daemon --addr 127.0.0.1:0"}},
		{"Bash", map[string]any{"command": "governance approvals approve " + id}},
		{"Bash", map[string]any{"command": "governance approvals approve --always " + id}},
		{"Bash", map[string]any{"command": "curl -s " + base + "/"}},
		{"Bash", map[string]any{"command": "curl -s -X POST -d token=x " + base + "/approvals/" + id + "/approve"}},
		{"Bash", map[string]any{"command": "curl -s -d token=x http://localhost:" + port + "/approvals/" + id + "/approve"}},
		{"Bash", map[string]any{"command": "wget -qO- --post-data=token=x http://127.0.0.1:" + port + "/approvals/" + id + "/approve"}},
		{"Bash", map[string]any{"command": "nc 127.0.0.1 " + port}},
		{"Bash", map[string]any{"command": `echo '{"state":"approved"}' > ` + filepath.Join(state, "approvals", id+".json")}},
		{"Write", map[string]any{"file_path": filepath.Join(home, ".config", "governance", "learned.yaml"), "content": "entries: []\n"}},
		{"Write", map[string]any{"file_path": filepath.Join(dir, ".governance", "learned.yaml"), "content": "entries: []\n"}},
		{"Bash", map[string]any{"command": "echo 'default: allow' >> " + filepath.Join(home, ".config", "governance", "config.yaml")}},
	}
	for _, r := range routes {
		if d, why := agent(r.tool, r.input); d != "deny" {
			t.Errorf("%s %v: %s (%s), want deny", r.tool, r.input, d, why)
		}
	}

	// What the agent may read holds no token: logs and state files.
	filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(p) == "daemon.token" {
			return nil
		}
		if data, _ := os.ReadFile(p); bytes.Contains(data, []byte(token)) {
			t.Errorf("%s holds the page's token", p)
		}
		return nil
	})

	// The page wants its token in the form of an answer, and its own
	// Host: the cookie alone does not answer, nor does a page of another
	// name that resolves to this machine.
	post := func(host string, form url.Values, cookie bool) int {
		req, _ := http.NewRequest("POST", base+"/approvals/"+id+"/deny", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if host != "" {
			req.Host = host
		}
		if cookie {
			req.AddCookie(&http.Cookie{Name: "governance_token", Value: token})
		}
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("", url.Values{}, true); code != http.StatusUnauthorized {
		t.Errorf("an answer with the cookie and no form token: %d", code)
	}
	if code := post("rebound.example:"+port, url.Values{"token": {token}}, true); code != http.StatusMisdirectedRequest {
		t.Errorf("an answer addressed to another host name: %d", code)
	}

	// Nothing answered the call: it still waits, and the person answers.
	if _, err := run(t, dir, home, "governance", nil, nil, "approvals", "show", id); err != nil {
		t.Fatal(err)
	}
	if out, _ := run(t, dir, home, "governance", nil, nil, "approvals", "list"); !strings.Contains(out, id) {
		t.Fatalf("the approval no longer waits: %s", out)
	}
	if _, err := run(t, dir, home, "governance", nil, nil, "approvals", "approve", id); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- waiting.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the waiting call did not return after the approval")
	}
	if !strings.Contains(reply.String(), `"permissionDecision":"allow"`) || !strings.Contains(reply.String(), id) {
		t.Fatalf("the waiting call printed: %s", reply.String())
	}
	if out, _ := run(t, dir, home, "governance", nil, nil, "approvals", "show", id); !strings.Contains(out, "(command line)") {
		t.Errorf("the answer does not say it came from the command line: %s", out)
	}
}
