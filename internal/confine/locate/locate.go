// Package locate finds the confinement launcher for the hook, or says
// why the machine cannot confine a call. It is apart from package confine,
// the launcher itself, so that the hook links only this: a few stat calls
// and two kernel settings, nothing of the launcher's.
package locate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// LauncherName is the launcher's program name.
const LauncherName = "governance-confine"

// ErrCannotConfine is wrapped by every error that says this machine
// cannot confine a command (package confine's launcher wraps it too).
var ErrCannotConfine = errors.New("this machine cannot confine the command")

// Locate returns the launcher's absolute path, or why this machine
// cannot confine a call, as the hook decides it: cheaply, with no
// process started, once per process. The launcher is the one beside the
// running program (governance-hook, governance), else the first on
// PATH (a trusted folder of it: see [Program]); the machine confines
// when user namespaces are on and either the launcher can set the
// sandbox up itself (see [Machine.OwnSandbox]) or bubblewrap is on PATH. The launcher checks again, fully, when it runs, and
// refuses rather than run a command unconfined.
//
// It is a function, not a sync.OnceValues: a package-level OnceValues is
// a call every process makes as it starts (TestHookStartsIdle).
func Locate() (string, error) {
	located.once.Do(func() {
		exe, _ := os.Executable()
		located.path, located.err = Machine{Exe: exe, Path: os.Getenv("PATH"), Proc: "/proc", Getenv: os.Getenv}.Locate()
	})
	return located.path, located.err
}

// located is what [Locate] found.
var located struct {
	once sync.Once
	path string
	err  error
}

// Machine is what [Locate] reads: the running program, PATH and the
// kernel's settings under Proc; Getenv (nil for none) names the folders
// no program is taken from (see [Untrusted]).
type Machine struct {
	Exe, Path, Proc string
	Getenv          func(string) string
}

// Locate returns the launcher's path on m, or why m cannot confine.
func (m Machine) Locate() (string, error) {
	if runtime.GOOS != "linux" {
		return "", fmt.Errorf("%w: confinement needs Linux", ErrCannotConfine)
	}
	getenv := m.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	untrusted := Untrusted("", getenv)
	launcher := ""
	if m.Exe != "" {
		if exe, err := filepath.EvalSymlinks(m.Exe); err == nil && executable(filepath.Join(filepath.Dir(exe), LauncherName)) {
			launcher = filepath.Join(filepath.Dir(exe), LauncherName)
		}
	}
	if launcher == "" {
		launcher = Program(m.Path, LauncherName, untrusted)
	}
	if launcher == "" {
		return "", fmt.Errorf("%w: %s is not installed beside governance-hook or on PATH", ErrCannotConfine, LauncherName)
	}
	if Program(m.Path, "bwrap", untrusted) == "" {
		if why := m.OwnSandbox(); why != "" {
			return "", fmt.Errorf("%w: bubblewrap (bwrap) is not on PATH, and %s", ErrCannotConfine, why)
		}
	}
	if n := readInt(filepath.Join(m.Proc, "sys/user/max_user_namespaces")); n == 0 {
		return "", fmt.Errorf("%w: user namespaces are off (user.max_user_namespaces is 0)", ErrCannotConfine)
	}
	if n := readInt(filepath.Join(m.Proc, "sys/kernel/unprivileged_userns_clone")); n == 0 {
		return "", fmt.Errorf("%w: unprivileged user namespaces are off (kernel.unprivileged_userns_clone is 0)", ErrCannotConfine)
	}
	return launcher, nil
}

// OwnMinKernel is the oldest Linux on which the launcher sets the
// sandbox up itself, with no bubblewrap: the new mount API's mounts on
// a tree not yet attached came in 6.15.
var OwnMinKernel = [2]int{6, 15}

// OwnSandbox returns "" when the kernel lets the launcher set the
// sandbox up itself, and otherwise why not, as the end of a sentence.
// It reads two settings under Proc: the kernel's release, and
// AppArmor's restriction of unprivileged user namespaces (Ubuntu 23.10
// and later), which lets only programs with a profile of their own make
// one, as Ubuntu gives bubblewrap. The launcher tries it when it runs,
// and falls back to bubblewrap or refuses; this is the cheap answer the
// hook and doctor give before.
func (m Machine) OwnSandbox() string {
	release, err := os.ReadFile(filepath.Join(m.Proc, "sys/kernel/osrelease"))
	if err != nil {
		return "the kernel's release is unknown"
	}
	rel := strings.TrimSpace(string(release))
	if !atLeast(rel, OwnMinKernel) {
		return fmt.Sprintf("the kernel (%s) is older than %d.%d, which the launcher needs to set the sandbox up without it", rel, OwnMinKernel[0], OwnMinKernel[1])
	}
	if os.Geteuid() != 0 && readInt(filepath.Join(m.Proc, "sys/kernel/apparmor_restrict_unprivileged_userns")) == 1 {
		return "AppArmor lets only programs with a profile make user namespaces (kernel.apparmor_restrict_unprivileged_userns is 1)"
	}
	return ""
}

// atLeast reports whether the kernel release rel ("6.16.3-amd64") is
// min or later.
func atLeast(rel string, min [2]int) bool {
	parts := strings.SplitN(rel, ".", 3)
	if len(parts) < 2 {
		return false
	}
	major, err1 := strconv.Atoi(parts[0])
	digits := strings.IndexFunc(parts[1], func(r rune) bool { return r < '0' || r > '9' })
	if digits < 0 {
		digits = len(parts[1])
	}
	minor, err2 := strconv.Atoi(parts[1][:digits])
	if err1 != nil || err2 != nil {
		return false
	}
	return major > min[0] || major == min[0] && minor >= min[1]
}

// OnPath returns the first executable named name in an absolute folder
// of path, "" when there is none: a relative folder would name a
// different program in every folder the harness runs a command in.
func OnPath(path, name string) string {
	for _, dir := range filepath.SplitList(path) {
		if !filepath.IsAbs(dir) {
			continue
		}
		if p := filepath.Join(dir, name); executable(p) {
			return p
		}
	}
	return ""
}

func executable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// readInt reads a number from a kernel setting: -1 when it is missing
// or unreadable (the kernel has no such switch).
func readInt(p string) int {
	data, err := os.ReadFile(p)
	if err != nil {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return -1
	}
	return n
}
