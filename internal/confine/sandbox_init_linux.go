package confine

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// The sandbox's init: what the launcher, started again with [InitArg],
// does in the sandbox's namespaces (see sandbox_linux.go).

// initFail is the init's exit status when the sandbox cannot be set up.
const initFail = 1

// sandboxInit is the sandbox's init: args are [InitArg]'s, after it
// (or come later, with [receiveArg]: see sandbox_early_linux.go).
// Descriptor 3 is the launcher's ready pipe: "x" once the sandbox
// stands, then the command's status and a newline once it ends. 4 to 6
// are the command's standard streams; 7, with --watch, the launcher's
// life, whose end (the launcher died) kills every process of the
// sandbox while the command runs.
func sandboxInit(args []string) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "governance-confine: sandbox: "+format+"\n", a...)
		return initFail
	}
	// Only in a sandbox of the launcher's own: a caller that passes the
	// argument to a process of the host gets nothing done.
	if os.Getpid() != 1 {
		return fail("the sandbox's init runs as PID 1 of a new PID namespace")
	}
	b := &builder{root: -1, data: -1, sysctl: -1}
	var done []sandboxOp
	if len(args) > 0 && args[0] == receiveArg {
		// Started early: the system's steps, then the arguments and
		// descriptors come now.
		var err error
		if args, done, err = b.receive(); errors.Is(err, errUnused) {
			return initFail
		} else if err != nil {
			return fail("%v", err)
		}
	}
	// Setup, capabilities dropped and the command forked all on one
	// thread: capabilities and no_new_privs are a thread's own.
	runtime.LockOSThread()
	// Every descriptor passed in stays out of the command.
	unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC)
	watch := len(args) > 0 && args[0] == "--watch"
	if watch {
		args = args[1:]
	}
	pl, err := parsePlan(args)
	if err != nil {
		return fail("%v", err)
	}
	hostPid, err := os.Readlink("/proc/self")
	if err != nil {
		return fail("the host's pid: %v", err)
	}
	if err := b.build(pl, done); err != nil {
		return fail("%v", err)
	}
	if pl.infoFD >= 0 {
		info := os.NewFile(uintptr(pl.infoFD), "info")
		fmt.Fprintf(info, "{\n    \"child-pid\": %s\n}\n", hostPid)
		info.Close()
	}
	var locks []*os.File
	for _, lf := range pl.lockFiles {
		f, err := os.Open(lf)
		if err != nil {
			return fail("lock file: %v", err)
		}
		lk := unix.Flock_t{Type: unix.F_RDLCK, Whence: 0}
		if err := unix.FcntlFlock(f.Fd(), unix.F_SETLK, &lk); err != nil {
			return fail("lock file %s: %v", lf, err)
		}
		locks = append(locks, f)
	}
	if pl.dieWithParent {
		unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(unix.SIGKILL), 0, 0, 0)
	}
	if err := b.finish(pl); err != nil {
		return fail("%v", err)
	}
	// Held until no process is left in the sandbox: the locks, and the
	// project's lock of --sync-fd.
	release := func() {
		for _, f := range locks {
			f.Close()
		}
		if pl.syncFD >= 0 {
			unix.Close(pl.syncFD)
		}
	}
	return runCommand(pl, watch, release)
}

