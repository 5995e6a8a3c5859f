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

// stackDepth is the frame that grows the stack at once. The JSON decoder,
// the shell parser and the engine recurse: a one-line command goes about
// 10 KiB deep, a ten-command script with pipes and substitutions about
// 21 KiB. A 16 KiB frame gives a 32 KiB stack, which holds both; growing
// step by step cost about 10% more instructions. The frame is zeroed, and
// each 4 KiB page it first touches is a page fault: a larger one (32 KiB
// gave a 64 KiB stack) faulted four more pages than any call uses.
const stackDepth = 16 << 10

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
