// Command governance-hook is the per-event hook that agent harnesses run
// before every tool call. See package hooks.
package main

import (
	"os"

	"github.com/agentgov/governance/hooks"
)

func main() {
	growStack()
	os.Exit(hooks.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// stackDepth is the stack to grow to at once. The JSON decoder, the shell
// parser and the engine recurse; 32 KiB (a 64 KiB stack) measured best,
// about 10% fewer instructions per call than growing step by step.
const stackDepth = 32 << 10

var sink byte

// growStack grows the goroutine's stack to stackDepth at once, while it
// holds two frames. A goroutine starts with a few kilobytes and doubles
// its stack when a call needs more, copying every frame each time; deep
// in a decision that copying was about a tenth of the hook's work.
//
//go:noinline
func growStack() {
	var pad [stackDepth]byte
	pad[len(os.Args)%stackDepth] = 1
	sink = pad[(len(os.Args)+1)%stackDepth]
}
