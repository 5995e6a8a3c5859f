package bundle

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// An activated bundle is read by every user's hook: its folders are 0755
// and its files 0644 whatever the puller's umask (root's is often 077),
// and so are the folders above it that the pull creates. A folder a user's
// hook cannot read is a broken configuration, and a broken configuration
// denies every call.
const (
	dirMode  fs.FileMode = 0o755
	fileMode fs.FileMode = 0o644
)

// MkdirPublic creates dir and the folders above it that are missing, each
// 0755 whatever the umask. Folders that exist are left as they are: they
// belong to whoever made them.
func MkdirPublic(dir string) error {
	fi, err := os.Stat(dir)
	if err == nil {
		if !fi.IsDir() {
			return &fs.PathError{Op: "mkdir", Path: dir, Err: fs.ErrExist}
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if parent := filepath.Dir(dir); parent != dir {
		if err := MkdirPublic(parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(dir, dirMode); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return os.Chmod(dir, dirMode)
}

// publish gives every folder under dir mode 0755 and every file 0644: a
// bundle an earlier version activated into a 0700 folder becomes readable
// at the next pull, changed or not.
func publish(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		want := fileMode
		if d.IsDir() {
			want = dirMode
		} else if !d.Type().IsRegular() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if fi.Mode().Perm() == want {
			return nil
		}
		return os.Chmod(p, want)
	})
}
