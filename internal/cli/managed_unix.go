//go:build unix

package cli

import (
	"os"
	"syscall"
)

// writableByMe reports whether this process, not running as root, may
// write dir: then so may the agents the user runs, and the managed layer
// binds nothing.
func writableByMe(dir string) bool {
	const wOK = 2
	return os.Geteuid() != 0 && syscall.Access(dir, wOK) == nil
}
