package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// anthropicFake is a fake Anthropic Messages API: POST /v1/messages with
// streaming (server-sent events), enough for Claude Code and for
// OpenCode's Anthropic provider. A request whose conversation has n tool
// results gets the script's step n as a tool_use block, or a closing text
// when the script is done; requests without tools (titles, summaries) get
// text.
func anthropicFake(c *conversation) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("HEAD /", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("POST /v1/messages/count_tokens", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"input_tokens":100}`))
	})
	mux.HandleFunc("POST /v1/messages", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model    string `json:"model"`
			Stream   bool   `json:"stream"`
			Tools    []json.RawMessage
			Messages []struct {
				Role    string          `json:"role"`
				Content json.RawMessage `json:"content"`
			} `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var blocks []map[string]any
		stop := "end_turn"
		text := func(s string) { blocks = append(blocks, map[string]any{"type": "text", "text": s}) }
		if len(req.Tools) == 0 || len(req.Messages) == 0 {
			text("Governed session")
		} else {
			role := "main"
			if strings.Contains(string(req.Messages[0].Content), subagentMarker) {
				role = "sub"
			}
			var results []toolResult
			for _, m := range req.Messages {
				results = append(results, anthropicResults(m.Content)...)
			}
			if s := c.next(role, results); s != nil {
				blocks = append(blocks, map[string]any{"type": "tool_use",
					"id": fmt.Sprintf("toolu_%s_%d", role, len(results)), "name": s.tool, "input": s.input})
				stop = "tool_use"
			} else {
				text("FAKE-DONE")
			}
		}
		if !req.Stream {
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(map[string]any{"id": "msg_fake", "type": "message", "role": "assistant", "model": req.Model,
				"content": blocks, "stop_reason": stop, "usage": map[string]int{"input_tokens": 10, "output_tokens": 5}})
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		event := func(name string, data map[string]any) {
			data["type"] = name
			b, _ := json.Marshal(data)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		}
		event("message_start", map[string]any{"message": map[string]any{"id": "msg_fake", "type": "message", "role": "assistant",
			"model": req.Model, "content": []any{}, "stop_reason": nil, "usage": map[string]int{"input_tokens": 10, "output_tokens": 1}}})
		for i, b := range blocks {
			switch b["type"] {
			case "text":
				event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "text", "text": ""}})
				event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "text_delta", "text": b["text"]}})
			case "tool_use":
				input, _ := json.Marshal(b["input"])
				event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "tool_use",
					"id": b["id"], "name": b["name"], "input": map[string]any{}}})
				event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "input_json_delta",
					"partial_json": string(input)}})
			}
			event("content_block_stop", map[string]any{"index": i})
		}
		event("message_delta", map[string]any{"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
			"usage": map[string]int{"output_tokens": 5}})
		event("message_stop", map[string]any{})
	})
	return mux
}

// anthropicResults returns the tool results of a message's content.
func anthropicResults(content json.RawMessage) []toolResult {
	var blocks []struct {
		Type    string          `json:"type"`
		Content json.RawMessage `json:"content"`
		IsError bool            `json:"is_error"`
	}
	if json.Unmarshal(content, &blocks) != nil {
		return nil
	}
	var out []toolResult
	for _, b := range blocks {
		if b.Type != "tool_result" {
			continue
		}
		r := toolResult{isError: b.IsError}
		var s string
		if json.Unmarshal(b.Content, &s) == nil {
			r.text = s
		} else {
			var parts []struct {
				Text string `json:"text"`
			}
			json.Unmarshal(b.Content, &parts)
			for _, p := range parts {
				r.text += p.Text
			}
		}
		out = append(out, r)
	}
	return out
}
