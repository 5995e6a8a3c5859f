package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What a proxy must relay between its clients and its servers.
func TestRelay(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	ctx := t.Context()

	t.Run("progress", func(t *testing.T) {
		res, err := h.client.CallTool(ctx, &mcp.CallToolParams{Name: "fake_progress", Arguments: json.RawMessage(`{}`),
			Meta: mcp.Meta{"progressToken": "mine"}})
		if err != nil {
			t.Fatal(err)
		}
		// The server saw the proxy's token, not the client's.
		if got := text(res); !strings.HasPrefix(got, "token governance-") {
			t.Errorf("the server got %q", got)
		}
		eventually(t, "three progress notifications with the client's token", func() bool {
			h.handler.mu.Lock()
			defer h.handler.mu.Unlock()
			n := 0
			for _, p := range h.handler.progress {
				if p.ProgressToken == "mine" {
					n++
				}
			}
			return n == 3
		})
	})

	t.Run("logging", func(t *testing.T) {
		if err := h.client.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
			t.Fatal(err)
		}
		if _, err := h.call("fake_log", `{}`); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the server's log message", func() bool {
			h.handler.mu.Lock()
			defer h.handler.mu.Unlock()
			for _, l := range h.handler.logs {
				if l.Logger == "fake/inner" && l.Data == "careful" && l.Level == "warning" {
					return true
				}
			}
			return false
		})
	})

	t.Run("sampling", func(t *testing.T) {
		res, err := h.call("fake_sample", `{}`)
		if err != nil || text(res) != "model said hi from the model" {
			t.Fatalf("got %v %v", res, err)
		}
	})

	t.Run("elicitation", func(t *testing.T) {
		res, err := h.call("fake_elicit", `{}`)
		if err != nil || text(res) != "accept Ada" {
			t.Fatalf("got %v %v", res, err)
		}
	})

	t.Run("resources", func(t *testing.T) {
		var uris []string
		for r, err := range h.client.Resources(ctx, nil) {
			if err != nil {
				t.Fatal(err)
			}
			uris = append(uris, r.URI)
		}
		for _, want := range []string{"fake://fake/readme", "fake://other/readme", uriPolicy, uriApprovals, uriProposals} {
			if !slices.Contains(uris, want) {
				t.Errorf("resource %s is not listed (%v)", want, uris)
			}
		}
		for uri, want := range map[string]string{"fake://other/readme": "readme of other", "fake://fake/items/7": "item fake://fake/items/7"} {
			res, err := h.client.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
			if err != nil || res.Contents[0].Text != want {
				t.Errorf("%s: got %v %v", uri, res, err)
			}
		}
	})

	t.Run("prompts", func(t *testing.T) {
		res, err := h.client.GetPrompt(ctx, &mcp.GetPromptParams{Name: "other_greet", Arguments: map[string]string{"who": "you"}})
		if err != nil || res.Messages[0].Content.(*mcp.TextContent).Text != "hello you" {
			t.Fatalf("got %v %v", res, err)
		}
	})

	t.Run("completion", func(t *testing.T) {
		res, err := h.client.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "fake_greet"},
			Argument: mcp.CompleteParamsArgument{Name: "who", Value: "A"}})
		if err != nil || res.Completion.Values[0] != "ref/prompt:greet:A" {
			t.Fatalf("got %v %v", res, err)
		}
		res, err = h.client.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/resource", URI: "fake://other/items/{id}"},
			Argument: mcp.CompleteParamsArgument{Name: "id", Value: "4"}})
		if err != nil || res.Completion.Values[0] != "ref/resource:fake://other/items/{id}:4" {
			t.Fatalf("got %v %v", res, err)
		}
	})
}

// A client's cancellation reaches the server; a server's list changes and
// resource updates reach the client.
func TestRelayChanges(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	ctx := t.Context()

	t.Run("cancellation", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() {
			_, err := h.client.CallTool(cctx, &mcp.CallToolParams{Name: "fake_block", Arguments: map[string]any{}})
			done <- err
		}()
		eventually(t, "the call to reach the server", func() bool { return h.fake.calls.Load() > 0 })
		cancel()
		<-done
		eventually(t, "the server to see the cancellation", func() bool { return h.fake.cancelled.Load() == 1 })
	})

	t.Run("tool list changes", func(t *testing.T) {
		h.fake.server().AddTool(&mcp.Tool{Name: "late", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "late"}}}, nil
			})
		eventually(t, "the client to be told and the tool to be there", func() bool {
			h.handler.mu.Lock()
			told := h.handler.toolChanges > 0
			h.handler.mu.Unlock()
			res, err := h.call("fake_late", `{}`)
			return told && err == nil && text(res) == "late"
		})
		h.fake.server().RemoveTools("late")
		eventually(t, "the tool to go", func() bool {
			_, err := h.call("fake_late", `{}`)
			var we *jsonrpc.Error
			return errors.As(err, &we) && we.Code == jsonrpc.CodeInvalidParams
		})
	})

	t.Run("subscriptions", func(t *testing.T) {
		uri := "fake://fake/readme"
		if err := h.client.Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
			t.Fatal(err)
		}
		h.fake.mu.Lock()
		subscribed := slices.Contains(h.fake.subscribed, uri)
		h.fake.mu.Unlock()
		if !subscribed {
			t.Fatal("the server got no subscription")
		}
		if err := h.fake.server().ResourceUpdated(ctx, &mcp.ResourceUpdatedNotificationParams{URI: uri}); err != nil {
			t.Fatal(err)
		}
		eventually(t, "the update to reach the client", func() bool {
			h.handler.mu.Lock()
			defer h.handler.mu.Unlock()
			return slices.Contains(h.handler.updated, uri)
		})
	})
}

