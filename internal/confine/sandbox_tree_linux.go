package confine

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// The sandbox's tree, built by its init from the plan, detached until
// it is whole: bubblewrap's semantics for each step, with the new mount
// API.

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
	// writable are the folders the plan binds writable (the project,
	// the caches' layers): the sources of its binds on the host, and the
	// ones bound so far in the tree. A call may have left a link anywhere
	// beneath them (a job renames a folder the launcher saw, or swaps it
	// for a link to the home folder), so no path beneath them is resolved
	// through a link, on the host or in the tree.
	writableSrc, writableDest []string
	// mounts are the tree's mounts, each at its path, to check once the
	// tree is whole.
	mounts []placed
}

// placed is a mount of the tree: its path and its root's device and
// inode.
type placed struct {
	path     string
	dev, ino uint64
}

// errLinked is a path beneath a writable folder that holds a link, where
// the launcher saw none when it planned the call.
var errLinked = errors.New("a link is in the way: a folder or file of the project was replaced by a link since the launcher checked it (a job of an earlier call?); the call does not run")

// build makes the tree, each step in order.
func (b *builder) build(pl *sandboxPlan, done []sandboxOp) error {
	if b.root < 0 {
		if err := b.begin(); err != nil {
			return err
		}
	}
	for _, op := range pl.ops {
		if op.kind == opBind && !strings.HasPrefix(op.src, "/proc/self/fd/") {
			b.writableSrc = append(b.writableSrc, filepath.Clean(op.src))
		}
	}
	// The steps an init started early took before the plan came (see
	// sandbox_early_linux.go) are the plan's first, taken as they would
	// have been: none binds what is beneath a writable folder, the one
	// thing the steps learn from the rest of the plan.
	if len(done) > len(pl.ops) || !slices.Equal(pl.ops[:len(done)], done) {
		return fmt.Errorf("%w: the steps taken before the plan came are not its first", errPlan)
	}
	for _, op := range done {
		if op.kind != opSymlink && op.src != "" && nearest(filepath.Clean(op.src), b.writableSrc) != "" {
			return fmt.Errorf("%w: %s, bound before the plan came, is beneath a writable folder", errPlan, op.src)
		}
	}
	for _, op := range pl.ops[len(done):] {
		if err := b.step(op); err != nil {
			return err
		}
	}
	return b.check()
}

// begin makes the host's mounts out of the sandbox's reach and the
// tree's root, a fresh tmpfs.
func (b *builder) begin() error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_SLAVE, ""); err != nil {
		return fmt.Errorf("making the mounts private: %v", err)
	}
	var err error
	b.root, err = newTmpfs(0o755)
	return err
}

// check makes sure each mount of the tree, a secret's mask above all, is
// still what its path leads to once the tree is whole: a job of an
// earlier call that renamed the folder the mask is in (mv sub subD, a
// new sub in its place) while the tree was built would have the secret
// shown at a name of the folder's new. A mount a later one covers (at
// its path or a folder it is in) is not checked.
func (b *builder) check() error {
	for i, m := range b.mounts {
		if slices.ContainsFunc(b.mounts[i+1:], func(o placed) bool { return inside(m.path, o.path) }) {
			continue
		}
		fd, err := b.open(m.path, unix.O_PATH)
		if err != nil {
			return fmt.Errorf("%s: %w", m.path, err)
		}
		var st unix.Stat_t
		err = unix.Fstat(fd, &st)
		unix.Close(fd)
		if err != nil || st.Dev != m.dev || st.Ino != m.ino {
			return fmt.Errorf("%s: %w", m.path, errMoved)
		}
	}
	return nil
}

// errMoved is a mount the tree no longer shows at its path.
var errMoved = errors.New("what was mounted there was moved while the sandbox was built (a job of an earlier call renaming folders of the project?); the call does not run")

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
	return setAttrs(fd, src, readOnly, devices)
}

// cloneBeneath is clone for a source of the host beneath one of the
// writable folders: the path beneath it is resolved through no link,
// the last name included (errLinked).
func cloneBeneath(writable []string, src string, readOnly bool) (int, error) {
	at, err := openBeneath(unix.AT_FDCWD, writable, src)
	if err != nil || at < 0 {
		if err == nil {
			return clone(unix.AT_FDCWD, src, readOnly, false)
		}
		return -1, err
	}
	defer unix.Close(at)
	fd, err := unix.OpenTree(at, "", unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_RECURSIVE|unix.AT_EMPTY_PATH|unix.AT_SYMLINK_NOFOLLOW)
	if err != nil {
		return -1, err
	}
	return setAttrs(fd, src, readOnly, false)
}

// openBeneath opens path (O_PATH) when it lies beneath one of the
// folders under, opened from dirfd: what is beneath the nearest is
// resolved through no link. -1 and no error when path lies beneath none.
func openBeneath(dirfd int, under []string, path string) (int, error) {
	path = filepath.Clean(path)
	top := nearest(path, under)
	if top == "" {
		return -1, nil
	}
	var wfd int
	var err error
	if dirfd == unix.AT_FDCWD {
		wfd, err = unix.Open(top, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	} else {
		wfd, err = inRoot(dirfd, top, unix.O_PATH|unix.O_DIRECTORY)
	}
	if err != nil {
		return -1, fmt.Errorf("%s: %v", top, err)
	}
	defer unix.Close(wfd)
	rel, _ := filepath.Rel(top, path)
	fd, err := unix.Openat2(wfd, rel, &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS})
	if err == unix.ELOOP || err == unix.EXDEV {
		return -1, fmt.Errorf("%s: %w", path, errLinked)
	}
	return fd, err
}

