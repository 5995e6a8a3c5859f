package filelock

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
)

// Lock takes an exclusive lock on path's lock file (path + ".lock"),
// waiting for other holders, and returns the function that releases it.
// Windows releases the lock if the process dies holding it.
func Lock(path string) (func(), error) {
	return lock(path, windows.LOCKFILE_EXCLUSIVE_LOCK)
}

// TryLock is Lock without the wait: it returns ErrHeld at once when
// another process holds the lock.
func TryLock(path string) (func(), error) {
	return lock(path, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY)
}

func lock(path string, flags uint32) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	h := windows.Handle(f.Fd())
	ol := new(windows.Overlapped)
	if err := windows.LockFileEx(h, flags, 0, 1, 0, ol); err != nil {
		f.Close()
		if err == windows.ERROR_LOCK_VIOLATION {
			return nil, ErrHeld
		}
		return nil, err
	}
	return func() {
		windows.UnlockFileEx(h, 0, 1, 0, ol)
		f.Close()
	}, nil
}
