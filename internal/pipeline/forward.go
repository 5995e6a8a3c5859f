package pipeline

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/snapshot"
)

// Forward hands a hook input, as its harness sent it in a dialect, to a
// process that decides with what the calling process leaves out, when the
// policy needs one: the daemon, for a policy that uses it (warm plugins,
// executable rules) and is running or was just started; else, for
// executable rules (Starlark), `governance hook DIALECT`. It returns the
// reply to print, or nil when the caller decides the call itself; an
// error when the executable rules could be decided nowhere. cwd is the
// caller's folder, read only when the daemon is asked; what the other
// process reports goes to stderr.
func (p *Pipeline) Forward(dialect string, input []byte, cwd func() string, stderr io.Writer) ([]byte, error) {
	if len(p.Policy.ExternalChecks) > 0 {
		if reply, ok := p.viaDaemon(dialect, input, cwd, stderr); ok {
			return reply, nil
		}
		return p.viaGovernance(dialect, input, stderr)
	}
	if p.Policy.UsesDaemon() {
		if reply, ok := p.viaDaemon(dialect, input, cwd, stderr); ok {
			return reply, nil
		}
		if reply, ok := p.awaitPluginDaemon(dialect, input, cwd, stderr); ok {
			return reply, nil
		}
	}
	return nil, nil
}

// daemonStartWait bounds how long a hook waits for a daemon that was just
// started, when a plugin can run nowhere else.
const daemonStartWait = 3 * time.Second

// awaitPluginDaemon waits for a daemon started in the last seconds (by
// this hook or another) and asks it, when a configured plugin may not
// start cold: otherwise the first calls after a daemon starts would be
// decided as the plugin's on_error says.
func (p *Pipeline) awaitPluginDaemon(dialect string, data []byte, cwd func() string, stderr io.Writer) ([]byte, bool) {
	if !slices.ContainsFunc(p.Policy.Plugins, func(p governance.PluginSpec) bool { return !p.AllowColdStart }) {
		return nil, false
	}
	fi, err := os.Stat(filepath.Join(p.Paths.StateDir, "daemon.started"))
	if err != nil || time.Since(fi.ModTime()) > daemonStartWait {
		return nil, false
	}
	socket := daemonproto.SocketPath(p.Paths.StateDir)
	for deadline := time.Now().Add(daemonStartWait); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if conn, err := dialUnix(socket); err == nil {
			conn.Close()
			return p.viaDaemon(dialect, data, cwd, stderr)
		}
	}
	return nil, false
}

// viaDaemon asks the running daemon to answer the hook input. When no
// daemon answers it starts one for the next calls and reports false: this
// call is decided here.
func (p *Pipeline) viaDaemon(dialect string, data []byte, cwd func() string, stderr io.Writer) ([]byte, bool) {
	socket := daemonproto.SocketPath(p.Paths.StateDir)
	conn, err := dialUnix(socket)
	if err != nil {
		if p.Policy.UsesDaemon() {
			p.startDaemon()
		}
		return nil, false
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(p.replyWait()))
	req := daemonproto.Request{Op: daemonproto.OpHook, Dialect: dialect, Input: string(data), Env: os.Environ(), Cwd: cwd()}
	resp, err := daemonproto.RoundTrip(conn, req)
	if err != nil || resp.Error != "" || resp.Output == "" {
		return nil, false
	}
	if resp.Stderr != "" {
		stderr.Write([]byte(resp.Stderr))
	}
	return []byte(resp.Output), true
}

// startDaemon starts a daemon in the background, at most once every ten
// seconds per state folder; the daemon itself makes sure only one runs.
func (p *Pipeline) startDaemon() {
	stateDir := p.Paths.StateDir
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
		p.warn(err)
		return
	}
	if err := spawnDetached(bin, "daemon"); err != nil {
		p.warn(err)
	}
}

// viaGovernance runs `governance hook DIALECT` on the hook input and
// returns its reply: the governance program links what the hook leaves
// out (the Starlark interpreter for executable rules).
func (p *Pipeline) viaGovernance(dialect string, data []byte, stderr io.Writer) ([]byte, error) {
	bin, err := governanceBinary()
	if err != nil {
		return nil, err
	}
	// The child inherits the folder the hook runs in.
	out, errOut, err := snapshot.Run(bin, []string{"hook", dialect}, "", data, p.replyWait())
	if len(errOut) > 0 {
		stderr.Write(errOut)
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
func (p *Pipeline) replyWait() time.Duration {
	return time.Duration(p.Policy.Settings.ApprovalWaitSeconds)*time.Second + 20*time.Second
}
