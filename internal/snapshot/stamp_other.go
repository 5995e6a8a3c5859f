//go:build !unix

package snapshot

import "os"

// StampOf stats a path.
func StampOf(path string) Stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return Stamp{Path: path}
	}
	return Stamp{Path: path, Exists: true, Size: fi.Size(), MTime: fi.ModTime().UnixNano()}
}
