package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// TestFollowFolderPlanted: Claude Code's rewrite runs mktemp, cat and rm
// in the harness's shell, on the host: with the project's .venv/bin
// first on PATH, the ones a confined call planted there are not run, the
// system's are, and the shell still follows the folder the call ended in.
func TestFollowFolderPlanted(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, "proj")
	venv := filepath.Join(project, ".venv", "bin")
	sub := filepath.Join(project, "sub")
	must(t, os.MkdirAll(venv, 0o755))
	must(t, os.MkdirAll(sub, 0o755))
	ran := filepath.Join(dir, "unconfined")
	for _, name := range []string{"mktemp", "cat", "rm"} {
		real, err := exec.LookPath(name)
		must(t, err)
		must(t, os.WriteFile(filepath.Join(venv, name), []byte("#!/bin/sh\necho "+name+" >> "+ran+"\nexec "+real+" \"$@\"\n"), 0o755))
	}
	t.Setenv("PATH", venv+":/usr/bin:/bin")
	ev := &Event{Event: pipeline.Event{Request: engine.Request{Cwd: project, ProjectRoot: project}}}
	// A stand-in for the launcher: it reports the folder the call ends in.
	command := `/bin/sh -c 'printf %s ` + sub + ` > "$` + confineCwdEnv + `"'`
	sh := exec.Command("/bin/sh", "-c", followFolder(ev, command)+"; pwd")
	sh.Dir = project
	sh.Env = []string{"PATH=" + venv + ":/usr/bin:/bin"}
	out, err := sh.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != sub {
		t.Errorf("the shell ends in %q, want %q", got, sub)
	}
	if data, err := os.ReadFile(ran); err == nil {
		t.Errorf("the planted programs ran on the host: %q", data)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
