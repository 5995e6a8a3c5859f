//go:build linux

package confine

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// helperEnv makes the test binary act as a small program run inside the
// sandbox: it tries one thing a confined call must not manage, and
// prints "ok" when it managed, or the error.
const helperEnv = "GOVERNANCE_CONFINE_TEST_HELPER"

func TestMain(m *testing.M) {
	HandleInit()
	if os.Getenv(ReapEnv) == "1" {
		os.Exit(Main(os.Stdin, os.Stdout, os.Stderr, os.Args[1:]))
	}
	if what := os.Getenv(helperEnv); what != "" {
		os.Exit(helper(what, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func helper(what string, args []string) int {
	var err error
	switch what {
	case "main":
		return Main(os.Stdin, os.Stdout, os.Stderr, args)
	case "connect-unix", "connect-tcp":
		network := "unix"
		if what == "connect-tcp" {
			network = "tcp"
		}
		var c net.Conn
		if c, err = net.Dial(network, args[0]); err == nil {
			io.Copy(os.Stdout, c)
			c.Close()
		}
	case "serve":
		// A dev server: it listens on args[0], writes its address to
		// args[1], answers "hello" to every connection and stops after
		// args[2] (so that a test leaves nothing running).
		var ln net.Listener
		if ln, err = net.Listen("tcp", args[0]); err != nil {
			break
		}
		life, _ := time.ParseDuration(args[2])
		time.AfterFunc(life, func() { os.Exit(0) })
		tmp := args[1] + ".tmp"
		if err = os.WriteFile(tmp, []byte(ln.Addr().String()), 0o644); err == nil {
			err = os.Rename(tmp, args[1])
		}
		for err == nil {
			var c net.Conn
			if c, err = ln.Accept(); err == nil {
				c.Write([]byte("hello\n"))
				c.Close()
			}
		}
	case "listen-unix":
		// Answers "hello" to one connection on the socket args[0].
		var ln net.Listener
		if ln, err = net.Listen("unix", args[0]); err != nil {
			break
		}
		var c net.Conn
		if c, err = ln.Accept(); err == nil {
			c.Write([]byte("hello\n"))
			c.Close()
		}
	case "umount":
		err = syscall.Unmount(args[0], syscall.MNT_DETACH)
	case "ptrace":
		pid, _ := strconv.Atoi(args[0])
		err = syscall.PtraceAttach(pid)
	case "tiocsti":
		// Push a character into the terminal's input, as if typed.
		c := byte('x')
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, 0, syscall.TIOCSTI, uintptr(unsafe.Pointer(&c))); e != 0 {
			err = e
		}
	case "openat-fd":
		// Read a file through an inherited descriptor of a host folder.
		fd, _ := strconv.Atoi(args[0])
		var f *os.File
		if f, err = os.Open(filepath.Join("/proc/self/fd", strconv.Itoa(fd), args[1])); err == nil {
			_, err = io.Copy(os.Stdout, f)
		}
	default:
		err = fmt.Errorf("unknown helper %q", what)
	}
	if err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Println("ok")
	return 0
}
