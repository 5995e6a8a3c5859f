//go:build unix

package checkpoint_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnotherUsersStore: git runs in a store by GIT_DIR, which skips
// git's own check of its owner: a store another user owns (in a state
// folder of theirs) would run what its configuration names, and a
// restore would write their content into the project. Such a store, or
// one in a folder of stores they own, is refused for a checkpoint and
// passed over by List.
func TestAnotherUsersStore(t *testing.T) {
	needGit(t)
	if os.Getuid() != 0 {
		t.Skip("giving a folder to another user needs root")
	}
	t.Parallel()
	root := t.TempDir()
	write(t, root, map[string]string{"a.txt": "a\n"})
	s := newStore(t)
	if _, err := s.Take(root, "one"); err != nil {
		t.Fatal(err)
	}
	stores, _ := filepath.Glob(filepath.Join(s.Dir, "*.git"))
	if len(stores) != 1 {
		t.Fatalf("stores %v", stores)
	}
	marker := filepath.Join(t.TempDir(), "ran")
	cmd := "git config -f " + filepath.Join(stores[0], "config") + " core.fsmonitor 'touch " + marker + "; false'"
	if out, err := runSh(cmd); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, owned := range []string{stores[0], s.Dir} {
		if err := os.Chown(owned, 4242, 4242); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Take(root, "two"); err == nil || !strings.Contains(err.Error(), "belongs to another user") {
			t.Errorf("a checkpoint in another user's %s: %v", owned, err)
		}
		if all, err := s.List(); err != nil || len(all) != 0 {
			t.Errorf("List with another user's %s: %v %v", owned, all, err)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("another user's store configuration ran a command")
		}
		if err := os.Chown(owned, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
}

func runSh(cmd string) ([]byte, error) { return exec.Command("/bin/sh", "-c", cmd).CombinedOutput() }
