//go:build unix

package regularfile

import (
	"io"
	"io/fs"
	"os"
	"syscall"
)

// openFile opens path to read without blocking (O_NONBLOCK: a FIFO put
// there opens at once), refuses what is not a regular file, and hands
// back a blocking descriptor: an *os.File of a non-blocking one starts
// Go's network poller (epoll and an eventfd, a thread more), which a hook
// process otherwise never needs, and reads of a regular file never block.
func openFile(path string) (*os.File, error) {
	fd, _, _, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	return fileOf(fd, path)
}

// openRegular opens path to read without blocking, as openFile does,
// and returns the descriptor, the file's size and its owner.
func openRegular(path string) (fd int, size int64, uid uint32, err error) {
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return -1, 0, 0, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return -1, 0, 0, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return -1, 0, 0, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return fd, st.Size, st.Uid, nil
}

// fileOf makes the descriptor openRegular returned blocking and an
// *os.File, or closes it on failure.
func fileOf(fd int, path string) (*os.File, error) {
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// OpenHead opens a regular file as [Open] does and reads its first n
// bytes, or the whole file when it is no longer; size is the file's size
// when it was opened. A file read whole is closed, and file is nil;
// otherwise file is open after the bytes read. A small file (a snapshot)
// is read through the descriptor alone: an *os.File costs three fcntl
// more, and its Stat one fstat more. owner, when not nil, is asked about
// the file's owner as it was opened; its error fails the open.
func OpenHead(path string, n int64, owner func(uid uint32) error) (data []byte, size int64, file *os.File, err error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, 0, nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, 0, nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	fd, size, uid, err := openRegular(path)
	if err != nil {
		return nil, 0, nil, err
	}
	if owner != nil {
		if err := owner(uid); err != nil {
			syscall.Close(fd)
			return nil, 0, nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
	}
	data = make([]byte, min(size, n))
	for got := 0; got < len(data); {
		k, err := syscall.Read(fd, data[got:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			syscall.Close(fd)
			return nil, 0, nil, &fs.PathError{Op: "read", Path: path, Err: err}
		case k == 0:
			syscall.Close(fd)
			return nil, 0, nil, io.ErrUnexpectedEOF
		}
		got += k
	}
	if int64(len(data)) == size {
		syscall.Close(fd)
		return data, size, nil, nil
	}
	file, err = fileOf(fd, path)
	if err != nil {
		return nil, 0, nil, err
	}
	return data, size, file, nil
}
