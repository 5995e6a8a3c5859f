package confine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// The sandbox's init started early: a launcher that will set its own
// sandbox up starts the init as it starts itself, before it reads the
// policy, builds the profile and makes the placeholders, and hands it
// its arguments and descriptors once they are known. The clone into new
// namespaces, the exec and the Go runtime's start of the init (3 to 5 ms
// on a 2-core virtual machine) then overlap the launcher's own work
// instead of following it, and the launcher forks while its memory is
// still small. Until it has them the init sets up only the part of the
// tree every call has (see [systemArgs]) and waits on a socket whose
// other end only the launcher holds; it ends when that end closes unused
// (the launcher refused, ran bubblewrap, or died).

// receiveArg, after [InitArg], makes the init read its arguments and
// descriptors from descriptor 3, a socket (see [earlyInit.take]).
const receiveArg = "--receive"

// maxRights is the most descriptors one message carries (the kernel's
// limit is 253).
const maxRights = 200

// earlySlots is how many descriptors, 3 on, an early init holds for
// those it is handed: the Go runtime opens files of its own as it starts
// (the cgroup's CPU quota), which would otherwise take their places. A
// sandbox that needs more starts an init of its own.
const earlySlots = 64

// maxPlan bounds the arguments' length the init accepts.
const maxPlan = 64 << 20

// earlyInit is a sandbox's init started with [receiveArg], not yet
// handed a sandbox to set up.
type earlyInit struct {
	cmd *exec.Cmd
	// started is closed once the init started, or failed to: ok says
	// which.
	started chan struct{}
	ok      bool
	// sock is the launcher's end of the socket; -1 once the init was
	// handed its sandbox (taken) or discarded.
	sock  int
	taken bool
	// env is the launcher's environment the init was started for (its
	// own is env cleaned).
	env []string
	// system are the steps of the system's arguments the init was sent
	// first, and takes before the rest comes.
	system []sandboxOp
}

// startEarly starts the sandbox's init of a launcher whose environment
// is env, with a network namespace of its own (the profiles of most
// calls have no network), on a goroutine of its own: exec.Cmd.Start
// returns once the init's exec is done, 1.5 to 3 ms, which the launcher
// spends building the profile. It returns nil where the launcher's own
// sandbox is not used: the launcher starts the init as it runs the
// command then, as before, and so where this one failed to start.
func startEarly(env []string) *earlyInit {
	if !selfInit.Load() || envGet(env)(BackendEnv) == "bubblewrap" {
		return nil
	}
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	// The init gets no descriptor the launcher inherited.
	closeInherited()
	e := &earlyInit{cmd: initCommand([]string{receiveArg}, false), started: make(chan struct{}), sock: fds[0], env: env}
	e.cmd.Env = CleanEnv(env)
	go func() {
		defer close(e.started)
		theirs := os.NewFile(uintptr(fds[1]), "init")
		defer theirs.Close()
		// The system's steps first, queued in the socket until the init
		// reads them.
		sys := systemArgs(false)
		pl, err := parsePlan(append(slices.Clone(sys), "--", "true"))
		if err != nil || e.write('p', strings.Join(sys, "\x00")) != nil {
			return
		}
		e.system = pl.ops
		null, err := os.Open(os.DevNull)
		if err != nil {
			return
		}
		defer null.Close()
		// The socket on 3, then /dev/null holding the other places.
		e.cmd.ExtraFiles = []*os.File{theirs}
		for len(e.cmd.ExtraFiles) < earlySlots {
			e.cmd.ExtraFiles = append(e.cmd.ExtraFiles, null)
		}
		e.ok = e.cmd.Start() == nil
	}()
	return e
}

