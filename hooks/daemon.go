package hooks

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/snapshot"
)

// viaDaemon asks the running daemon to answer the hook input. When no
// daemon answers it starts one for the next calls and reports false: this
// call is decided here.
func (h *handler) viaDaemon(dialect string, data []byte) ([]byte, bool) {
	socket := daemonproto.SocketPath(h.paths.StateDir)
	conn, err := dialUnix(socket)
	if err != nil {
		if h.policy.UsesDaemon() {
			h.startDaemon()
		}
		return nil, false
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(h.replyWait()))
	req := daemonproto.Request{Op: daemonproto.OpHook, Dialect: dialect, Input: string(data), Env: os.Environ(), Cwd: h.env.cwd()}
	resp, err := daemonproto.RoundTrip(conn, req)
	if err != nil || resp.Error != "" || resp.Output == "" {
		return nil, false
	}
	if resp.Stderr != "" {
		h.stderr.Write([]byte(resp.Stderr))
	}
	return []byte(resp.Output), true
}

// startDaemon starts a daemon in the background, at most once every ten
// seconds per state folder; the daemon itself makes sure only one runs.
func (h *handler) startDaemon() {
	stateDir := h.paths.StateDir
	marker := filepath.Join(stateDir, "daemon.started")
	if fi, err := os.Stat(marker); err == nil && time.Since(fi.ModTime()) < 10*time.Second {
		return
	}
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		return
	}
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		return
	}
	bin, err := governanceBinary()
	if err != nil {
		h.warn(err)
		return
	}
	if err := spawnDetached(bin, "daemon"); err != nil {
		h.warn(err)
	}
}

// viaGovernance runs `governance hook DIALECT` on the hook input and
// returns its reply: the governance program links what the hook leaves
// out (the Starlark interpreter for executable rules).
func (h *handler) viaGovernance(dialect string, data []byte) ([]byte, error) {
	bin, err := governanceBinary()
	if err != nil {
		return nil, err
	}
	// The child inherits the folder the hook runs in.
	out, stderr, err := snapshot.Run(bin, []string{"hook", dialect}, "", data, h.replyWait())
	if len(stderr) > 0 {
		h.stderr.Write(stderr)
	}
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(out)) == 0 {
		return nil, errors.New("governance hook printed nothing")
	}
	return out, nil
}

// replyWait bounds the wait for another process's answer to the hook
// input: an approval may keep it busy as long as the hook would wait.
func (h *handler) replyWait() time.Duration {
	return time.Duration(h.policy.Settings.ApprovalWaitSeconds)*time.Second + 20*time.Second
}
