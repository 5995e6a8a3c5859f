//go:build linux

package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/checkpoint"
)

// TestConfinedEndToEnd runs what the hook rewrites as a harness runs it
// (sh -c, in the project), with the real launcher and bubblewrap: a
// script of unknown effects sees the project's .env empty and no secret
// variable, its output and exit status pass through, and one that tries
// to approve a pending approval by writing governance's state folder
// fails, the approval still pending.
func TestConfinedEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bwrap is missing in CI: scripts/install-test-tools installs it")
		}
		t.Skip("bwrap is not installed")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin, "github.com/agentgov/governance/cmd/governance-confine")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the launcher: %v\n%s", err, out)
	}
	launcher := filepath.Join(bin, "governance-confine")

	env := testEnv(t)
	project := env.Cwd
	const secret = "hunter2-not-for-agents"
	files := map[string]string{
		".env":       "API_TOKEN=" + secret + "\n",
		"show.sh":    "#!/bin/sh\necho \"file: $(cat .env)\"\necho \"var: $API_TOKEN\"\necho to-stderr >&2\nexit 3\n",
		"main.go":    "package main\n",
		"approve.sh": "#!/bin/sh\nfor f in \"$STATE\"/governance/approvals/*; do\n  sed -i 's/\"pending\"/\"approved\"/' \"$f\" && echo approved-it\ndone\necho x > \"$STATE/governance/approvals/forged.json\" && echo wrote-state\nexit 0\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(project, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	state := env.Getenv("XDG_STATE_HOME")
	store := approvals.Open(filepath.Join(state, "governance"))
	item, _, err := store.File(approvals.Item{Shape: "deploy", Summary: "shell: ./deploy.sh", Project: project})
	if err != nil {
		t.Fatal(err)
	}
	env.Confiner = func() (string, error) { return launcher, nil }

	run := func(t *testing.T, cmd string) (stdout, stderr string, code int) {
		t.Helper()
		data, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": project, "hook_event_name": "PreToolUse",
			"permission_mode": "bypassPermissions", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}})
		var hookErr bytes.Buffer
		out := Respond(context.Background(), "claude", data, env, &hookErr, Options{})
		var reply struct {
			HSO struct {
				PermissionDecision string         `json:"permissionDecision"`
				UpdatedInput       map[string]any `json:"updatedInput"`
			} `json:"hookSpecificOutput"`
		}
		if err := json.Unmarshal(out, &reply); err != nil {
			t.Fatal(err)
		}
		rewritten, _ := reply.HSO.UpdatedInput["command"].(string)
		if reply.HSO.PermissionDecision != "allow" || !strings.Contains(rewritten, launcher+" ") {
			t.Fatalf("the hook answered %s, want an allow that runs the launcher", out)
		}
		// As Claude Code runs it: in its shell, which then tells the
		// folder it ended in.
		sh := exec.Command("sh", "-c", rewritten+`; __s=$?; echo "folder: $(pwd -P)" >&2; exit $__s`)
		sh.Dir = project
		sh.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + env.Getenv("HOME"), "XDG_CONFIG_HOME=" + env.Getenv("XDG_CONFIG_HOME"),
			"XDG_STATE_HOME=" + state, "STATE=" + state, "API_TOKEN=" + secret}
		var o, e bytes.Buffer
		sh.Stdout, sh.Stderr = &o, &e
		err := sh.Run()
		code = 0
		if x := (*exec.ExitError)(nil); errors.As(err, &x) {
			code = x.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}

	t.Run("secrets", func(t *testing.T) {
		out, errs, code := run(t, "./show.sh")
		if strings.Contains(out+errs, secret) {
			t.Errorf("the confined script saw the secret:\n%s%s", out, errs)
		}
		if out != "file: \nvar: \n" || !strings.Contains(errs, "to-stderr") || code != 3 {
			t.Errorf("stdout %q, stderr %q, exit %d; want the script's own output and status 3", out, errs, code)
		}
	})
	t.Run("folder", func(t *testing.T) {
		// A cd in the confined call lands in the harness's shell, with
		// the exit status kept; a folder the call was not shown does not.
		// (mkdir makes each a call the analysis leaves to confinement.)
		for cmd, want := range map[string]string{
			"mkdir -p sub && cd sub && exit 4": filepath.Join(project, "sub"),
			"mkdir -p sub && cd /etc; exit 4":  project,
			"mkdir -p sub && cd /tmp; exit 4":  project,
		} {
			_, errs, code := run(t, cmd)
			if !strings.Contains(errs, "folder: "+want+"\n") || code != 4 {
				t.Errorf("%s: exit %d, stderr %q; want exit 4 in %s", cmd, code, errs, want)
			}
		}
	})
	t.Run("state", func(t *testing.T) {
		out, errs, _ := run(t, "./approve.sh")
		if strings.Contains(out, "approved-it") || strings.Contains(out, "wrote-state") {
			t.Errorf("the confined script changed the state folder:\n%s%s", out, errs)
		}
		it, err := store.Get(item.ID)
		if err != nil || it.Status != approvals.Pending {
			t.Errorf("the approval is %+v (%v), want it pending", it, err)
		}
		if _, err := os.Stat(filepath.Join(state, "governance", "approvals", "forged.json")); err == nil {
			t.Error("the confined script wrote a file into the approval queue")
		}
	})
	t.Run("checkpoint", func(t *testing.T) {
		// A call that may write the project gets a checkpoint first, under
		// the ID its decision is logged with: restoring it undoes the call.
		_, errs, code := run(t, "echo broken > main.go && rm show.sh && echo new > created.txt")
		if code != 0 || strings.Contains(errs, "no checkpoint") {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		log, err := os.ReadFile(filepath.Join(state, "governance", "decisions.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(log)), "\n")
		var entry struct {
			DecisionID string `json:"decision_id"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &entry); err != nil {
			t.Fatal(err)
		}
		s := &checkpoint.Store{Dir: checkpoint.Dir(filepath.Join(state, "governance")), Env: os.Environ()}
		c, err := s.Find(entry.DecisionID)
		if err != nil {
			t.Fatalf("the logged decision %s has no checkpoint: %v", entry.DecisionID, err)
		}
		if _, _, err := s.Restore(c, false, nil); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]string{"main.go": "package main\n", "show.sh": files["show.sh"]} {
			if got, _ := os.ReadFile(filepath.Join(project, name)); string(got) != want {
				t.Errorf("%s after the restore: %q, want %q", name, got, want)
			}
		}
		if _, err := os.Stat(filepath.Join(project, "created.txt")); err == nil {
			t.Error("created.txt, written by the call, is still there after the restore")
		}
	})
}
