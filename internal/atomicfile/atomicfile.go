// Package atomicfile replaces files so that a reader, or a crash, never
// sees half of one: the data goes to a temporary file in the same folder,
// which is fsynced and renamed over the target, and the folder is fsynced
// so that the rename itself is durable.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
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
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+tmpMark+"*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	// Held while the file is written: Sweep leaves a locked file alone.
	lockTemp(tmp)
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

// tmpMark is in the name of every temporary file: ".NAME.tmp-RANDOM".
const tmpMark = ".tmp-"

// MinOrphanAge is how old a temporary file must be before Sweep takes it
// for an orphan: far longer than any write takes.
const MinOrphanAge = 2 * time.Minute

// Sweep removes the temporary files in dir that writers killed before
// they could rename them left behind: files named as Write names them,
// not modified for minAge, and not locked by a writer still at work. It
// returns the files it removed.
func Sweep(dir string, minAge time.Duration, now time.Time) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, ".") || !strings.Contains(name, tmpMark) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || now.Sub(fi.ModTime()) < minAge {
			continue
		}
		path := filepath.Join(dir, name)
		if inUse(path) {
			continue
		}
		if err := os.Remove(path); err == nil {
			removed = append(removed, path)
		}
	}
	return removed, nil
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
