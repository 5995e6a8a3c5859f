//go:build unix

package decisionlog

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on an open file and returns its
// release.
func lockFile(f *os.File) func() {
	fd := int(f.Fd())
	for syscall.Flock(fd, syscall.LOCK_EX) == syscall.EINTR {
	}
	return func() { syscall.Flock(fd, syscall.LOCK_UN) }
}
