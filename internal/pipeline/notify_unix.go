//go:build unix

package pipeline

import (
	"os/exec"
	"syscall"
)

// detach puts cmd in a session of its own, so that the harness ending the
// hook's process group does not end the notification with it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
