//go:build !linux

package mcpproxy

import "os/exec"

// dieWithParent has no parent-death signal to ask for outside Linux: the
// proxy ends its servers when it stops normally.
func dieWithParent(cmd *exec.Cmd) {}

// terminateGroup ends a server process: there is no portable gentler
// signal.
func terminateGroup(cmd *exec.Cmd) { killGroup(cmd) }

// killGroup kills a server process.
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
