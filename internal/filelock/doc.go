// Package filelock serializes processes that change the same file: Lock
// takes an exclusive lock on a companion file (path + ".lock"), so that
// the file itself can be replaced atomically while locked. The companion
// exists only while a lock is held (on unix: the holder removes it as it
// lets go, and a waiter that then holds a removed file tries again), so
// nothing is left beside configuration files once the work is done.
package filelock

import "errors"

// ErrHeld is TryLock's answer when another process holds the lock.
var ErrHeld = errors.New("the lock is held by another process")
