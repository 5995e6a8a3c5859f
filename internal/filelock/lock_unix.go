//go:build unix

package filelock

import (
	"os"
	"path/filepath"
	"syscall"
)

// Lock takes an exclusive lock on path's lock file (path + ".lock"),
// waiting for other holders, and returns the function that releases it.
// The lock is advisory (flock) and is released by the kernel if the
// process dies holding it. The lock file is removed on release, so none
// is left beside the file once the work is done.
func Lock(path string) (func(), error) {
	return lock(path, syscall.LOCK_EX)
}

// TryLock is Lock without the wait: it returns ErrHeld at once when
// another process holds the lock.
func TryLock(path string) (func(), error) {
	return lock(path, syscall.LOCK_EX|syscall.LOCK_NB)
}

func lock(path string, how int) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	name := path + ".lock"
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, err
		}
		for {
			err = syscall.Flock(int(f.Fd()), how)
			if err != syscall.EINTR {
				break
			}
		}
		if err == syscall.EWOULDBLOCK {
			err = ErrHeld
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		// The holder before us removes the file as it lets go: the lock
		// is ours only if the file we locked is still the one at the
		// name; otherwise try again on the new one.
		var held, now syscall.Stat_t
		if syscall.Fstat(int(f.Fd()), &held) == nil && syscall.Stat(name, &now) == nil && held.Dev == now.Dev && held.Ino == now.Ino {
			return func() {
				// Removed while still held, so that no file is left behind
				// and whoever waits on it tries again.
				os.Remove(name)
				syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				f.Close()
			}, nil
		}
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}
}
