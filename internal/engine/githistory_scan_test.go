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