// runCommand forks the command with no capability, reports that the
// sandbox stands and then its status, and reaps every process of the
// sandbox until none is left.
func runCommand(pl *sandboxPlan, watch bool, release func()) int {
	ready := os.NewFile(3, "ready")
	std := []*os.File{os.NewFile(4, "stdin"), os.NewFile(5, "stdout"), os.NewFile(6, "stderr")}
	// A signal sent by a process of the sandbox does not end the init.
	for _, sig := range initSignals {
		if !signal.Ignored(sig) {
			leaveToKernel(sig)
		}
	}
	var ended atomic.Bool
	if watch {
		life := os.NewFile(7, "life")
		go func() {
			var b [1]byte
			life.Read(b[:])
			if !ended.Load() {
				unix.Kill(-1, unix.SIGKILL)
			}
		}()
	}
	if _, err := ready.Write([]byte("x")); err != nil {
		return initFail
	}
	// syscall's fork, not os/exec's: that probes pidfds with a fork of
	// its own first.
	path, err := exec.LookPath(pl.argv[0])
	if errors.Is(err, exec.ErrDot) {
		// As a shell runs it.
		err = nil
	}
	attr := &syscall.ProcAttr{Env: os.Environ(), Files: []uintptr{4, 5, 6}, Sys: &syscall.SysProcAttr{}}
	if pl.dieWithParent {
		attr.Sys.Pdeathsig = syscall.SIGKILL
	}
	code := 0
	child := 0
	if err == nil {
		child, err = syscall.ForkExec(path, pl.argv, attr)
	}
	if err != nil {
		fmt.Fprintf(std[2], "governance-confine: %s: %v\n", pl.argv[0], err)
		code = 127
		if errors.Is(err, os.ErrPermission) {
			code = 126
		}
		ended.Store(true)
		release()
		fmt.Fprintf(ready, "%d done\n", code)
		ready.Close()
		return code
	}
	// The command's streams are its alone: a job it leaves holds them,
	// never the init.
	for _, f := range std {
		f.Close()
	}
	for {
		var ws unix.WaitStatus
		pid, err := unix.Wait4(-1, &ws, 0, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			break
		}
		if pid != child {
			continue
		}
		code = ws.ExitStatus()
		if ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
		ended.Store(true)
		// "done" when no process is left in the sandbox (every one is
		// the init's child by now, the command's orphans too): the
		// launcher need not wait for the init to end.
		done := ""
		if _, err := unix.Wait4(-1, nil, unix.WNOHANG, nil); err == unix.ECHILD {
			done = " done"
			release()
		}
		fmt.Fprintf(ready, "%d%s\n", code, done)
		ready.Close()
	}
	return code
}

// finish attaches the tree, makes it the root, turns user namespaces off
// and drops every capability of the thread that forks the command.
func (b *builder) finish(pl *sandboxPlan) error {
	if err := unix.MoveMount(b.root, "", unix.AT_FDCWD, "/tmp", unix.MOVE_MOUNT_F_EMPTY_PATH); err != nil {
		return fmt.Errorf("attaching the tree: %v", err)
	}
	for i, fd := range b.readOnly {
		if err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH, &unix.MountAttr{Attr_set: unix.MOUNT_ATTR_RDONLY}); err != nil {
			return fmt.Errorf("cannot remount %s read-only: %v", b.readOnlyPaths[i], err)
		}
		unix.Close(fd)
	}
	if err := unix.Fchdir(b.root); err != nil {
		return err
	}
	if err := unix.PivotRoot(".", "."); err != nil {
		return fmt.Errorf("pivot_root: %v", err)
	}
	if err := unix.Unmount(".", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detaching the host's root: %v", err)
	}
	unix.Close(b.root)
	// b.data stays open (close-on-exec) until the init ends: closing a
	// tree never attached unmounts it, which waits for the kernel's
	// readers (an RCU grace period, milliseconds on a loaded machine).
	if !pl.shareNet {
		loopbackUp()
	}
	if pl.disableUserns {
		// No further user namespace, by anyone in the sandbox: the
		// command, with no capability here, cannot raise the limit.
		fd := b.sysctl
		if fd < 0 {
			if fd, _ = unix.Open("/proc/sys/user/max_user_namespaces", unix.O_WRONLY|unix.O_CLOEXEC, 0); fd < 0 {
				return errors.New("cannot open /proc/sys/user/max_user_namespaces")
			}
		}
		if _, err := unix.Write(fd, []byte("0")); err != nil {
			return fmt.Errorf("user.max_user_namespaces = 0: %v", err)
		}
		unix.Close(fd)
	}
	dir := pl.chdir
	if dir == "" {
		dir = "/"
	}
	if err := os.Chdir(dir); err != nil {
		return fmt.Errorf("cannot chdir to %s: %v", dir, err)
	}
	os.Setenv("PWD", dir)
	// The init's memory stays out of reach of the command's ptrace and
	// /proc/1: its other threads keep the capabilities in the sandbox's
	// user namespace that setting it up needed.
	unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
	return dropCapabilities()
}

// dropCapabilities empties every capability set of the calling thread,
// the bounding set too, and sets no_new_privs: what it forks starts with
// none and can gain none.
func dropCapabilities() error {
	for c := 0; c < 64; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err == unix.EINVAL {
			break
		} else if err != nil {
			return fmt.Errorf("dropping capability %d: %v", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("clearing the ambient capabilities: %v", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capset: %v", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %v", err)
	}
	return nil
}

// loopbackUp brings the new network namespace's loopback up, as
// bubblewrap does (the kernel gives it 127.0.0.1 and ::1).
func loopbackUp() {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil || unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr) != nil {
		return
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP | unix.IFF_RUNNING)
	unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr)
}
