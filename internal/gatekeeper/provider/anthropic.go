package provider

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/agentgov/governance/internal/gatekeeper"
)

// anthropicURL is the Messages API.
const anthropicURL = "https://api.anthropic.com/v1/messages"

// anthropicVersion is the API version requested.
const anthropicVersion = "2023-06-01"

// anthropic asks a model through Anthropic's Messages API.
type anthropic struct {
	client          *http.Client
	url, key, model string
}

type anthropicRequest struct {
	Model       string    `json:"model"`
	MaxTokens   int       `json:"max_tokens"`
	Temperature float64   `json:"temperature"`
	System      string    `json:"system"`
	Messages    []message `json:"messages"`
}

type anthropicResponse struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

// maxTokens bounds the answer: a decision and one sentence.
const maxTokens = 400

func (a *anthropic) Complete(ctx context.Context, p gatekeeper.Prompt) (string, error) {
	h := http.Header{}
	h.Set("x-api-key", a.key)
	h.Set("anthropic-version", anthropicVersion)
	var resp anthropicResponse
	err := post(ctx, a.client, a.url, h, &anthropicRequest{Model: a.model, MaxTokens: maxTokens, System: p.System,
		Messages: []message{{Role: "user", Content: p.User}}}, &resp)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, c := range resp.Content {
		if c.Type == "text" {
			b.WriteString(c.Text)
		}
	}
	if b.Len() == 0 {
		return "", errors.New("the response holds no text")
	}
	return b.String(), nil
}
