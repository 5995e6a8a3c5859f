package confine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/regularfile"
)

// ErrCannotConfine is wrapped by every error that says this machine
// cannot confine the command (no bubblewrap, no user namespaces, no
// fresh /proc); the command then does not run. It is [locate]'s, which
// the hook links instead of this package.
var ErrCannotConfine = locate.ErrCannotConfine

// LauncherName is the launcher's program name.
const LauncherName = locate.LauncherName

// Locate returns the launcher's absolute path, or why this machine
// cannot confine a call: [locate.Locate].
var Locate = locate.Locate

// ErrNoBubblewrap is wrapped, with [ErrCannotConfine], by the error of
// a machine without bubblewrap: installing it confines, where a
// bubblewrap that cannot set up its namespaces (inside another sandbox)
// leaves only a weaker [Fallback].
var ErrNoBubblewrap = errors.New("bubblewrap (bwrap) is not installed or not on the PATH")

// ErrNoNamespaces is wrapped, with [ErrCannotConfine], by the error of
// a machine whose bubblewrap cannot make its namespaces (a minimal
// sandbox fails too): the one case a [Fallback] is for.
var ErrNoNamespaces = errors.New("bubblewrap cannot set up its namespaces on this machine")

// namespacesWork runs bubblewrap's smallest sandbox with the namespaces
// and the fresh /proc the launcher's needs, nothing of the call's
// project in it: nil when it stands.
func namespacesWork(ctx context.Context, bwrap string, env []string) error {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bwrap, "--unshare-all", "--unshare-user", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--", "true")
	cmd.Env, cmd.Stderr = CleanEnv(env), &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return errors.New(msg)
		}
		return err
	}
	return nil
}

// Fallback is a weaker confinement the launcher uses where bubblewrap
// is installed but cannot set up its namespaces: Landlock, inside a
// harness's own sandbox that forbids them (internal/confine/landlock).
// It lives outside this package so that the hook, which links this
// package, never links it.
type Fallback interface {
	// Available says why the fallback cannot confine here, nil when it
	// can.
	Available() error
	// Describe says what it enforces and what it does not, for the note
	// the command's stderr gets.
	Describe() string
	// Run confines the launcher's own process by p and runs argv with
	// env as its child, returning its exit status; the launcher can do
	// nothing else afterwards.
	Run(p *Profile, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) (int, error)
}

// Launcher runs commands under a profile, in a sandbox it sets up itself
// where its program can be the sandbox's init ([HandleInit]) and the
// kernel allows, with bubblewrap where not. It never runs
// a command unconfined: when the sandbox cannot be set up, Run returns
// an error wrapping [ErrCannotConfine] or [ErrProfile] and the command
// has not run.
type Launcher struct {
	// Env is the environment of the call; variables that hold a secret
	// are removed before the command sees it (see [CleanEnv]). PATH in it
	// finds bwrap when Bwrap is empty.
	Env []string
	// Bwrap is bubblewrap's path; empty means found on Env's PATH.
	Bwrap string
	// Project is the call's project root, from which no program the
	// launcher runs on the host is taken (see [Launcher.program]).
	Project string
	// Stdin, Stdout and Stderr are the command's, passed through.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// StateDir is the user's governance state folder, which holds the
	// project's lock and the lists beside it (see [lockShared]); empty:
	// found from Env as the hook finds it.
	StateDir string
	// early is the sandbox's init started before the profile was built,
	// used when the launcher sets the sandbox up itself.
	early *earlyInit
	// checked are the indexes this launcher found holding no mask, by
	// git folder (see [Launcher.unstageLeftovers]).
	checked map[string]checkedIndex
}

// systemTree are the system folders every call sees read-only (or as
// the links they are).
var systemTree = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"}

// shim runs inside the sandbox, once it stands: it writes a byte to
// descriptor 3, the launcher's pipe, closes it and the n passed after it
// (the report files and the committed contents, 4 on), takes the
// command's standard streams from the three descriptors after them and
// runs the command, whose status it exits with.
//
// The streams come so, and not as bubblewrap's own, because bubblewrap's
// two processes that outlive the command (the one outside and the
// sandbox's init, which reaps the jobs the command leaves running) close
// every descriptor above 2 but keep 0 to 2: the call's output would stay
// open until the last job ended, and the call would hang on it.
//
// Unless the call runs in the background, a watcher reads the next
// descriptor, whose other end only the launcher holds: should the
// launcher die before the command ends (killed by the harness), the
// watcher reads its end and kills every process of the sandbox. Once the
// command has ended the watcher is stopped, and the jobs the command left
// survive the call, confined as it was (see [Launcher.Run]).
func shim(reports int, watch bool) []string {
	base := dataFD(watch)
	closing := "3>&-"
	for i := range reports {
		closing += " " + strconv.Itoa(base+i) + ">&-"
	}
	script := fmt.Sprintf(`printf x >&3 && exec %s 0<&4 1>&5 2>&6 4<&- 5>&- 6>&- || exit 125
`, closing)
	if watch {
		script += `{ read _ ; kill -9 -1; } <&7 >/dev/null 2>&1 &
w=$!
exec 7<&-
"$@"
s=$?
kill $w
exit $s`
	} else {
		script += `exec "$@"`
	}
	return []string{"/bin/sh", "-c", script, "sh"}
}

// dataFD is the first descriptor after the shim's own (3 the ready pipe,
// 4 to 6 the command's streams, 7 the launcher's life when watched): the
// report files, then the committed contents and the exclude files, which
// bubblewrap reads and closes. The shim closes the report files, and
// /bin/sh (dash) names no descriptor above 9: [Profile.Check] allows two
// report files at most.
func dataFD(watch bool) int {
	if watch {
		return 8
	}
	return 7
}

// Run runs argv under p and returns its exit status, with its standard
// streams passed through unchanged.
func (l *Launcher) Run(ctx context.Context, p *Profile, argv []string) (int, error) {
	if len(argv) == 0 {
		return 0, fmt.Errorf("%w: no command", ErrProfile)
	}
	if err := p.Check(); err != nil {
		return 0, err
	}
	if runtime.GOOS == "darwin" {
		return l.runSeatbelt(ctx, p, argv)
	}
	if runtime.GOOS != "linux" {
		return 0, fmt.Errorf("%w: confinement needs Linux and bubblewrap, or macOS", ErrCannotConfine)
	}
	// The launcher's own sandbox where this program can be its init and
	// the kernel lets it stand; bubblewrap where not (see sandbox_linux.go).
	if l.ownUsable() {
		code, err := l.run(ctx, p, argv, "")
		if !errors.Is(err, errOwnUnavailable) {
			return code, err
		}
	}
	bwrap, err := l.bwrap(p)
	if err != nil {
		return 0, err
	}
	return l.run(ctx, p, argv, bwrap)
}

