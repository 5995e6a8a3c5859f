package programs

import "github.com/agentgov/governance/internal/shell"

// cat and tac print the files they are given.

var catProgram = &Program{Names: []string{"cat"}, Fold: foldCat, Copies: copiesToOutput, Node: Node{Inert: true, Opts: `
-A --show-all
-b --number-nonblank
-e
-E --show-ends
-n --number
-s --squeeze-blank
-t
-T --show-tabs
-u
-v --show-nonprinting
` + gnuHelp, Effects: readsFiles}}

// foldCat: cat with no file, or -, prints the known text of its input.
func foldCat(c *shell.Simple, _ shell.Machine) (string, bool) {
	if c.StdinKnown && (len(c.Args) == 1 || len(c.Args) == 2 && c.Args[1].Value == "-") {
		return c.Stdin, true
	}
	return "", false
}

// copiesToOutput: cat writes its input to its standard output only (what
// a here-document fed to it writes to the file its output goes to).
func copiesToOutput(*shell.Simple) []string { return nil }

var tacProgram = &Program{Names: []string{"tac"}, Caches: []string{"/tmp"}, Node: Node{Inert: true, Opts: `
-b --before
-r --regex
-s --separator=STRING
` + gnuHelp, Effects: readsFiles}}
