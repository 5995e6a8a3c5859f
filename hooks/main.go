package hooks

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
)

const usage = `usage: governance-hook DIALECT

governance-hook is run by an agent harness on every hook event. It reads
the event as JSON on standard input and writes the harness's reply on
standard output. DIALECT names the harness protocol: %s.

Install it with "governance install HARNESS" rather than by hand.
`

// Main is governance-hook's main function; it returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	dialect := "claude"
	if len(args) > 0 {
		switch args[0] {
		case "-h", "--help", "help":
			var names []string
			for n := range Dialects {
				names = append(names, n)
			}
			sort.Strings(names)
			fmt.Fprintf(stdout, usage, strings.Join(names, ", "))
			return 0
		}
		dialect = args[0]
	}
	return run(context.Background(), dialect, stdin, stdout, stderr, OSEnv(), oneProcessor)
}

// oneProcessor leaves the process one processor (GOMAXPROCS 1). The hook
// decides one call on one goroutine at a time; with a processor for each
// core, every goroutine it starts (the call's, its deadline's, a child
// process's waiter) woke or started a thread for the idle processor, and
// the work went back and forth between threads. It is called once the
// input is read, not as the process starts: the runtime's own goroutines
// start a thread for the second processor then, and taking that
// processor away waits for the thread to run and let it go, which on a
// loaded machine waits for the system's scheduler.
func oneProcessor() { runtime.GOMAXPROCS(1) }
