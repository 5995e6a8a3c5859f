package programs

import "strings"

// iconv converts the text of its files (or standard input) from one
// encoding to another and prints it, unless -o writes it to a file. An
// encoding with a slash in it is a charmap file's path to glibc's iconv,
// which opens and parses it (and names what it cannot parse).

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
	for _, a := range c.ValueArgs("-f|-t") {
		if strings.Contains(a.Value, "/") || a.Dynamic {
			fx.Read(a)
		}
	}
}}}
