package oracle

import (
	"os"
	"os/exec"
	"syscall"
)

// setProcessGroup puts bwrap in a process group of its own, killed whole
// when the run's context is done, and kills bwrap if the caller dies.
// bwrap's --die-with-parent then takes down the sandbox, and with its pid
// namespace every process in it.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}

// tracePipe makes a FIFO at name for strace to write the trace into, and
// opens it twice: rd to read the trace, keeper to hold it open until the
// caller closes keeper, after which rd reaches its end once strace has
// exited. Either open would block without the other.
func tracePipe(name string) (rd, keeper *os.File, err error) {
	if err := syscall.Mkfifo(name, 0o600); err != nil {
		return nil, nil, &os.PathError{Op: "mkfifo", Path: name, Err: err}
	}
	if rd, err = os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0); err != nil {
		return nil, nil, err
	}
	if keeper, err = os.OpenFile(name, os.O_WRONLY, 0); err != nil {
		rd.Close()
		return nil, nil, err
	}
	return rd, keeper, nil
}
