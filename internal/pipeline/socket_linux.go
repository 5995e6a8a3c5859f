package pipeline

import "syscall"

// unixSocket opens a stream socket that no child inherits.
func unixSocket() (int, error) {
	return syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
}