// run runs argv under p in a sandbox of bubblewrap's, or of the
// launcher's own when bwrap is empty: then an error wrapping
// errOwnUnavailable says the machine cannot set it up, and the command
// has not run.
func (l *Launcher) run(ctx context.Context, p *Profile, argv []string, bwrap string) (int, error) {
	own := bwrap == ""
	// Caught from here on: a signal kills the sandbox, and what the
	// launcher made goes as when the command ends (see [interrupts]).
	intr := catchInterrupts()
	defer intr.stop()
	for _, s := range slices.Concat(p.Writable, p.ReadOnly) {
		if _, err := os.Stat(s); err != nil {
			return 0, fmt.Errorf("%w: %v", ErrProfile, err)
		}
	}
	if err := p.makeLayers(); err != nil {
		return 0, err
	}
	// Report files are opened here, never through a link and only when
	// the caller's own, and shown by descriptor: /tmp is shared, and a
	// name swapped for a link before bubblewrap binds it would show the
	// link's target writable.
	var reports []*os.File
	defer func() {
		for _, f := range reports {
			f.Close()
		}
	}()
	for _, r := range p.Report {
		f, err := os.OpenFile(r, os.O_WRONLY|os.O_CREATE|os.O_APPEND|syscallNoFollow, 0o600)
		if err != nil {
			return 0, fmt.Errorf("%w: report file: %v", ErrProfile, err)
		}
		reports = append(reports, f)
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || !ownedByMe(fi) {
			return 0, fmt.Errorf("%w: report file %s is not a file of the caller's own", ErrProfile, r)
		}
	}
	committed, ok, err := l.committedFiles(ctx, p)
	if err != nil {
		return 0, err
	}
	defer func() {
		for _, f := range committed {
			f.Close()
		}
	}()
	if !ok {
		// No git on the call's PATH: the masks stay empty.
		pc := *p
		pc.Committed = nil
		p = &pc
	}
	excluded, err := excludeFiles(p)
	if err != nil {
		return 0, err
	}
	defer func() {
		for _, f := range excluded {
			f.Close()
		}
	}()
	empty, err := emptyFile()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	// The placeholders of absent protected paths, and the folders that
	// hold them, are made on the host (in the project): made is what this
	// launcher made, removed when the call has ended, while no other call
	// in the project runs (whose placeholder a removal would unmount).
	lock := lockShared(p, l.stateDir(p))
	// The project's folder is locked too: the lock file may be removed by
	// a command outside the sandbox (the one in the temporary folder, or
	// a person's), and a launcher that then made a new one would take it
	// alone.
	var dirLock *os.File
	if lock != nil {
		dirLock = lockFolder(p.Writable[0])
	}
	defer func() {
		if lock != nil {
			lock.Close()
		}
		if dirLock != nil {
			dirLock.Close()
		}
	}()
	// What only a program started later reads is checked after the
	// call instead (see aftercall.go).
	chk := newAfterCall(p, l.Stderr)
	if lock != nil {
		l.removeLeftovers(lock, dirLock, p, chk)
	}
	ph := newPlaceholders()
	made, err := ph.makeParents(slices.Concat(p.Protected, p.Absent), p.Writable)
	// An exclude file shown by its data is a mount point bubblewrap makes
	// in the repository when there is none: made too, so that it goes,
	// where it can be (a harness's own sandbox may keep .git read-only).
	for _, x := range p.Excluded {
		if err == nil {
			if err = beneath(x.File, p.Writable); err == nil {
				m, _ := ph.makeParents([]string{x.File}, p.Writable)
				made = append(made, m...)
			}
		}
	}
	ph.close()
	// The unmade paths hold the placeholder git reads as none from before
	// the call, and it goes with the others (see Profile.Unmade).
	for _, u := range p.Unmade {
		if err == nil {
			err = beneath(u, p.Writable)
		}
		if err == nil {
			var ok bool
			if ok, err = dotFile(u); ok {
				made = append(made, u)
			}
		}
	}
	// initPid is the sandbox's init, once bubblewrap reports it: while it
	// runs, a job the command left may still create what a removed
	// placeholder no longer holds, so the placeholders are removed only
	// once it has ended, by a reaper when it outlives the command.
	initPid := 0
	// The note of the look below the call's folder this launcher owes,
	// left for the next should it be killed first (see [noteBelow]).
	belowNote := ""
	if lock != nil {
		defer func() {
			if pidfd := initAlive(initPid); pidfd != nil {
				defer pidfd.Close()
				// A job the command left runs on: what the call made is moved
				// aside now, not only once the job ends (a harness started
				// meanwhile would read it), and again then by the reaper,
				// which removes the note.
				held := heldIn(lock, p.Writable)
				chk.check(p.Checked, held)
				chk.below(p, held)
				l.reap(lock, pidfd, dirLock, p, made, chk, belowNote)
				return
			}
			held := heldIn(lock, p.Writable)
			chk.check(p.Checked, held)
			chk.below(p, held)
			removeBelowNote(lock, belowNote)
			l.removeMade(lock, dirLock, p, p.Writable, made, chk)
		}()
	} else {
		// No lock to hand a reaper: checked as the command ends.
		defer chk.below(p, nil)
		defer chk.check(p.Checked, nil)
	}
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrProfile, err)
	}
	// A mask the call staged is taken back out of the index as it ends;
	// by the next launcher, when this one is killed first (see
	// [Launcher.unstageLeftovers]).
	stamps := stampIndexes(p)
	if lock != nil {
		noteMade(lock, made, indexMarks(stamps))
		noteChecked(lock, p.Checked, chk.kept, chk.keptTo)
		belowNote = noteBelow(lock, p, chk)
	}
	if len(stamps) > 0 {
		defer l.unstageMasks(context.WithoutCancel(ctx), p, stamps)
	}
	closeInherited()
	ready, readyW, err := os.Pipe()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	defer ready.Close()
	std, err := l.streams()
	if err != nil {
		readyW.Close()
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	defer std.close()
	extra := slices.Concat([]*os.File{readyW}, std.child[:])
	// The launcher's life: the write end stays open in the launcher alone
	// (close-on-exec) until Run returns or the launcher dies.
	var life *os.File
	if !p.Background {
		lifeR, lifeW, err := os.Pipe()
		if err != nil {
			readyW.Close()
			return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
		}
		defer lifeW.Close()
		life = lifeR
		extra = append(extra, lifeR)
	}
	extra = slices.Concat(extra, reports, committed, excluded)
	// bubblewrap reports the sandbox's init (its pid on the host) here.
	info, infoW, err := os.Pipe()
	if err != nil {
		readyW.Close()
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	defer info.Close()
	infoArgs := []string{"--info-fd", strconv.Itoa(3 + len(extra))}
	extra = append(extra, infoW)
	// The sandbox's init holds the project's lock, shared, for as long
	// as the sandbox lives: a launcher killed (SIGKILL) while a job of its
	// call runs starts no reaper, and the next launcher must not take
	// that sandbox's placeholders away (see [removeLeftovers]). bubblewrap
	// keeps the descriptor in the init alone, not in the command.
	if lock != nil {
		if hold := holdLock(lock); hold != nil {
			defer hold.Close()
			infoArgs = append(infoArgs, "--sync-fd", strconv.Itoa(3+len(extra)))
			extra = append(extra, hold)
		}
	}
	// And a lock on the project's folder (bubblewrap's --lock-file, a
	// read lock of fcntl's the init takes and holds): the lock file may
	// be removed by a command outside the sandbox,
	// and a launcher that then made a new one would find no sandbox
	// holding it (see [sandboxHolds]).
	if dirLock != nil && folderLockable(dirLock) {
		infoArgs = append(infoArgs, "--lock-file", p.Writable[0])
	}

	var cmd *exec.Cmd
	if own {
		// The init does the shim's work itself.
		cmd, err = ownCommand(slices.Concat(l.Args(p, empty), LinkArgs(p), infoArgs, []string{"--"}, argv), !p.Background)
		if err != nil {
			readyW.Close()
			infoW.Close()
			return 0, fmt.Errorf("%w: %v", ErrProfile, err)
		}
	} else {
		args := slices.Concat(l.Args(p, empty), infoArgs, []string{"--"}, shim(len(reports), !p.Background), argv)
		cmd = exec.CommandContext(ctx, bwrap, args...)
		// A process group of its own, which a refusal kills whole: a
		// sandbox's init left behind by a failed setup holds the pipe open.
		cmd.SysProcAttr = ownGroup()
	}
	// The environment goes to bwrap as its own, never as --setenv words
	// a process listing would show.
	cmd.Env = l.early.cleanEnv(l.Env)
	// bubblewrap's own stdin and stdout are /dev/null, its stderr a pipe
	// read until the command ends (its messages when the sandbox cannot
	// stand); the command's streams reach the shim as descriptors.
	cmd.Stderr = std.bwrapW
	cmd.ExtraFiles = extra
	watch := watchMasks(p)
	if sig := intr.caught(); sig != 0 {
		readyW.Close()
		infoW.Close()
		return 128 + sig, nil
	}
	if p.Network && (own || !setuidFile(bwrap)) {
		// The host's network comes with its abstract Unix sockets: out of
		// the sandbox's reach where the kernel can (see
		// [scopeAbstractSockets]; docs/confinement.md says where not).
		scopeAbstractSockets()
	}
	// The init started early, when there is one for this sandbox, is
	// handed it; else the init starts now.
	started := false
	if own {
		if c := l.early.take(cmd, std.bwrapW); c != nil {
			cmd, started = c, true
		}
	} else {
		NonDumpable()
	}
	if !started {
		err = cmd.Start()
	}
	// The launcher's descriptors (its terminal) are no command's to
	// reopen through /proc (see [NonDumpable]); the init's maps are
	// written by now.
	NonDumpable()
	readyW.Close()
	infoW.Close()
	std.started()
	if life != nil {
		life.Close()
	}
	if err != nil && own {
		// No namespaces for this process here.
		return 0, fmt.Errorf("%w: %v", errOwnUnavailable, err)
	}
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	// bubblewrap writes the init's pid as the sandbox starts: read now, a
	// signal that comes meanwhile kills it.
	initc := make(chan int, 1)
	go func() { initc <- readInitPid(info) }()
	intr.kill(cmd.Process.Pid, initc)
	if own {
		return l.waitOwn(ctx, cmd, ready, std, intr, initc, &initPid, watch)
	}
	waitErr := cmd.Wait()
	initPid = intr.initPid(initc)
	if sig := intr.caught(); sig != 0 {
		std.wait(100 * time.Millisecond)
		std.bwrapDone(false)
		return 128 + sig, nil
	}
	// Output copied into buffers waits a second at most for a job left
	// holding it.
	std.wait(time.Second)
	// bubblewrap reports its child's pid before it sets the sandbox up,
	// and exits 1 when a step fails, as a command may: only the shim,
	// run once the sandbox stands, tells the two apart. Its byte was
	// written before the command ran, so it is in the pipe by now; a
	// process left behind may hold the pipe open, so no end of file is
	// waited for.
	ready.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	var b [1]byte
	n, _ := io.ReadFull(ready, b[:])
	std.bwrapDone(n != 1)
	if n != 1 {
		killGroup(cmd.Process.Pid)
		// Only a machine whose bubblewrap makes no namespaces at all
		// (inside another sandbox) may leave a weaker fallback: a
		// sandbox that fails on what this call's project holds (a link
		// where a mount point goes) is refused, since a call could
		// otherwise plant what makes every later call fall back.
		if nsErr := namespacesWork(ctx, bwrap, l.Env); nsErr != nil {
			return 0, fmt.Errorf("%w: %w: bubblewrap could not set up the sandbox (%v; its message is above)", ErrCannotConfine, ErrNoNamespaces, nsErr)
		}
		return 0, fmt.Errorf("%w: the profile cannot be applied: bubblewrap's namespaces work on this machine, but a mount of this call failed: %s", ErrProfile, strings.TrimSpace(std.bwrapMsg.String()))
	}
	if cmd.ProcessState == nil {
		return 0, waitErr
	}
	if l.Stderr != nil {
		watch.report(l.Stderr)
	}
	// The command's status, also when a job it left holds its output.
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code, nil
	}
	return 128 + signalOf(cmd.ProcessState), nil
}

