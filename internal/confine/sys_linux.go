package confine

import (
	"os"
	"strconv"
	"syscall"
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

// closeInherited marks every descriptor above the standard three
// close-on-exec: one the launcher inherited (a folder a harness left
// open) would reach past every mount of the sandbox.
func closeInherited() {
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
