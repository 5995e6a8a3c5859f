package daemon_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/hooks"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/testplugin"
)

// TestMain makes the test binary a plugin when the daemon starts it as
// one.
func TestMain(m *testing.M) {
	if testplugin.Started() {
		testplugin.Serve(os.Args[1:])
		return
	}
	os.Exit(m.Run())
}

// withPlugin configures the test plugin in the project, and trusts it as
// the user.
func (e *env) withPlugin(t *testing.T, extra string) {
	t.Helper()
	e.withUntrustedPlugin(t, os.Args[0], extra)
	_, err := config.TrustPlugin(filepath.Join(e.home, ".config", "governance"), os.Args[0])
	must(t, err)
}

// withUntrustedPlugin configures a plugin in the project.
func (e *env) withUntrustedPlugin(t *testing.T, path, extra string) {
	t.Helper()
	cfg := "plugins:\n  - name: tp\n    path: " + path + "\n" + extra
	must(t, os.MkdirAll(filepath.Join(e.root, ".governance"), 0o755))
	must(t, os.WriteFile(filepath.Join(e.root, ".governance", "config.yaml"), []byte(cfg), 0o644))
}

// A project's plugin is a program from the repository: until the user
// trusts it the daemon never starts it, and the calls it would decide
// need approval, saying how to trust it. Once trusted it runs; once its
// executable changes it no longer starts.
func TestUntrustedProjectPluginNeverStarts(t *testing.T) {
	e := newEnv(t)
	marker := filepath.Join(e.home, "started")
	plugin := filepath.Join(e.root, "plugin.sh")
	must(t, os.WriteFile(plugin, []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755))
	e.withUntrustedPlugin(t, plugin, "    position: before_rules\n")
	e.start(t, 0)
	out := e.viaDaemon(t, e.event("ls"))
	for _, w := range []string{`"permissionDecision":"ask"`, "a program you have not trusted", "governance plugins trust tp"} {
		if !strings.Contains(out, w) {
			t.Errorf("untrusted: %s\nwant %q", out, w)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the daemon started a plugin the user has not trusted")
	}

	// Trusted, then changed: the checksum it was trusted with keeps the
	// changed program from starting.
	_, err := config.TrustPlugin(filepath.Join(e.home, ".config", "governance"), plugin)
	must(t, err)
	must(t, os.WriteFile(plugin, []byte("#!/bin/sh\ntouch "+marker+"\n# changed\n"), 0o755))
	// The daemon rereads the configuration once its files settle.
	for range 100 {
		if out = e.viaDaemon(t, e.event("ls")); !strings.Contains(out, "not trusted") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "sha256") {
		t.Errorf("changed after trust: %s\nwant a deny naming the checksum", out)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the daemon started a plugin that changed after it was trusted")
	}
}

// The daemon keeps plugins warm: a deny comes back through the hook, a
// plugin that sleeps past its timeout yields a deny naming it, and one
// that panics yields an evaluator error and answers the next call after
// its restart.
func TestDaemonRunsPlugins(t *testing.T) {
	e := newEnv(t)
	e.withPlugin(t, "    timeout: 500ms\n    position: before_rules\n")
	e.start(t, 0)
	steps := []struct {
		cmd  string
		want []string
	}{
		{"deny npm publish", []string{`"permissionDecision":"deny"`, "denied: npm publish", "tp:test-rule", "do something else"}},
		{"sleep", []string{`"permissionDecision":"deny"`, "The plugin tp did not answer within 500ms, so the call is blocked (on_error: deny)."}},
		{"panic", []string{`"permissionDecision":"deny"`, "The plugin tp crashed while deciding this call"}},
		{"deny after the crash", []string{`"permissionDecision":"deny"`, "denied: after the crash"}},
		{"ask for a look", []string{`"permissionDecision":"ask"`, "asks: for a look"}},
	}
	for _, s := range steps {
		out := e.viaDaemon(t, e.event(s.cmd))
		for _, w := range s.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: %s\nwant %q", s.cmd, out, w)
			}
		}
	}
}

// The decision API runs plugins too.
func TestDecisionAPIRunsPlugins(t *testing.T) {
	e := newEnv(t)
	e.withPlugin(t, "")
	srv, _, _ := e.start(t, 0)
	base := strings.TrimSuffix(srv.URL(), "/?token="+srv.Token())
	req, _ := http.NewRequest("POST", base+"/v1/decide", strings.NewReader(`{"cmd":"deny rm it","cwd":"`+e.root+`"}`))
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	resp, err := http.DefaultClient.Do(req)
	must(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(body), `"decision":"deny"`) || !strings.Contains(string(body), "denied: rm it") {
		t.Errorf("API decision: %s", body)
	}
}

// Without a daemon a plugin that may not cold-start fails closed, naming
// itself and what to do.
func TestNoDaemonFailsClosed(t *testing.T) {
	e := newEnv(t)
	e.withPlugin(t, "    on_error: ask\ndaemon: off\n")
	load := func(p layout.Paths) *engine.Policy { l, _ := config.Load(p); return l.Policy }
	out := hooks.Respond(context.Background(), "claude", []byte(e.event("deny x")), e.hookEnv(), io.Discard,
		hooks.Options{Load: load})
	for _, w := range []string{`"permissionDecision":"ask"`, "The plugin tp runs in the governance daemon, and no daemon answered",
		"allow_cold_start: true"} {
		if !strings.Contains(string(out), w) {
			t.Errorf("%s\nwant %q", out, w)
		}
	}
}
