// Package filelock serializes processes that change the same file: Lock
// takes an exclusive lock on a companion file (path + ".lock"), which is
// never renamed or removed, so that the file itself can be replaced
// atomically while locked.
package filelock

import "errors"

// ErrHeld is TryLock's answer when another process holds the lock.
var ErrHeld = errors.New("the lock is held by another process")
