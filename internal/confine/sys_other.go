//go:build !linux

package confine

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

const syscallNoFollow = 0

func signalOf(*os.ProcessState) int { return 0 }

func closeInherited() {}

// NonDumpable: no /proc shows another process's descriptors here.
func NonDumpable() error { return nil }

func linkFD(int, string) error { return errors.ErrUnsupported }

func memFile() (*os.File, error) { return nil, errors.ErrUnsupported }

func ownGroup() *syscall.SysProcAttr { return nil }

func killGroup(int) {}

func ownedByMe(os.FileInfo) bool { return true }

func changeTime(os.FileInfo) (int64, uint64) { return 0, 0 }

func lockShared(*Profile, string) *os.File { return nil }

func lockExclusive(*os.File) bool { return false }

func lockFolder(string) *os.File { return nil }

func lockDowngrade(*os.File) {}

func sandboxHolds(*os.File) bool { return false }

func folderLockable(*os.File) bool { return false }

type folders map[string]int

func (folders) close() {}

func removeBeneath(folders, string, string) {}

func initAlive(int) *os.File { return nil }

func waitEnd(*os.File) {}

func newSession() *syscall.SysProcAttr { return nil }

func reaping() bool { return false }

const digestSize = 16

// entryDigest lists no folder here: a folder whose times changed is
// walked again.
func entryDigest(string) (string, bool) { return "", false }

func closedToMe(string, os.FileInfo) bool { return false }

func killInit(int) {}

func holdLock(*os.File) *os.File { return nil }

func scopeAbstractSockets() bool { return false }

func setuidFile(string) bool { return false }

func lstatBeneath(top, rel string) (os.FileInfo, bool, error) {
	fi, err := os.Lstat(filepath.Join(top, rel))
	return fi, false, err
}

func linkFree(string, string) bool { return false }
