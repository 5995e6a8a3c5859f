// The runtime starts a goroutine in every process that follows changes of
// the CPU limit to adjust GOMAXPROCS, and the goroutine wakes a thread as
// the hook starts: a hook lives milliseconds and has nothing to adjust.

//go:debug updatemaxprocs=0

// Command governance-hook is the per-event hook that agent harnesses run
// before every tool call. See package hooks.
package main

import (
	"os"

	"github.com/agentgov/governance/hooks"
)

func main() {
	os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
