// Package atomicfile replaces files so that a reader, or a crash, never
// sees half of one: the data goes to a temporary file in the same folder,
// which is fsynced and renamed over the target, and the folder is fsynced
// so that the rename itself is durable.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// Write replaces path with data. A new file gets mode perm; an existing
// file keeps its mode. Missing folders are created (0700).
func Write(path string, data []byte, perm os.FileMode) error { return write(path, data, perm, true) }

// WriteVolatile replaces path with data atomically but without fsync:
// readers never see half a file, but a power loss may bring back the old
// one. It is for state whose loss is harmless, such as rate-limit
// counters, and costs a fraction of a durable write.
func WriteVolatile(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, false)
}

func write(path string, data []byte, perm os.FileMode, durable bool) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil {
		perm = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if durable {
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return err
		}
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	if !durable {
		return nil
	}
	return SyncDir(dir)
}

// SyncDir fsyncs a folder, making renames and removals in it durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	return nil
}
