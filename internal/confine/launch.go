package confine

import (
	"context"
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
	"time"

	"github.com/agentgov/governance/governance"
)

// ErrCannotConfine is wrapped by every error that says this machine
// cannot confine the command (no bubblewrap, no user namespaces, no
// fresh /proc); the command then does not run.
var ErrCannotConfine = errors.New("this machine cannot confine the command")

// ErrNoBubblewrap is wrapped, with [ErrCannotConfine], by the error of
// a machine without bubblewrap: installing it confines, where a
// bubblewrap that cannot set up its namespaces (inside another sandbox)
// leaves only a weaker [Fallback].
var ErrNoBubblewrap = errors.New("bubblewrap (bwrap) is not installed or not on the PATH")

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

// Launcher runs commands under a profile with bubblewrap. It never runs
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
	// Stdin, Stdout and Stderr are the command's, passed through.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// systemTree are the system folders every call sees read-only (or as
// the links they are).
var systemTree = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"}

// shim runs inside the sandbox, once it stands: it writes a byte to
// descriptor 3, the launcher's pipe, closes it and those of the report
// files (4 on), and becomes the command.
func shim(reports int) []string {
	closing := "3>&-"
	for i := range reports {
		closing += " " + strconv.Itoa(4+i) + ">&-"
	}
	return []string{"/bin/sh", "-c", `printf x >&3 && exec ` + closing + ` && exec "$@"`, "sh"}
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
	bwrap, err := l.bwrap()
	if err != nil {
		return 0, err
	}
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
	empty, err := emptyFile()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	closeInherited()
	ready, readyW, err := os.Pipe()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	defer ready.Close()

	args := slices.Concat(l.Args(p, empty), []string{"--"}, shim(len(reports)), argv)
	cmd := exec.CommandContext(ctx, bwrap, args...)
	// The environment goes to bwrap as its own, never as --setenv words
	// a process listing would show.
	cmd.Env = CleanEnv(l.Env)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = l.Stdin, l.Stdout, l.Stderr
	cmd.ExtraFiles = append([]*os.File{readyW}, reports...)
	// A process group of its own, which a refusal kills whole: a
	// sandbox's init left behind by a failed setup holds the pipe open.
	cmd.SysProcAttr = ownGroup()
	// Output copied into buffers waits for no process left holding it.
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		readyW.Close()
		return 0, fmt.Errorf("%w: %v", ErrCannotConfine, err)
	}
	readyW.Close()
	waitErr := cmd.Wait()
	// bubblewrap reports its child's pid before it sets the sandbox up,
	// and exits 1 when a step fails, as a command may: only the shim,
	// run once the sandbox stands, tells the two apart. Its byte was
	// written before the command ran, so it is in the pipe by now; a
	// process left behind may hold the pipe open, so no end of file is
	// waited for.
	ready.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	var b [1]byte
	n, _ := io.ReadFull(ready, b[:])
	if n != 1 {
		killGroup(cmd.Process.Pid)
		return 0, fmt.Errorf("%w: bubblewrap could not set up the sandbox (user namespaces, a fresh /proc or a mount failed; its message is above)", ErrCannotConfine)
	}
	if cmd.ProcessState == nil {
		return 0, waitErr
	}
	// The command's status, also when output was still held open by a
	// process it left in the background (exec.ErrWaitDelay).
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code, nil
	}
	return 128 + signalOf(cmd.ProcessState), nil
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
	bwrap, err := l.bwrap()
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
	cmd := exec.Command(bwrap, slices.Concat(l.Args(p, empty), []string{"--"}, argv)...)
	cmd.Env = CleanEnv(l.Env)
	return cmd, nil
}

// makeLayers makes the backing folders of p's layers, the caller's own
// and private to it.
func (p *Profile) makeLayers() error {
	for _, l := range p.Layers {
		if err := os.MkdirAll(l.Backing, 0o700); err != nil {
			return fmt.Errorf("%w: cache layer: %v", ErrProfile, err)
		}
		if fi, err := os.Lstat(l.Backing); err != nil || !fi.IsDir() || !ownedByMe(fi) {
			return fmt.Errorf("%w: cache layer %s is not a folder of the caller's own", ErrProfile, l.Backing)
		}
	}
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
	if p.Home != "" {
		r.Home = res([]string{p.Home})[0]
	}
	return &r
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

// bwrap finds bubblewrap.
func (l *Launcher) bwrap() (string, error) {
	if l.Bwrap != "" {
		return l.Bwrap, nil
	}
	path := ""
	for _, kv := range l.Env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
		}
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, "bwrap")
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %w (Debian and Ubuntu: apt-get install bubblewrap)", ErrCannotConfine, ErrNoBubblewrap)
}

// Args returns bubblewrap's arguments for p, up to the command: empty is
// an empty read-only file that masks secret files.
//
// The tree is built from an allow-list: the system folders read-only, a
// fresh /proc and /dev, a private /tmp, an empty home folder, then what
// the profile shows, the protected set read-only again, and the masks
// last, since a later mount covers an earlier one. Sockets (/run, the
// state folder, /tmp/.X11-unix) are left out: a read-only mount does not
// stop connect().
func (l *Launcher) Args(p *Profile, empty string) []string {
	// A user namespace of its own in every case (as root too, so that the
	// call is not root on the host), in which no further one may be made:
	// each is a new set of capabilities over the kernel's surface.
	args := []string{"--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL", "--new-session"}
	if p.Network {
		args = append(args, "--share-net")
	}
	if !p.Background {
		args = append(args, "--die-with-parent")
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
	args = append(args, "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/var/tmp")
	if p.Network {
		// A resolver named through /run (systemd-resolved) is shown.
		if t, err := filepath.EvalSymlinks("/etc/resolv.conf"); err == nil && inside(t, "/run") {
			args = append(args, "--ro-bind", t, t)
		}
	}
	if p.Home != "" {
		args = append(args, "--tmpfs", p.Home)
	}
	for _, s := range p.ReadOnly {
		args = append(args, "--ro-bind", s, s)
	}
	for _, s := range p.Writable {
		args = append(args, "--bind", s, s)
	}
	for _, s := range p.Stores {
		args = append(args, "--ro-bind-try", s, s)
	}
	for _, l := range p.Layers {
		args = append(args, "--bind", l.Backing, l.Path)
	}
	for i, s := range p.Report {
		// The launcher passes report file i as descriptor 4+i.
		args = append(args, "--bind", "/proc/self/fd/"+strconv.Itoa(4+i), s)
	}
	if p.Kind == ReadOnly && p.Home != "" {
		args = append(args, "--remount-ro", p.Home)
	}
	for _, s := range p.Protected {
		if fi, err := os.Lstat(s); err == nil && fi.Mode()&os.ModeSymlink == 0 {
			args = append(args, "--ro-bind", s, s)
		}
	}
	for _, s := range p.Masked {
		fi, err := os.Lstat(s)
		switch {
		case err != nil || fi.Mode()&os.ModeSymlink != 0:
			// A link leads to what is masked or not shown.
		case fi.IsDir():
			args = append(args, "--tmpfs", s, "--remount-ro", s)
		default:
			args = append(args, "--ro-bind", empty, s)
		}
	}
	return append(args, "--chdir", p.Cwd)
}

// CleanEnv returns env without the variables whose names say they hold a
// secret, as the analysis judges reads of them, and those whose values
// hold a credential the analysis recognises (GH=ghp_..., a key).
func CleanEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		if !governance.SecretEnv(name) && governance.FindSecret(value) == "" {
			out = append(out, kv)
		}
	}
	return out
}
