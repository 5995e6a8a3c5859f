package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// tee copies its input to standard output and to each file it names: it
// writes them (with -a, appends). /dev/null, a descriptor or the terminal
// are not files.

var teeProgram = &Program{Names: []string{"tee"}, Copies: teeCopies, Node: Node{Opts: `
-a --append
-i --ignore-interrupts
-p
--output-error[=MODE]
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		writeUnlessNotFile(fx, a, "tee writes its input to the file")
	}
}}}

// teeCopies: tee writes its input to each file it names, as well as to
// its standard output.
func teeCopies(c *shell.Simple) []string {
	var files []string
	for _, a := range c.Args[1:] {
		if !strings.HasPrefix(a.Value, "-") && !a.Dynamic {
			files = append(files, a.Value)
		}
	}
	return files
}