// A client without sampling gets a clear error for a server's sampling
// request, not a hang.
func TestSamplingNeedsTheClientsCapability(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{noSampling: true})
	_, err := h.call("fake_sample", `{}`)
	var we *jsonrpc.Error
	if err == nil || !errors.As(err, &we) || !strings.Contains(we.Message, "does not support sampling") {
		t.Fatalf("got %v", err)
	}
}

// A server that dies gives clear errors for its tools, naming it and
// when it comes back; the other servers go on.
func TestUpstreamCrash(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{minBackoff: time.Hour})
	if _, err := h.call("fake_echo", `{"message":"before"}`); err != nil {
		t.Fatal(err)
	}
	h.fake.crash()
	eventually(t, "the crash to be noticed", func() bool { return h.proxy.upstreams[0].session() == nil })
	_, err := h.call("fake_echo", `{"message":"down"}`)
	we := wireErr(t, err)
	var data UnavailableData
	if we.Code != CodeUpstreamUnavailable || json.Unmarshal(we.Data, &data) != nil || data.Server != "fake" ||
		!strings.HasPrefix(we.Message, "upstream_unavailable: fake: the server is not running: the connection ended; the proxy starts it again in ") {
		t.Errorf("got %d %q %s", we.Code, we.Message, we.Data)
	}
	if _, err := h.call("other_log", `{}`); err != nil {
		t.Errorf("the other server: %v", err)
	}
	if !strings.Contains(h.stderr.String(), "server fake: the connection ended; restarting it in 1h0m0s") {
		t.Errorf("stderr: %s", h.stderr.String())
	}
}

// A server that dies is started again.
func TestUpstreamRestarts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{})
	h.fake.crash()
	eventually(t, "the server to come back", func() bool {
		res, err := h.call("fake_echo", `{"message":"after"}`)
		return err == nil && text(res) == "echo: after"
	})
}

// A server reached over streamable HTTP gets the configured headers.
func TestHTTPUpstream(t *testing.T) {
	t.Parallel()
	remote := &fake{name: "remote"}
	srv := mcp.NewServer(&mcp.Implementation{Name: "remote"}, nil)
	remote.addTools(srv)
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer upstream-secret" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	h := newHarness(t, setup{cfg: func(c *Config) {
		c.Servers = append(c.Servers, ServerConfig{Name: "remote", URL: hs.URL, Headers: map[string]string{"Authorization": "Bearer upstream-secret"}})
	}})
	res, err := h.call("remote_echo", `{"message":"far"}`)
	if err != nil || text(res) != "echo: far" {
		t.Fatalf("got %v %v", res, err)
	}
	if d := h.decisions(); len(d) != 1 || d[0].Input.Tool.Input.Server != "remote" || d[0].Input.Tool.Input.MCPTool != "echo" {
		t.Errorf("decisions: %+v", d)
	}
}

// A server that cannot start is reported and retried; the others serve.
func TestUpstreamThatCannotStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{minBackoff: time.Hour, cfg: func(c *Config) {
		c.Servers = append(c.Servers, ServerConfig{Name: "broken", Command: filepath.Join(t.TempDir(), "no-such-server")})
	}})
	if res, err := h.call("fake_echo", `{"message":"fine"}`); err != nil || text(res) != "echo: fine" {
		t.Fatalf("got %v %v", res, err)
	}
	eventually(t, "the failure to be reported", func() bool {
		return strings.Contains(h.stderr.String(), "server broken: could not start: fork/exec ") &&
			strings.Contains(h.stderr.String(), "no such file or directory; restarting it in 1h0m0s")
	})
}

// A server that exits at once is reported as unavailable, with the end of
// its stderr, to a client that calls one of its tools; a name no server
// holds stays an unknown tool.
func TestUpstreamThatExitsAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, setup{minBackoff: time.Hour, cfg: func(c *Config) {
		c.Servers = append(c.Servers, ServerConfig{Name: "broken", Command: "/bin/sh",
			Args: []string{"-c", "echo starting >&2; echo 'fatal: GITHUB_TOKEN is not set' >&2; exit 3"}})
	}})
	eventually(t, "the failure to be reported", func() bool {
		return strings.Contains(h.stderr.String(), "server broken: could not start: ")
	})
	if !strings.Contains(h.stderr.String(), "its stderr ended with: starting | fatal: GITHUB_TOKEN is not set") {
		t.Errorf("stderr: %s", h.stderr.String())
	}
	_, err := h.call("broken_search", `{}`)
	we := wireErr(t, err)
	if we.Code != CodeUpstreamUnavailable || !strings.Contains(we.Message, "upstream_unavailable: broken: ") ||
		!strings.Contains(we.Message, "fatal: GITHUB_TOKEN is not set") || !strings.Contains(we.Message, "exit status 3") {
		t.Errorf("got %d %q, want upstream_unavailable with the server's stderr and exit status", we.Code, we.Message)
	}
	if d := h.decisions(); len(d) != 1 || d[0].Result.Rule != "upstream-unavailable" || d[0].Input.Tool.Input.Server != "broken" {
		t.Errorf("decisions: %+v", d)
	}
	_, err = h.call("nosuch_search", `{}`)
	if we := wireErr(t, err); we.Code != jsonrpc.CodeInvalidParams || !strings.Contains(we.Message, "unknown tool") {
		t.Errorf("got %d %q, want unknown tool", we.Code, we.Message)
	}
}
