package confine

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// syscallNoFollow keeps a report file that is a link from being
// followed.
const syscallNoFollow = syscall.O_NOFOLLOW

func signalOf(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return int(ws.Signal())
	}
	return 0
}

// linkFD gives the file open at fd the name path, never through a link
// at path: by /proc's name of the descriptor, which an unprivileged
// process may link where AT_EMPTY_PATH would need a capability.
func linkFD(fd int, path string) error {
	return unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
}

// memFile returns a file in memory, named by no folder: the contents
// the launcher hands the sandbox cost the file system no inode.
func memFile() (*os.File, error) {
	fd, err := unix.MemfdCreate("governance-confine-data", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), "governance-confine-data"), nil
}

// closeInherited marks every descriptor above the standard three
// close-on-exec: one the launcher inherited (a folder a harness left
// open) would reach past every mount of the sandbox.
func closeInherited() {
	// One call where the kernel has it (Linux 5.11): the launcher's own
	// descriptors are close-on-exec already, and those it passes on are
	// duplicated into the child by os/exec.
	if unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC) == nil {
		return
	}
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

func ownGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills what is left of a sandbox that failed to stand.
func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

// killInit kills the sandbox's init, and with it its PID namespace,
// through a pidfd: the pid of an init that has ended may be another
// process's by now.
func killInit(pid int) {
	if pid <= 0 {
		return
	}
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	unix.PidfdSendSignal(fd, unix.SIGKILL, nil, 0)
}

// holdLock returns a descriptor of its own of the project's lock file,
// locked shared, for the sandbox's init to hold (bubblewrap's
// --sync-fd): a lock on another open file than the launcher's, which
// the launcher's own conversions leave alone. A process of the sandbox
// that opens it again (/proc/1/fd) can add a shared lock of its own,
// never an exclusive one while the init holds this. nil when it cannot
// be opened as the same file.
func holdLock(lock *os.File) *os.File {
	f, err := os.OpenFile(lock.Name(), os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	a, errA := f.Stat()
	b, errB := lock.Stat()
	if errA != nil || errB != nil || !os.SameFile(a, b) || syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil {
		f.Close()
		return nil
	}
	return f
}

// ownedByMe reports a file of the process's own user.
func ownedByMe(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Geteuid()
}

// changeTime returns a file's change time (Unix nanoseconds) and inode.
func changeTime(fi os.FileInfo) (int64, uint64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec), uint64(st.Ino)
}

// lockShared takes a shared lock on the project's lock file (see
// [lockName]), one per project (the first writable folder): every
// launcher in the project holds it while its call runs. nil when there
// is nothing to lock or the file is not the user's own: then nothing
// made for the call is removed.
//
// The lock, and the lists beside it that steer what the next launcher
// removes and checks, are in the user's governance state folder, which
// no confined call can write: not shown under bubblewrap or the
// launcher's own sandbox, neither read nor written under Landlock and
// Seatbelt. Where the state folder cannot hold it (none, or a harness's
// own sandbox keeps it read-only), the lock is taken in the temporary
// folder, which a call confined by Landlock may write: that one has no
// lists (see [madeList]), so that nothing a call writes steers a
// launcher.
func lockShared(p *Profile, stateDir string) *os.File {
	if len(p.Writable) == 0 {
		return nil
	}
	if dir := lockFolderIn(p, stateDir); dir != "" {
		if f := openLock(filepath.Join(dir, lockBase(p))); f != nil {
			return f
		}
	}
	return openLock(tempLockName(p))
}

// openLock opens the lock file name, made if missing, and locks it
// shared; nil when it is not the user's own regular file.
func openLock(name string) *os.File {
	f, err := os.OpenFile(name, os.O_RDONLY|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0o600)
	if err != nil {
		return nil
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || !ownedByMe(fi) || syscall.Flock(int(f.Fd()), syscall.LOCK_SH) != nil {
		f.Close()
		return nil
	}
	return f
}

// lockFolderIn returns the folder of the projects' locks in the state
// folder, made if missing: a folder of the user's own, reached through
// no link from the state folder, outside what p lets the call write (a
// profile given whole could show it writable). "" when there is none.
func lockFolderIn(p *Profile, stateDir string) string {
	dir := filepath.Join(stateDir, LockDir)
	if !clean(stateDir) || slices.ContainsFunc(p.Writable, func(w string) bool {
		return inside(w, dir) || inside(dir, w) && !insideAny(dir, p.Masked)
	}) {
		return ""
	}
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		// The first call of the user's: the state folder may not be there
		// yet either.
		if os.MkdirAll(stateDir, 0o700) != nil {
			return ""
		}
		os.Mkdir(dir, 0o700)
		fi, err = os.Lstat(dir)
	}
	if err != nil || !fi.IsDir() || !ownedByMe(fi) {
		return ""
	}
	return dir
}

