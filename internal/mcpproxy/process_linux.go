package mcpproxy

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes a server process die with the proxy, however the
// proxy ends (even SIGKILL, which runs no cleanup): the kernel sends it
// SIGKILL when the proxy's thread that started it exits. It also gets a
// process group of its own, so that close can end whatever it started.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// terminateGroup asks a server process and its process group to end.
func terminateGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
}

// killGroup kills a server process and its process group.
func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
