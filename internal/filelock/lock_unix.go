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
// process dies holding it.
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
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
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
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
