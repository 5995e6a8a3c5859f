package hooks

import (
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/daemonproto"
)

// daemonStartWait bounds how long a hook waits for a daemon that was just
// started, when a plugin can run nowhere else.
const daemonStartWait = 3 * time.Second

// awaitPluginDaemon waits for a daemon started in the last seconds (by
// this hook or another) and asks it, when a configured plugin may not
// start cold: otherwise the first calls after a daemon starts would be
// decided as the plugin's on_error says.
func (h *handler) awaitPluginDaemon(dialect string, data []byte) ([]byte, bool) {
	if !slices.ContainsFunc(h.policy.Plugins, func(p governance.PluginSpec) bool { return !p.AllowColdStart }) {
		return nil, false
	}
	fi, err := os.Stat(filepath.Join(h.paths.StateDir, "daemon.started"))
	if err != nil || time.Since(fi.ModTime()) > daemonStartWait {
		return nil, false
	}
	socket := daemonproto.SocketPath(h.paths.StateDir)
	for deadline := time.Now().Add(daemonStartWait); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if conn, err := dialUnix(socket); err == nil {
			conn.Close()
			return h.viaDaemon(dialect, data)
		}
	}
	return nil, false
}