// waitOwn waits for the command of the launcher's own sandbox, whose
// init reports on the ready pipe that the sandbox stands, then the
// command's status; it stays to reap the jobs the command left.
func (l *Launcher) waitOwn(ctx context.Context, cmd *exec.Cmd, ready *os.File, std *streams, intr *interrupts, initc chan int, initPid *int, watch *halfway) (int, error) {
	pid := cmd.Process.Pid
	stop := context.AfterFunc(ctx, func() { killInit(pid) })
	defer stop()
	stood, code, ok, done := readOwnStatus(ready)
	if !done {
		// A job left may still run: the placeholders wait for the init.
		*initPid = pid
	}
	if sig := intr.caught(); sig != 0 {
		std.wait(100 * time.Millisecond)
		std.bwrapDone(false)
		return 128 + sig, nil
	}
	if !stood {
		cmd.Wait()
		killGroup(pid)
		if err := ownWorks(); err != nil {
			// Not this call's doing: bubblewrap, or the fallback, instead.
			std.stderr = nil
			std.bwrapDone(true)
			return 0, fmt.Errorf("%w: %v", errOwnUnavailable, err)
		}
		std.bwrapDone(true)
		return 0, fmt.Errorf("%w: the profile cannot be applied: the launcher's sandbox works on this machine, but a mount of this call failed: %s", ErrProfile, strings.TrimSpace(std.bwrapMsg.String()))
	}
	if !ok {
		// The init ended before the command did: killed.
		cmd.Wait()
		code = cmd.ProcessState.ExitCode()
		if code < 0 {
			code = 128 + signalOf(cmd.ProcessState)
		}
	}
	std.wait(time.Second)
	std.bwrapDone(false)
	if l.Stderr != nil {
		watch.report(l.Stderr)
	}
	return code, nil
}

// streams are the command's standard streams as descriptors, and
// bubblewrap's own standard error.
type streams struct {
	// child are the ends the command gets: stdin, stdout, stderr.
	child [3]*os.File
	// mine are the launcher's ends of the pipes made for streams that
	// are not files, closed when Run returns; theirs the command's ends,
	// closed once it started.
	mine, theirs []*os.File
	// copies end when an output pipe reaches its end.
	copies []chan struct{}
	// A terminal's relay ends with the call (see terminal.go): stopIn
	// stops copying what is typed, relayed are the ends of the pipes
	// copied out to it, closed then.
	stopIn  func()
	relayed []*os.File
	// bwrapW is bubblewrap's standard error, collected in bwrapMsg by
	// the goroutine that closes bwrapEnd and written to stderr after.
	bwrapR, bwrapW *os.File
	bwrapMsg       bytes.Buffer
	bwrapEnd       chan struct{}
	stderr         io.Writer
}

// streams makes the command's standard streams: a file is passed as it
// is, a terminal or anything else through a pipe copied by a goroutine
// (see terminal.go), nothing as /dev/null.
func (l *Launcher) streams() (*streams, error) {
	s := &streams{}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	s.mine = append(s.mine, null)
	switch in := l.Stdin.(type) {
	case nil:
		s.child[0] = null
	case *os.File:
		if !isTerminal(in) {
			s.child[0] = in
			break
		}
		r, w, err := os.Pipe()
		if err == nil {
			s.child[0] = r
			s.mine, s.theirs = append(s.mine, w), append(s.theirs, r)
			s.stopIn, err = relayIn(in, w)
		}
		if err != nil {
			s.close()
			return nil, err
		}
	default:
		r, w, err := os.Pipe()
		if err != nil {
			s.close()
			return nil, err
		}
		s.child[0] = r
		s.mine, s.theirs = append(s.mine, w), append(s.theirs, r)
		// Not waited for: it may block reading the caller's input.
		go func() { io.Copy(w, in); w.Close() }()
	}
	for i, out := range []io.Writer{l.Stdout, l.Stderr} {
		if f, ok := out.(*os.File); ok && isTerminal(f) {
			out = terminalOut{f}
		}
		switch f := out.(type) {
		case nil:
			s.child[1+i] = null
		case *os.File:
			s.child[1+i] = f
		default:
			if i == 1 && (sameWriter(l.Stdout, l.Stderr) || sameTerminal(l.Stdout, l.Stderr)) {
				// One pipe, as os/exec does: two copies into one writer
				// would race (and into one terminal mix the order).
				s.child[2] = s.child[1]
				continue
			}
			r, w, err := os.Pipe()
			if err != nil {
				s.close()
				return nil, err
			}
			s.child[1+i] = w
			s.mine, s.theirs = append(s.mine, r), append(s.theirs, w)
			if _, ok := out.(terminalOut); ok {
				s.relayed = append(s.relayed, r)
			}
			done := make(chan struct{})
			s.copies = append(s.copies, done)
			go func() { io.Copy(out, r); close(done) }()
		}
	}
	if s.bwrapR, s.bwrapW, err = os.Pipe(); err != nil {
		s.close()
		return nil, err
	}
	s.mine = append(s.mine, s.bwrapR)
	s.bwrapEnd, s.stderr = make(chan struct{}), l.Stderr
	go func() { io.Copy(&s.bwrapMsg, s.bwrapR); close(s.bwrapEnd) }()
	return s, nil
}

// sameWriter reports a and b the same writer; values that cannot be
// compared are not.
func sameWriter(a, b io.Writer) (same bool) {
	defer func() { recover() }()
	return a == b
}

// started closes the command's ends of the pipes, now that it holds
// them.
func (s *streams) started() {
	for _, f := range s.theirs {
		f.Close()
	}
	s.theirs = nil
	s.bwrapW.Close()
}

// wait waits at most d for the output pipes to reach their end: a job
// the command left running may hold them. The command has ended: a
// terminal's relay ends now, what is typed next is not its.
func (s *streams) wait(d time.Duration) {
	if s.stopIn != nil {
		s.stopIn()
	}
	defer s.endRelays()
	deadline := time.After(d)
	for _, done := range s.copies {
		select {
		case <-done:
		case <-deadline:
			return
		}
	}
}

// endRelays ends the copies to a terminal: a job left holding the pipes
// writes to no one.
func (s *streams) endRelays() {
	for _, r := range s.relayed {
		r.Close()
	}
}

