//go:build unix

package appendfile

import (
	"os"
	"syscall"
)

// appendLine appends line to the file at path, creating it (0600), in one
// write. It uses the system calls directly: an *os.File would start Go's
// network poller (epoll and an eventfd) in a hook process that otherwise
// never needs it, three more system calls on every tool call.
func appendLine(path string, line []byte) error {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_WRONLY|syscall.O_APPEND|syscall.O_CREAT|syscall.O_CLOEXEC, 0o600)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return &os.PathError{Op: "open", Path: path, Err: err}
	}
	for len(line) > 0 {
		n, err := syscall.Write(fd, line)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return &os.PathError{Op: "write", Path: path, Err: err}
		}
		// A regular file takes the whole line in one write; a short write
		// (a full disk) is finished rather than left cut.
		line = line[n:]
	}
	if err := syscall.Close(fd); err != nil && err != syscall.EINTR {
		return &os.PathError{Op: "close", Path: path, Err: err}
	}
	return nil
}
