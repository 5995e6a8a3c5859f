package confine

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
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
// a step, the launcher runs bubblewrap instead. This file is the
// launcher's side; sandbox_init_linux.go the init, sandbox_tree_linux.go
// the tree.

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
	var head []string
	if watch {
		head = append(head, "--watch")
	}
	return initCommand(append(head, args...), pl.shareNet), nil
}

// initCommand returns the command that starts the sandbox's init with
// args after [InitArg], in new namespaces: the network's too unless
// shareNet.
func initCommand(args []string, shareNet bool) *exec.Cmd {
	cmd := exec.Command("/proc/self/exe", append([]string{InitArg}, args...)...)
	flags := uintptr(unix.CLONE_NEWUSER | unix.CLONE_NEWNS | unix.CLONE_NEWPID | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS | unix.CLONE_NEWCGROUP)
	if !shareNet {
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
	return cmd
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
