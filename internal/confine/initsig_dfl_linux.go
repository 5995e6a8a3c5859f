//go:build linux && (amd64 || arm64 || riscv64 || loong64)

package confine

import (
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// leaveToKernel gives sig back its default action, as bubblewrap's init
// (in C) has it: the kernel then drops it when a process of the
// sandbox sends it to the PID namespace's init, and the command starts
// with the default too. os/signal's Notify would do as well, at the cost
// of a thread of its own, which the init waits for (milliseconds on a
// loaded machine).
func leaveToKernel(sig os.Signal) {
	// struct sigaction as the kernel has it on these architectures:
	// handler (SIG_DFL), flags, restorer, mask.
	var act struct{ handler, flags, restorer, mask uint64 }
	unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig.(syscall.Signal)), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
}
