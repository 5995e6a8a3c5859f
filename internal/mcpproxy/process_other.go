//go:build !linux

package mcpproxy

import "os/exec"

// dieWithParent has no parent-death signal to ask for outside Linux: the
// proxy ends its servers when it stops normally.
func dieWithParent(cmd *exec.Cmd) {}

// killGroup kills a server process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
