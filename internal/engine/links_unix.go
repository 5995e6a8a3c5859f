//go:build unix

package engine

import (
	"io/fs"
	"syscall"
)

// readFile is [os.ReadFile] through the system calls. An *os.File of a
// file opened on Linux is first offered to Go's network poller, which
// refuses a regular file: an fcntl to make it non-blocking, an epoll_ctl
// that fails and two fcntl to undo it, five system calls more on every
// file a call reads (a repository's config on each git status).
func readFile(name string) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	// One byte more than the size, as os.ReadFile: the read that finds
	// the end needs room.
	size := 512
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG && st.Size > 0 && int64(int(st.Size)) == st.Size {
		size = max(int(st.Size)+1, size)
	}
	data := make([]byte, 0, size)
	for {
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return data, &fs.PathError{Op: "read", Path: name, Err: err}
		case n == 0:
			return data, nil
		}
		data = data[:len(data)+n]
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

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

// missingErrno reports a system call's error that says the file is not
// there: no such file, or with notDir a part of its path that is not a
// folder.
func missingErrno(err error, notDir bool) bool {
	e, ok := err.(syscall.Errno)
	return ok && (e == syscall.ENOENT || notDir && e == syscall.ENOTDIR)
}
