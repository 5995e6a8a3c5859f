//go:build !unix && !windows

package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"time"
)

// Lock takes an exclusive lock on path's lock file by creating it
// exclusively, retrying while another process holds it. A lock older
// than a minute is taken to belong to a process that died.
func Lock(path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	lock := path + ".lock"
	for {
		f, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, err
		}
		if fi, err := os.Stat(lock); err == nil && time.Since(fi.ModTime()) > time.Minute {
			os.Remove(lock)
			continue
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TryLock is Lock without the wait. These systems have no lock the
// kernel releases when its holder dies, which a lock held for a process's
// whole life needs: it is not supported.
func TryLock(path string) (func(), error) {
	return nil, errors.ErrUnsupported
}
