package programs

// iconv converts the text of its files (or standard input) from one
// encoding to another and prints it, unless -o writes it to a file.

var iconvProgram = &Program{Names: []string{"iconv"}, Node: Node{Opts: `
-f --from-code=ENCODING
-t --to-code=ENCODING
-l --list
-c
-o --output=FILE          write
-s --silent
--verbose
-? --help                 help
--usage                   help
-V --version              help
`, Effects: func(c *Call, fx *Effects) {
	unseenEffects(c, fx)
	readOperands(c, fx)
}}}
