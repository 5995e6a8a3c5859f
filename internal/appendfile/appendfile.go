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
func AppendLine(path string, line []byte) error {
	err := appendLine(path, line)
	if errors.Is(err, fs.ErrNotExist) {
		// The folder is made only when it is missing: most writes find it.
		if err = os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
			err = appendLine(path, line)
		}
	}
	return err
}
