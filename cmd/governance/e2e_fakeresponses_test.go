package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// responsesFake is a fake OpenAI Responses API: POST /v1/responses with
// streaming (server-sent events), enough for Codex and for Copilot CLI's
// OpenAI provider. A request whose input has n function call outputs gets
// the script's step n as a function call, or a closing text when the
// script is done; requests without tools (titles, summaries) get text.
// Every item comes as output_item.added and output_item.done, and
// response.completed repeats them all: Codex reads the done items,
// Copilot CLI rebuilds its reply from the completed response.
func responsesFake(c *conversation) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"object":"list","data":[]}`))
	})
	mux.HandleFunc("POST /v1/responses", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string            `json:"model"`
			Tools []json.RawMessage `json:"tools"`
			Input []json.RawMessage `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		text := "Governed session"
		var item map[string]any
		if len(req.Tools) > 0 {
			role, results := responsesInput(req.Input)
			text = "FAKE-DONE"
			if s := c.next(role, results); s != nil {
				args, _ := json.Marshal(s.input)
				id := fmt.Sprintf("%s_%d", role, len(results))
				item = map[string]any{"type": "function_call", "id": "fc_" + id, "call_id": "call_" + id,
					"name": s.tool, "arguments": string(args), "status": "completed"}
			}
		}
		if item == nil {
			item = map[string]any{"type": "message", "id": "msg_fake", "role": "assistant", "status": "completed",
				"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}
		}
		w.Header().Set("Content-Type", "text/event-stream")
		seq := 0
		event := func(name string, data map[string]any) {
			data["type"] = name
			data["sequence_number"] = seq
			seq++
			b, _ := json.Marshal(data)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		}
		response := func(status string, output []any) map[string]any {
			return map[string]any{"id": "resp_fake", "object": "response", "created_at": 1700000000, "model": req.Model,
				"status": status, "output": output, "usage": map[string]any{"input_tokens": 10, "output_tokens": 5,
					"total_tokens": 15, "input_tokens_details": map[string]int{"cached_tokens": 0},
					"output_tokens_details": map[string]int{"reasoning_tokens": 0}}}
		}
		event("response.created", map[string]any{"response": response("in_progress", []any{})})
		event("response.in_progress", map[string]any{"response": response("in_progress", []any{})})
		event("response.output_item.added", map[string]any{"output_index": 0, "item": item})
		if item["type"] == "message" {
			event("response.output_text.delta", map[string]any{"item_id": item["id"], "output_index": 0,
				"content_index": 0, "delta": text})
			event("response.output_text.done", map[string]any{"item_id": item["id"], "output_index": 0,
				"content_index": 0, "text": text})
		} else {
			event("response.function_call_arguments.done", map[string]any{"item_id": item["id"], "output_index": 0,
				"arguments": item["arguments"]})
		}
		event("response.output_item.done", map[string]any{"output_index": 0, "item": item})
		event("response.completed", map[string]any{"response": response("completed", []any{item})})
	})
	return mux
}

// responsesInput tells whose conversation a request's input is, by its
// first user message, and returns the function call outputs it carries.
func responsesInput(input []json.RawMessage) (role string, results []toolResult) {
	role = "main"
	firstUser := true
	for _, raw := range input {
		var it struct {
			Type    string          `json:"type"`
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
			Output  json.RawMessage `json:"output"`
		}
		if json.Unmarshal(raw, &it) != nil {
			continue
		}
		switch {
		case it.Type == "function_call_output" || it.Type == "custom_tool_call_output":
			results = append(results, toolResult{text: responsesText(it.Output)})
		case it.Role == "user" && firstUser:
			// The harness's own context (instructions, environment)
			// may come first; the prompt is in one of the user
			// messages before the first call.
			if strings.Contains(responsesText(it.Content), subagentMarker) {
				role = "sub"
			}
		}
		if it.Type == "function_call" {
			firstUser = false
		}
	}
	return role, results
}

// responsesText is the text of an output or content: a string, or a list
// of parts with text.
func responsesText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
