package daemon_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/daemon"
	"github.com/agentgov/governance/internal/daemonproto"
)

// A hook input whose environment names other configuration folders for
// the same project (an agent's call with XDG_CONFIG_HOME pointing at a
// folder it wrote, mode: log-only) gets the policy of those folders, and
// the hook's own calls keep the policy of theirs, in whatever order they
// come.
func TestDaemonPolicyPerFolders(t *testing.T) {
	e := newEnv(t)
	rules := filepath.Join(e.root, ".governance", "rules", "team.yaml")
	must(t, os.MkdirAll(filepath.Dir(rules), 0o755))
	must(t, os.WriteFile(rules, []byte(denyPublish), 0o644))
	evil := filepath.Join(e.root, "evil")
	must(t, os.MkdirAll(filepath.Join(evil, "governance"), 0o755))
	must(t, os.WriteFile(filepath.Join(evil, "governance", "config.yaml"), []byte("mode: log-only\n"), 0o644))
	e.start(t, 0)

	agent := append(e.environ(), "XDG_CONFIG_HOME="+evil)
	resp, err := daemon.Ask(e.state, daemonproto.Request{Op: daemonproto.OpHook, Dialect: "claude", Input: e.event("npm publish"),
		Env: agent, Cwd: e.root}, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(resp.Output, `"permissionDecision":"deny"`) {
		t.Fatalf("the folders the agent named are not the policy it was decided by: %s", resp.Output)
	}
	for range 2 {
		if out := e.viaDaemon(t, e.event("npm publish")); !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "no-publish") {
			t.Fatalf("the hook's call after an agent's with other folders: %s", out)
		}
	}
}
