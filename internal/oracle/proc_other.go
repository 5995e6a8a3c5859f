//go:build !linux

package oracle

import (
	"os"
	"os/exec"
)

// setProcessGroup does nothing: New refuses to run outside Linux.
func setProcessGroup(*exec.Cmd) {}

// tracePipe fails: New refuses to run outside Linux.
func tracePipe(string) (rd, keeper *os.File, err error) { return nil, nil, ErrUnsupported }
