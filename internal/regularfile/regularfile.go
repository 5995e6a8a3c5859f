// Package regularfile opens configuration, snapshot and state files only
// when they are regular files. A FIFO, a device or a socket at such a path
// (which anyone who can write the folder can put there) would otherwise
// hang the process that opens or reads it: opening a FIFO to read waits
// for a writer, and reading it waits for data. The hook must answer in
// time, since most harnesses run the call when it does not.
//
// It has no dependencies beyond the standard library, so the hook can use
// it.
package regularfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the error of a path that is not a regular file (after
// symbolic links are followed).
var ErrNotRegular = errors.New("not a regular file (a FIFO, device or socket is never read as configuration or state)")

// Open opens a regular file to read. The path is stat'ed first, so that a
// device or FIFO is refused without being opened; then it is opened
// without blocking (O_NONBLOCK: a FIFO put there in between opens at once)
// and the open file is checked again, so that no swap between the two
// steps gets a non-regular file through.
func Open(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, err
	} else if !fi.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return openFile(path)
}

// ReadFile reads a regular file whole, as [os.ReadFile] does; a path that
// is not a regular file is an error wrapping [ErrNotRegular].
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if fi, err := f.Stat(); err == nil {
		size = fi.Size()
	}
	return ReadAll(f, size)
}

// ReadAll reads f from where it is to its end, as [os.ReadFile] does;
// size, the file's size when known, sizes the buffer.
func ReadAll(f *os.File, size int64) ([]byte, error) {
	if size < 0 || int64(int(size)) != size {
		size = 0
	}
	data := make([]byte, 0, int(size)+512)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}
