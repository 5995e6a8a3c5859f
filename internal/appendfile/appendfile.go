// Package appendfile appends lines to logs that several processes write
// at once (the decision log, the gatekeeper's calls log).
package appendfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// AppendLine appends line to the file at path, creating the file (0600)
// and its folder (0700) when missing.
//
// The line goes out in a single write on a file opened with O_APPEND: the
// kernel appends it whole and at the end even while other processes
// append theirs, so lines never interleave. There is no fsync: a write
// that returned survives the process being killed, and an fsync per line
// would add milliseconds to every tool call.
//
// A writer killed during its write, or stopped by a full disk, can leave
// its line cut short with no newline. A line that finds the file so
// starts with a newline: the torn line stays alone, for readers to skip,
// and this one is whole on a line of its own.
func AppendLine(path string, line []byte) error {
	_, err := Append(path, line)
	return err
}

// Append is AppendLine, and reports whether the file was empty before
// the line (a new log).
func Append(path string, line []byte) (started bool, err error) {
	started, err = appendLine(path, line)
	if errors.Is(err, fs.ErrNotExist) {
		// The folder is made only when it is missing: most writes find it.
		if err = os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
			started, err = appendLine(path, line)
		}
	}
	return started, err
}

// newLine returns line with a newline before it.
func newLine(line []byte) []byte {
	out := make([]byte, 0, len(line)+1)
	return append(append(out, '\n'), line...)
}
