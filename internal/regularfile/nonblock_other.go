//go:build !unix

package regularfile

import (
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
