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
// when bubblewrap is on PATH and user
// namespaces are on. The launcher checks again, fully, when it runs, and
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
		return "", fmt.Errorf("%w: bubblewrap (bwrap) is not on PATH", ErrCannotConfine)
	}
	if n := readInt(filepath.Join(m.Proc, "sys/user/max_user_namespaces")); n == 0 {
		return "", fmt.Errorf("%w: user namespaces are off (user.max_user_namespaces is 0)", ErrCannotConfine)
	}
	if n := readInt(filepath.Join(m.Proc, "sys/kernel/unprivileged_userns_clone")); n == 0 {
		return "", fmt.Errorf("%w: unprivileged user namespaces are off (kernel.unprivileged_userns_clone is 0)", ErrCannotConfine)
	}
	return launcher, nil
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
