package daemon_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"encoding/json"
	"fmt"
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
	// Outside the project: a folder of the agent's own, its policy taken;
	// inside: not taken at all (a harness may load the project's .env
	// into the hook's environment).
	evil, inProject := t.TempDir(), filepath.Join(e.root, "evil")
	for _, d := range []string{evil, inProject} {
		must(t, os.MkdirAll(filepath.Join(d, "governance"), 0o755))
		must(t, os.WriteFile(filepath.Join(d, "governance", "config.yaml"), []byte("mode: log-only\n"), 0o644))
	}
	e.start(t, 0)

	agent := append(e.environ(), "XDG_CONFIG_HOME="+evil)
	if out := e.askDaemon(t, e.event("npm publish"), agent); strings.Contains(out, `"permissionDecision":"deny"`) {
		t.Fatalf("the folders the agent named are not the policy it was decided by: %s", out)
	}
	agent = append(e.environ(), "XDG_CONFIG_HOME="+inProject)
	if out := e.askDaemon(t, e.event("npm publish"), agent); !strings.Contains(out, "no-publish") {
		t.Fatalf("a configuration folder in the project was taken: %s", out)
	}
	for range 2 {
		if out := e.viaDaemon(t, e.event("npm publish")); !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "no-publish") {
			t.Fatalf("the hook's call after an agent's with other folders: %s", out)
		}
	}
}

// A rules file that a slow writer truncated (no text yet, for longer than
// the daemon's settling time) keeps the last good policy until it has
// stayed empty for the hold time; the new text is then picked up.
func TestDaemonHoldsWhileARulesFileIsRewritten(t *testing.T) {
	e := newEnv(t)
	rules := filepath.Join(e.root, ".governance", "rules", "team.yaml")
	must(t, os.MkdirAll(filepath.Dir(rules), 0o755))
	must(t, os.WriteFile(rules, []byte(denyPublish), 0o644))
	e.start(t, 0)
	if out := e.viaDaemon(t, e.event("npm publish")); !strings.Contains(out, "no-publish") {
		t.Fatalf("good configuration: %s", out)
	}
	// Each call its own: a call repeated with the same id may be
	// answered as it was.
	n := 0
	call := func() string {
		n++
		data, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": e.root, "hook_event_name": "PreToolUse",
			"permission_mode": "default", "tool_name": "Bash", "tool_input": map[string]any{"command": "npm publish"}, "tool_use_id": fmt.Sprint("t", n)})
		return e.viaDaemon(t, string(data))
	}
	f, err := os.OpenFile(rules, os.O_WRONLY|os.O_TRUNC, 0)
	must(t, err)
	for range 6 {
		time.Sleep(100 * time.Millisecond)
		if out := call(); !strings.Contains(out, `"permissionDecision":"deny"`) {
			t.Fatalf("while the rules file is empty: %s", out)
		}
	}
	_, err = f.WriteString(strings.ReplaceAll(denyPublish, "no-publish", "no-npm-publish"))
	must(t, err)
	must(t, f.Close())
	out := ""
	// Calls far enough apart that the daemon's settling time passes
	// between them (each call writes the brain, under .governance).
	for range 30 {
		time.Sleep(150 * time.Millisecond)
		if out = call(); strings.Contains(out, "no-npm-publish") {
			return
		}
	}
	t.Errorf("the rewritten rules file was never picked up: %s", out)
}
