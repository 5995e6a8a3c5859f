package provider_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/gatekeeper/fakeprovider"
	"github.com/agentgov/governance/internal/gatekeeper/provider"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestAnthropicRequest(t *testing.T) {
	t.Parallel()
	srv := fakeprovider.New(fakeprovider.Anthropic, fakeprovider.Reply{Text: "ALLOW: fine"})
	defer srv.Close()
	m, err := (&provider.Models{}).New(gatekeeper.Config{Provider: "anthropic", Model: "claude-x", BaseURL: srv.BaseURL(),
		APIKeyEnv: "MY_KEY"}, env(map[string]string{"MY_KEY": "k-123"}))
	if err != nil {
		t.Fatal(err)
	}
	text, err := m.Complete(t.Context(), gatekeeper.Prompt{System: "SYS", User: "USR"})
	if err != nil || text != "ALLOW: fine" {
		t.Fatalf("Complete = %q, %v", text, err)
	}
	r := srv.Requests()[0]
	if r.Header.Get("X-Api-Key") != "k-123" || r.Header.Get("Anthropic-Version") == "" || r.Header.Get("Authorization") != "" {
		t.Errorf("headers: %v", r.Header)
	}
	var body struct {
		Model       string   `json:"model"`
		MaxTokens   int      `json:"max_tokens"`
		Temperature *float64 `json:"temperature"`
		System      string   `json:"system"`
		Messages    []struct {
			Role, Content string
		} `json:"messages"`
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	if body.Model != "claude-x" || body.MaxTokens <= 0 || body.Temperature == nil || *body.Temperature != 0 ||
		body.System != "SYS" || len(body.Messages) != 1 || body.Messages[0].Role != "user" || body.Messages[0].Content != "USR" {
		t.Errorf("body: %s", r.Body)
	}
}

func TestOpenAIRequest(t *testing.T) {
	t.Parallel()
	srv := fakeprovider.New(fakeprovider.OpenAI, fakeprovider.Reply{Text: `{"decision":"deny","reason":"x","confidence":1}`})
	defer srv.Close()
	tests := []struct {
		name, key, wantAuth string
	}{
		{name: "with a key", key: "sk-1", wantAuth: "Bearer sk-1"},
		{name: "a local server without a key", key: "", wantAuth: ""},
	}
	for i, tt := range tests {
		m, err := (&provider.Models{}).New(gatekeeper.Config{Provider: "openai", Model: "llama3", BaseURL: srv.BaseURL()},
			env(map[string]string{"OPENAI_API_KEY": tt.key}))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if _, err := m.Complete(t.Context(), gatekeeper.Prompt{System: "SYS", User: "USR"}); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		r := srv.Requests()[i]
		if got := r.Header.Get("Authorization"); got != tt.wantAuth {
			t.Errorf("%s: Authorization %q, want %q", tt.name, got, tt.wantAuth)
		}
		if r.Model != "llama3" || r.System != "SYS" || r.User != "USR" || strings.Contains(string(r.Body), "max_tokens") {
			t.Errorf("%s: body %s", tt.name, r.Body)
		}
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  gatekeeper.Config
		ok   bool
	}{
		{name: "anthropic without a key", cfg: gatekeeper.Config{Provider: "anthropic", Model: "m"}},
		{name: "openai without a key", cfg: gatekeeper.Config{Provider: "openai", Model: "m"}},
		{name: "openai-compatible server without a key", cfg: gatekeeper.Config{Provider: "openai", Model: "m", BaseURL: "http://127.0.0.1:1/v1"}, ok: true},
		{name: "no model", cfg: gatekeeper.Config{Provider: "openai", BaseURL: "http://127.0.0.1:1/v1"}},
		{name: "unknown provider", cfg: gatekeeper.Config{Provider: "mystery", Model: "m"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := (&provider.Models{}).New(tt.cfg, env(nil))
			if (err == nil) != tt.ok {
				t.Fatalf("New: %v, want ok %v", err, tt.ok)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	for _, dialect := range []string{fakeprovider.Anthropic, fakeprovider.OpenAI} {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			srv := fakeprovider.New(dialect, fakeprovider.Reply{Status: 529})
			defer srv.Close()
			m, _ := (&provider.Models{}).New(gatekeeper.Config{Provider: dialect, Model: "m", BaseURL: srv.BaseURL()},
				env(map[string]string{"ANTHROPIC_API_KEY": "k"}))
			_, err := m.Complete(t.Context(), gatekeeper.Prompt{})
			var se *provider.StatusError
			if !errors.As(err, &se) || se.Code != 529 || !strings.Contains(err.Error(), "the fake provider is overloaded") {
				t.Fatalf("err = %v, want HTTP 529 with the provider's message", err)
			}
		})
	}
}

// TestComplete is what `governance gatekeeper complete` does.
func TestComplete(t *testing.T) {
	t.Parallel()
	srv := fakeprovider.New(fakeprovider.Anthropic, fakeprovider.Reply{Text: "DENY: no", Delay: time.Second})
	defer srv.Close()
	r := &gatekeeper.CompleteRequest{Provider: "anthropic", Model: "m", BaseURL: srv.BaseURL() + "/v1", APIKeyEnv: "K",
		TimeoutMS: 50, System: "S", User: "U"}
	_, err := provider.Complete(t.Context(), &http.Client{}, r, env(map[string]string{"K": "k"}))
	if err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("a slow provider: %v, want the deadline", err)
	}
	srv.SetReply(fakeprovider.Reply{Text: "DENY: no"})
	r.TimeoutMS = 5000
	text, err := provider.Complete(t.Context(), &http.Client{}, r, env(map[string]string{"K": "k"}))
	if err != nil || text != "DENY: no" {
		t.Fatalf("Complete = %q, %v", text, err)
	}
	if p := srv.Requests()[1].Path; p != "/v1/messages" {
		t.Errorf("a base URL ending in /v1 reached %s", p)
	}
}
