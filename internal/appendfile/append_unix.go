//go:build unix

package appendfile

import (
	"os"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/regularfile"
)

// appendLine appends line to the file at path, creating it (0600), in one
// write, on a line of its own; started reports that the file was empty. It
// uses the system calls directly: an *os.File would start Go's network
// poller (epoll and an eventfd) in a hook process that otherwise never
// needs it, three more system calls on every tool call.
func appendLine(path string, line []byte) (started bool, err error) {
	var fd int
	for {
		// O_NONBLOCK: a FIFO at the path would block the open until
		// a reader came; the log is a regular file or nothing.
		fd, err = syscall.Open(path, syscall.O_RDWR|syscall.O_APPEND|syscall.O_CREAT|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0o600)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return false, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		if err == nil {
			err = regularfile.ErrNotRegular
		}
		return false, &os.PathError{Op: "open", Path: path, Err: err}
	}
	// The writers of the file take turns, so that the one that looks at
	// the file's last byte never sees another's line half copied in. The
	// lock goes with the descriptor when it is closed or its process dies.
	locked := lockAppend(fd)
	// The size is read again under the lock: another writer may have
	// appended while this one waited for its turn.
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return false, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	started = st.Size == 0
	if !started && locked {
		var last [1]byte
		if n, _ := syscall.Pread(fd, last[:], st.Size-1); n == 1 && last[0] != '\n' {
			line = newLine(line)
		}
	}
	for len(line) > 0 {
		n, err := syscall.Write(fd, line)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			syscall.Close(fd)
			return started, &os.PathError{Op: "write", Path: path, Err: err}
		}
		// A regular file takes the whole line in one write; a short write
		// (a full disk) is finished rather than left cut.
		line = line[n:]
	}
	if err := syscall.Close(fd); err != nil && err != syscall.EINTR {
		return started, &os.PathError{Op: "close", Path: path, Err: err}
	}
	return started, nil
}

// lockAppend takes the writers' lock of an open log, waiting at most
// about 100ms: a writer stopped while it holds the lock (a suspended
// process) must not stop every other. It reports whether the lock is
// held; without it the line is still appended whole, only not checked
// for a torn line before it.
func lockAppend(fd int) bool {
	for range 200 {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		switch err {
		case nil:
			return true
		case syscall.EINTR:
			continue
		case syscall.EWOULDBLOCK:
			time.Sleep(500 * time.Microsecond)
			continue
		}
		return false
	}
	return false
}
