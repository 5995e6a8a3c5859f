//go:build unix

package layout

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestEnclosingRefusesWhatOthersPlant: a FIFO where harness settings
// would be (which anyone who can write the folder can make) is not
// opened, so Discover does not hang; a .governance folder another user
// owns (in a shared folder such as /tmp) brings no rules in.
func TestEnclosingRefusesWhatOthersPlant(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"a/.claude", "a/b/.git", "c/.governance", "c/d/.git"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "a/.claude/settings.json"), 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	done := make(chan Paths)
	go func() { done <- Discover(filepath.Join(dir, "a/b"), "", func(string) string { return "" }) }()
	select {
	case p := <-done:
		if p.Enclosing != "" {
			t.Errorf("a FIFO made its folder governed: %q", p.EnclosingRoots())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Discover hangs on a FIFO")
	}
	if os.Getuid() != 0 {
		return
	}
	if err := os.Chown(filepath.Join(dir, "c/.governance"), 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if p := Discover(filepath.Join(dir, "c/d"), "", func(string) string { return "" }); p.Enclosing != "" {
		t.Errorf("another user's .governance is taken in: %q", p.EnclosingRoots())
	}
}

// TestOwnedFolders: folders that do not exist yet are this user's to
// make; a link is followed at the root only; a folder another user owns,
// at any depth, is not this user's.
func TestOwnedFolders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "state", "a", "b"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "state"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "state", "a"), filepath.Join(dir, "state", "c")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		root  string
		names []string
		want  bool
	}{
		{"state", []string{"a", "b"}, true},
		{"state", []string{"a", "missing", "x"}, true},
		{"missing", []string{"a"}, true},
		{"link", []string{"a", "b"}, true},
		{"state", []string{"c", "b"}, false},
	} {
		if got := OwnedFolders(filepath.Join(dir, tc.root), tc.names...); got != tc.want {
			t.Errorf("OwnedFolders(%s, %q) = %v, want %v", tc.root, tc.names, got, tc.want)
		}
	}
	if os.Getuid() != 0 {
		return
	}
	if err := os.Chown(filepath.Join(dir, "state", "a"), 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if OwnedFolders(filepath.Join(dir, "state"), "a", "b") || OwnedFolders(filepath.Join(dir, "state"), "a") {
		t.Error("a folder another user owns is taken for this user's")
	}
	if !OwnedFolders(filepath.Join(dir, "state")) {
		t.Error("the user's own folder is refused")
	}
}
