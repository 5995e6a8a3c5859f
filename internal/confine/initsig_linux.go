package confine

import (
	"os"
	"syscall"
)

// initSignals are the signals on which Go's runtime ends a process that
// does not catch them; a command of the sandbox may send any to its
// init (kill 1, or kill 0: the init leads the command's process group).
var initSignals = []os.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGUSR1, syscall.SIGUSR2,
	syscall.SIGALRM, syscall.SIGABRT, syscall.SIGXCPU, syscall.SIGXFSZ, syscall.SIGPWR, syscall.SIGSTKFLT, syscall.SIGSYS, syscall.SIGTRAP}
