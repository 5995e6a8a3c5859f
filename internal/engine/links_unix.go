//go:build unix

package engine

import (
	"io/fs"
	"syscall"
)

// fileID returns a file's device and inode and its number of names.
func fileID(fi fs.FileInfo) (fileKey, uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileKey{}, 0, false
	}
	return fileKey{uint64(st.Dev), uint64(st.Ino)}, uint64(st.Nlink), true
}

// detached starts a process in a session of its own, which outlives the
// hook that started it.
func detached() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// killSession kills a process started detached, and what it started.
func killSession(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

// processAlive reports a process that still runs (or may: one of another
// user's answers EPERM).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