// lockFolder takes a shared lock on the project's folder itself, which a
// command outside the sandbox cannot remove while it holds placeholders;
// nil when it cannot be opened.
func lockFolder(dir string) *os.File {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	f := os.NewFile(uintptr(fd), dir)
	if syscall.Flock(fd, syscall.LOCK_SH) != nil {
		f.Close()
		return nil
	}
	return f
}

// sandboxHolds reports whether a sandbox's init holds its lock on the
// project's folder (a read lock of fcntl's, which bubblewrap's
// --lock-file takes); dir is the folder, open.
func sandboxHolds(dir *os.File) bool {
	l := unix.Flock_t{Type: unix.F_WRLCK, Whence: io.SeekStart}
	if err := unix.FcntlFlock(dir.Fd(), unix.F_GETLK, &l); err != nil {
		// A file system without fcntl's locks, where no sandbox holds
		// one either (see [folderLockable]).
		return false
	}
	return l.Type != unix.F_UNLCK
}

// folderLockable reports whether the project's folder takes fcntl's
// read lock (a network file system may refuse it, and bubblewrap's
// --lock-file would then fail the sandbox); the lock is released at once.
func folderLockable(dir *os.File) bool {
	l := unix.Flock_t{Type: unix.F_RDLCK, Whence: io.SeekStart}
	if unix.FcntlFlock(dir.Fd(), unix.F_SETLK, &l) != nil {
		return false
	}
	l.Type = unix.F_UNLCK
	unix.FcntlFlock(dir.Fd(), unix.F_SETLK, &l)
	return true
}

// lockDowngrade turns an exclusive lock back into a shared one.
func lockDowngrade(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_SH) }

// lockBase is the name of the project's lock, for its first writable
// folder.
func lockBase(p *Profile) string {
	// By its real path: a project reached through a link and by its
	// own path is one project, whose calls take one lock.
	sum := sha256.Sum256([]byte(resolvePath(p.Writable[0])))
	return hex.EncodeToString(sum[:8]) + ".lock"
}

// lockName is the project's lock in the state folder stateDir.
func lockName(stateDir string, p *Profile) string {
	return filepath.Join(stateDir, LockDir, lockBase(p))
}

// tempLockName is the project's lock in the temporary folder, where the
// state folder cannot hold it.
func tempLockName(p *Profile) string {
	return filepath.Join(os.TempDir(), "governance-confine-"+strconv.Itoa(os.Geteuid())+"-"+lockBase(p))
}

// lockExclusive turns the shared lock into an exclusive one, if no other
// launcher holds it.
func lockExclusive(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}

// folders are the folders [removeBeneath] reached, open: a call's
// placeholders are in a few folders (most in the project's root), each
// opened once rather than once a placeholder, from the folder the
// first was reached from.
type folders map[string]int

func (f folders) close() {
	for _, fd := range f {
		if fd >= 0 {
			unix.Close(fd)
		}
	}
}

// open returns the folder names of root, reached from root one name at
// a time without following a link; -1 where that fails.
func (f folders) open(root string, names []string) int {
	key := root + "\x00" + strings.Join(names, "/")
	if fd, ok := f[key]; ok {
		return fd
	}
	fd, err := -1, error(nil)
	if len(names) == 0 {
		fd, err = unix.Open(root, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	} else if parent := f.open(root, names[:len(names)-1]); parent >= 0 {
		fd, err = unix.Openat(parent, names[len(names)-1], unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	}
	if err != nil {
		fd = -1
	}
	f[key] = fd
	return fd
}

// removeBeneath removes path when it looks like a placeholder of the
// launcher's own (an empty folder, an empty file, or one that holds
// [dotContent]), reached from the folder root one name at a time without
// following a link: a folder of the project replaced by a link (to the
// home folder) leads nowhere, nor does a .. in path. The folders it
// opens stay open in dirs, for the next paths.
func removeBeneath(dirs folders, root, path string) {
	rel, ok := strings.CutPrefix(path, root+"/")
	if root == "/" {
		rel, ok = strings.CutPrefix(path, "/")
	}
	if !ok || rel == "" {
		return
	}
	names := strings.Split(rel, "/")
	for _, n := range names {
		if n == "" || n == "." || n == ".." {
			return
		}
	}
	fd := dirs.open(root, names[:len(names)-1])
	if fd < 0 {
		return
	}
	name := names[len(names)-1]
	var st unix.Stat_t
	if unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
		return
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFDIR:
		unix.Unlinkat(fd, name, unix.AT_REMOVEDIR)
	case unix.S_IFREG:
		if st.Size == 0 || st.Size <= int64(len(dotContent)) && dotAt(fd, name) {
			unix.Unlinkat(fd, name, 0)
		}
	}
}

// dotAt reports whether the file name in the folder fd holds
// [dotContent], or "." alone.
func dotAt(fd int, name string) bool {
	f, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		return false
	}
	defer unix.Close(f)
	var b [8]byte
	n, _ := unix.Read(f, b[:])
	return n >= 0 && (string(b[:n]) == dotContent || string(b[:n]) == ".")
}

