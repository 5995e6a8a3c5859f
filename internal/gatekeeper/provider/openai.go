package provider

import (
	"context"
	"errors"
	"net/http"

	"github.com/agentgov/governance/internal/gatekeeper"
)

// openAIURL is OpenAI's chat completions endpoint. Other servers that
// speak the same API (Ollama, llama.cpp, vLLM) are reached through the
// base URL, as http://127.0.0.1:11434/v1.
const openAIURL = "https://api.openai.com/v1/chat/completions"

// openAI asks a model through an OpenAI-compatible chat completions API.
type openAI struct {
	client          *http.Client
	url, key, model string
}

// openAIRequest sets no token limit: the parameter's name differs
// between models and servers, and the prompt asks for one line.
type openAIRequest struct {
	Model       string    `json:"model"`
	Messages    []message `json:"messages"`
	Temperature float64   `json:"temperature"`
}

type openAIResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

func (o *openAI) Complete(ctx context.Context, p gatekeeper.Prompt) (string, error) {
	h := http.Header{}
	if o.key != "" {
		h.Set("Authorization", "Bearer "+o.key)
	}
	var resp openAIResponse
	err := post(ctx, o.client, o.url, h, &openAIRequest{Model: o.model, Messages: []message{
		{Role: "system", Content: p.System}, {Role: "user", Content: p.User}}}, &resp)
	if err != nil {
		return "", err
	}
	if len(resp.Choices) == 0 || resp.Choices[0].Message.Content == nil {
		return "", errors.New("the response holds no message")
	}
	if len(resp.Choices) > 1 {
		return "", errors.New("the response holds more than one message")
	}
	return *resp.Choices[0].Message.Content, nil
}