// bwrapDone stops copying bubblewrap's standard error: the sandbox's
// init holds it while jobs run, so its end is not waited for, unless the
// sandbox failed to stand (then bubblewrap's message is all there is, and
// nothing holds it long).
func (s *streams) bwrapDone(failed bool) {
	d := time.Duration(0)
	if failed {
		d = time.Second
	}
	s.bwrapR.SetReadDeadline(time.Now().Add(d))
	<-s.bwrapEnd
	if s.stderr != nil {
		s.stderr.Write(s.bwrapMsg.Bytes())
	}
}

func (s *streams) close() {
	if s.stopIn != nil {
		s.stopIn()
	}
	for _, f := range slices.Concat(s.mine, s.theirs) {
		f.Close()
	}
	if s.bwrapW != nil {
		s.bwrapW.Close()
	}
}

// Command returns bubblewrap's command that runs argv under p, not yet
// started, for a caller that owns the process (the MCP proxy runs its
// servers so): its standard streams, directory and process attributes
// are the caller's to set. Its environment is Env without secrets; a
// caller adds what a person configured for it. A sandbox that cannot
// be set up ends with bubblewrap's message and status 1 before the
// command runs; a profile with report files is refused (they need
// [Launcher.Run]).
func (l *Launcher) Command(p *Profile, argv []string) (*exec.Cmd, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("%w: no command", ErrProfile)
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	if len(p.Report) > 0 {
		return nil, fmt.Errorf("%w: report files need the launcher to run the command", ErrProfile)
	}
	if runtime.GOOS != "linux" {
		return nil, fmt.Errorf("%w: confinement needs Linux and bubblewrap", ErrCannotConfine)
	}
	bwrap, err := l.bwrap(p)
	if err != nil {
		return nil, err
	}
	for _, s := range slices.Concat(p.Writable, p.ReadOnly) {
		if _, err := os.Stat(s); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrProfile, err)
		}
	}
	if err := p.makeLayers(); err != nil {
		return nil, err
	}
	empty, err := emptyFile()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	closeInherited()
	args := l.Args(p, empty)
	if !p.Background {
		// A server dies with its caller; it leaves no jobs to keep.
		args = append(args, "--die-with-parent")
	}
	cmd := exec.Command(bwrap, slices.Concat(args, []string{"--"}, argv)...)
	cmd.Env = CleanEnv(l.Env)
	return cmd, nil
}

// makeLayers makes the backing folders of p's layers, the caller's own
// and private to it. A layer whose folder cannot be made, or is not the
// caller's own (root running a call in another user's home folder), is
// left out: the cache is then not shown, and the tool starts an empty one
// in the call's empty home folder, thrown away with it.
func (p *Profile) makeLayers() error {
	p.Layers = slices.DeleteFunc(p.Layers, func(l Layer) bool {
		if err := os.MkdirAll(l.Backing, 0o700); err != nil {
			return true
		}
		fi, err := os.Lstat(l.Backing)
		return err != nil || !fi.IsDir() || !ownedByMe(fi)
	})
	return nil
}

// sandboxExec is macOS's Seatbelt launcher.
const sandboxExec = "/usr/bin/sandbox-exec"

// runSeatbelt runs argv under p's Seatbelt profile with sandbox-exec
// (macOS). sandbox-exec applies the profile before it runs the command
// and fails without running it when the profile does not compile. Not
// proven here: the tests check the generated profile
// against golden files on every system and compile it on a Mac.
func (l *Launcher) runSeatbelt(ctx context.Context, p *Profile, argv []string) (int, error) {
	if _, err := os.Stat(sandboxExec); err != nil {
		return 0, fmt.Errorf("%w: %s is missing", ErrCannotConfine, sandboxExec)
	}
	cmd := exec.CommandContext(ctx, sandboxExec, slices.Concat([]string{"-p", p.resolved().Seatbelt(), "--"}, argv)...)
	cmd.Env = CleanEnv(l.Env)
	cmd.Dir = p.Cwd
	cmd.Stdin, cmd.Stdout, cmd.Stderr = l.Stdin, l.Stdout, l.Stderr
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code, nil
	}
	return 128 + signalOf(cmd.ProcessState), nil
}

// resolved returns a copy of p with the links in its paths resolved:
// Seatbelt matches the paths the kernel resolved (/tmp is
// /private/tmp on macOS), never a link's name.
func (p *Profile) resolved() *Profile {
	r := *p
	res := func(list []string) []string {
		out := make([]string, len(list))
		for i, s := range list {
			out[i] = resolvePath(s)
		}
		return out
	}
	r.ReadOnly, r.Writable, r.Protected, r.Masked, r.Report = res(p.ReadOnly), res(p.Writable), res(p.Protected), res(p.Masked), res(p.Report)
	r.Absent = res(p.Absent)
	if p.Home != "" {
		r.Home = res([]string{p.Home})[0]
	}
	return &r
}

// pinned names s, beneath one of the writable folders, by the folders
// it is in as they are now, its last name as it is (see Launcher.Args).
func pinned(s string, writable []string) string {
	top := nearest(s, writable)
	if top == "" {
		return s
	}
	return filepath.Join(resolvedBeneathTop(filepath.Dir(s), top), filepath.Base(s))
}

// resolvedBeneath is s, beneath one of the writable folders, with its
// links resolved, its last name's too (a folder shown read-only in the
// project, as bubblewrap would follow it); s when beneath none.
func resolvedBeneath(s string, writable []string) string {
	top := nearest(s, writable)
	if top == "" {
		return s
	}
	return resolvedBeneathTop(s, top)
}

// resolvedBeneathTop resolves the links of dir, beneath top, named from
// top when it stays beneath it.
func resolvedBeneathTop(dir, top string) string {
	if rel, err := filepath.Rel(top, dir); err == nil && linkFree(top, rel) {
		// The usual case, in two system calls where resolving takes a
		// look at each name of both paths.
		return dir
	}
	rdir, rtop := resolvePath(dir), resolvePath(top)
	if rel, err := filepath.Rel(rtop, rdir); err == nil && inside(rdir, rtop) {
		return filepath.Join(top, rel)
	}
	return rdir
}

// nearest returns the folder of dirs nearest above p, p not included:
// "" for none.
func nearest(p string, dirs []string) string {
	top := ""
	for _, d := range dirs {
		if len(d) > len(top) && d != p && inside(p, d) {
			top = d
		}
	}
	return top
}

// resolvePath resolves the links of the longest prefix of p that exists.
func resolvePath(p string) string {
	if t, err := filepath.EvalSymlinks(p); err == nil {
		return t
	}
	dir := filepath.Dir(p)
	if dir == p {
		return p
	}
	return filepath.Join(resolvePath(dir), filepath.Base(p))
}

// emptyFile returns the empty read-only file that masks secret files:
// one per user in the temporary folder, made once and kept (a launcher
// killed before it could remove a file of its own would leave it behind).
// A file of that name that is not the user's own empty regular file is
// not used: a new one is made.
func emptyFile() (string, error) {
	p := filepath.Join(os.TempDir(), "governance-confine-empty-"+strconv.Itoa(os.Geteuid()))
	for range 3 {
		fi, err := os.Lstat(p)
		switch {
		case err == nil && fi.Mode().IsRegular() && fi.Size() == 0 && fi.Mode().Perm()&0o222 == 0 && ownedByMe(fi):
			return p, nil
		case err == nil:
			// Someone else's, or changed: a name of its own, made anew.
			p += "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
			continue
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscallNoFollow, 0o444)
		if errors.Is(err, fs.ErrExist) {
			// Another launcher made it first.
			continue
		}
		if err != nil {
			return "", err
		}
		return p, f.Close()
	}
	return "", fmt.Errorf("no empty file of the user's own in %s", os.TempDir())
}

// bwrap finds bubblewrap, for the call of profile p (nil for none).
func (l *Launcher) bwrap(p *Profile) (string, error) {
	if l.Bwrap != "" {
		return l.Bwrap, nil
	}
	if b := l.program(p, "bwrap"); b != "" {
		return b, nil
	}
	return "", fmt.Errorf("%w: %w (Debian and Ubuntu: apt-get install bubblewrap)", ErrCannotConfine, ErrNoBubblewrap)
}

// program finds the program name that the launcher runs on the host,
// outside the sandbox, on Env's PATH: only in a folder that neither the
// call of profile p (nil for none) may write, nor any other confined
// call (the project, the caches' layers, the temporary folders), lest a
// bwrap or git planted in an activated .venv/bin run unconfined.
func (l *Launcher) program(p *Profile, name string) string {
	var writable []string
	if p != nil {
		writable = append([]string{p.Cwd}, p.Writable...)
		for _, ly := range p.Layers {
			writable = append(writable, ly.Backing)
		}
	}
	return locate.Program(envPath(l.Env), name, locate.Untrusted(l.Project, envGet(l.Env), writable...))
}

