package oracle

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// copyTree copies the folder src to dst, which must not exist, keeping
// modes and symbolic links (which are copied, not followed).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			if err := os.MkdirAll(target, 0o700); err != nil {
				return err
			}
			return os.Chmod(target, info.Mode().Perm())
		case info.Mode()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		default:
			if err := copyFile(p, target, info.Mode().Perm()); err != nil {
				return err
			}
			// The same time of change: a program that keeps what it
			// derived from a file (a compiled policy) finds it fresh.
			return os.Chtimes(target, info.ModTime(), info.ModTime())
		}
	})
}

// copyFile copies one regular file.
func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
