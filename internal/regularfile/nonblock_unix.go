//go:build unix

package regularfile

import "syscall"

const oNonblock = syscall.O_NONBLOCK
