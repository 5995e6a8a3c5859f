// Package fakeprovider is an in-process model provider for tests and
// benchmarks: an httptest server that speaks Anthropic's Messages API or
// OpenAI's chat completions, records every request, and answers as told
// (a text, an HTTP error, a delay).
package fakeprovider

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Dialects.
const (
	Anthropic = "anthropic"
	OpenAI    = "openai"
)

// Reply is how the server answers.
type Reply struct {
	// Text is the model's answer.
	Text string
	// Status, when not 0 or 200, is returned with an error body.
	Status int
	// Delay holds the answer back (until the client gives up).
	Delay time.Duration
}

// Request is one request the server received.
type Request struct {
	Path   string
	Header http.Header
	Body   []byte
	// Model, System and User are read from the body.
	Model, System, User string
}

// Server is a fake provider.
type Server struct {
	*httptest.Server
	Dialect string

	mu       sync.Mutex
	reply    Reply
	requests []Request
	conns    int
}

// New starts a fake provider speaking dialect, answering reply.
func New(dialect string, reply Reply) *Server {
	s := &Server{Dialect: dialect, reply: reply}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.Server.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.mu.Lock()
			s.conns++
			s.mu.Unlock()
		}
	}
	s.Start()
	return s
}

// BaseURL is the base URL to configure: the server itself for Anthropic,
// its /v1 for OpenAI-compatible clients.
func (s *Server) BaseURL() string {
	if s.Dialect == OpenAI {
		return s.URL + "/v1"
	}
	return s.URL
}

// SetReply changes the answer.
func (s *Server) SetReply(r Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reply = r
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Connections is the number of connections clients opened.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	want := "/v1/messages"
	if s.Dialect == OpenAI {
		want = "/v1/chat/completions"
	}
	if r.Method != http.MethodPost || r.URL.Path != want {
		http.Error(w, `{"error": {"message": "not found"}}`, http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	req := Request{Path: r.URL.Path, Header: r.Header.Clone(), Body: body}
	var in struct {
		Model    string `json:"model"`
		System   string `json:"system"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	json.Unmarshal(body, &in)
	req.Model, req.System = in.Model, in.System
	for _, m := range in.Messages {
		switch m.Role {
		case "system":
			req.System = m.Content
		case "user":
			req.User = m.Content
		}
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	reply := s.reply
	s.mu.Unlock()

	if reply.Delay > 0 {
		select {
		case <-time.After(reply.Delay):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if reply.Status != 0 && reply.Status != http.StatusOK {
		w.WriteHeader(reply.Status)
		json.NewEncoder(w).Encode(map[string]any{"type": "error",
			"error": map[string]string{"type": "overloaded_error", "message": "the fake provider is overloaded"}})
		return
	}
	if s.Dialect == OpenAI {
		json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-fake", "object": "chat.completion",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]string{"role": "assistant", "content": reply.Text}}}})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"id": "msg_fake", "type": "message", "role": "assistant",
		"stop_reason": "end_turn", "content": []any{map[string]string{"type": "text", "text": reply.Text}}})
}
