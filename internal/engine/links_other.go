//go:build !unix

package engine

import (
	"io/fs"
	"os"
	"syscall"
)

// readFile reads a file whole.
func readFile(name string) ([]byte, error) { return os.ReadFile(name) }

// fileID is not known here: hard links are not looked for.
func fileID(fs.FileInfo) (fileKey, uint64, bool) { return fileKey{}, 0, false }

// detached starts a process as it is: no sessions here.
func detached() *syscall.SysProcAttr { return nil }

// killSession kills a process started detached.
func killSession(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
}

// processAlive cannot be told here: a scan is taken for running until it
// is stale.
func processAlive(int) bool { return true }

// missingErrno is not told apart here: errors.Is answers.
func missingErrno(error, bool) bool { return false }