// setAttrs makes the detached tree fd, cloned from src, nosuid and nodev
// (unless devices), and read-only when asked.
func setAttrs(fd int, src string, readOnly, devices bool) (int, error) {
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

// open opens path in the tree as the sandbox will see it, through no
// link beneath a writable folder bound so far (errLinked).
func (b *builder) open(path string, flags int) (int, error) {
	fd, err := openBeneath(b.root, b.writableDest, path)
	if err != nil || fd >= 0 {
		if err == nil && flags&unix.O_DIRECTORY != 0 && !isDir(fd) {
			unix.Close(fd)
			return -1, unix.ENOTDIR
		}
		return fd, err
	}
	return inRoot(b.root, path, flags)
}

// parent returns the folder that holds path in the tree, made with its
// missing parents (0755, as bubblewrap makes them), and path's name.
func (b *builder) parent(path string) (int, string, error) {
	dir, name := filepath.Dir(filepath.Clean(path)), filepath.Base(path)
	if fd, err := b.open(dir, unix.O_PATH|unix.O_DIRECTORY); err == nil {
		return fd, name, nil
	} else if errors.Is(err, errLinked) {
		return -1, "", err
	} else if !errors.Is(err, unix.ENOENT) {
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
	if fd, err := b.open(path, unix.O_PATH); err == nil {
		return fd, nil
	} else if errors.Is(err, errLinked) {
		return -1, err
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
	var st unix.Stat_t
	if err := unix.Fstat(m, &st); err != nil {
		return fmt.Errorf("cannot mount on %s: %v", path, err)
	}
	b.mounts = append(b.mounts, placed{filepath.Clean(path), st.Dev, st.Ino})
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
		m, err := cloneBeneath(b.writableSrc, op.src, op.kind != opBind)
		if err == unix.ENOENT && op.kind == opROBindTry {
			return nil
		}
		if errors.Is(err, errLinked) {
			return err
		}
		if err != nil {
			return fmt.Errorf("cannot bind %s: %v", op.src, err)
		}
		if op.kind == opBind {
			defer func() { b.writableDest = append(b.writableDest, filepath.Clean(op.dest)) }()
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
		fd, err := b.open(op.dest, unix.O_PATH)
		if err != nil {
			return fmt.Errorf("cannot remount %s read-only: %v", op.dest, err)
		}
		b.readOnly = append(b.readOnly, fd)
		b.readOnlyPaths = append(b.readOnlyPaths, op.dest)
		return nil
	case opLinkSelf:
		return b.linkSelf(op.dest)
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
		if err := moveOnto(c, m, sub); err != nil {
			unix.Close(m)
			return fmt.Errorf("cannot cover /proc/%s: %v", sub, err)
		}
	}
	return b.attach(m, dest, true)
}

// moveOnto moves the detached mount c onto name in the folder dir, never
// through a link, and closes c.
func moveOnto(c, dir int, name string) error {
	defer unix.Close(c)
	to, err := unix.Openat(dir, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(to)
	return unix.MoveMount(c, "", to, "", unix.MOVE_MOUNT_F_EMPTY_PATH|unix.MOVE_MOUNT_T_EMPTY_PATH)
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
		if err := moveOnto(c, m, n); err != nil {
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

// linkSelf mounts the link at path (beneath a writable folder, where the
// launcher saw a link) on itself, read-only: a mount point cannot be
// removed or renamed, so a call cannot put a folder of its own in the
// link's place (.git/hooks leading to ../githooks). What it leads to is
// planned read-only apart, where the call could write it.
func (b *builder) linkSelf(path string) error {
	dir, name := filepath.Dir(filepath.Clean(path)), filepath.Base(path)
	hostDir, err := openBeneath(unix.AT_FDCWD, b.writableSrc, dir)
	if err == nil && hostDir < 0 {
		hostDir, err = unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	}
	if err != nil {
		return fmt.Errorf("cannot keep the link %s: %w", path, err)
	}
	defer unix.Close(hostDir)
	var st unix.Stat_t
	if err := unix.Fstatat(hostDir, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil || st.Mode&unix.S_IFMT != unix.S_IFLNK {
		return fmt.Errorf("%s: %w", path, errNotLink)
	}
	m, err := unix.OpenTree(hostDir, name, unix.OPEN_TREE_CLONE|unix.OPEN_TREE_CLOEXEC|unix.AT_SYMLINK_NOFOLLOW)
	if err != nil {
		return fmt.Errorf("cannot keep the link %s: %v", path, err)
	}
	defer unix.Close(m)
	if _, err := setAttrs(m, path, true, false); err != nil {
		return err
	}
	pfd, _, err := b.parent(path)
	if err != nil {
		return err
	}
	defer unix.Close(pfd)
	to, err := unix.Openat(pfd, name, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("cannot keep the link %s: %v", path, err)
	}
	defer unix.Close(to)
	if !isLink(to) {
		return fmt.Errorf("%s: %w", path, errNotLink)
	}
	if err := unix.MoveMount(m, "", to, "", unix.MOVE_MOUNT_F_EMPTY_PATH|unix.MOVE_MOUNT_T_EMPTY_PATH); err != nil {
		return fmt.Errorf("cannot keep the link %s: %v", path, err)
	}
	return nil
}

// errNotLink is a protected link the launcher saw that is no link now.
var errNotLink = errors.New("the launcher saw a link there, which is something else now (a job of an earlier call?); the call does not run")

// isLink reports a descriptor of a link.
func isLink(fd int) bool {
	var st unix.Stat_t
	return unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK
}
