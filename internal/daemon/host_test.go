package daemon_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/approvals"
)

// TestWebAnswersOnlyItsCanonicalHost: a live daemon's page, its answers
// and its decide API refuse every spelling of this machine in the Host
// header but the host:port the daemon prints, and an approval asked for
// under another spelling stays pending.
func TestWebAnswersOnlyItsCanonicalHost(t *testing.T) {
	e := newEnv(t)
	srv, _, _ := e.start(t, 0)
	base := strings.TrimSuffix(srv.URL(), "/?token="+srv.Token())
	canonical := strings.TrimPrefix(base, "http://")
	if !strings.HasPrefix(canonical, "127.0.0.1:") {
		t.Fatalf("the page's address is %s", base)
	}
	port := strings.TrimPrefix(canonical, "127.0.0.1:")
	store := approvals.Open(e.state)
	it, _, err := store.File(approvals.Item{Shape: "x", Summary: "shell: npm install"})
	must(t, err)

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	do := func(method, path, host string, body io.Reader, header map[string]string) int {
		t.Helper()
		req, err := http.NewRequest(method, base+path, body)
		must(t, err)
		req.Host = host
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := client.Do(req)
		must(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	bearer := map[string]string{"Authorization": "Bearer " + srv.Token()}
	decideBody := `{"cmd":"ls","cwd":"` + e.root + `"}`

	for _, h := range []string{"127.1:" + port, "0x7f000001:" + port, "2130706433:" + port, "017700000001:" + port,
		"127.0.0.2:" + port, "127.000.000.001:" + port, "[::1]:" + port, "[::ffff:127.0.0.1]:" + port, "localhost:" + port,
		"localhost.:" + port, "LOCALHOST:" + port, "0.0.0.0:" + port, "0:" + port, "127.0.0.1", "127.0.0.1:" + port + ".",
		"127.0.0.1:0" + port, "rebound.example:" + port} {
		if c := do("GET", "/?token="+srv.Token(), h, nil, nil); c != http.StatusMisdirectedRequest {
			t.Errorf("the page under Host %s: %d", h, c)
		}
		body := url.Values{"token": {srv.Token()}}.Encode()
		if c := do("POST", "/approvals/"+it.ID+"/approve", h, strings.NewReader(body), form); c != http.StatusMisdirectedRequest {
			t.Errorf("an answer under Host %s: %d", h, c)
		}
		if c := do("POST", "/v1/decide", h, strings.NewReader(decideBody), bearer); c != http.StatusMisdirectedRequest {
			t.Errorf("the decide API under Host %s: %d", h, c)
		}
	}
	if got, _ := store.Get(it.ID); got.Status != approvals.Pending {
		t.Fatalf("answered under another Host: %s", got.Status)
	}

	// The canonical host answers.
	if c := do("GET", "/?token="+srv.Token(), canonical, nil, nil); c != http.StatusSeeOther {
		t.Errorf("the page under its own Host: %d", c)
	}
	if c := do("POST", "/v1/decide", canonical, strings.NewReader(decideBody), bearer); c != http.StatusOK {
		t.Errorf("the decide API under its own Host: %d", c)
	}
}
