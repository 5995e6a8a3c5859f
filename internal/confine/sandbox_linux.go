package confine

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// The launcher's own sandbox: the launcher starts itself again, with
// InitArg first, in new user, mount, PID, IPC, UTS, cgroup and (unless
// the network is shared) network namespaces, the caller's uid and gid
// mapped to themselves. That process, the sandbox's init (PID 1), builds
// the tree on a fresh tmpfs with the new mount API (open_tree,
// mount_setattr, move_mount: no read of mountinfo, where bubblewrap 0.8
// reads it again after each of its mounts), mounts a fresh /proc, pivots
// into the tree and forks the command with no capability, then reaps
// until the command ends and reports its status. It needs Linux 6.15
// (mounts attached to a tree not yet attached); where the kernel refuses
// a step, the launcher runs bubblewrap instead.

// InitArg is the hidden first argument that makes the launcher the
// sandbox's init: see [HandleInit].
const InitArg = "--governance-sandbox-init"

// selfInit is set once the running program handles [InitArg] (it called
// [HandleInit]): its launchers may then start it as their sandbox's
// init.
var selfInit atomic.Bool

// HandleInit is the first thing a launcher's main does: run as the
// sandbox's init when the arguments ask (it then exits with the
// command's status), and otherwise note that this program can be one.
func HandleInit() {
	if len(os.Args) > 1 && os.Args[1] == InitArg {
		os.Exit(sandboxInit(os.Args[2:]))
	}
	selfInit.Store(true)
}

// ownUsable reports whether the launcher sets the sandbox up itself:
// the program can be its init and the call's environment does not ask
// for bubblewrap.
func (l *Launcher) ownUsable() bool {
	return selfInit.Load() && envGet(l.Env)(BackendEnv) != "bubblewrap"
}

// ownCommand returns the command that starts the sandbox's init for
// args (bubblewrap's, then "--" and the command): watch says descriptor
// 7 is the launcher's life.
func ownCommand(args []string, watch bool) (*exec.Cmd, error) {
	pl, err := parsePlan(args)
	if err != nil {
		return nil, err
	}
	head := []string{InitArg}
	if watch {
		head = append(head, "--watch")
	}
	cmd := exec.Command("/proc/self/exe", append(head, args...)...)
	flags := uintptr(unix.CLONE_NEWUSER | unix.CLONE_NEWNS | unix.CLONE_NEWPID | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS | unix.CLONE_NEWCGROUP)
	if !pl.shareNet {
		flags |= unix.CLONE_NEWNET
	}
	uid, gid := os.Getuid(), os.Getgid()
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  flags,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}},
		// As an unprivileged user can only: setgroups(2) stays denied.
		GidMappingsEnableSetgroups: false,
		Setsid:                     true,
		// Kept through the init's exec as a user other than root, who
		// would lose them: the mounts, the loopback, the user namespaces'
		// limit and the bounding set need them. The init drops them all
		// before it forks the command.
		AmbientCaps: []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_NET_ADMIN, unix.CAP_SYS_RESOURCE, unix.CAP_SETPCAP},
	}
	return cmd, nil
}

// initFail is the init's exit status when the sandbox cannot be set up.
const initFail = 1

