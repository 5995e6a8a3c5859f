//go:build !linux

package confine

import (
	"errors"
	"os"
	"os/exec"
)

// InitArg is the hidden first argument that makes the launcher the
// sandbox's init: Linux alone has one.
const InitArg = "--governance-sandbox-init"

// HandleInit does nothing here: only Linux's launcher sets its sandbox
// up itself.
func HandleInit() {}

func (l *Launcher) ownUsable() bool { return false }

var errOwnUnavailable = errors.New("the launcher cannot set the sandbox up itself here")

func ownCommand([]string, bool) (*exec.Cmd, error) { return nil, errOwnUnavailable }

func ownWorks() error { return errOwnUnavailable }

func readOwnStatus(*os.File) (bool, int, bool, bool) { return false, 0, false, false }

// earlyInit is the sandbox's init started early: Linux alone has one.
type earlyInit struct{}

func startEarly([]string) *earlyInit { return nil }

func (*earlyInit) take(*exec.Cmd, *os.File) *exec.Cmd { return nil }

func (*earlyInit) discard() {}

func (*earlyInit) cleanEnv(env []string) []string { return CleanEnv(env) }
