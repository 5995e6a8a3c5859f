//go:build unix

package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestHistoryScanRefusesAnotherUsersFolder: the history's names are kept
// in the state folder; another user's folder there (a state folder made
// in a shared folder, a home handed over) could hold names they wrote,
// without the secret a commit added. Such a folder, or a names file of
// theirs, is passed over, and the history read again.
func TestHistoryScanRefusesAnotherUsersFolder(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", "one"}} {
		if args[0] == "add" {
			os.WriteFile(filepath.Join(repo, ".env"), []byte("K=1\n"), 0o644)
		}
		c := exec.Command(git, append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		c.Dir = repo
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitDir := filepath.Join(repo, ".git")
	key, _, err := refsKey(gitDir, gitDir)
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	ev := &evaluation{e: &Engine{Policy: &Policy{StateDir: state}}}
	// The names of a scan another user wrote: nothing in the history.
	ev.historyNames(gitDir)
	dirs, _ := filepath.Glob(filepath.Join(state, "git-history", "*"))
	if len(dirs) != 1 {
		t.Fatalf("scan folders %v", dirs)
	}
	planted := filepath.Join(dirs[0], key+".names")
	for _, f := range []string{planted, dirs[0]} {
		// The scan may still be writing: wait for its names.
		if f == planted {
			if _, err := waitNames(planted, historyWaitAlone); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(planted, []byte("README\x00"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chown(f, 4242, 4242); err != nil {
			t.Fatal(err)
		}
		names, err := ev.historyNames(gitDir)
		for err == errHistoryPending {
			names, err = ev.historyNames(gitDir)
		}
		if err != nil || !slices.Contains(names, ".env") {
			t.Fatalf("with another user's %s: %v, %v; want .env", f, names, err)
		}
	}
}
