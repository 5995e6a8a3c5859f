//go:build !unix

package filelock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// TryLock is Lock without the wait, for a holder that keeps the lock for
// its whole life: the lock file names the holder's process, and a lock
// whose process is gone is taken over.
func TryLock(path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	lock := path + ".lock"
	for range 2 {
		f, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			fmt.Fprint(f, os.Getpid())
			f.Close()
			return func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, err
		}
		data, err := os.ReadFile(lock)
		if err != nil {
			return nil, err
		}
		if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
			if _, err := os.FindProcess(pid); err == nil {
				return nil, ErrHeld
			}
		}
		os.Remove(lock)
	}
	return nil, ErrHeld
}
