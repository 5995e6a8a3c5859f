package daemon_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/gatekeeper/fakeprovider"
)

// TestDaemonGatekeeperRunsWarm configures the gatekeeper against a fake
// provider: the daemon answers hooks and the decision API with it,
// in-process, over one kept-alive connection, with the key from the
// hook's environment.
func TestDaemonGatekeeperRunsWarm(t *testing.T) {
	srv := fakeprovider.New(fakeprovider.Anthropic, fakeprovider.Reply{Text: `{"decision":"deny","reason":"not today","confidence":0.9}`})
	defer srv.Close()
	e := newEnv(t)
	cfg := filepath.Join(e.home, ".config", "governance", "config.yaml")
	must(t, os.MkdirAll(filepath.Dir(cfg), 0o755))
	must(t, os.WriteFile(cfg, []byte("gatekeeper:\n  provider: anthropic\n  model: fake\n  base_url: "+srv.BaseURL()+
		"\n  api_key_env: GK_TEST_KEY\n"), 0o644))
	e.vars["GK_TEST_KEY"] = "from-the-hook"
	daemonSrv, _, _ := e.start(t, 0)

	for _, cmd := range []string{"frobnicate --one", "frobnicate --two", "frobnicate --three"} {
		out := e.viaDaemon(t, e.event(cmd))
		if !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "not today") {
			t.Fatalf("%s: %s", cmd, out)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("the provider was asked %d times, want 3", len(reqs))
	}
	if k := reqs[0].Header.Get("X-Api-Key"); k != "from-the-hook" {
		t.Errorf("key %q, want the hook's", k)
	}
	if n := srv.Connections(); n != 1 {
		t.Errorf("%d connections for 3 calls, want 1 kept alive", n)
	}

	req, _ := http.NewRequest("POST", strings.TrimSuffix(daemonSrv.URL(), "/?token="+daemonSrv.Token())+"/v1/decide",
		strings.NewReader(`{"cmd":"frobnicate --four","cwd":"`+e.root+`"}`))
	req.Header.Set("Authorization", "Bearer "+daemonSrv.Token())
	resp, err := http.DefaultClient.Do(req)
	must(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"layer":"gatekeeper"`) || !strings.Contains(string(body), `"decision":"deny"`) {
		t.Errorf("decision API: %s", body)
	}
	calls, err := gatekeeper.ReadCalls(gatekeeper.CallsPath(e.state))
	if err != nil || len(calls) != 4 {
		t.Fatalf("calls log: %d calls, %v; want 4", len(calls), err)
	}
}
