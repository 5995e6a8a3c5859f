package filelock_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/filelock"
)

func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "daemon")
	release, err := filelock.TryLock(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := filelock.TryLock(path); !errors.Is(err, filelock.ErrHeld) {
		t.Fatalf("second TryLock while held: %v, want ErrHeld", err)
	}
	release()
	again, err := filelock.TryLock(path)
	if err != nil {
		t.Fatalf("TryLock after release: %v", err)
	}
	again()
}
