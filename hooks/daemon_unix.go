//go:build unix

package hooks

import (
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/snapshot"
)

// dialUnix connects to a unix socket with system calls: the net package
// would cost every hook call its initialisation.
func dialUnix(path string) (*os.File, error) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Connect(fd, &syscall.SockaddrUnix{Name: path})
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		syscall.Close(fd)
		return nil, err
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	// A non-blocking descriptor joins the runtime's poller, so that
	// deadlines work.
	return os.NewFile(uintptr(fd), path), nil
}

// spawnDetached starts a program in its own session, with no terminal and
// no inherited files, and does not wait for it.
func spawnDetached(bin string, args ...string) error {
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer devnull.Close()
	p, err := os.StartProcess(bin, append([]string{bin}, args...), &os.ProcAttr{
		Files: []*os.File{devnull, devnull, devnull},
		Sys:   &syscall.SysProcAttr{Setsid: true},
	})
	if err != nil {
		return err
	}
	return p.Release()
}

// governanceBinary finds the governance program.
func governanceBinary() (string, error) { return snapshot.CompilerPath() }

// runWithInput runs a program with data on its standard input and returns
// its output, killing it after the timeout. (It uses os.StartProcess, not
// os/exec, to keep the hook small.)
func runWithInput(bin string, args []string, dir string, data []byte, timeout time.Duration) ([]byte, []byte, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	p, err := os.StartProcess(bin, append([]string{bin}, args...), &os.ProcAttr{Dir: dir, Files: []*os.File{inR, outW, errW}})
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, nil, err
	}
	timer := time.AfterFunc(timeout, func() { p.Kill() })
	defer timer.Stop()
	go func() {
		inW.Write(data)
		inW.Close()
	}()
	var stderr []byte
	done := make(chan struct{})
	go func() {
		stderr, _ = io.ReadAll(errR)
		close(done)
	}()
	out, _ := io.ReadAll(outR)
	<-done
	outR.Close()
	errR.Close()
	st, err := p.Wait()
	if err != nil {
		return nil, stderr, err
	}
	if !st.Success() {
		return nil, stderr, fmt.Errorf("%s %s: %s", bin, strings.Join(args, " "), st)
	}
	return out, stderr, nil
}