// take hands the early init the sandbox that cmd (of [ownCommand], not
// started) describes: its arguments, stderr as its standard error and
// cmd's extra files as its descriptors 3 on. It returns the init's
// command, running; nil when the early init cannot be this sandbox's (it
// would share the network, was started with another environment, or the
// plan does not begin with the steps it took) or could not be handed it:
// it is discarded then, and cmd is to be started.
func (e *earlyInit) take(cmd *exec.Cmd, stderr *os.File) *exec.Cmd {
	if e == nil || e.sock < 0 {
		return nil
	}
	if <-e.started; !e.ok {
		e.discard()
		return nil
	}
	if cmd.SysProcAttr.Cloneflags != e.cmd.SysProcAttr.Cloneflags || !slices.Equal(cmd.Env, e.cmd.Env) ||
		len(cmd.Args) < 2 || len(cmd.ExtraFiles) > earlySlots || !e.begins(cmd.Args[2:]) {
		e.discard()
		return nil
	}
	fds := []int{int(stderr.Fd())}
	for _, f := range cmd.ExtraFiles {
		fds = append(fds, int(f.Fd()))
	}
	if err := e.send(strings.Join(cmd.Args[2:], "\x00"), fds); err != nil {
		e.discard()
		return nil
	}
	// The messages stay queued at the init's end.
	unix.Close(e.sock)
	e.sock, e.taken = -1, true
	return e.cmd
}

// begins reports whether the init's arguments (--watch, the plan, "--"
// and the command) have the steps the init took first as their first.
func (e *earlyInit) begins(args []string) bool {
	if len(args) > 0 && args[0] == "--watch" {
		args = args[1:]
	}
	pl, err := parsePlan(args)
	return err == nil && len(pl.ops) >= len(e.system) && slices.Equal(pl.ops[:len(e.system)], e.system)
}

// send writes the descriptors, in messages of their own ('f'), then the
// arguments ('a').
func (e *earlyInit) send(args string, fds []int) error {
	for len(fds) > 0 {
		n := min(len(fds), maxRights)
		if err := retry(func() error {
			return unix.Sendmsg(e.sock, []byte{'f'}, unix.UnixRights(fds[:n]...), nil, unix.MSG_NOSIGNAL)
		}); err != nil {
			return err
		}
		fds = fds[n:]
	}
	return e.write('a', args)
}

// write writes a message of arguments: its kind, their length, their
// bytes.
func (e *earlyInit) write(kind byte, args string) error {
	msg := binary.BigEndian.AppendUint32([]byte{kind}, uint32(len(args)))
	msg = append(msg, args...)
	for len(msg) > 0 {
		n, err := unix.SendmsgN(e.sock, msg, nil, nil, unix.MSG_NOSIGNAL)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		msg = msg[n:]
	}
	return nil
}

// cleanEnv returns [CleanEnv](env), computed once: the early init's own
// when it was started for env (each variable's value is searched for a
// secret, 0.1 ms a call).
func (e *earlyInit) cleanEnv(env []string) []string {
	if e != nil && slices.Equal(e.env, env) {
		return e.cmd.Env
	}
	return CleanEnv(env)
}

// discard ends an early init not handed a sandbox (it would end alone
// once the launcher's end of its socket closes) and waits for it.
func (e *earlyInit) discard() {
	if e == nil || e.sock < 0 {
		return
	}
	unix.Close(e.sock)
	e.sock = -1
	if <-e.started; e.ok {
		e.cmd.Process.Kill()
		e.cmd.Wait()
	}
}

// errUnused is the early init's error when the launcher closed its
// socket without handing it a sandbox.
var errUnused = errors.New("no sandbox to set up")

// receive is the early init's first step: it reads the system's steps
// from descriptor 3 and takes them (see [systemArgs]), then its
// descriptors and arguments, puts the first descriptor on 2 and the
// others on 3 on, where a started init has them, and returns the
// arguments and the steps taken. The socket is waited on in the Go
// runtime's poller, not in a blocking system call: with nothing to run,
// the runtime's monitor then sleeps until the launcher writes, where a
// call blocked in the kernel has it wake every 20 to 640 µs (twice the
// context switches of a call, a millisecond and more of processor time).
func (b *builder) receive() ([]string, []sandboxOp, error) {
	if err := unix.SetNonblock(3, true); err != nil {
		return nil, nil, err
	}
	sock := os.NewFile(3, "launcher")
	args, done, fds, err := b.readPlan(sock)
	// Closed before its place is taken.
	sock.Close()
	if err != nil {
		return nil, nil, err
	}
	if err := placeFDs(fds); err != nil {
		return nil, nil, err
	}
	return args, done, nil
}