// Args returns bubblewrap's arguments for p, up to the command: empty is
// an empty read-only file that masks secret files. Report file i is
// passed as descriptor dataFD+i, the content of p.Committed[j] after them,
// then that of p.Excluded[k].
//
// The tree is built from an allow-list: the system folders read-only, a
// fresh /proc and /dev, a private /tmp, an empty home folder, then what
// the profile shows, the protected set read-only again, and the masks
// last, since a later mount covers an earlier one. Sockets (/run, the
// state folder, /tmp/.X11-unix) are left out: a read-only mount does not
// stop connect().
func (l *Launcher) Args(p *Profile, empty string) []string {
	args := systemArgs(p.Network)
	if p.Network {
		// A resolver named through /run (systemd-resolved) is shown.
		if t, err := filepath.EvalSymlinks("/etc/resolv.conf"); err == nil && inside(t, "/run") {
			args = append(args, "--ro-bind", t, t)
		}
	}
	writable := slices.Clone(p.Writable)
	for _, l := range p.Layers {
		writable = append(writable, l.Path)
	}
	// A path beneath a writable folder is named by the folders it is in
	// as they are now (a .git that is a link to .repo: .repo/hooks), its
	// last name as it is: the launcher's own sandbox resolves no link
	// beneath a writable folder, where a call could have swapped a folder
	// for one after this check (see builder.open).
	// lstatMask is os.Lstat of a secret's path, in one look through no
	// link beneath the writable folder it is in, if any: linked when a
	// folder on the way is a link.
	lstatMask := func(s string) (os.FileInfo, bool, error) {
		if top := nearest(s, writable); top != "" {
			rel, _ := filepath.Rel(top, s)
			return lstatBeneath(top, rel)
		}
		fi, err := os.Lstat(s)
		return fi, false, err
	}
	// The writable folder itself keeps its name (a project reached
	// through a link is shown there).
	pin := func(s string) string { return pinned(s, writable) }
	if p.Home != "" {
		args = append(args, "--tmpfs", p.Home)
	}
	for _, s := range p.ReadOnly {
		s = resolvedBeneath(s, writable)
		args = append(args, "--ro-bind", s, s)
	}
	for _, s := range p.Writable {
		args = append(args, "--bind", s, s)
	}
	for _, s := range p.Stores {
		s = resolvedBeneath(s, writable)
		args = append(args, "--ro-bind-try", s, s)
	}
	for _, l := range p.Layers {
		args = append(args, "--bind", l.Backing, l.Path)
	}
	for i, s := range p.Report {
		// The launcher passes report file i as descriptor dataFD+i.
		args = append(args, "--bind", "/proc/self/fd/"+strconv.Itoa(dataFD(!p.Background)+i), pin(s))
	}
	if p.Kind == ReadOnly && p.Home != "" {
		args = append(args, "--remount-ro", p.Home)
	}
	// A folder that holds a protected path is a mount point of its own: a
	// folder that holds a mount can be renamed away (mv .git .old, then a
	// new .git with a hook in it), a mount point cannot.
	for _, a := range p.anchors() {
		a = pin(a)
		if fi, err := os.Lstat(a); err == nil && fi.IsDir() {
			args = append(args, "--bind", a, a)
		}
	}
	// The protected set read-only; a protected path that does not exist
	// is an empty read-only file, which the call cannot replace, nor make
	// a folder or file in (bubblewrap makes the mount point, which the
	// launcher removes after the call). A folder's name (.gemini,
	// .git/hooks) gets a file too: made and removed on the host, an empty
	// file costs a tenth of what a folder does (a folder's block is
	// allocated and freed), and a harness that reads it meanwhile finds
	// no settings in either. governance's own folder is the exception: a
	// .governance that is a file breaks the project's policy, and every
	// decision made meanwhile (or after a killed launcher left it) would
	// deny; an empty folder is no configuration. So is .git: git takes a
	// .git file for a pointer and stops at one it cannot read, where it
	// passes over an empty folder to the repository above, if any.
	for _, s := range slices.Concat(p.Protected, p.Absent) {
		s = pin(s)
		fi, err := os.Lstat(s)
		switch {
		case err != nil && placeholderFolder(s):
			args = append(args, "--tmpfs", s, "--remount-ro", s)
		case err != nil:
			args = append(args, "--ro-bind", empty, s)
		case fi.Mode()&os.ModeSymlink == 0:
			args = append(args, "--ro-bind", s, s)
		default:
			// A link (.claude leading to a folder of the project): what it
			// leads to, where the call could write it, is read-only. Only
			// there: a target outside would be shown. The link itself can
			// be no mount point.
			if t, err := filepath.EvalSymlinks(s); err == nil && insideAny(t, p.Writable) && !slices.Contains(p.Writable, t) {
				args = append(args, "--ro-bind", t, t)
			}
		}
	}
	for _, s := range p.Unmade {
		// The placeholder [Launcher.Run] made, read-only: none where the
		// call cannot make the path either (a read-only .git).
		s = pin(s)
		if fi, err := os.Lstat(s); err == nil && fi.Mode().IsRegular() {
			args = append(args, "--ro-bind", s, s)
		}
	}
	for _, s := range p.Masked {
		// A mask's path as the scan found it, through no link: the
		// launcher's own sandbox refuses the call if a folder on the way
		// is one now (bubblewrap follows it).
		fi, linked, err := lstatMask(s)
		j := slices.IndexFunc(p.Committed, func(c Committed) bool { return c.Path == s })
		switch {
		case linked:
			// A folder the scan found on the way is a link now, swapped by
			// a job of an earlier call: a secret it holds may be back by
			// the time the sandbox is built. The mask stays planned. What
			// remains: a folder exchanged for another folder without the
			// secret looks like a secret deleted (no mask), and a secret
			// whose folder was a link at the scan is in no list.
			args = append(args, "--ro-bind", empty, s)
		case err != nil || fi.Mode()&os.ModeSymlink != 0:
			// A link leads to what is masked or not shown.
		case !insideAny(s, writable) && closedToMe(s, fi):
			// A secret the caller itself cannot read (/etc/shadow, to
			// anyone but root), in a folder the call cannot write: the call,
			// the same user with no capability, cannot read it either, nor
			// make it readable; a mask would cost a mount.
		case fi.IsDir():
			args = append(args, "--tmpfs", s, "--remount-ro", s)
		case j >= 0:
			// A file git tracks, as the index holds it.
			perms := "0444"
			if p.Committed[j].Executable {
				perms = "0555"
			}
			args = append(args, "--perms", perms, "--ro-bind-data", strconv.Itoa(dataFD(!p.Background)+len(p.Report)+j), s)
		default:
			args = append(args, "--ro-bind", empty, s)
		}
	}
	for k, x := range p.Excluded {
		args = append(args, "--perms", "0444", "--ro-bind-data", strconv.Itoa(dataFD(!p.Background)+len(p.Report)+len(p.Committed)+k), pin(x.File))
	}
	return append(args, "--chdir", p.Cwd)
}

// systemArgs are the first of bubblewrap's arguments for a profile, the
// same for every call on this machine but for the network: the
// namespaces, the system folders read-only (or the links they are), a
// fresh /proc and /dev, empty temporary folders. The launcher's own
// sandbox's init started early sets them up before the rest is known.
func systemArgs(network bool) []string {
	// A user namespace of its own in every case (as root too, so that the
	// call is not root on the host), in which no further one may be made:
	// each is a new set of capabilities over the kernel's surface.
	args := []string{"--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL", "--new-session"}
	if network {
		args = append(args, "--share-net")
	}
	for _, s := range systemTree {
		fi, err := os.Lstat(s)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if t, err := os.Readlink(s); err == nil {
				args = append(args, "--symlink", t, s)
			}
		case fi.IsDir():
			args = append(args, "--ro-bind", s, s)
		}
	}
	return append(args, "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/var/tmp")
}

// LinkArgs returns the steps, the launcher's own sandbox's alone, that
// keep each protected path that is a link beneath a writable folder
// (.git/hooks leading to ../githooks, .claude to a folder of the
// project) as it is: the link itself a read-only mount point, which a
// call can neither remove nor replace with a folder of its own.
// bubblewrap cannot mount on a link: under it such a link can still be
// replaced (docs/confinement.md).
func LinkArgs(p *Profile) []string {
	writable := slices.Clone(p.Writable)
	for _, l := range p.Layers {
		writable = append(writable, l.Path)
	}
	var args []string
	for _, s := range slices.Concat(p.Protected, p.Absent) {
		if nearest(s, writable) == "" {
			continue
		}
		s = pinned(s, writable)
		if fi, err := os.Lstat(s); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			args = append(args, "--ro-bind-link", s)
		}
	}
	return args
}

