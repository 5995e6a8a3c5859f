//go:build !(linux || darwin)

package snapshot

import (
	"errors"
	"io/fs"
	"os"
)

// StampOf stats a path. A path that cannot be stat'ed for a reason other
// than not existing counts as existing and changed, so that the
// configuration is compiled (and its error reported) rather than ignored.
func StampOf(path string) Stamp {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stamp{Path: path}
	}
	if err != nil {
		return Stamp{Path: path, Exists: true, Size: -1}
	}
	return Stamp{Path: path, Exists: true, Size: fi.Size(), MTime: fi.ModTime().UnixNano()}
}
