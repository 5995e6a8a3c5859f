//go:build linux

package brain_test

import (
	"syscall"
	"testing"
)

// underFileSizeLimit runs f with the process's file size limit at max
// bytes: a write past it fails (EFBIG) as a full disk's does (ENOSPC),
// at the same place. The limit is put back before it returns.
func underFileSizeLimit(t *testing.T, max int64, f func() error) error {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	limit := old
	limit.Cur = uint64(max)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	err := f()
	if rerr := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); rerr != nil {
		t.Fatal(rerr)
	}
	return err
}
