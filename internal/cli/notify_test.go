package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// notifyApp is an App whose home is a fresh folder, with the user's
// config.yaml holding notify and the variables of env.
func notifyApp(t *testing.T, notify string, env map[string]string) (*App, *bytes.Buffer, string) {
	t.Helper()
	home := t.TempDir()
	vars := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config"), "XDG_STATE_HOME": filepath.Join(home, "state")}
	for k, v := range env {
		vars[k] = v
	}
	dir := filepath.Join(home, "config", "governance")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("version: 1\nnotify:\n"+notify), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	a := &App{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr, Getenv: func(k string) string { return vars[k] },
		Now: time.Now, Cwd: home}
	return a, &stderr, filepath.Join(home, "state", "governance")
}

func TestNotifyCommand(t *testing.T) {
	t.Parallel()
	got := make(chan map[string]any, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		got <- m
	}))
	t.Cleanup(srv.Close)
	a, stderr, state := notifyApp(t, "  desktop: false\n  webhooks:\n    - url: ${env:TEAM_HOOK}\n", map[string]string{"TEAM_HOOK": srv.URL})
	store := approvals.Open(state)
	it, _, err := store.File(approvals.Item{Shape: "s1", Summary: "shell: GITHUB_TOKEN=ghsecret123 git push", Rule: "ask-push"})
	if err != nil {
		t.Fatal(err)
	}
	if code := a.Run(context.Background(), []string{"notify", it.ID}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	select {
	case m := <-got:
		if m["id"] != it.ID || m["approve"] != "governance approvals approve "+it.ID || m["command"] != "shell: GITHUB_TOKEN=*** git push" {
			t.Errorf("webhook got %v", m)
		}
	default:
		t.Fatal("the webhook got nothing")
	}

	// An answered item is not announced.
	if _, err := store.Answer(it.ID, false, "me", "no", false); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := a.Run(context.Background(), []string{"notify", it.ID}); code != 1 || !strings.Contains(stderr.String(), "not pending") {
		t.Errorf("answered item: exit %d, stderr %q; want 1 and not pending", code, stderr)
	}
	if len(got) != 0 {
		t.Errorf("the webhook was called for an answered item")
	}
}

// A webhook URL written into config.yaml is refused, named by status,
// doctor and lint as every literal credential is.
func TestNotifyLiteralWebhook(t *testing.T) {
	t.Parallel()
	a, stderr, state := notifyApp(t, "  desktop: false\n  webhooks:\n    - url: https://hooks.slack.com/services/T0/B0/abc\n      format: slack\n", nil)
	it, _, err := approvals.Open(state).File(approvals.Item{Shape: "s1", Summary: "shell: git push"})
	if err != nil {
		t.Fatal(err)
	}
	if code := a.Run(context.Background(), []string{"notify", it.ID}); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	msg := stderr.String()
	if !strings.Contains(msg, "notify.webhooks.url holds a credential") || strings.Contains(msg, "T0/B0/abc") {
		t.Errorf("stderr = %q, want the literal credential named, not quoted", msg)
	}
	if p := credentialProblems(a.paths(a.Cwd)); len(p) != 1 {
		t.Errorf("credentialProblems = %v, want the webhook", p)
	}
}

// Run by hand, notify says where the item was announced, or that it
// went nowhere (no display, no webhook): silence read as delivered.
func TestNotifySaysWhere(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	t.Cleanup(srv.Close)
	for _, tc := range []struct{ notify, want string }{
		{"  desktop: false\n", "not announced: no desktop notifier here"},
		{"  desktop: true\n", "not announced: no desktop notifier here"},
		{"  desktop: false\n  webhooks:\n    - url: ${env:TEAM_HOOK}\n", "announced to webhook (line 5)"},
	} {
		a, stderr, state := notifyApp(t, tc.notify, map[string]string{"TEAM_HOOK": srv.URL})
		var out bytes.Buffer
		a.Stdout = &out
		it, _, err := approvals.Open(state).File(approvals.Item{Shape: "s1", Summary: "shell: git push"})
		if err != nil {
			t.Fatal(err)
		}
		if code := a.Run(context.Background(), []string{"notify", it.ID}); code != 0 || !strings.Contains(out.String(), it.ID+": "+tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", tc.notify, code, out.String(), stderr, tc.want)
		}
	}
}
