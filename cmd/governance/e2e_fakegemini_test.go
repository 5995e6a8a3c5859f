package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// geminiFake is a fake Gemini API: streamGenerateContent with server-sent
// events (and generateContent), enough for Gemini CLI. A conversation
// with n function responses gets the script's step n as a function call,
// or a closing text when the script is done.
func geminiFake(c *conversation) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		model, method, ok := strings.Cut(r.URL.Path, ":")
		if r.Method != http.MethodPost || !ok || !strings.HasPrefix(model, "/v1beta/models/") {
			http.NotFound(w, r)
			return
		}
		if method == "countTokens" {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"totalTokens": 100}`))
			return
		}
		var req struct {
			Contents []struct {
				Role  string `json:"role"`
				Parts []struct {
					Text             string `json:"text"`
					FunctionResponse *struct {
						Name     string         `json:"name"`
						Response map[string]any `json:"response"`
					} `json:"functionResponse"`
				} `json:"parts"`
			} `json:"contents"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		role := "main"
		var results []toolResult
		for i, content := range req.Contents {
			for _, p := range content.Parts {
				if i == 0 && strings.Contains(p.Text, subagentMarker) {
					role = "sub"
				}
				if fr := p.FunctionResponse; fr != nil {
					res := toolResult{}
					if e, ok := fr.Response["error"]; ok {
						res.isError, res.text = true, fmt.Sprint(e)
					} else {
						b, _ := json.Marshal(fr.Response)
						res.text = string(b)
					}
					results = append(results, res)
				}
			}
		}
		parts := []map[string]any{{"text": "FAKE-DONE"}}
		if s := c.next(role, results); s != nil {
			parts = []map[string]any{{"functionCall": map[string]any{"name": s.tool, "args": s.input}}}
		}
		resp, _ := json.Marshal(map[string]any{
			"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}},
			"usageMetadata": map[string]int{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		})
		if method == "streamGenerateContent" {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "data: %s\r\n\r\n", resp)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(resp)
	})
}