// initAlive returns a pidfd of the sandbox's init, the process bubblewrap
// reported, while it still runs (a job the command left is in its
// sandbox); nil when it has ended.
func initAlive(pid int) *os.File {
	if pid <= 0 {
		return nil
	}
	fd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		return nil
	}
	f := os.NewFile(uintptr(fd), "pidfd")
	// With no job left the init ends a moment after the command. An init
	// already on its way out is waited for: the kernel kills what is left
	// in its pid namespace as it ends, and the last process of a sandbox
	// unmounts all its mounts before its end shows (a load that made that
	// slower than the wait above handed the placeholders to a reaper,
	// which removed them only after the launcher had returned).
	if ended(fd, 100) || exiting(pid) && ended(fd, 10_000) {
		f.Close()
		return nil
	}
	return f
}

// pfExiting is the kernel's flag of a process that has begun to exit.
const pfExiting = 0x4

// exiting reports a process that has begun to exit: the flags of
// /proc/PID/stat (its ninth field) hold PF_EXITING.
func exiting(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The fields after the command's name, in parentheses that may hold
	// any byte: state, ppid, pgrp, session, tty, tpgid, flags.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 7 {
		return false
	}
	flags, err := strconv.ParseUint(f[6], 10, 64)
	return err == nil && flags&pfExiting != 0
}

// waitEnd waits until the process of the pidfd has ended.
func waitEnd(f *os.File) {
	for !ended(int(f.Fd()), -1) {
	}
}

// ended polls a pidfd, which is readable once its process has ended.
func ended(fd, timeout int) bool {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	n, err := unix.Poll(fds, timeout)
	return n > 0 || err != nil && err != unix.EINTR
}

// newSession starts a process in a session of its own, apart from the
// harness's terminal and process group.
func newSession() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// reaping reports a process started as a launcher's reaper: descriptor 3
// a lock file of the launcher's (see [lockShared]), descriptor 4 a
// pidfd. The variable alone, which a caller's environment could carry,
// never makes the launcher skip its command.
func reaping() bool {
	lock, err := os.Readlink("/proc/self/fd/3")
	if err != nil || !strings.HasSuffix(lock, ".lock") ||
		filepath.Base(filepath.Dir(lock)) != LockDir && !strings.HasPrefix(filepath.Base(lock), "governance-confine-") {
		return false
	}
	pidfd, err := os.Readlink("/proc/self/fd/4")
	return err == nil && pidfd == "anon_inode:[pidfd]"
}

// digestSize is the length in bytes of an [entryDigest].
const digestSize = 16

// entryDigest returns a digest, in hex, of the entries of the folder dir
// (each one's name, type and inode, in any order): it changes when an
// entry is made, removed, renamed or replaced, and not when one is made
// and removed again. ok is false when dir cannot be listed as a folder.
func entryDigest(dir string) (digest string, ok bool) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return "", false
	}
	defer unix.Close(fd)
	var entries [][]byte
	buf := make([]byte, 8192)
	for {
		n, err := unix.Getdents(fd, buf)
		if err != nil {
			return "", false
		}
		if n <= 0 {
			break
		}
		// struct linux_dirent64: inode (8), offset (8), record length (2),
		// type (1), name up to a NUL.
		for b := buf[:n]; len(b) >= 19; {
			reclen := int(binary.NativeEndian.Uint16(b[16:18]))
			if reclen < 19 || reclen > len(b) {
				return "", false
			}
			name := b[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if s := string(name); s != "." && s != ".." {
				e := binary.LittleEndian.AppendUint64(nil, binary.NativeEndian.Uint64(b[0:8]))
				entries = append(entries, append(append(e, b[18]), name...))
			}
			b = b[reclen:]
		}
	}
	slices.SortFunc(entries, bytes.Compare)
	h := sha256.New()
	for _, e := range entries {
		// Names hold no NUL: one ends each entry.
		h.Write(e)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:digestSize]), true
}

