package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// A scan of the history that died (killed, the machine restarted) leaves
// its mark; the next decision finds its process gone and scans again,
// and a state folder that cannot be written leaves the decision to scan
// alone.
func TestHistoryScanRecovers(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		c := exec.Command(git, append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		c.Dir = repo
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q")
	os.WriteFile(filepath.Join(repo, ".env"), []byte("K=1\n"), 0o644)
	run("add", "-A")
	run("commit", "-qm", "one")
	gitDir := filepath.Join(repo, ".git")
	key, tips, err := refsKey(gitDir, gitDir)
	if err != nil || len(tips) == 0 {
		t.Fatalf("refsKey: %v, %v", tips, err)
	}

	state := t.TempDir()
	// The mark of a scan whose process has ended.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(state, key+".running"), []byte(strconv.Itoa(dead.Process.Pid)), 0o600)
	if _, err := scanHistory(git, gitDir, state, key, tips, historyWait); err != errHistoryPending {
		t.Fatalf("a dead scan's mark: %v, want pending this once", err)
	}
	names, err := scanHistory(git, gitDir, state, key, tips, historyWaitAlone)
	if err != nil || !slices.Contains(names, ".env") {
		t.Fatalf("after a dead scan: %v, %v; want .env", names, err)
	}

	// A state folder that is a file: nothing can be kept.
	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o600)
	ev := &evaluation{e: &Engine{Policy: &Policy{StateDir: blocked}}}
	if names, err := ev.historyNames(gitDir); err != nil || !slices.Contains(names, ".env") {
		t.Fatalf("an unusable state folder: %v, %v; want .env", names, err)
	}
}

// The scan's own tools (cat, sed, mv, rm) never come from the caller's
// PATH: a project's activated .venv/bin could hold planted ones, which
// would run on the host while a decision is made.
func TestHistoryScanToolsNotFromPath(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	c := exec.Command(git, "-c", "user.name=t", "-c", "user.email=t@example.com", "init", "-q")
	c.Dir = repo
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	os.WriteFile(filepath.Join(repo, ".env"), []byte("K=1\n"), 0o644)
	for _, args := range [][]string{{"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "one"}} {
		c := exec.Command(git, args...)
		c.Dir = repo
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	bin, marker := t.TempDir(), filepath.Join(t.TempDir(), "ran")
	for _, name := range []string{"cat", "sed", "mv", "rm", "printf"} {
		os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\necho "+name+" >> "+marker+"\n"), 0o755)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	gitDir := filepath.Join(repo, ".git")
	key, tips, err := refsKey(gitDir, gitDir)
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	// A first scan, then one after a commit, which runs cat and sed.
	for i := range 2 {
		if i == 1 {
			os.WriteFile(filepath.Join(repo, "b.txt"), []byte("b\n"), 0o644)
			for _, args := range [][]string{{"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "two"}} {
				c := exec.Command(git, args...)
				c.Dir = repo
				c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			if key, tips, err = refsKey(gitDir, gitDir); err != nil {
				t.Fatal(err)
			}
		}
		names, err := scanHistory(git, gitDir, state, key, tips, historyWaitAlone)
		if err != nil || !slices.Contains(names, ".env") {
			t.Fatalf("scan %d: %v, %v; want .env", i, names, err)
		}
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("the scan ran programs from the caller's PATH: %s", data)
	}
}
