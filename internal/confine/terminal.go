package confine

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"golang.org/x/sys/unix"
)

// A confined command never holds the caller's terminal. A terminal
// passed as it is would be the command's to keep: a job it leaves could
// reopen it (through /proc/self/fd) and read what the person types
// next, and `stty -echo` would change the person's terminal. So a
// standard stream of the launcher's that is a terminal reaches the
// command as a pipe, relayed by the launcher while the call runs: what
// is typed is copied in, what the command writes is copied out, and the
// relay ends with the call. Streams that are no terminal (the normal
// path: a harness's pipes) are passed as they are. The sandbox's own
// session has no controlling terminal either: /dev/tty fails in it.

// isTerminal reports whether f is a terminal. Its descriptor is asked
// through Control: Fd would make it blocking, a flag the terminal's
// other holders share.
func isTerminal(f *os.File) bool {
	fd := fileFD(f)
	return fd >= 0 && isatty.IsTerminal(uintptr(fd))
}

// fileFD is f's descriptor, -1 when there is none.
func fileFD(f *os.File) int {
	fd := -1
	if raw, err := f.SyscallConn(); err == nil {
		raw.Control(func(d uintptr) { fd = int(d) })
	}
	return fd
}

// sameTerminal reports whether a and b are one terminal (as a shell's
// standard output and error are).
func sameTerminal(a, b io.Writer) bool {
	fa, ok := a.(*os.File)
	fb, ok2 := b.(*os.File)
	if !ok || !ok2 || !isTerminal(fa) || !isTerminal(fb) {
		return false
	}
	sa, err := fa.Stat()
	sb, err2 := fb.Stat()
	return err == nil && err2 == nil && os.SameFile(sa, sb)
}

// terminalOut is a terminal the command's output is copied to, through a
// pipe (it is no *os.File, so streams makes one).
type terminalOut struct{ f *os.File }

func (t terminalOut) Write(b []byte) (int, error) { return t.f.Write(b) }

// relayIn copies what is typed on the terminal tty to w until stop is
// called, then closes w. It reads only when the terminal has input and
// the launcher is in its foreground (a launcher in the background is
// not stopped for reading), and changes none of the terminal's modes or
// flags: they are the person's shell's too. What was typed while the
// call ran and the command did not read is the command's, as it would
// have been on the terminal.
func relayIn(tty, w *os.File) (stop func(), err error) {
	fd := fileFD(tty)
	if fd < 0 {
		return nil, errors.New("the terminal has no descriptor")
	}
	stopR, stopW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer stopR.Close()
		defer w.Close()
		copyTerminal(fd, fileFD(stopR), w)
	}()
	return func() {
		stopW.Close()
		// The copy ends at once unless a write to the command's pipe
		// blocks: closing w (streams.close) ends that one.
		select {
		case <-done:
		case <-time.After(100 * time.Millisecond):
		}
	}, nil
}

// copyTerminal copies from the terminal fd to w until stopR is readable
// (its write end closed), the terminal ends or w fails.
func copyTerminal(fd, stopR int, w *os.File) {
	buf := make([]byte, 4096)
	for {
		fds := []unix.PollFd{{Fd: int32(stopR), Events: unix.POLLIN}, {Fd: int32(fd), Events: unix.POLLIN}}
		if _, err := unix.Poll(fds, -1); err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			return
		}
		if fds[0].Revents != 0 {
			return
		}
		if fds[1].Revents&(unix.POLLIN|unix.POLLHUP|unix.POLLERR|unix.POLLNVAL) == 0 {
			continue
		}
		if fds[1].Revents&unix.POLLIN == 0 {
			return
		}
		if !foreground(fd) {
			// Read when brought to the foreground.
			time.Sleep(50 * time.Millisecond)
			continue
		}
		n, err := unix.Read(fd, buf)
		if errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN) {
			continue
		}
		if err != nil || n == 0 {
			// End of input (^D): the command reads its end too.
			return
		}
		if _, err := w.Write(buf[:n]); err != nil {
			return
		}
	}
}

// foreground reports whether the launcher may read the terminal fd
// without being stopped: it is in the terminal's foreground process
// group, or the terminal is not its controlling terminal.
func foreground(fd int) bool {
	pg, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
	return err != nil || pg == unix.Getpgrp()
}

// runFallback runs argv under the fallback with the streams the
// launcher's sandbox gives a command: a terminal through a relay that
// ends with the call.
func runFallback(fb Fallback, p *Profile, argv []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	std, err := (&Launcher{Stdin: stdin, Stdout: stdout, Stderr: stderr}).streams()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	defer std.close()
	code, err := fb.Run(p, argv, CleanEnv(os.Environ()), std.child[0], std.child[1], std.child[2])
	std.started()
	std.wait(time.Second)
	return code, err
}
