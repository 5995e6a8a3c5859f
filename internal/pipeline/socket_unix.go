//go:build unix && !linux

package pipeline

import (
	"os"
	"syscall"

	"github.com/agentgov/governance/internal/layout"
)

// unixSocket opens a stream socket that no child inherits. Not every
// system has SOCK_CLOEXEC: the fork lock keeps a child from inheriting the
// descriptor before it is marked close-on-exec.
func unixSocket() (int, error) {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	return fd, err
}

// peerOwned reports whether the socket at path is the user's own, or
// root's: its file's owner, read here after the connection.
func peerOwned(_ int, path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && layout.OwnedHere(fi)
}
