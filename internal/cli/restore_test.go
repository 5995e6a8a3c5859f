package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/checkpoint"
)

// TestRestore: restore shows what changed since a checkpoint (--dry-run
// changes nothing), brings the files back and says how to undo it,
// refuses an ID it does not keep, and lists the checkpoints; purge
// removes those older than checkpoint_keep, as the project sets it.
func TestRestore(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is missing in CI")
		}
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	project := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(project, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFile("main.go", "package main\n")
	env := map[string]string{"HOME": filepath.Join(dir, "home"), "XDG_CONFIG_HOME": filepath.Join(dir, "config"),
		"XDG_STATE_HOME": filepath.Join(dir, "state"), "PATH": os.Getenv("PATH")}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	run := func(t *testing.T, args ...string) (string, string, int) {
		t.Helper()
		var out, errb bytes.Buffer
		a := &App{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return env[k] },
			Now: func() time.Time { return now }, Cwd: project}
		code := a.Run(context.Background(), args)
		return out.String(), errb.String(), code
	}
	// The checkpoint the launcher takes before a confined call.
	const id = "0b5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b"
	s := &checkpoint.Store{Dir: checkpoint.Dir(filepath.Join(dir, "state", "governance")), Env: os.Environ(),
		Now: func() time.Time { return now }}
	if _, err := s.Take(project, id); err != nil {
		t.Fatal(err)
	}
	writeFile("main.go", "package broken\n")
	writeFile("new.txt", "created by the call\n")
	// A person's change to a harness's settings meanwhile stays.
	if err := os.MkdirAll(filepath.Join(project, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(".claude/settings.local.json", "{}\n")

	if _, errs, code := run(t, "restore", "1b5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b"); code != 1 ||
		!strings.Contains(errs, "no checkpoint has that ID") || !strings.Contains(errs, "governance restore --list") {
		t.Errorf("an unknown ID: exit %d, stderr %q", code, errs)
	}
	if _, _, code := run(t, "restore"); code != 2 {
		t.Errorf("no ID: exit %d, want 2", code)
	}
	out, errs, code := run(t, "restore", "--dry-run", id)
	if code != 0 || !strings.Contains(out, "restore   main.go\n") || !strings.Contains(out, "remove    new.txt\n") ||
		!strings.Contains(out, "nothing was changed") {
		t.Fatalf("dry run: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if data, _ := os.ReadFile(filepath.Join(project, "main.go")); string(data) != "package broken\n" {
		t.Fatalf("the dry run wrote main.go: %q", data)
	}
	out, errs, code = run(t, "restore", id)
	if code != 0 || !strings.Contains(out, "restored 2 files of "+project) || !strings.Contains(out, "to undo: governance restore before-restore-") ||
		!strings.Contains(out, "left      .claude/settings.local.json\n") {
		t.Fatalf("restore: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(project, ".claude/settings.local.json")); err != nil {
		t.Errorf("restore removed the settings a person wrote after the checkpoint: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(project, "main.go")); string(data) != "package main\n" {
		t.Errorf("main.go after the restore: %q", data)
	}
	if _, err := os.Stat(filepath.Join(project, "new.txt")); err == nil {
		t.Error("new.txt is still there after the restore")
	}
	out, _, code = run(t, "restore", "--list")
	if code != 0 || strings.Count(out, "\n") != 2 || !strings.Contains(out, id+"  "+project) || !strings.Contains(out, "before-restore-") {
		t.Errorf("--list: exit %d, %q; want the checkpoint and the point before the restore", code, out)
	}
	// The project keeps its checkpoints ten days: a week and a day later
	// purge keeps them, eleven days later it removes both.
	if err := os.MkdirAll(filepath.Join(project, ".governance"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(".governance/config.yaml", "purge:\n  checkpoint_keep: 10d\n")
	now = now.Add(8 * 24 * time.Hour)
	if out, errs, code := run(t, "purge"); code != 0 || strings.Contains(out, "checkpoint") {
		t.Errorf("purge after 8 days: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	now = now.Add(3 * 24 * time.Hour)
	out, errs, code = run(t, "purge")
	if code != 0 || !strings.Contains(out, "checkpoint "+id+" removed") {
		t.Errorf("purge: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if out, _, _ := run(t, "restore", "--list"); out != "no checkpoints are kept\n" {
		t.Errorf("--list after the purge: %q", out)
	}
}
