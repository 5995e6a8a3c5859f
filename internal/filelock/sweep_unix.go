//go:build unix

package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// Sweep removes the lock files in dir that no process holds: those left
// by a process killed while it held the lock (its holder removes one as it
// lets go, but a killed process cannot). Each is taken as a waiter would
// take it and let go, which removes it, so a lock in use is never touched
// and one taken at the same moment is simply taken again by its owner. It
// returns the files it removed.
func Sweep(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".lock")
		if !ok || !e.Type().IsRegular() {
			continue
		}
		release, err := TryLock(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		release()
		removed = append(removed, filepath.Join(dir, e.Name()))
	}
	return removed, nil
}
