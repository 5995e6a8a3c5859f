//go:build unix

package pipeline

import (
	"errors"
	"os"
	"syscall"

	"github.com/agentgov/governance/internal/snapshot"
)

// errNotOwnDaemon: the daemon at the socket runs as another user.
var errNotOwnDaemon = errors.New("the daemon runs as another user")

// dialUnix connects to a unix socket with system calls: the net package
// would cost every hook call its initialisation.
func dialUnix(path string) (*os.File, error) {
	fd, err := unixSocket()
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
	// A state folder another user owns may hold their daemon's socket,
	// which would answer for the policy.
	if !peerOwned(fd, path) {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "connect", Path: path, Err: errNotOwnDaemon}
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
