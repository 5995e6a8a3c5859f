package brain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// update reads the JSON document at path into v (leaving v as it is when
// the file does not exist), lets fn change it, and writes it back, all
// under an exclusive lock on path's lock file. The write is atomic and
// durable: a temporary file in the same folder is written, fsynced and
// renamed over path, and the folder is fsynced. fn returning errNoChange
// skips the write.
func update(path string, v any, fn func() error) error {
	unlock, err := lockFile(path)
	if err != nil {
		return err
	}
	defer unlock()
	if err := readJSON(path, v); err != nil {
		return err
	}
	if err := fn(); err != nil {
		if errors.Is(err, errNoChange) {
			return nil
		}
		return err
	}
	return writeJSON(path, v)
}

// errNoChange tells update that nothing needs writing.
var errNoChange = errors.New("no change")

// readJSON decodes the document at path into v; a missing file leaves v
// unchanged.
func readJSON(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s is not a valid state file: %w (run `governance validate`)", path, err)
	}
	return nil
}

// writeJSON writes v to path atomically and durably.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(path, append(data, '\n'))
}

// writeFile replaces path with data: temporary file, fsync, rename, and
// an fsync of the folder so that the rename itself survives a crash.
func writeFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
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
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir fsyncs a folder, making renames and removals in it durable.
func syncDir(dir string) error {
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

// appendLines appends JSON lines to a file opened with O_APPEND and
// fsyncs it.
func appendLines(path string, lines ...any) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, l := range lines {
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
