package hooks

import (
	"context"
	"fmt"
	"io"
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
	return Run(context.Background(), dialect, stdin, stdout, stderr, OSEnv())
}
