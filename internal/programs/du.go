package programs

import "github.com/agentgov/governance/internal/shell"

// du and dust add up the sizes of everything under their folders (the
// current folder when none is given): names and metadata only. df and
// duf print the usage of the file systems that hold their operands (all
// mounted ones when none is given).

// duProgram has GNU du's options and BSD's (-A -g -I -n -r).
var duProgram = &Program{Names: []string{"du"}, Node: Node{Opts: `
-0 --null
-a --all
--apparent-size
-B --block-size=SIZE
-b --bytes
-c --total
-D --dereference-args
-d --max-depth=N
--files0-from=F
-H
-h --human-readable
--inodes
-k
-L --dereference
-l --count-links
-m
-P --no-dereference
-S --separate-dirs
--si
-s --summarize
-t --threshold=SIZE
--time[=WORD]
--time-style=STYLE
-X --exclude-from=FILE      read
--exclude=PATTERN
-x --one-file-system
-A
-g
-I=MASK
-n
-r
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("--files0-from") {
		// A list of names whose sizes it prints.
		if v.Value != "-" {
			fx.Read(v)
		}
	}
	statTrees(c, fx, c.Args(), true)
}}}

// statTrees records a look at everything under each folder (the current
// folder when there is none and no list of names).
func statTrees(c *Call, fx *Effects, paths []shell.Arg, hidden bool) {
	if len(paths) == 0 && !c.Has("--files0-from") {
		paths = []shell.Arg{{Value: "."}}
	}
	for _, a := range paths {
		fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: hidden})
	}
}

var dustProgram = &Program{Names: []string{"dust"}, Node: Node{Opts: `
-d --depth=DEPTH
-T --threads=THREADS
--config=FILE                read
-n --number-of-lines=NUM
-p --full-paths
-X --ignore-directory=PATH
-I --ignore-all-in-file=FILE read
-L --dereference-links
-x --limit-filesystem
-s --apparent-size
-r --reverse
-c --no-colors
-C --force-colors
-b --no-percent-bars
-B --bars-on-right
-z --min-size=SIZE
-R --screen-reader
--skip-total
-f --filecount
-i --ignore-hidden --ignore_hidden
-v --invert-filter=REGEX
-e --filter=REGEX
-t --file-types --file_types
-w --terminal-width --terminal_width=WIDTH
-P --no-progress
--print-errors
-D --only-dir
-F --only-file
-o --output-format=FORMAT
-S --stack-size=SIZE
-j --output-json
-M --mtime=DAYS
-A --atime=DAYS
-y --ctime=DAYS
--files0-from=FILE
--collapse=PATH
-m --filetime=FIELD
-h --help                    help
-V --version                 help
`, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("--files0-from") {
		if v.Value != "-" {
			fx.Read(v)
		}
	}
	statTrees(c, fx, c.Args(), true)
}}}

// dfProgram has GNU df's options and BSD's letters (-b -c -g -m -n).
// GNU's -T prints types where BSD's takes one: a flag here.
var dfProgram = &Program{Names: []string{"df"}, Node: Node{Opts: `
-a --all
-B --block-size=SIZE
-h --human-readable
-H --si
-i --inodes
-k
-l --local
--no-sync
--output[=FIELD_LIST]
-P --portability
--sync
--total
-t --type=TYPE
-T --print-type
-x --exclude-type=TYPE
-v
-b
-c
-g
-m
-n
` + gnuHelp, Effects: statOperands}}

// duf spells its options with one dash (Go's flag package), or two.
var dufProgram = &Program{Names: []string{"duf"}, SingleDash: true, Node: Node{Opts: `
-all
-avail-threshold=VALUES
-hide=DEVICES
-hide-fs=FILESYSTEMS
-hide-mp=MOUNTPOINTS
-inodes
-json
-only=DEVICES
-only-fs=FILESYSTEMS
-only-mp=MOUNTPOINTS
-output=FIELDS
-sort=FIELD
-style=STYLE
-theme=THEME
-usage-threshold=VALUES
-version              help
-warnings
-width=WIDTH
-h -help              help
`, Effects: statOperands}}
