package regularfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO, a folder or a device is refused at once; a regular file and a
// link to one are read.
func TestOnlyRegularFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(file, []byte("mode: enforce\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	fifoLink := filepath.Join(dir, "fifo-link.yaml")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{file, link} {
		if data, err := ReadFile(path); err != nil || string(data) != "mode: enforce\n" {
			t.Errorf("%s: %q, %v", path, data, err)
		}
	}
	for _, path := range []string{fifo, fifoLink, dir, "/dev/zero", "/dev/null"} {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		done := make(chan error, 1)
		go func() { _, err := ReadFile(path); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: %v, want ErrNotRegular", path, err)
			}
		case <-ctx.Done():
			t.Errorf("%s: reading it hangs", path)
		}
		cancel()
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want ErrNotExist", err)
	}
}