// CleanEnv returns env without the variables whose names say they hold a
// secret, as the analysis judges reads of them, and those whose values
// hold a credential the analysis recognises (GH=ghp_..., a key, a URL
// with its password).
func CleanEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		if !engine.SecretEnv(name) && engine.ValueCredential(value) == "" {
			out = append(out, kv)
		}
	}
	return out
}

// anchors are the folders strictly between a writable folder and a
// protected path in it, shallowest first.
func (p *Profile) anchors() []string {
	var out []string
	for _, x := range slices.Concat(p.Protected, p.Absent, p.Unmade) {
		for d := filepath.Dir(x); d != "/" && insideAny(d, p.Writable) && !slices.Contains(p.Writable, d); d = filepath.Dir(d) {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return strings.Count(a, "/") - strings.Count(b, "/") })
	return out
}

// placeholderFolder reports a protected name whose placeholder is an
// empty folder (see Launcher.Args).
func placeholderFolder(p string) bool {
	b := filepath.Base(p)
	return b == ".governance" || b == ".git"
}

// placeholders makes the mount points of absent paths' placeholders.
// The empty files of one call are names of one file, the first it made:
// a name costs the file system less than a file, whose inode ext4
// without a journal finds only after skipping every inode freed in the
// last half minute (the placeholders of the calls before), which cost
// the launcher milliseconds a call in a project confined calls run in
// one after another. A file something was written into stays (see
// [removeBeneath]); the names of one file all stay then.
type placeholders struct {
	// first is the first empty file made, open; nil before.
	first *os.File
}

func newPlaceholders() *placeholders { return &placeholders{} }

// close closes the first file.
func (ph *placeholders) close() {
	if ph.first != nil {
		ph.first.Close()
		ph.first = nil
	}
}

