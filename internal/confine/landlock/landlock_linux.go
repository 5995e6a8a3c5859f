package landlock

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	ll "github.com/landlock-lsm/go-landlock/landlock"
	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/agentgov/governance/internal/confine"
)

// ABI returns the Landlock ABI version the kernel offers: 0 when it has
// none (too old, or Landlock not among the security modules it runs).
func ABI() int {
	v, err := llsys.LandlockGetABIVersion()
	if err != nil {
		return 0
	}
	return v
}

// minABI is the least ABI the launcher confines with: 4 refuses TCP
// (the profile's "no network"), 2 moves files between folders it may
// write (REFER).
const minABI = 4

// Fallback is the launcher's confinement where bubblewrap cannot set up
// its namespaces (see [confine.Fallback]).
type Fallback struct{}

// Available implements [confine.Fallback].
func (Fallback) Available() error {
	if v := ABI(); v < minABI {
		return fmt.Errorf("the kernel offers Landlock ABI %d, below %d", v, minABI)
	}
	return nil
}

// Describe implements [confine.Fallback].
func (Fallback) Describe() string {
	v := ABI()
	s := "Landlock (ABI " + strconv.Itoa(v) + "): writes only where the profile allows, the home folder and the masked secrets unreadable"
	s += ", TCP connect and bind refused unless the network is kept"
	if v < 6 {
		s += ", abstract Unix sockets and signals to processes outside NOT restricted (ABI below 6)"
	}
	if v < 9 {
		s += ", Unix sockets NOT restricted (ABI below 9)"
	}
	return s + "; /tmp shared, no PID namespace"
}

// Run implements [confine.Fallback]: it drops every capability,
// restricts the launcher itself with the plan of p (a child inherits
// its Landlock domain) and runs argv as its child, in a session of its
// own (no terminal to push input into) and dying with the launcher
// unless p runs it in the background.
func (Fallback) Run(p *confine.Profile, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	if err := p.Check(); err != nil {
		return 0, err
	}
	prog, err := exec.LookPath(argv[0])
	if err != nil {
		return 0, fmt.Errorf("%w: %v", confine.ErrProfile, err)
	}
	rules := Rules(p)
	cfg := ll.V11.BestEffort()
	if p.Network {
		// No rule can grant every port: the network is not handled.
		cfg.HandledAccessNet = 0
	}
	// The capability bounding set is the thread's: the thread that drops
	// it is the one that starts the command (and whose end kills it).
	runtime.LockOSThread()
	if err := dropCapabilities(); err != nil {
		return 0, fmt.Errorf("%w: %v", confine.ErrCannotConfine, err)
	}
	// No PID namespace hides the launcher from the command, and the
	// launcher's restricted thread is in the command's own domain: a
	// dumpable launcher's /proc/<pid>/task/<tid>/fd/2 would reopen its
	// terminal for a job left behind.
	if err := confine.NonDumpable(); err != nil {
		return 0, fmt.Errorf("%w: making the launcher non-dumpable: %v", confine.ErrCannotConfine, err)
	}
	if err := cfg.Restrict(rules...); err != nil {
		return 0, fmt.Errorf("%w: landlock: %v", confine.ErrCannotConfine, err)
	}
	cmd := exec.Command(prog, argv[1:]...)
	cmd.Args[0] = argv[0]
	cmd.Env, cmd.Dir = env, p.Cwd
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if !p.Background {
		cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("%w: %v", confine.ErrProfile, err)
	}
	cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), nil
	}
	return cmd.ProcessState.ExitCode(), nil
}

// Rules returns the go-landlock rules of p's plan.
func Rules(p *confine.Profile) []ll.Rule {
	var rules []ll.Rule
	for _, g := range Plan(p) {
		var r ll.FSRule
		switch {
		case g.Access == List:
			r = ll.PathAccess(llsys.AccessFSReadDir, g.Path)
		case g.Access == Read && g.Dir:
			r = ll.RODirs(g.Path)
		case g.Access == Read:
			r = ll.ROFiles(g.Path)
		case g.Dir:
			r = ll.RWDirs(g.Path).WithRefer().WithIoctlDev()
		default:
			r = ll.RWFiles(g.Path).WithIoctlDev()
		}
		rules = append(rules, r.IgnoreIfMissing())
	}
	return rules
}

// dropCapabilities leaves the thread, and every program it starts, with
// no capability: it empties the bounding set where it may (a process
// without CAP_SETPCAP may not, as root inside a harness's own sandbox),
// clears the ambient set, sets no_new_privs (an exec then gains no
// capability beyond what the thread holds, not even as root) and
// empties the effective, permitted and inheritable sets, which any
// process may. It then checks with capget that none is left.
func dropCapabilities() error {
	data, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if err != nil {
		return err
	}
	last, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return err
	}
	for c := 0; c <= last; c++ {
		// EPERM: no CAP_SETPCAP; no_new_privs and the empty permitted
		// set below keep an exec from taking the capability back.
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && err != unix.EPERM {
			return fmt.Errorf("dropping capability %d: %v", c, err)
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && err != unix.EINVAL {
		return fmt.Errorf("clearing the ambient capabilities: %v", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("setting no_new_privs: %v", err)
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var none [2]unix.CapUserData
	if err := unix.Capset(&hdr, &none[0]); err != nil {
		return fmt.Errorf("emptying the capability sets: %v", err)
	}
	var held [2]unix.CapUserData
	if err := unix.Capget(&hdr, &held[0]); err != nil {
		return fmt.Errorf("reading the capability sets: %v", err)
	}
	for _, d := range held {
		if d.Effective|d.Permitted|d.Inheritable != 0 {
			return fmt.Errorf("a capability is still held after dropping them all")
		}
	}
	return nil
}
