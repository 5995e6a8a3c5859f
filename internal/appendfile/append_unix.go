//go:build unix

package appendfile

import (
	"os"
	"syscall"

	"github.com/agentgov/governance/internal/regularfile"
)

// appendLine appends line to the file at path, creating it (0600), in one
// write. It uses the system calls directly: an *os.File would start Go's
// network poller (epoll and an eventfd) in a hook process that otherwise
// never needs it, three more system calls on every tool call.
func appendLine(path string, line []byte) error {
	var fd int
	var err error
	for {
		// O_NONBLOCK: a FIFO at the path would block the open until
		// a reader came; the log is a regular file or nothing.
		fd, err = syscall.Open(path, syscall.O_WRONLY|syscall.O_APPEND|syscall.O_CREAT|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0o600)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		if err == nil {
			err = regularfile.ErrNotRegular
		}
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
