package programs

import "github.com/agentgov/governance/internal/shell"

// tokei and scc count the lines of code under the folders they are given
// (the current one when none): they read the files and print only
// counts (and names, tokei -f, scc --by-file). tokei skips hidden files
// unless --hidden; scc's -o writes its report to a file, and
// --format-multi to files it names.

var tokeiProgram = &Program{Names: []string{"tokei"}, Node: Node{Opts: `
-c --columns=N
-C --compact
-e --exclude=PATTERN
-f --files
--hidden
-i --input=FILE        read
-l --languages
--no-ignore
--no-ignore-dot
--no-ignore-parent
--no-ignore-vcs
-n --num-format=FORMAT
-o --output=FORMAT
-s --sort=COLUMN
-t --type=TYPES
-v --verbose
-V --version           help
-h --help              help
`, Effects: func(c *Call, fx *Effects) { countTrees(c, fx, c.Has("--hidden")) }}}

var sccProgram = &Program{Names: []string{"scc"}, Node: Node{Opts: `
--by-file
--ci
--cocomo-project-type=TYPE
--count-as=STRING
--currency-symbol=STRING
--debug
--exclude-dir=DIRS
-x --exclude-ext=EXTS
-f --format=FORMAT
--format-multi=STRING  unknown  # writes the reports to the files it names
--gen
--generated-markers=STRINGS
-i --include-ext=EXTS
--include-symlinks
-l --languages
--large-byte-count=N
--large-line-count=N
--min
--min-gen
--no-cocomo
-c --no-complexity
-d --no-duplicates
--no-gen
--no-gitignore
--no-hborder
--no-ignore
--no-large
--no-min
--no-min-gen
--no-size
-M --not-match=REGEX
-o --output=FILE       write
-s --sort=COLUMN
-v --verbose
-w --wide
--version              help
-h --help              help
`, Effects: func(c *Call, fx *Effects) { countTrees(c, fx, true) }}}

// countTrees records a read of every folder a line counter is given, or
// of the current one.
func countTrees(c *Call, fx *Effects, hidden bool) {
	args := c.Args()
	if len(args) == 0 {
		args = []shell.Arg{{Value: "."}}
	}
	for _, a := range args {
		fx.ReadTree(a, hidden)
	}
}
