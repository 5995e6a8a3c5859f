package confine

import (
	"os"
	"syscall"
)

// initSignals are the signals on which Go's runtime ends a process that
// does not catch them; a command of the sandbox may send any to its
// init (kill 1, or kill 0: the init leads the command's process group).
// The faults' (SEGV, BUS, FPE, ILL) too: sent by kill, the runtime takes
// them for a crash of its own and ends with a dump of every goroutine.
// Left to the kernel, a real fault of the init still ends it (the
// kernel forces those), as a crash, not a panic: the init recovers none.
// Every other number, the realtime ones too, the runtime drops when a
// process sends it (TestInitOutlivesSignals sends them all).
var initSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2,
	syscall.SIGALRM, syscall.SIGABRT, syscall.SIGXCPU, syscall.SIGXFSZ, syscall.SIGPWR, syscall.SIGSTKFLT, syscall.SIGSYS, syscall.SIGTRAP,
	syscall.SIGSEGV, syscall.SIGBUS, syscall.SIGFPE, syscall.SIGILL}
