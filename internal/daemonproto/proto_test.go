package daemonproto

import (
	"bufio"
	"encoding/json"
	"net"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		reply string
		want  Response
		err   bool
	}{
		{"answer", `{"reply":{"Context":"x"},"stderr":"governance: hint: x\n"}` + "\n", Response{Reply: json.RawMessage(`{"Context":"x"}`), Stderr: "governance: hint: x\n"}, false},
		{"daemon error", `{"error":"unknown op"}` + "\n", Response{Error: "unknown op"}, false},
		{"not json", "oops\n", Response{}, true},
		{"no line", "", Response{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			client, server := net.Pipe()
			defer client.Close()
			got := make(chan Request, 1)
			go func() {
				defer server.Close()
				var req Request
				line, _ := bufio.NewReader(server).ReadBytes('\n')
				json.Unmarshal(line, &req)
				got <- req
				server.Write([]byte(tt.reply))
			}()
			resp, err := RoundTrip(client, Request{Op: OpDecide, Event: json.RawMessage(`{"Name":"Stop"}`), Env: []string{"A=b"}})
			if req := <-got; req.Op != OpDecide || string(req.Event) != `{"Name":"Stop"}` || len(req.Env) != 1 || req.Env[0] != "A=b" {
				t.Errorf("the daemon read %+v", req)
			}
			if tt.err {
				if err == nil {
					t.Errorf("got %+v, want an error", resp)
				}
				return
			}
			if err != nil || string(resp.Reply) != string(tt.want.Reply) || resp.Stderr != tt.want.Stderr || resp.Error != tt.want.Error {
				t.Errorf("got %+v, %v; want %+v", resp, err, tt.want)
			}
		})
	}
}
