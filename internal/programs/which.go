package programs

// which, whereis and type print where the programs they are named are
// found: their operands are names, not files. GNU which --read-alias and
// --read-functions read definitions from its input.

var whichProgram = &Program{Names: []string{"which"}, Node: Node{Opts: `
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
