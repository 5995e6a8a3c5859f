package pipeline

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"reflect"
	"testing"

	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/engine"
)

// An event crosses to the daemon whole (but the follower of a wait), and
// the reply comes back whole (but the decision's error, which the daemon
// logged).
func TestEventCrossesToTheDaemon(t *testing.T) {
	ev := &Event{Name: EventPreToolUse, ProjectDir: "/p", CanAsk: true, InferSubagents: true, DeferAsAsk: true,
		Rewrites: true, Unwatched: true, Waiting: &Follow{},
		Request: engine.Request{Harness: "gemini", Event: EventPreToolUse, SessionID: "s", AgentID: "a", Depth: 1,
			Chain: []string{"x"}, Cwd: "/p/sub", PermissionMode: "yolo", Unattended: true, ToolUseID: "t",
			Tool: engine.Tool{Kind: engine.KindMCP, Name: "mcp__s__t",
				Input: engine.Input{Server: "s", MCPTool: "t", Arguments: json.RawMessage(`{"a":1}`)}}}}
	want := &Reply{Context: "c", Notice: "n", Decision: &engine.Decision{Outcome: engine.Ask, Layer: "rules", Rule: "r",
		Message: "m", Warnings: []string{"w"}, Approval: &engine.Approval{ID: "i", State: engine.ApprovalWaiting},
		Confinement: &engine.Confinement{Kind: "k", Command: "c", Original: "o", Decision: "d"},
		Trace:       []engine.Step{{Layer: "rules", Outcome: engine.Ask}}, Err: errors.New("logged by the daemon")}}
	client, server := net.Pipe()
	defer client.Close()
	got := make(chan *Event, 1)
	go func() {
		defer server.Close()
		var req daemonproto.Request
		line, _ := bytesLine(server)
		json.Unmarshal(line, &req)
		e, err := DecodeEvent(req.Event)
		if err != nil {
			t.Error(err)
		}
		got <- e
		out, err := EncodeReply(want)
		if err != nil {
			t.Error(err)
		}
		resp, _ := json.Marshal(daemonproto.Response{Reply: out, Stderr: "governance: error: x\n"})
		server.Write(append(resp, '\n'))
	}()
	r, stderr, err := AskDaemon(client, ev, []string{"HOME=/h"})
	if err != nil {
		t.Fatal(err)
	}
	sent := *ev
	sent.Waiting = nil
	if e := <-got; !reflect.DeepEqual(e, &sent) {
		t.Errorf("the daemon read\n%+v\nwant\n%+v", e, &sent)
	}
	d := *want.Decision
	d.Err = nil
	if !reflect.DeepEqual(r.Decision, &d) || r.Context != want.Context || r.Notice != want.Notice {
		t.Errorf("the reply came back as %+v (decision %+v)", r, r.Decision)
	}
	if want.Decision.Err == nil {
		t.Error("EncodeReply changed the daemon's decision")
	}
	if stderr != "governance: error: x\n" {
		t.Errorf("stderr %q", stderr)
	}
}

func bytesLine(c net.Conn) ([]byte, error) {
	var b bytes.Buffer
	one := make([]byte, 1)
	for {
		if _, err := c.Read(one); err != nil {
			return b.Bytes(), err
		}
		if one[0] == '\n' {
			return b.Bytes(), nil
		}
		b.WriteByte(one[0])
	}
}
