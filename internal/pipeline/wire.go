package pipeline

import (
	"encoding/json"
	"io"

	"github.com/agentgov/governance/internal/daemonproto"
)

// forwarded is an event as it crosses to the daemon: all of it but the
// follower of a wait, which stays with the caller.
type forwarded struct {
	Event
	Rewrites  bool `json:"rewrites,omitempty"`
	Unwatched bool `json:"unwatched,omitempty"`
}

// AskDaemon sends an event to the daemon at the other end of conn (see
// [daemonproto.OpDecide]), with the caller's environment (NAME=value), and
// returns the daemon's reply and what it reported on its standard error.
func AskDaemon(conn io.ReadWriter, ev *Event, environ []string) (*Reply, string, error) {
	data, err := json.Marshal(forwarded{Event: *ev, Rewrites: ev.Rewrites, Unwatched: ev.Unwatched})
	if err != nil {
		return nil, "", err
	}
	resp, err := daemonproto.RoundTrip(conn, daemonproto.Request{Op: daemonproto.OpDecide, Event: data, Env: environ})
	if err != nil {
		return nil, "", err
	}
	if resp.Error != "" {
		return nil, resp.Stderr, &daemonError{resp.Error}
	}
	var r Reply
	if err := json.Unmarshal(resp.Reply, &r); err != nil {
		return nil, resp.Stderr, err
	}
	return &r, resp.Stderr, nil
}

type daemonError struct{ msg string }

func (e *daemonError) Error() string { return "the daemon: " + e.msg }

// DecodeEvent reads an event a caller sent to the daemon.
func DecodeEvent(data []byte) (*Event, error) {
	var f forwarded
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	ev := f.Event
	ev.Rewrites, ev.Unwatched = f.Rewrites, f.Unwatched
	return &ev, nil
}

// EncodeReply writes the reply the daemon sends back. A decision's error
// stays with the daemon, which logged it: what the caller encodes is the
// decision.
func EncodeReply(r *Reply) ([]byte, error) {
	out := *r
	if r.Decision != nil {
		d := *r.Decision
		d.Err = nil
		out.Decision = &d
	}
	return json.Marshal(out)
}
