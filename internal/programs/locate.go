package programs

import "github.com/agentgov/governance/internal/shell"

// look prints the lines of a sorted file that start with a string (the
// system dictionary when no file is given). locate prints the names in
// the file-name database that match its patterns: names from the whole
// file system, as find / would list them.

// lookProgram has util-linux look's options and BSD's.
var lookProgram = &Program{Names: []string{"look"}, Node: Node{Opts: `
-a --alternative
-b
-d --alphanum
-f --ignore-case
-t --terminate=CHAR
-h --help             help
-V --version          help
`, Effects: func(c *Call, fx *Effects) {
	for _, a := range operandsAfter(c, 1) {
		fx.Read(a)
	}
}}}

// locateProgram has the options of plocate, mlocate and GNU findutils'
// locate.
var locateProgram = &Program{Names: []string{"locate", "plocate", "mlocate"}, Node: Node{Opts: `
-A --all
-b --basename
-c --count
-d --database=DBPATH       read
-e --existing
-E --non-existing
-L --follow
-P -H --nofollow --no-follow
-i --ignore-case
-l -n --limit=LIMIT
-m --mmap
-0 --null
-N --literal
-S --statistics
-q --quiet
-r --regexp=REGEXP
--regex
-s --stdio
-w --wholename
-j --threads=N
-h --help                  help
-V --version               help
`, Effects: func(c *Call, fx *Effects) {
	fx.Add(Effect{Op: Stat, Path: shell.Arg{Value: "/"}, Tree: true, Hidden: true})
}}}
