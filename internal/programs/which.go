package programs

import "github.com/agentgov/governance/internal/shell"

// which, whereis and type print where the programs they are named are
// found: their operands are names, not files. GNU which --read-alias and
// --read-functions read definitions from its input.

var whichProgram = &Program{Names: []string{"which"}, Fold: foldWhich, Node: Node{Opts: `
-a --all
-s
-i --read-alias
--skip-alias
--read-functions
--skip-functions
--skip-dot
--skip-tilde
--show-dot
--show-tilde
--tty-only
-v -V --version           help
--help                    help
`, Effects: printsOnly}}

// foldWhich: which NAME prints the file NAME runs, as the machine finds
// it along PATH.
func foldWhich(c *shell.Simple, m shell.Machine) (string, bool) {
	if len(c.Args) == 2 {
		if p := m.LookPath(c.Args[1].Value); p != "" {
			return p + "\n", true
		}
	}
	return "", false
}

var whereisProgram = &Program{Names: []string{"whereis"}, Node: Node{Opts: `
-b
-B=DIRS
-m
-M=DIRS
-s
-S=DIRS
-f
-u
-l
-g
-h --help                 help
-V --version              help
`, Effects: printsOnly}}

// type is the shell's builtin.
var typeProgram = &Program{Names: []string{"type"}, Node: Node{Opts: `
-a
-f
-p
-P
-t
`, Effects: printsOnly}}
