package programs

// head and tail print the start or the end of the files they read; tail
// -f keeps reading as they grow.

var headProgram = &Program{Names: []string{"head"}, Digits: true, Node: Node{Inert: true, Opts: `
-c --bytes=NUM
-n --lines=NUM
-q --quiet --silent
-v --verbose
-z --zero-terminated
` + gnuHelp, Effects: readsFiles}}

// tailProgram has GNU tail's options and BSD's -b (blocks) and -r
// (reverse). tail -f never ends, but only reads.
var tailProgram = &Program{Names: []string{"tail"}, Digits: true, Node: Node{Inert: true, Opts: `
-c --bytes=NUM
-f --follow[=HOW]
-F
-n --lines=NUM
--max-unchanged-stats=N
--pid=PID
-q --quiet --silent
--retry
-s --sleep-interval=N
-v --verbose
-z --zero-terminated
-b=BLOCKS
-r
` + gnuHelp, Effects: readsFiles}}
