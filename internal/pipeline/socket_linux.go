package pipeline

import (
	"os"
	"syscall"
)

// unixSocket opens a stream socket that no child inherits.
func unixSocket() (int, error) {
	return syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
}

// peerOwned reports whether the process listening at the other end of
// a connected socket runs as the user running governance, or as root:
// the kernel's word (SO_PEERCRED), not the socket file's owner.
func peerOwned(fd int, _ string) bool {
	cred, err := syscall.GetsockoptUcred(fd, syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	return err == nil && (cred.Uid == 0 || int(cred.Uid) == os.Getuid())
}
