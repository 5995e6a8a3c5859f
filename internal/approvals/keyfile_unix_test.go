//go:build unix

package approvals_test

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// TestKeyNotAFile: a pipe planted where the approvals key lives is refused
// at once, not read until something writes to it: the hook's approval
// path reads the key.
func TestKeyNotAFile(t *testing.T) {
	dir := t.TempDir()
	s := approvals.Open(filepath.Join(dir, "approvals"))
	s.KeyFile = filepath.Join(dir, approvals.KeyFile)
	if err := syscall.Mkfifo(s.KeyFile, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, _, err := s.File(approvals.Item{Shape: "x", Summary: "shell: make deploy"})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Error("an approval was filed with a pipe for its key")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("filing an approval waited on a pipe planted as the key")
	}
}
