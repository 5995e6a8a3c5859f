package filelock_test

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
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

// Many processes' worth of lockers serialize, and no lock file is left
// once they are done.
func TestLockSerializesAndLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "learned.yaml")
	var inside, most atomic.Int32
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				unlock, err := filelock.Lock(path)
				if err != nil {
					t.Error(err)
					return
				}
				n := inside.Add(1)
				if n > most.Load() {
					most.Store(n)
				}
				inside.Add(-1)
				unlock()
			}
		}()
	}
	wg.Wait()
	if most.Load() != 1 {
		t.Errorf("%d lockers held the lock at once", most.Load())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("left behind: %s", e.Name())
	}
}