// readPlan reads the system's arguments and takes their steps, then the
// descriptors' messages and the arguments (see [earlyInit.send]).
func (b *builder) readPlan(sock *os.File) (args []string, done []sandboxOp, fds []int, err error) {
	rc, err := sock.SyscallConn()
	if err != nil {
		return nil, nil, nil, err
	}
	buf := make([]byte, 1)
	oob := make([]byte, unix.CmsgSpace(maxRights*4))
	for {
		var n, oobn, flags int
		var rerr error
		if err := rc.Read(func(fd uintptr) bool {
			rerr = retry(func() (err error) {
				n, oobn, flags, _, err = unix.Recvmsg(int(fd), buf, oob, unix.MSG_CMSG_CLOEXEC)
				return err
			})
			return rerr != unix.EAGAIN
		}); err != nil {
			return nil, nil, fds, err
		}
		if rerr != nil {
			return nil, nil, fds, rerr
		}
		if n == 0 {
			return nil, nil, fds, errUnused
		}
		if flags&unix.MSG_CTRUNC != 0 {
			return nil, nil, fds, errors.New("the launcher's descriptors did not all come")
		}
		msgs, err := unix.ParseSocketControlMessage(oob[:oobn])
		if err != nil {
			return nil, nil, fds, err
		}
		for _, m := range msgs {
			r, err := unix.ParseUnixRights(&m)
			if err != nil {
				return nil, nil, fds, err
			}
			fds = append(fds, r...)
		}
		switch buf[0] {
		case 'f':
		case 'p':
			if done != nil {
				return nil, nil, fds, errors.New("the system's steps came twice")
			}
			sys, err := readArgs(sock)
			if err != nil {
				return nil, nil, fds, err
			}
			if done, err = b.system(sys); err != nil {
				return nil, nil, fds, err
			}
		case 'a':
			args, err := readArgs(sock)
			return args, done, fds, err
		default:
			return nil, nil, fds, fmt.Errorf("unexpected message %q from the launcher", buf[0])
		}
	}
}

// system takes the steps of args (the system's, see [systemArgs]) on a
// tree begun for them, and returns them.
func (b *builder) system(args []string) ([]sandboxOp, error) {
	pl, err := parsePlan(append(args, "--", "true"))
	if err != nil {
		return nil, err
	}
	if err := b.begin(); err != nil {
		return nil, err
	}
	for _, op := range pl.ops {
		if err := b.step(op); err != nil {
			return nil, err
		}
	}
	return pl.ops, nil
}

// readArgs reads a length and that many bytes, arguments separated by
// NUL.
func readArgs(sock *os.File) ([]string, error) {
	head := make([]byte, 4)
	if _, err := io.ReadFull(sock, head); err != nil {
		return nil, err
	}
	size := binary.BigEndian.Uint32(head)
	if size > maxPlan {
		return nil, fmt.Errorf("the launcher's arguments are %d bytes long", size)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(sock, data); err != nil {
		return nil, err
	}
	return strings.Split(string(data), "\x00"), nil
}

// placeFDs puts fds on 2, 3 and on, the places held for them (see
// [earlySlots]): each is first moved above them all, so that none is
// closed by another's move.
func placeFDs(fds []int) error {
	if len(fds) == 0 || len(fds) > earlySlots+1 {
		return fmt.Errorf("the launcher sent %d descriptors", len(fds))
	}
	end := 3 + earlySlots
	moved := make([]int, len(fds))
	for i, fd := range fds {
		m, err := unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, end)
		if err != nil {
			return err
		}
		unix.Close(fd)
		moved[i] = m
	}
	for i, m := range moved {
		if err := unix.Dup3(m, 2+i, 0); err != nil {
			return err
		}
		unix.Close(m)
	}
	// The places left over (the socket's too, when it was not one).
	if len(fds) <= earlySlots {
		return unix.CloseRange(uint(2+len(fds)), uint(2+earlySlots), 0)
	}
	return nil
}

// retry calls f again while it is interrupted by a signal.
func retry(f func() error) error {
	for {
		if err := f(); err != unix.EINTR {
			return err
		}
	}
}