// make makes the mount point of an absent path's placeholder, never
// through a link; an error leaves it to bubblewrap.
func (ph *placeholders) make(p string) error {
	if placeholderFolder(p) {
		if err := os.Mkdir(p, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		return nil
	}
	if ph.first != nil {
		// The file by its descriptor: its first name may have been
		// renamed or replaced meanwhile.
		err := linkFD(int(ph.first.Fd()), p)
		if err == nil || errors.Is(err, fs.ErrExist) {
			return nil
		}
	}
	// A descriptor of syscall's, not an os.File: one costs four more
	// calls, made to try the file with the poller.
	fd, err := syscall.Open(p, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscallNoFollow|syscall.O_CLOEXEC, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if ph.first == nil {
		ph.first = os.NewFile(uintptr(fd), p)
		return nil
	}
	return syscall.Close(fd)
}

// makeParents makes the missing folders that hold the paths that do not
// exist, and the paths themselves as the mount points of their
// placeholders (an empty folder for placeholderFolder's names, an empty
// file for the rest), and returns them, shallowest first. The launcher
// makes them as the caller, not bubblewrap inside the user namespace:
// there root may not write a folder another user owns, whose uid the
// namespace does not map. A path whose nearest existing
// folder is reached through a link out of the writable folders (.git a
// link to elsewhere) is refused: neither the launcher nor bubblewrap
// makes anything there.
func (ph *placeholders) makeParents(paths, writable []string) ([]string, error) {
	var made []string
	real := realPaths{}
	for _, x := range paths {
		if _, err := os.Lstat(x); err == nil {
			continue
		}
		if err := real.beneath(x, writable); err != nil {
			return made, err
		}
		var missing []string
		for d := x; d != "/"; d = filepath.Dir(d) {
			if _, err := os.Lstat(d); err == nil {
				break
			}
			missing = append(missing, d)
		}
		slices.Reverse(missing)
		for _, d := range missing[:len(missing)-1] {
			if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return made, err
			}
		}
		for _, d := range missing[:len(missing)-1] {
			if !slices.Contains(made, d) {
				made = append(made, d)
			}
		}
		// Where the launcher cannot make it (a harness's own sandbox keeps
		// .git read-only), bubblewrap may; where neither can, the sandbox
		// does not stand, and the fallback or a refusal follows.
		ph.make(x)
		if !slices.Contains(made, x) {
			made = append(made, x)
		}
	}
	return made, nil
}

// beneath reports an error unless the nearest existing folder above
// path resolves, links followed, inside one of the writable folders (or
// where one of them resolves to): what is made at path is made there.
func beneath(path string, writable []string) error {
	return realPaths(nil).beneath(path, writable)
}

// realPaths keeps what filepath.EvalSymlinks said of a path while the
// launcher makes the placeholders, which asks it of the same folders (the
// project, the folders above it) for each; nil keeps nothing.
type realPaths map[string]realPath

type realPath struct {
	path string
	err  error
}

func (r realPaths) eval(p string) (string, error) {
	if r == nil {
		return filepath.EvalSymlinks(p)
	}
	if v, ok := r[p]; ok {
		return v.path, v.err
	}
	v, err := filepath.EvalSymlinks(p)
	r[p] = realPath{v, err}
	return v, err
}

// beneath is [beneath], with r's links.
func (r realPaths) beneath(path string, writable []string) error {
	if !insideAny(path, writable) {
		// Not the call's to make: bubblewrap makes no mount point there.
		return nil
	}
	d := filepath.Dir(path)
	for d != "/" && !exists(d) {
		d = filepath.Dir(d)
	}
	real, err := r.eval(d)
	if err == nil {
		for _, w := range writable {
			rw, werr := r.eval(w)
			if inside(real, w) || werr == nil && inside(real, rw) {
				return nil
			}
		}
	}
	return fmt.Errorf("%s is reached through a link that leads out of the project; remove the link (a .git link to a missing or outside folder), then run the command again", path)
}

// readInitPid reads the pid of the sandbox's init from bubblewrap's info
// descriptor ({"child-pid": N}), written before the command ran; 0 when
// there is none (bubblewrap ended first).
func readInitPid(info *os.File) int {
	var v struct {
		Pid int `json:"child-pid"`
	}
	if json.NewDecoder(info).Decode(&v) != nil {
		return 0
	}
	return v.Pid
}

// ReapEnv names the variable that makes governance-confine a reaper: it
// waits for the sandbox's init (a pidfd, descriptor 4) to end, then
// removes the placeholders its arguments name, under the project's lock
// (descriptor 3), which it holds shared until then.
const ReapEnv = "GOVERNANCE_CONFINE_REAP"

// reap hands the removal of the placeholders to a reaper, started apart
// from the harness (a session of its own), when a job outlives the
// command. A launcher that cannot start one leaves them: a placeholder
// left is an empty folder or file, where a removed one would let the job
// create the protected path.
func (l *Launcher) reap(lock, pidfd, dirLock *os.File, p *Profile, made []string, chk *afterCall, belowNote string) {
	kept, since := chk.kept, chk.since
	writable, untracked := p.Writable, p.Untracked
	exe := os.Args[0]
	if !strings.Contains(exe, "/") {
		var err error
		if exe, err = os.Executable(); err != nil {
			return
		}
	}
	var args []string
	for _, w := range writable {
		args = append(args, "--writable", w)
	}
	// The masks a job stages after the command ended are taken out of
	// the index once the jobs have ended too (see unstageMasks).
	if len(untracked) > 0 {
		if data, err := json.Marshal(untracked); err == nil {
			args = append(args, "--untracked", string(data))
		}
	}
	// And what only a program started later reads is checked then.
	if len(p.Checked) > 0 {
		args = append(args, "--quarantine", p.Quarantine)
		for _, c := range p.Checked {
			args = append(args, "--checked", c)
		}
		for _, k := range kept {
			args = append(args, "--kept", k)
		}
		if data, err := json.Marshal(chk.keptTo); err == nil && len(chk.keptTo) > 0 {
			args = append(args, "--kept-to", string(data))
		}
		args = append(args, "--since", strconv.FormatInt(since, 10))
	}
	extra := []*os.File{lock, pidfd}
	if dirLock != nil {
		extra = append(extra, dirLock)
	}
	// And the folders the look below the call's folder starts from, as
	// they were before the call, by a descriptor of a file in memory: a
	// project's may be more than a command's arguments hold.
	if f := belowFile(p); f != nil {
		defer f.Close()
		args = append(args, "--below-fd", strconv.Itoa(3+len(extra)))
		extra = append(extra, f)
		if belowNote != "" {
			args = append(args, "--below-note", belowNote)
		}
	}
	cmd := exec.Command(exe, slices.Concat(args, []string{"--"}, made)...)
	cmd.Env = []string{ReapEnv + "=1"}
	cmd.ExtraFiles = extra
	cmd.SysProcAttr = newSession()
	if cmd.Start() == nil {
		cmd.Process.Release()
	}
}

// Reap is the reaper's work (see [ReapEnv]): its arguments are the
// call's writable folders (--writable DIR ...), the checked paths
// (--checked, --kept, --quarantine), when the launcher looked before the
// call (--since), the descriptor of what the look
// below the call's folder needs (--below-fd, see [belowData]) and the
// launcher's note of it, removed once looked (--below-note), then
// after -- what the launcher made.
func Reap(args []string) int {
	var writable, checked, kept []string
	var keptTo map[string]string
	var untracked []Untracked
	quarantine := ""
	belowFD := -1
	belowNote := ""
	var since int64
	for len(args) >= 2 && slices.Contains([]string{"--writable", "--untracked", "--checked", "--kept", "--kept-to", "--quarantine", "--below-fd", "--below-note", "--since"}, args[0]) {
		switch args[0] {
		case "--kept-to":
			if json.Unmarshal([]byte(args[1]), &keptTo) != nil {
				keptTo = nil
			}
		case "--below-note":
			belowNote = args[1]
		case "--since":
			since, _ = strconv.ParseInt(args[1], 10, 64)
		case "--below-fd":
			if fd, err := strconv.Atoi(args[1]); err == nil && fd >= 5 {
				belowFD = fd
			}
		case "--writable":
			writable = append(writable, args[1])
		case "--checked":
			checked = append(checked, args[1])
		case "--kept":
			kept = append(kept, args[1])
		case "--quarantine":
			quarantine = args[1]
		default:
			if json.Unmarshal([]byte(args[1]), &untracked) != nil {
				untracked = nil
			}
		}
		args = args[2:]
	}
	if len(args) == 0 || args[0] != "--" {
		return 2
	}
	lock, pidfd := os.NewFile(3, "lock"), os.NewFile(4, "pidfd")
	// The project's folder, locked, when the launcher had it.
	var dirLock *os.File
	if belowFD != 5 {
		if f := os.NewFile(5, "project"); f != nil {
			if fi, err := f.Stat(); err == nil && fi.IsDir() {
				dirLock = f
			}
		}
	}
	waitEnd(pidfd)
	// Only a repository of the call's, reached as the profile named it.
	l := &Launcher{}
	for _, u := range untracked {
		if insideAny(u.Top, writable) && clean(u.Top) && clean(u.GitDir) {
			if l.unstageIn(context.Background(), nil, u, "the call") {
				l.noteChecked(u)
			}
		}
	}
	// Checked only as the profile would name them: the quarantine a
	// project's .governance/quarantine, each path inside the writable
	// folders.
	var chk *afterCall
	if len(writable) > 0 && (&Profile{Kind: UnknownEffects, Cwd: writable[0], Writable: writable, Checked: checked, Quarantine: quarantine}).Check() == nil {
		chk = &afterCall{quarantine: quarantine, writable: writable, batch: -1, kept: kept, keptTo: keptTo, since: since}
		held := heldIn(lock, writable)
		chk.check(checked, held)
		if p := readBelow(belowFD); p != nil {
			p.Checked = checked
			chk.below(p, held)
			removeBelowNote(lock, belowNote)
		}
	}
	l.removeMade(lock, dirLock, nil, writable, args[1:], chk)
	return 0
}

// removeMade removes the empty folders and files the launcher made,
// deepest first, once no other call in the project holds the lock; one
// something was written into stays. The launcher that ends last removes
// what the others made too (they could not while it ran): the list of
// what every launcher made is kept beside the lock (see [noteMade]). Only
// the paths of that list inside the call's writable folders are removed:
// the list is in the state folder, which no call writes, yet it is
// trusted no further than the profile (one written by hand, or by
// another version of the launcher, might name the placeholder of a call
// that runs in another project, whose removal would unmount it there,
// or any empty file of the user's); each is reached from that folder
// through no link
// and removed only when it looks like a placeholder (see
// [removeBeneath]), and only when p names a protected path there (see
// [Profile.madeHere]): not any empty file or folder of the person's.
// The masks the launchers may have left staged are taken out of their
// repositories' indexes first (see [Launcher.unstageLeftovers]). The
// reaper, which has no profile, removes what its launcher made and
// leaves the rest of the list to the next launcher.
//
// The paths a launcher killed before its check left in the list of what
// is checked after the calls (see aftercall.go) are checked too, by chk
// (nil checks none).
func (l *Launcher) removeMade(lock, dirLock *os.File, p *Profile, writable, made []string, chk *afterCall) {
	if !lockExclusive(lock) {
		return
	}
	if dirLock != nil && !lockExclusive(dirLock) {
		lockDowngrade(lock)
		return
	}
	if dirLock != nil && sandboxHolds(dirLock) {
		// A sandbox of the project still runs, its launcher gone and the
		// lock in the temporary folder removed: its placeholders stay.
		lockDowngrade(lock)
		lockDowngrade(dirLock)
		return
	}
	list := madeList(lock)
	listed, marks := readMade(list)
	listed = inOwnForm(listed, writable)
	var kept []string
	if p != nil {
		l.unstageLeftovers(p, marks)
	} else {
		kept = markLines(marks)
	}
	if checked := checkedList(lock); checked != "" && chk != nil && p != nil {
		// Only the names this call's own profile checks: the list, in the
		// state folder, is trusted no further than the profile, and would
		// otherwise move any file of the project aside. The reaper,
		// which has no profile, leaves the list to the next launcher.
		// A name the killed call made is there now, and this profile shows
		// it read-only as the person's (CheckedHere): moved aside, it is
		// absent for this call, and checked after it as the others are.
		paths, kept, keptTo := readChecked(checked)
		for _, k := range kept {
			if to, ok := keptTo[k]; ok {
				keptTo[ownForm(k, p.Writable)] = to
			}
		}
		paths, kept = inOwnForm(paths, p.Writable), inOwnForm(kept, p.Writable)
		paths = slices.DeleteFunc(paths, func(x string) bool {
			return !slices.Contains(p.Checked, x) && !slices.Contains(p.CheckedHere, x)
		})
		// The folders on the way the person kept as links are those the
		// killed launcher found so before its call: this one's look came
		// after that call, and is taken again once its leftovers are
		// moved aside.
		if len(paths) > 0 {
			own, ownTo, moved := chk.kept, chk.keptTo, chk.moved
			chk.kept, chk.keptTo = kept, keptTo
			chk.check(paths, listed)
			chk.kept, chk.keptTo = own, ownTo
			if chk.moved > moved {
				defer func() {
					chk.kept = keptOnTheWay(p.Checked, p.Writable)
					chk.keptTo = linkTargets(chk.kept)
				}()
			}
		}
		for _, x := range paths {
			if _, err := os.Lstat(x); err != nil && slices.Contains(p.CheckedHere, x) {
				p.Protected = slices.DeleteFunc(p.Protected, func(y string) bool { return y == x })
				p.CheckedHere = slices.DeleteFunc(p.CheckedHere, func(y string) bool { return y == x })
				p.Checked = append(p.Checked, x)
			}
		}
		clearMade(checked)
	}
	if p != nil {
		// And below the folders of a call whose launcher was killed
		// before it looked there.
		belowLeftovers(lock, p, chk, listed)
	}
	all := slices.Clone(made)
	var others []string
	for _, m := range listed {
		switch {
		case slices.Contains(made, m):
		case p == nil:
			kept = append(kept, m)
		case p.madeHere(m) || p.madeInAnother(m):
			all = append(all, m)
		case insideAny(m, writable):
			others = append(others, m)
		}
	}
	if len(others) > 0 {
		l.warnf("governance-confine: the list beside the project's lock names %s, which is no placeholder of this project's: left as it is\n", fewOf(others))
	}
	slices.SortFunc(all, func(a, b string) int {
		if d := strings.Count(b, "/") - strings.Count(a, "/"); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	dirs := folders{}
	defer dirs.close()
	for _, d := range slices.Compact(all) {
		// From the deepest writable folder that holds it, through no link:
		// a folder of the project a call replaced by a link (to the home
		// folder) leads nowhere.
		root := ""
		for _, w := range writable {
			if inside(d, w) && d != w && len(w) > len(root) {
				root = w
			}
		}
		if root != "" {
			removeBeneath(dirs, root, d)
		}
	}
	if list != "" {
		clearMade(list)
		appendMade(list, kept)
	}
}

// madeInAnother reports a path a launcher that started in another
// folder of the project made for its call, as p's launcher would have
// in that folder: below a folder of the project, a name p holds (or
// checks) below the folder of p's that holds it nearest (its own, the
// root, one between), or a folder above such a name (web/.claude,
// web/.kiro/hooks for a launcher in the root that holds .claude and
// .kiro/hooks). Calls in two folders overlap (parallel tool calls,
// subagents): the one that ends last removes what both made, whatever
// folder it started in.
func (p *Profile) madeInAnother(path string) bool {
	if !insideAny(path, p.Writable) || slices.Contains(p.Writable, path) || p.Cwd != "" && inside(p.Cwd, path) {
		return false
	}
	top := nearest(path, p.Writable)
	// The folders p's names are held in: the root to p's own.
	anchors := []string{top}
	if p.Cwd != "" && inside(p.Cwd, top) {
		anchors = slices.Concat(anchors, onTheWay(top, filepath.Join(p.Cwd, "x")))
	}
	names := slices.Concat(p.Protected, p.Absent, p.Unmade, p.Checked, p.CheckedHere)
	for _, x := range p.Excluded {
		names = append(names, x.File)
	}
	held := map[string]bool{}
	for _, x := range names {
		a := nearest(x, anchors)
		if a == "" {
			continue
		}
		rel := strings.TrimPrefix(x, a+"/")
		for r := rel; r != "." && r != "/" && r != ""; r = filepath.Dir(r) {
			held[r] = true
		}
	}
	for d := filepath.Dir(path); inside(d, top); d = filepath.Dir(d) {
		if held[strings.TrimPrefix(path, d+"/")] {
			return true
		}
		if d == top {
			break
		}
	}
	return false
}

// clearMade empties the list beside the lock, once what it names is
// removed: the file stays, as the lock does, since a file made anew
// each call costs the temporary folder's file system a new inode (see
// [placeholders]). One that is not the user's own regular file is
// removed.
func clearMade(list string) {
	// Not blocked by a FIFO another user put there.
	f, err := os.OpenFile(list, os.O_WRONLY|syscallNoFollow|syscall.O_NONBLOCK, 0)
	if err == nil {
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && ownedByMe(fi) && f.Truncate(0) == nil {
			return
		}
	}
	os.Remove(list)
}

// removeLeftovers removes, before a call, what launchers killed before
// they could (SIGKILL) left in the project, as the list beside the lock
// names it, when no other launcher and no sandbox of the project holds
// the lock (a sandbox's init holds it while the sandbox lives: see
// [holdLock]), nor the project's folder (whose lock the init holds too:
// see [sandboxHolds]). The locks are then shared again: a conversion that
// failed has dropped them.
func (l *Launcher) removeLeftovers(lock, dirLock *os.File, p *Profile, chk *afterCall) {
	l.removeMade(lock, dirLock, p, p.Writable, nil, chk)
	lockDowngrade(lock)
	if dirLock != nil {
		lockDowngrade(dirLock)
	}
}

// dotContent is the placeholder of an unmade path (see Profile.Unmade):
// ".", the git folder itself to git, which reads commondir relative to
// it.
const dotContent = ".\n"

// dotFile makes path the read-only file that holds [dotContent] and
// reports whether path holds it now; one there already must be such a
// file (the
// placeholder of a call that runs, or of a launcher killed before it
// removed its own). Where the user cannot make it (a harness's own
// sandbox keeps .git read-only) there is none: the call, the same user,
// cannot make the path either.
func dotFile(path string) (made bool, err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscallNoFollow, 0o444)
	switch {
	case errors.Is(err, fs.ErrExist):
		if !isDotFile(path) {
			return false, fmt.Errorf("%s was made meanwhile; run the command again", path)
		}
		return true, nil
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS):
		return false, nil
	case err != nil:
		return false, err
	}
	_, err = f.WriteString(dotContent)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		// An empty commondir breaks every git command.
		os.Remove(path)
		return false, err
	}
	return true, nil
}

