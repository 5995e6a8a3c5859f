//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

// lockTemp marks a temporary file in use while it is written; the lock
// goes when the file is closed or its writer dies.
func lockTemp(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// inUse reports whether a writer holds the temporary file at path.
func inUse(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil
}
