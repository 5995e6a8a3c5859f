package bundle

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
)

func TestClean(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"v42", "v42"},
		{"r1\x1b[2J\x1b]0;title\x07", `r1\x1b[2J\x1b]0;title\x07`},
		{"r1\nactivated revision r9", `r1\x0aactivated revision r9`},
		{"r1\r\tx\x7f", `r1\x0d\x09x\x7f`},
		{"r1\u202egnp.exe", `r1\u{202E}gnp.exe`},
		{"caf\xe9", `caf\u{FFFD}`},
		{strings.Repeat("a", 1001), strings.Repeat("a", 1000) + "..."},
	} {
		if got := Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// hostile is text a registry or an unverified manifest might carry to
// reach the admin's terminal: escape sequences, a forged line, a
// right-to-left override.
const hostile = "\x1b[2J\x1b]0;owned\x07\ngovernance: activated revision r9\u202e"

// checkClean fails when text holds anything but printable ASCII.
func checkClean(t *testing.T, what, text string) {
	t.Helper()
	for _, r := range text {
		if r < 0x20 || r >= 0x7f {
			t.Errorf("%s holds %q: %q", what, r, text)
			return
		}
	}
}

// What a refused pull reports (its error, status.json, so the decision log
// and the daemon's log too) quotes unverified text escaped: the revision
// of a bundle signed with another key, a server's status line, a
// registry's error body.
func TestPullReportsUnverifiedTextEscaped(t *testing.T) {
	t.Parallel()
	ks := keys(t)
	key := ks["ES256"]
	rawStatus := stallingSource(t, "HTTP/1.1 503 "+strings.ReplaceAll(hostile, "\n", " ")+"\r\nContent-Length: 0\r\n\r\n")
	registry := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte(`{"errors":[{"code":"DENIED","message":"` + strings.NewReplacer("\x1b", `\u001b`, "\x07", `\u0007`, "\n", `\n`).Replace(hostile) + `"}]}`))
	}))
	t.Cleanup(registry.Close)
	otherKey := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(build(t, ks["RS256"], "r1"+hostile, map[string]string{"rules/team.yaml": denyCurl}))
	}))
	t.Cleanup(otherKey.Close)
	for _, tc := range []struct{ name, url, want string }{
		{"revision of a bundle signed with another key", otherKey.URL + "/b.tar.gz", `rejected`},
		{"status line", "http://" + rawStatus + "/b.tar.gz", `503`},
		{"registry's error body", "oci://" + strings.TrimPrefix(registry.URL, "http://") + "/team/policy:latest", `DENIED`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			managed := t.TempDir()
			writeFiles(t, managed, map[string]string{
				"team.pub":    pubPEM(t, key),
				"config.yaml": "bundle:\n  source: " + tc.url + "\n  public_key: team.pub\n  timeout: 20s\n",
			})
			p := layout.Paths{ManagedDir: managed}
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			_, err := (&Puller{Paths: p}).Pull(ctx)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("pull: %v, want %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), `\x1b[2J`) {
				t.Errorf("the hostile text is not in the error, escaped: %v", err)
			}
			checkClean(t, "the error", err.Error())
			checkClean(t, "status.json's error", config.ReadBundleState(p).Err)
			raw, _ := os.ReadFile(filepath.Join(p.BundleDir(), "status.json"))
			if strings.Contains(string(raw), `\u001b`) {
				t.Errorf("status.json keeps the escape sequence: %s", raw)
			}
		})
	}
}

// A registry's answer to a push reaches the admin's terminal escaped.
func TestPushReportsRegistryTextEscaped(t *testing.T) {
	t.Parallel()
	registry := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte(`{"errors":[{"code":"DENIED","message":"\u001b[2J\u001b]0;owned\u0007\nforged"}]}`))
	}))
	t.Cleanup(registry.Close)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	ref := "oci://" + strings.TrimPrefix(registry.URL, "http://") + "/team/policy:latest"
	_, err := Push(ctx, NewClient(DefaultDeadlines, nil), ref, build(t, keys(t)["ES256"], "r1", map[string]string{"rules/team.yaml": denyCurl}), "r1")
	if err == nil || !strings.Contains(err.Error(), `DENIED`) || !strings.Contains(err.Error(), `\x1b[2J`) {
		t.Fatalf("push: %v", err)
	}
	checkClean(t, "the error", err.Error())
}