// closedToMe reports a file that the process, with every capability it
// has, cannot read (a folder: cannot enter), and that is not its own (so
// that it cannot change its mode or access list): a confined call, the
// same user in a user namespace of its own with no capability on the
// host's files, cannot either.
func closedToMe(p string, fi os.FileInfo) bool {
	mode := uint32(unix.R_OK)
	if fi.IsDir() {
		mode = unix.X_OK
	}
	return !ownedByMe(fi) && unix.Faccessat(unix.AT_FDCWD, p, mode, unix.AT_EACCESS) == unix.EACCES
}

// scopeAbstractSockets keeps the calling thread, and every process it
// starts from then on (bubblewrap, and the sandbox), from connecting to
// an abstract Unix socket bound outside them: Landlock's scope of ABI 6
// (Linux 6.12). A call that keeps the host's network shares the host's
// abstract sockets with it, which no mount hides: X11's
// @/tmp/.X11-unix/X0 (a client types into the person's terminal), D-Bus,
// others. Sockets bound inside the sandbox still answer its own
// processes. The goroutine stays locked to the thread, which the
// restriction (and no_new_privs, which it needs) marks for good. It
// reports whether the kernel applied it: false where its Landlock is
// older or off.
func scopeAbstractSockets() bool {
	abi, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if e != 0 || int(abi) < 6 {
		return false
	}
	runtime.LockOSThread()
	// struct landlock_ruleset_attr up to scoped, the fields ABI 6 knows:
	// no file or network access handled, only the scope.
	attr := struct{ fs, net, scoped uint64 }{scoped: unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET}
	fd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e != 0 {
		return false
	}
	defer unix.Close(int(fd))
	if unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != nil {
		return false
	}
	_, _, e = unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0)
	return e == 0
}

// setuidFile reports a program that runs as its owner (a setuid
// bubblewrap, on systems without unprivileged user namespaces), which
// no_new_privs would keep from doing so.
func setuidFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode()&os.ModeSetuid != 0
}

// lstatBeneath is os.Lstat of top/rel, whose folders beneath top are
// resolved through no link, in one look: linked when one is a link (a
// folder a call swapped for one), where os.Lstat would follow it.
func lstatBeneath(top, rel string) (fi os.FileInfo, linked bool, err error) {
	t, err := unix.Open(top, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, false, err
	}
	defer unix.Close(t)
	how := &unix.OpenHow{Flags: unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC, Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS}
	d, err := unix.Openat2(t, filepath.Dir(rel), how)
	if err == unix.ELOOP || err == unix.EXDEV {
		return nil, true, err
	}
	if err != nil {
		return nil, false, err
	}
	defer unix.Close(d)
	fd, err := unix.Openat(d, filepath.Base(rel), unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, false, err
	}
	f := os.NewFile(uintptr(fd), filepath.Join(top, rel))
	defer f.Close()
	fi, err = f.Stat()
	return fi, false, err
}

// linkFree reports whether no name of rel, beneath top, is a link: none
// up to the first that is missing, if one is (openat2 stops at a link
// before it goes further), and none after it.
func linkFree(top, rel string) bool {
	t, err := unix.Open(top, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer unix.Close(t)
	fd, err := unix.Openat2(t, rel, &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS})
	if err != nil {
		return err == unix.ENOENT
	}
	unix.Close(fd)
	return true
}

// NonDumpable makes the launcher's process non-dumpable: /proc/<pid>
// of a process that is not belongs to root, and one without
// CAP_SYS_PTRACE over it can neither open its descriptors
// (/proc/<pid>/fd/N, /proc/<pid>/task/<tid>/fd/N) nor read its memory.
// A command of the same user run where no PID namespace hides the
// launcher (the Landlock fallback) could otherwise reopen the launcher's
// own terminal, and a job it left read the keys the person types next
// at their shell. An exec makes a program dumpable again: the command
// and bubblewrap are as they were. Set once the launcher's own
// sandbox's init has been started: writing the user namespace's maps of
// a child cloned from a non-dumpable process is refused to a user other
// than root.
func NonDumpable() error {
	return unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
