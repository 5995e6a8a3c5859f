//go:build !unix

package regularfile

import (
	"io"
	"io/fs"
	"os"
)

// openFile opens path to read and refuses what is not a regular file.
// FIFOs are not files of the file system here.
func openFile(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return f, nil
}

// OpenHead opens a regular file as [Open] does and reads its first n
// bytes, or the whole file when it is no longer; size is the file's size
// when it was opened. A file read whole is closed, and file is nil;
// otherwise file is open after the bytes read. Owners are not known on
// this system: owner is not asked.
func OpenHead(path string, n int64, _ func(uid uint32) error) (data []byte, size int64, file *os.File, err error) {
	f, err := Open(path)
	if err != nil {
		return nil, 0, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, nil, err
	}
	data = make([]byte, min(fi.Size(), n))
	if _, err := io.ReadFull(f, data); err != nil {
		f.Close()
		return nil, 0, nil, err
	}
	if int64(len(data)) == fi.Size() {
		f.Close()
		return data, fi.Size(), nil, nil
	}
	return data, fi.Size(), f, nil
}