// sandboxInit is the sandbox's init: args are [InitArg]'s, after it.
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
	b := &builder{root: -1, data: -1, sysctl: -1}
	hostPid, err := os.Readlink("/proc/self")
	if err != nil {
		return fail("the host's pid: %v", err)
	}
	if err := b.build(pl); err != nil {
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

// builder builds the sandbox's tree, detached until it is whole.
type builder struct {
	// root is the tree's root, a tmpfs; data a tmpfs of its own for the
	// files of --ro-bind-data, made when first needed.
	root, data, nData int
	// sysctl is user.max_user_namespaces of the fresh /proc, open for
	// writing before /proc/sys is covered read-only.
	sysctl int
	// readOnly are the mounts --remount-ro names, at readOnlyPaths.
	readOnly      []int
	readOnlyPaths []string
}

// build makes the tree, each step in order.
func (b *builder) build(pl *sandboxPlan) error {
	// Nothing of the sandbox's reaches the host's mounts.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_SLAVE, ""); err != nil {
		return fmt.Errorf("making the mounts private: %v", err)
	}
	var err error
	if b.root, err = newTmpfs(0o755); err != nil {
		return err
	}
	for _, op := range pl.ops {
		if err := b.step(op); err != nil {
			return err
		}
	}
	return nil
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

// newTmpfs returns a detached tmpfs whose root has the given mode.
func newTmpfs(mode int) (int, error) {
	return newMount("tmpfs", map[string]string{"mode": fmt.Sprintf("%#o", mode)}, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV)
}

// newMount returns a detached mount of a new file system of type fstype.
func newMount(fstype string, opts map[string]string, attrs int) (int, error) {
	fs, err := unix.Fsopen(fstype, unix.FSOPEN_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("fsopen %s: %v", fstype, err)
	}
	defer unix.Close(fs)
	for k, v := range opts {
		if v == "" {
			err = unix.FsconfigSetFlag(fs, k)
		} else {
			err = unix.FsconfigSetString(fs, k, v)
		}
		if err != nil {
			return -1, fmt.Errorf("%s option %s: %v", fstype, k, err)
		}
	}
	if err := unix.FsconfigCreate(fs); err != nil {
		return -1, fmt.Errorf("mounting %s: %v", fstype, err)
	}
	m, err := unix.Fsmount(fs, unix.FSMOUNT_CLOEXEC, attrs)
	if err != nil {
		return -1, fmt.Errorf("mounting %s: %v", fstype, err)
	}
	return m, nil
}

// clone returns a detached copy of the host's tree at src (links
// followed), with its mounts beneath, made nosuid and nodev (devices
// keeps device files usable) and read-only when asked; a read-only
// mount of the host's stays so.
func clone(dirfd int, src string, readOnly, devices bool) (int, error) {
	if n, ok := strings.CutPrefix(src, "/proc/self/fd/"); ok && dirfd == unix.AT_FDCWD {
		return cloneFD(n, readOnly)
	}
	fd, err := unix.OpenTree(dirfd, src, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE)
	if err != nil {
		return -1, err
	}
	attr := unix.MountAttr{Attr_set: unix.MOUNT_ATTR_NOSUID, Propagation: unix.MS_PRIVATE}
	if !devices {
		attr.Attr_set |= unix.MOUNT_ATTR_NODEV
	}
	if readOnly {
		attr.Attr_set |= unix.MOUNT_ATTR_RDONLY
	}
	if err := unix.MountSetattr(fd, "", unix.AT_EMPTY_PATH|unix.AT_RECURSIVE, &attr); err != nil {
		unix.Close(fd)
		return -1, fmt.Errorf("mount_setattr %s: %v", src, err)
	}
	return fd, nil
}

// cloneFD clones the file of the descriptor n (a report file): the
// kernel copies no mount of another mount namespace, and the launcher
// opened the file in the host's. Its path, named by the descriptor, is
// cloned from the sandbox's copy of the host's mounts and must lead to
// the same file.
func cloneFD(n string, readOnly bool) (int, error) {
	fdn, err := strconv.Atoi(n)
	if err != nil {
		return -1, unix.EINVAL
	}
	path, err := os.Readlink("/proc/self/fd/" + n)
	if err != nil {
		return -1, err
	}
	fd, err := clone(unix.AT_FDCWD, path, readOnly, false)
	if err != nil {
		return -1, err
	}
	var a, b unix.Stat_t
	if unix.Fstat(fdn, &a) != nil || unix.Fstat(fd, &b) != nil || a.Dev != b.Dev || a.Ino != b.Ino {
		unix.Close(fd)
		return -1, fmt.Errorf("%s is no longer the file of descriptor %s", path, n)
	}
	return fd, nil
}

// inRoot opens path in the tree as the sandbox will see it: links and
// ".." resolved inside the tree.
func inRoot(root int, path string, flags int) (int, error) {
	rel := strings.TrimPrefix(filepath.Clean(path), "/")
	if rel == "" {
		rel = "."
	}
	return unix.Openat2(root, rel, &unix.OpenHow{Flags: uint64(flags | unix.O_CLOEXEC), Resolve: unix.RESOLVE_IN_ROOT | unix.RESOLVE_NO_MAGICLINKS})
}

// parent returns the folder that holds path in the tree, made with its
// missing parents (0755, as bubblewrap makes them), and path's name.
func (b *builder) parent(path string) (int, string, error) {
	dir, name := filepath.Dir(filepath.Clean(path)), filepath.Base(path)
	if fd, err := inRoot(b.root, dir, unix.O_PATH|unix.O_DIRECTORY); err == nil {
		return fd, name, nil
	} else if err != unix.ENOENT {
		return -1, "", fmt.Errorf("%s: %v", dir, err)
	}
	pfd, pname, err := b.parent(dir)
	if err != nil {
		return -1, "", err
	}
	defer unix.Close(pfd)
	if err := unix.Mkdirat(pfd, pname, 0o755); err != nil && err != unix.EEXIST {
		return -1, "", fmt.Errorf("cannot make %s: %v", dir, err)
	}
	fd, err := unix.Openat(pfd, pname, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, "", fmt.Errorf("%s: %v", dir, err)
	}
	return fd, name, nil
}

// mountPoint returns path in the tree, made when missing: a folder, or
// an empty file when dir is false.
func (b *builder) mountPoint(path string, dir bool) (int, error) {
	if fd, err := inRoot(b.root, path, unix.O_PATH); err == nil {
		return fd, nil
	}
	pfd, name, err := b.parent(path)
	if err != nil {
		return -1, err
	}
	defer unix.Close(pfd)
	if dir {
		err = unix.Mkdirat(pfd, name, 0o755)
	} else {
		// O_PATH cannot make a file: the folder is opened for it.
		var d, f int
		if d, err = unix.Openat(pfd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0); err == nil {
			if f, err = unix.Openat(d, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o444); err == nil {
				unix.Close(f)
			}
			unix.Close(d)
		}
	}
	if err != nil && err != unix.EEXIST {
		return -1, fmt.Errorf("cannot make the mount point %s: %v", path, err)
	}
	fd, err := unix.Openat(pfd, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, fmt.Errorf("%s: %v", path, err)
	}
	return fd, nil
}

// attach mounts the detached tree m on path (made when missing), over
// what is there, and closes m.
func (b *builder) attach(m int, path string, dir bool) error {
	defer unix.Close(m)
	to, err := b.mountPoint(path, dir)
	if err != nil {
		return err
	}
	defer unix.Close(to)
	if err := unix.MoveMount(m, "", to, "", unix.MOVE_MOUNT_F_EMPTY_PATH|unix.MOVE_MOUNT_T_EMPTY_PATH); err != nil {
		return fmt.Errorf("cannot mount on %s: %v", path, err)
	}
	return nil
}

// isDir reports a descriptor of a folder.
func isDir(fd int) bool {
	var st unix.Stat_t
	return unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR
}

// step carries out one step of the plan, with bubblewrap's semantics.
func (b *builder) step(op sandboxOp) error {
	switch op.kind {
	case opBind, opROBind, opROBindTry:
		m, err := clone(unix.AT_FDCWD, op.src, op.kind != opBind, false)
		if err == unix.ENOENT && op.kind == opROBindTry {
			return nil
		}
		if err != nil {
			return fmt.Errorf("cannot bind %s: %v", op.src, err)
		}
		if filepath.Clean(op.dest) == "/" && isDir(m) {
			// The tree's root itself: what the steps after see is this
			// mount, which covers all before it.
			unix.Close(b.root)
			b.root = m
			return nil
		}
		return b.attach(m, op.dest, isDir(m))
	case opSymlink:
		pfd, name, err := b.parent(op.dest)
		if err != nil {
			return err
		}
		defer unix.Close(pfd)
		if err := unix.Symlinkat(op.src, pfd, name); err == unix.EEXIST {
			if old, rerr := readlinkat(pfd, name); rerr != nil || old != op.src {
				return fmt.Errorf("cannot make the link %s: it exists", op.dest)
			}
		} else if err != nil {
			return fmt.Errorf("cannot make the link %s: %v", op.dest, err)
		}
		return nil
	case opTmpfs:
		mode := op.perms
		if mode < 0 {
			mode = 0o755
		}
		m, err := newTmpfs(mode)
		if err != nil {
			return err
		}
		return b.attach(m, op.dest, true)
	case opRemountRO:
		// The mount there now, made read-only once the tree is attached
		// (the kernel changes no mount inside a detached tree): a mount
		// that covers it later stays as it is.
		fd, err := inRoot(b.root, op.dest, unix.O_PATH)
		if err != nil {
			return fmt.Errorf("cannot remount %s read-only: %v", op.dest, err)
		}
		b.readOnly = append(b.readOnly, fd)
		b.readOnlyPaths = append(b.readOnlyPaths, op.dest)
		return nil
	case opProc:
		return b.proc(op.dest)
	case opDev:
		return b.dev(op.dest)
	case opData:
		return b.dataFile(op)
	}
	return fmt.Errorf("%w: unknown step", errPlan)
}

// proc mounts a fresh /proc, the sandbox's PID namespace's, and covers
// the parts of it that act on the whole machine read-only, as bubblewrap
// does.
func (b *builder) proc(dest string) error {
	m, err := newMount("proc", nil, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV|unix.MOUNT_ATTR_NOEXEC)
	if err != nil {
		return err
	}
	if b.sysctl < 0 {
		b.sysctl, _ = unix.Openat(m, "sys/user/max_user_namespaces", unix.O_WRONLY|unix.O_CLOEXEC, 0)
	}
	for _, sub := range []string{"sys", "sysrq-trigger", "irq", "bus"} {
		c, err := clone(m, sub, true, false)
		if err == unix.ENOENT {
			continue
		}
		if err != nil {
			unix.Close(m)
			return fmt.Errorf("cannot cover /proc/%s: %v", sub, err)
		}
		to, err := unix.Openat(m, sub, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err == nil {
			err = unix.MoveMount(c, "", to, "", unix.MOVE_MOUNT_F_EMPTY_PATH|unix.MOVE_MOUNT_T_EMPTY_PATH)
			unix.Close(to)
		}
		unix.Close(c)
		if err != nil {
			unix.Close(m)
			return fmt.Errorf("cannot cover /proc/%s: %v", sub, err)
		}
	}
	return b.attach(m, dest, true)
}

// dev mounts a /dev of its own: a tmpfs with the host's null, zero,
// full, random, urandom and tty, a devpts of its own, shm, and the links
// bubblewrap makes.
func (b *builder) dev(dest string) error {
	m, err := newTmpfs(0o755)
	if err != nil {
		return err
	}
	defer func() {
		if m >= 0 {
			unix.Close(m)
		}
	}()
	for _, n := range []string{"null", "zero", "full", "random", "urandom", "tty"} {
		f, err := unix.Openat(m, n, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o444)
		if err != nil {
			return fmt.Errorf("cannot make /dev/%s: %v", n, err)
		}
		unix.Close(f)
		c, err := clone(unix.AT_FDCWD, "/dev/"+n, false, true)
		if err != nil {
			return fmt.Errorf("cannot bind /dev/%s: %v", n, err)
		}
		to, err := unix.Openat(m, n, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err == nil {
			err = unix.MoveMount(c, "", to, "", unix.MOVE_MOUNT_F_EMPTY_PATH|unix.MOVE_MOUNT_T_EMPTY_PATH)
			unix.Close(to)
		}
		unix.Close(c)
		if err != nil {
			return fmt.Errorf("cannot bind /dev/%s: %v", n, err)
		}
	}
	links := [][2]string{{"/proc/self/fd/0", "stdin"}, {"/proc/self/fd/1", "stdout"}, {"/proc/self/fd/2", "stderr"},
		{"/proc/self/fd", "fd"}, {"/proc/kcore", "core"}, {"pts/ptmx", "ptmx"}}
	for _, l := range links {
		if err := unix.Symlinkat(l[0], m, l[1]); err != nil {
			return fmt.Errorf("cannot make /dev/%s: %v", l[1], err)
		}
	}
	for _, d := range []string{"shm", "pts"} {
		if err := unix.Mkdirat(m, d, 0o755); err != nil {
			return fmt.Errorf("cannot make /dev/%s: %v", d, err)
		}
	}
	pts, err := newMount("devpts", map[string]string{"newinstance": "", "ptmxmode": "0666", "mode": "620"}, unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NOEXEC)
	if err != nil {
		return err
	}
	to, err := unix.Openat(m, "pts", unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err == nil {
		err = unix.MoveMount(pts, "", to, "", unix.MOVE_MOUNT_F_EMPTY_PATH|unix.MOVE_MOUNT_T_EMPTY_PATH)
		unix.Close(to)
	}
	unix.Close(pts)
	if err != nil {
		return fmt.Errorf("cannot mount /dev/pts: %v", err)
	}
	m, err = -1, b.attach(m, dest, true)
	return err
}

// dataFile shows the content of descriptor op.fd, read from its start
// (the descriptor's offset stays), as a read-only file of its own at
// op.dest: bubblewrap's --ro-bind-data.
func (b *builder) dataFile(op sandboxOp) error {
	if b.data < 0 {
		var err error
		if b.data, err = newTmpfs(0o700); err != nil {
			return err
		}
	}
	mode := op.perms
	if mode < 0 {
		mode = 0o600
	}
	name := strconv.Itoa(b.nData)
	b.nData++
	f, err := unix.Openat(b.data, name, unix.O_RDWR|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return fmt.Errorf("data for %s: %v", op.dest, err)
	}
	src := os.NewFile(uintptr(op.fd), "data")
	buf := make([]byte, 64<<10)
	for off := int64(0); ; {
		n, rerr := src.ReadAt(buf, off)
		if n > 0 {
			if _, werr := unix.Write(f, buf[:n]); werr != nil {
				unix.Close(f)
				return fmt.Errorf("data for %s: %v", op.dest, werr)
			}
			off += int64(n)
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			unix.Close(f)
			return fmt.Errorf("data for %s: %v", op.dest, rerr)
		}
	}
	err = unix.Fchmod(f, uint32(mode))
	unix.Close(f)
	if err != nil {
		return err
	}
	m, err := clone(b.data, name, true, false)
	if err != nil {
		return fmt.Errorf("data for %s: %v", op.dest, err)
	}
	return b.attach(m, op.dest, false)
}

// readlinkat reads the link name in the folder fd.
func readlinkat(fd int, name string) (string, error) {
	buf := make([]byte, 4096)
	n, err := unix.Readlinkat(fd, name, buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

// errOwnUnavailable is wrapped by the error of a launcher whose own
// sandbox cannot be set up on this machine: it runs bubblewrap instead.
var errOwnUnavailable = errors.New("the launcher cannot set the sandbox up itself here")

// ownWorks sets the launcher's smallest own sandbox up, nothing of a
// call's project in it, and runs true there: nil when it stands.
func ownWorks() error {
	cmd, err := ownCommand([]string{"--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL", "--new-session",
		"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--", "true"}, false)
	if err != nil {
		return err
	}
	ready, readyW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer ready.Close()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		readyW.Close()
		return err
	}
	defer null.Close()
	var msg strings.Builder
	cmd.Stderr = &msg
	cmd.ExtraFiles = []*os.File{readyW, null, null, null}
	err = cmd.Start()
	readyW.Close()
	if err != nil {
		return err
	}
	stood, code, _, _ := readOwnStatus(ready)
	cmd.Wait()
	if !stood || code != 0 {
		return fmt.Errorf("the smallest sandbox does not stand: %s", strings.TrimSpace(msg.String()))
	}
	return nil
}

// readOwnStatus reads the init's ready pipe: stood once the sandbox
// stood, then the command's status when ok (the init reported it before
// it ended).
func readOwnStatus(ready *os.File) (stood bool, code int, ok, done bool) {
	data, _ := io.ReadAll(io.LimitReader(ready, 32))
	s := string(data)
	if !strings.HasPrefix(s, "x") {
		return false, 0, false, false
	}
	line, found := strings.CutSuffix(s[1:], "\n")
	if !found {
		return true, 0, false, false
	}
	line, done = strings.CutSuffix(line, " done")
	code, err := strconv.Atoi(line)
	return true, code, err == nil, done
}
