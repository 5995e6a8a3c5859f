package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// With a live daemon and a call waiting for a person, the agent tries
// the page, the decide API and the daemon's socket by every spelling of
// this machine and every program that opens a connection, reads the
// daemon's /proc files and forges an approved record: each is denied (or
// refused), and the approval stays pending until the person answers.
func TestApprovalChannelIsUnreachable(t *testing.T) {
	dir, home := project(t)
	withUserConfig(t, dir, home, "default: ask\napprovals: out-of-band\napproval_wait: 60s\n")
	environ := homeEnv(home, "GOVERNANCE_NO_NOTIFY=1", "CLAUDE_PROJECT_DIR=")
	state := filepath.Join(home, ".local", "state", "governance")

	page := startDaemon(t, dir, environ)
	pageURL, err := url.Parse(page)
	if err != nil || pageURL.Port() == "" {
		t.Fatalf("the daemon's page: %q", page)
	}
	port := pageURL.Port()
	var info struct {
		PID int `json:"pid"`
	}
	data, err := os.ReadFile(filepath.Join(state, "daemon.json"))
	if err != nil || json.Unmarshal(data, &info) != nil || info.PID == 0 {
		t.Fatalf("daemon.json: %s %v", data, err)
	}
	pid := strconv.Itoa(info.PID)

	waiting, reply, id := startWaitingCall(t, dir, home, environ, "chan-1")

	// agent sends one tool call through the hook and returns its
	// decision. A call that is not denied waits for a person (ask goes to
	// the queue here): after a few seconds it is stopped and counts as
	// "waiting".
	agent := func(tool string, input map[string]any) (decision, reason string) {
		t.Helper()
		data, _ := json.Marshal(map[string]any{"session_id": "chan", "cwd": dir, "hook_event_name": "PreToolUse",
			"tool_name": tool, "tool_input": input, "tool_use_id": "route"})
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c := exec.CommandContext(ctx, os.Args[0], "claude")
		c.Dir = dir
		c.Env = append(environ, "GOVERNANCE_TEST_RUN=governance-hook")
		c.Stdin = bytes.NewReader(data)
		got, err := c.Output()
		if ctx.Err() != nil {
			return "waiting", "stopped after 5s"
		}
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

	approve := "/approvals/" + id + "/approve"
	hosts := []string{"127.0.0.1", "127.1", "0x7f000001", "2130706433", "127.0.0.2", "017700000001", "[::1]",
		"[::ffff:127.0.0.1]", "localhost.", "localhost", "0.0.0.0"}
	var cmds []string
	for _, h := range hosts {
		cmds = append(cmds,
			"curl -s -d token=x http://"+h+":"+port+approve,
			"wget -qO- --post-data=token=x http://"+h+":"+port+approve)
	}
	bare := strings.Trim(hosts[7], "[]")
	cmds = append(cmds,
		"curl -s --resolve x.example:"+port+":127.0.0.1 -d token=x http://x.example:"+port+approve,
		"curl -s --connect-to ::127.0.0.1:"+port+" https://example.com/",
		"curl -s -H 'Authorization: Bearer x' -d '{}' http://127.1:"+port+"/v1/decide",
		"curl -s --unix-socket "+filepath.Join(state, "daemon.sock")+" http://x/",
		`python3 -c 'import urllib.request; urllib.request.urlopen("http://127.1:`+port+approve+`", b"token=x")'`,
		`python3 -c 'import http.client; http.client.HTTPConnection("`+bare+`", `+port+`).request("POST", "`+approve+`")'`,
		`python3 -c 'import socket; socket.create_connection(("127.0.0.1", `+port+`))'`,
		"python3 <<'EOF'\nimport socket\ns = socket.create_connection(('localhost', "+port+"))\nEOF",
		`node -e 'require("http").get("http://127.1:`+port+`/")'`,
		`node -e 'fetch("http://[::1]:`+port+approve+`", {method: "POST", body: "token=x"})'`,
		`node -e 'require("net").connect(`+port+`, "127.0.0.1")'`,
		`perl -MIO::Socket::INET -e 'IO::Socket::INET->new("127.0.0.1:`+port+`")'`,
		"socat - TCP:127.1:"+port,
		"printf 'POST "+approve+" HTTP/1.0\\r\\n\\r\\n' | nc 2130706433 "+port,
		"nc -U "+filepath.Join(state, "daemon.sock"),
		"exec 3<>/dev/tcp/127.1/"+port+"; printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3; cat <&3",
		"bash -c 'cat < /dev/tcp/0x7f000001/"+port+"'",
		"cat /proc/"+pid+"/fd/1",
		"cat /proc/"+pid+"/environ",
		"cat /proc/"+pid+"/task/"+pid+"/cmdline",
		"cat /proc/*/fd/1",
		"cat "+filepath.Join(state, "approvals.key"),
	)
	for _, cmd := range cmds {
		if d, why := agent("Bash", map[string]any{"command": cmd}); d != "deny" {
			t.Errorf("%s: %s (%s), want deny", cmd, d, why)
		}
	}
	for _, input := range []map[string]any{
		{"file_path": "/proc/" + pid + "/fd/1"},
		{"file_path": "/proc/" + pid + "/environ"},
		{"file_path": filepath.Join(state, "approvals.key")},
	} {
		if d, why := agent("Read", input); d != "deny" {
			t.Errorf("Read %v: %s (%s), want deny", input, d, why)
		}
	}
	if d, why := agent("WebFetch", map[string]any{"url": "http://127.1:" + port + "/", "prompt": "x"}); d != "deny" {
		t.Errorf("WebFetch of the page: %s (%s), want deny", d, why)
	}
	// A dev server on another port is not the daemon's.
	if d, why := agent("Bash", map[string]any{"command": "curl -s http://localhost:3000/"}); d == "deny" {
		t.Errorf("curl of a dev server: %s (%s)", d, why)
	}

	// A record approved by a hand without the key does not let the call
	// through: it stays pending.
	record := filepath.Join(state, "approvals", id+".json")
	data, err = os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m["status"], m["decided"], m["by"] = "approved", time.Now().UTC().Format(time.RFC3339Nano), "forged"
	data, _ = json.Marshal(m)
	if err := os.WriteFile(record, data, 0o600); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if reply.Len() != 0 {
		t.Fatalf("the waiting call returned after a forged approval: %s", reply.String())
	}
	// The agent's retry of the same call is not let through either, and
	// the hook says why.
	retry := exec.Command(os.Args[0], "claude")
	retry.Dir = dir
	retry.Env = append(environ, "GOVERNANCE_TEST_RUN=governance-hook")
	retry.Stdin = bytes.NewReader(preToolUse(dir, "chan-2", "npm install left-pad"))
	var retryOut, retryErr bytes.Buffer
	retry.Stdout, retry.Stderr = &retryOut, &retryErr
	if err := retry.Start(); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(5*time.Second, func() { retry.Process.Kill() })
	retry.Wait()
	if strings.Contains(retryOut.String(), `"allow"`) || !strings.Contains(retryErr.String(), "not signed") {
		t.Errorf("the retry after a forged approval: %s\n%s", retryOut.String(), retryErr.String())
	}
	out, _ := run(t, dir, home, "governance", nil, nil, "approvals", "list")
	if !strings.Contains(out, id) || !strings.Contains(out, "not signed") {
		t.Fatalf("the approval no longer waits, or no note says why: %s", out)
	}

	// The person answers; the waiting call runs.
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
}
