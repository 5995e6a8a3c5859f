//go:build !unix

package appendfile

import "os"

// appendLine appends line to the file at path, creating it (0600), in one
// write, on a line of its own; started reports that the file was empty.
func appendLine(path string, line []byte) (started bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return false, err
	}
	if fi, err := f.Stat(); err == nil {
		started = fi.Size() == 0
		var last [1]byte
		if n, _ := f.ReadAt(last[:], fi.Size()-1); !started && n == 1 && last[0] != '\n' {
			line = newLine(line)
		}
	}
	_, err = f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return started, err
}
