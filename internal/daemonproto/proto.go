// Package daemonproto is the protocol between governance-hook and the
// governance daemon: one JSON object per line on a unix socket, a request
// and its response. It has no dependencies beyond the standard library,
// so that the hook can link it.
package daemonproto

import (
	"bufio"
	"encoding/json"
	"io"
	"path/filepath"
)

// Operations.
const (
	// OpDecide answers a session event a hook decoded (Request.Event)
	// as the pipeline does in the hook: Response.Reply is the reply the
	// hook encodes in its harness's format.
	OpDecide = "decide"
	// OpPing reports the daemon's pid and version.
	OpPing = "ping"
	// OpStatus reports the configurations the daemon holds, with the
	// error of any that failed to reload.
	OpStatus = "status"
)

// Request is one request line.
type Request struct {
	Op string `json:"op"`
	// Event is the session event to answer, as the pipeline encodes it
	// (OpDecide).
	Event json.RawMessage `json:"event,omitempty"`
	// Env is the hook's environment (NAME=value), which decisions read
	// ($HOME in commands, the harness's variables).
	Env []string `json:"env,omitempty"`
}

// Response is one response line.
type Response struct {
	// Reply is the pipeline's reply to the event (OpDecide); Stderr its
	// diagnostics, for the hook's standard error.
	Reply  json.RawMessage `json:"reply,omitempty"`
	Stderr string          `json:"stderr,omitempty"`
	Error  string          `json:"error,omitempty"`
	// PID, Version and URL describe the daemon (ping, status).
	PID     int    `json:"pid,omitempty"`
	Version string `json:"version,omitempty"`
	URL     string `json:"url,omitempty"`
	// Projects are the configurations the daemon holds (status).
	Projects []Project `json:"projects,omitempty"`
}

// Project is a configuration the daemon holds.
type Project struct {
	Root string `json:"root"`
	// Error is why the newest configuration on disk was not loaded; the
	// daemon keeps deciding with the last good one.
	Error    string `json:"error,omitempty"`
	Loaded   string `json:"loaded"`
	Decision int    `json:"decisions"`
}

// SocketPath is the daemon's socket in a state folder.
func SocketPath(stateDir string) string { return filepath.Join(stateDir, "daemon.sock") }

// LockPath is the file whose filelock the running daemon holds (the lock
// file itself is LockPath + ".lock").
func LockPath(stateDir string) string { return filepath.Join(stateDir, "daemon") }

// InfoPath describes the running daemon (pid, socket, page address).
func InfoPath(stateDir string) string { return filepath.Join(stateDir, "daemon.json") }

// TokenPath holds the token of the daemon's page and API (mode 0600).
func TokenPath(stateDir string) string { return filepath.Join(stateDir, "daemon.token") }

// RoundTrip writes a request line to a connection to the daemon and reads
// the response line. A response's Error is for the caller to judge.
func RoundTrip(conn io.ReadWriter, req Request) (*Response, error) {
	line, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Write(append(line, '\n')); err != nil {
		return nil, err
	}
	reply, err := bufio.NewReaderSize(conn, 64<<10).ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	var resp Response
	if err := json.Unmarshal(reply, &resp); err != nil {
		return nil, err
	}
	return &resp, nil
}
