package hooks

// stackDepth is the frame that grows the stack at once. The JSON decoder,
// the shell parser and the engine recurse: a one-line command goes about
// 10 KiB deep, a ten-command script with pipes and substitutions about
// 21 KiB. A 16 KiB frame gives a 32 KiB stack, which holds both; growing
// step by step cost about 10% more instructions. The frame is zeroed, and
// each 4 KiB page it first touches is a page fault: a larger one (32 KiB
// gave a 64 KiB stack) faulted four more pages than any call uses.
const stackDepth = 16 << 10

var sink byte

// growStack grows the calling goroutine's stack to stackDepth at once,
// while it holds few frames. A goroutine starts with a few kilobytes and
// doubles its stack when a call needs more, copying every frame each
// time; deep in a decision that copying was about a tenth of the hook's
// work. The goroutine that decides a hook call calls it first: growing
// the main goroutine's stack, as governance-hook did, stopped helping
// once the decision moved to a goroutine of its own (to bound its time),
// and the copying came back (perf: morestack and copystack in about 9% of
// a hook process's samples).
//
//go:noinline
func growStack(n int) {
	var pad [stackDepth]byte
	pad[n%stackDepth] = 1
	sink = pad[(n+1)%stackDepth]
}
