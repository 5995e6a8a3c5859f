package confine

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// syscallNoFollow keeps a report file that is a link from being
// followed.
const syscallNoFollow = syscall.O_NOFOLLOW

func signalOf(e *exec.ExitError) int {
	if ws, ok := e.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
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
