package layout

import (
	"errors"
	"io/fs"
	"os"

	"github.com/agentgov/governance/internal/regularfile"
)

// ErrNotOwned is wrapped by the error of a state file that belongs to
// another user than the one running governance (or root).
var ErrNotOwned = errors.New("the file belongs to another user")

// OpenOwned opens a file of the state folder to read: a regular file
// (see regularfile) of the user running governance, or of root. The
// state folder may be another user's (one made in a shared folder, a
// home handed over), and what that user writes there (a snapshot, the
// approvals key and records, a cached answer) would choose what the hook
// allows. The owner is read from the open file, not from its name.
func OpenOwned(path string) (*os.File, os.FileInfo, error) {
	f, err := regularfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil && !OwnedHere(info) {
		err = &fs.PathError{Op: "open", Path: path, Err: ErrNotOwned}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// ReadOwned reads a file of the state folder whole, when [OpenOwned]
// opens it.
func ReadOwned(path string) ([]byte, error) {
	f, info, err := OpenOwned(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return regularfile.ReadAll(f, info.Size())
}

// OwnedFolders reports whether root and the folders below it that names
// name (each in the one before), those that exist, are folders of the
// user running governance (or root's). A folder of state that another
// user owns holds what they wrote there, and one whose parent they own
// can be swapped for such a folder after it is checked. root may be a
// symbolic link; the folders below it may not.
func OwnedFolders(root string, names ...string) bool {
	fi, err := os.Stat(root)
	for i := 0; ; i++ {
		if errors.Is(err, fs.ErrNotExist) {
			return true
		}
		if err != nil || !fi.IsDir() || !OwnedHere(fi) {
			return false
		}
		if i == len(names) {
			return true
		}
		root = under(root, names[i])
		fi, err = os.Lstat(root)
	}
}
