package pipeline

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/agentgov/governance/internal/daemonproto"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/snapshot"
)

// Forward hands a hook's call to a process that decides with what the
// calling process leaves out, when the policy needs one. The daemon, for
// a policy that uses it (warm plugins, executable rules) and is running
// or was just started, gets the event and answers with the reply.
// Without a daemon, a policy with executable rules (Starlark) has
// `governance hook DIALECT` answer the hook input as the harness sent it,
// with what the hook is to print. Forward returns the daemon's reply or
// governance's output, or neither when the caller decides the call
// itself; an error when the executable rules could be decided nowhere.
// What the other process reports goes to stderr.
func (p *Pipeline) Forward(ev *Event, dialect string, input []byte, stderr io.Writer) (*Reply, []byte, error) {
	if len(p.Policy.ExternalChecks) > 0 {
		if r, ok := p.viaDaemon(ev, stderr); ok {
			return r, nil, nil
		}
		out, err := p.viaGovernance(dialect, input, stderr)
		return nil, out, err
	}
	if p.Policy.UsesDaemon() {
		if r, ok := p.viaDaemon(ev, stderr); ok {
			return r, nil, nil
		}
		if r, ok := p.awaitPluginDaemon(ev, stderr); ok {
			return r, nil, nil
		}
	}
	return nil, nil, nil
}

// daemonStartWait bounds how long a hook waits for a daemon that was just
// started, when a plugin can run nowhere else.
const daemonStartWait = 3 * time.Second

// awaitPluginDaemon waits for a daemon started in the last seconds (by
// this hook or another) and asks it, when a configured plugin may not
// start cold: otherwise the first calls after a daemon starts would be
// decided as the plugin's on_error says.
func (p *Pipeline) awaitPluginDaemon(ev *Event, stderr io.Writer) (*Reply, bool) {
	if !slices.ContainsFunc(p.Policy.Plugins, func(p engine.PluginSpec) bool { return !p.AllowColdStart }) {
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
			return p.viaDaemon(ev, stderr)
		}
	}
	return nil, false
}

// viaDaemon asks the running daemon to answer the event. When no daemon
// answers it starts one for the next calls and reports false: this call
// is decided here.
func (p *Pipeline) viaDaemon(ev *Event, stderr io.Writer) (*Reply, bool) {
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
	r, errOut, err := AskDaemon(conn, ev, os.Environ())
	if err != nil {
		return nil, false
	}
	if errOut != "" {
		io.WriteString(stderr, errOut)
	}
	return r, true
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
