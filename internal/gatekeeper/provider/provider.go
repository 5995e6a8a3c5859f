// Package provider asks the gatekeeper's model over HTTP: Anthropic's
// Messages API, and OpenAI-compatible chat completions (OpenAI, and
// Ollama, llama.cpp's server and vLLM through a base URL).
//
// It links net/http, so governance-hook never imports it: the hook runs
// `governance gatekeeper complete`, which calls [Complete]. The daemon and
// the CLI use [Models] in-process, with one HTTP client whose connections
// stay open between calls.
package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/agentgov/governance/internal/gatekeeper"
)

// maxResponse bounds the response body read from a provider.
const maxResponse = 1 << 20

// Models makes gatekeeper models that share one HTTP client.
type Models struct {
	// Client makes the requests; nil means http.DefaultClient.
	Client *http.Client
}

// New returns the model a configuration names; its signature is
// gatekeeper.NewModel. getenv reads the API key.
func (m *Models) New(cfg gatekeeper.Config, getenv func(string) string) (gatekeeper.Model, error) {
	client := m.Client
	if client == nil {
		client = http.DefaultClient
	}
	if cfg.Model == "" && cfg.Provider != gatekeeper.ProviderCommand {
		return nil, errors.New("no model is configured")
	}
	key, err := cfg.Key(getenv)
	if err != nil {
		return nil, err
	}
	switch cfg.Provider {
	case gatekeeper.ProviderAnthropic:
		return &anthropic{client: client, url: endpoint(cfg.BaseURL, anthropicURL, "/v1", "/messages"), key: key, model: cfg.Model}, nil
	case gatekeeper.ProviderOpenAI:
		return &openAI{client: client, url: endpoint(cfg.BaseURL, openAIURL, "", "/chat/completions"), key: key, model: cfg.Model}, nil
	case gatekeeper.ProviderCommand:
		return &gatekeeper.CommandModel{Argv: cfg.Command}, nil
	}
	return nil, fmt.Errorf("unknown provider %q (want anthropic, openai or command)", cfg.Provider)
}

// Complete answers one `governance gatekeeper complete` request.
func Complete(ctx context.Context, client *http.Client, r *gatekeeper.CompleteRequest, getenv func(string) string) (string, error) {
	cfg := r.Config()
	if cfg.Provider == gatekeeper.ProviderCommand {
		return "", errors.New("the command provider runs its program directly")
	}
	m, err := (&Models{Client: client}).New(cfg, getenv)
	if err != nil {
		return "", err
	}
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
		defer cancel()
	}
	return m.Complete(ctx, gatekeeper.Prompt{System: r.System, User: r.User})
}

// endpoint joins a base URL and an API path. version is the path element
// a base URL may already end with ("/v1" for Anthropic).
func endpoint(base, def, version, path string) string {
	if base == "" {
		return def
	}
	base = strings.TrimRight(base, "/")
	if version != "" && !strings.HasSuffix(base, version) {
		base += version
	}
	return base + path
}

// message is one message of a conversation, in both APIs' requests.
type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// post sends a JSON request and decodes a JSON response into out. A
// status other than 200 is an error that carries the provider's message.
func post(ctx context.Context, client *http.Client, url string, header http.Header, body, out any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return fmt.Errorf("reading the response: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return &StatusError{Code: resp.StatusCode, Message: errorMessage(raw)}
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("the response is not the JSON expected: %w", err)
	}
	return nil
}

// StatusError is a provider's answer with an HTTP status other than 200.
type StatusError struct {
	Code    int
	Message string
}

func (e *StatusError) Error() string {
	msg := fmt.Sprintf("HTTP %d %s", e.Code, http.StatusText(e.Code))
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// errorMessage finds the message in a provider's error body (both APIs
// use {"error": {"message": "..."}}), else its first bytes.
func errorMessage(raw []byte) string {
	var body struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &body) == nil && body.Error.Message != "" {
		return body.Error.Message
	}
	s := strings.Join(strings.Fields(string(raw)), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
