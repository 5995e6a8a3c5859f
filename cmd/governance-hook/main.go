// The runtime starts a goroutine in every process that follows changes of
// the CPU limit to adjust GOMAXPROCS, and the goroutine wakes a thread as
// the hook starts: a hook lives milliseconds and has nothing to adjust.

//go:debug updatemaxprocs=0

// Command governance-hook is the per-event hook that agent harnesses run
// before every tool call. See package hooks.
package main

import (
	"os"
	"runtime"

	"github.com/agentgov/governance/hooks"
)

func main() {
	// The hook decides one call on one goroutine at a time. With a
	// processor for each core, every goroutine it starts (the call's, its
	// deadline's, a child process's waiter) wakes or starts another thread
	// to run it on the idle processor, and the call's goroutine and the
	// main one hand the work back and forth between threads.
	runtime.GOMAXPROCS(1)
	os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