// isDotFile reports a regular file that holds [dotContent], or "."
// alone: a placeholder of an unmade path.
func isDotFile(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > int64(len(dotContent)) {
		return false
	}
	data, err := os.ReadFile(path)
	return err == nil && (string(data) == dotContent || string(data) == ".")
}

// LockDir is the folder of the projects' locks, and of the lists beside
// them, in the state folder.
const LockDir = "confine-locks"

// stateDir is the user's governance state folder, for the call of p.
func (l *Launcher) stateDir(p *Profile) string {
	if l.StateDir == "" {
		l.StateDir = layout.Discover(p.Cwd, "", envGet(l.Env)).StateDir
	}
	return l.StateDir
}

// madeList is the file beside the project's lock that lists what the
// launchers made; empty when the lock's name cannot be read, or the
// lock is not the state folder's (see [lockShared]): a list in the
// temporary folder may have been written by a call.
func madeList(lock *os.File) string {
	name := lock.Name()
	if !filepath.IsAbs(name) {
		// The reaper has the lock as a descriptor only.
		var err error
		if name, err = os.Readlink("/proc/self/fd/" + strconv.Itoa(int(lock.Fd()))); err != nil || !filepath.IsAbs(name) {
			return ""
		}
	}
	if filepath.Base(filepath.Dir(name)) != LockDir || strings.HasPrefix(filepath.Base(name), "governance-confine-") {
		return ""
	}
	return name + ".made"
}

// noteMade adds what this launcher made to the list beside the lock, a
// file of the user's own, so that the launcher that ends last removes it
// should this one end while another runs; and marks, the repositories
// whose index the call may stage a mask in (see [markPrefix]). The
// lines follow a line break: a line a full disk cut short stays apart.
func noteMade(lock *os.File, made, marks []string) {
	appendMade(madeList(lock), slices.Concat(made, marks))
}

// appendMade adds lines to the list, a file of the user's own.
func appendMade(list string, lines []string) {
	if len(lines) == 0 || list == "" {
		return
	}
	f, err := os.OpenFile(list, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscallNoFollow, 0o600)
	if err != nil {
		return
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || !ownedByMe(fi) {
		return
	}
	f.WriteString("\n" + strings.Join(lines, "\n") + "\n")
}

// readMade reads the list beside the lock, a file of the user's own:
// absolute paths, one a line, and the marks of repositories.
func readMade(list string) (paths []string, marks []indexMark) {
	for _, line := range readLines(list) {
		if clean(line) {
			paths = append(paths, line)
		} else if m, ok := parseMark(line); ok {
			marks = append(marks, m)
		}
	}
	return paths, marks
}

// heldIn is what the list beside the lock names, as writable names it
// (see [inOwnForm]).
func heldIn(lock *os.File, writable []string) []string {
	held, _ := readMade(madeList(lock))
	return inOwnForm(held, writable)
}

// inOwnForm names each path of a list beside the lock as the writable
// folders name it: a launcher that reached the project through a link
// lists its paths by the link's name, one that did not by the real
// path, and the two share the project's lock and lists (see
// [lockBase]). A path in neither stays as it is.
func inOwnForm(paths, writable []string) []string {
	out := make([]string, 0, len(paths))
	for _, m := range paths {
		out = append(out, ownForm(m, writable))
	}
	return out
}

// ownForm is m as the writable folders name it (see [inOwnForm]).
func ownForm(m string, writable []string) string {
	if insideAny(m, writable) {
		return m
	}
	rm := resolvePath(m)
	for _, w := range writable {
		if rw := resolvePath(w); inside(rm, rw) {
			return w + strings.TrimPrefix(rm, rw)
		}
	}
	return m
}

// readLines reads the lines of a list beside the lock, a file of the
// user's own (or root's) of 1 MiB at most; none when there is no such
// file.
func readLines(list string) []string {
	if list == "" {
		return nil
	}
	f, fi, err := layout.OpenOwned(list)
	if err != nil {
		return nil
	}
	defer f.Close()
	if fi.Size() > 1<<20 {
		return nil
	}
	data, err := regularfile.ReadAll(f, fi.Size())
	if err != nil {
		return nil
	}
	return strings.Split(string(data), "\n")
}
