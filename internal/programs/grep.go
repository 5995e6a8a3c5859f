package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// grep prints the lines of files that match patterns. It reads its files;
// with -r it reads every file under its folders, dot files included (no
// folder operand: the current folder). It writes nothing and runs
// nothing: zgrep runs gzip to decompress, a fixed program.

// grepOpts are GNU grep's options and BSD grep's. A letter the two use
// differently is a flag here (BSD -X decompresses xz, GNU's undocumented
// -X takes a matcher name), so that a word after it is never mistaken
// for the option's value and hidden from the list of files read.
const grepOpts = `
-E --extended-regexp
-F --fixed-strings --fixed-regexp
-G --basic-regexp
-P --perl-regexp
-e --regexp=PATTERNS
-f --file=FILE              read
-i -y --ignore-case
--no-ignore-case
-w --word-regexp
-x --line-regexp
-z --null-data
-s --no-messages
-v --invert-match
-V --version                help
-m --max-count=NUM
-b --byte-offset
-n --line-number
--line-buffered
-H --with-filename
-h --no-filename
--label=LABEL
-o --only-matching
-q --quiet --silent
--binary-files=TYPE
-a --text
-I
-d --directories=ACTION
-D --devices=ACTION
-r --recursive
-R --dereference-recursive
--include=GLOB
--exclude=GLOB
--exclude-from=FILE         read
--exclude-dir=GLOB
--include-dir=GLOB
-L --files-without-match
-l --files-with-matches
-c --count
-T --initial-tab
-Z --null --decompress
-B --before-context=NUM
-A --after-context=NUM
-C --context=NUM
--group-separator=SEP
--no-group-separator
--color --colour[=WHEN]
-U --binary
-u --unix-byte-offsets
--mmap
-J --bz2decompress
-M --lzma
-X --xz
-O
-p
-S
--help                      help
`

var grepProgram = &Program{Names: []string{"grep"}, Digits: true, Node: Node{Opts: grepOpts, Effects: grepEffects}}

var egrepProgram = &Program{Names: []string{"egrep"}, Helpers: []string{"grep"}, Digits: true, Node: Node{Opts: grepOpts, Effects: grepEffects}}

var fgrepProgram = &Program{Names: []string{"fgrep"}, Helpers: []string{"grep"}, Digits: true, Node: Node{Opts: grepOpts, Effects: grepEffects}}

// zgrep is a script that runs grep on the decompressed files; it refuses
// grep's recursive options.
var zgrepProgram = &Program{Names: []string{"zgrep"}, Helpers: []string{"grep", "gzip", "sh", "cat", "mktemp", "rm", "sed"}, Caches: []string{"/tmp"}, Digits: true, Node: Node{Opts: grepOpts, Effects: grepEffects}}

func grepEffects(c *Call, fx *Effects) {
	// BSD grep and grep before 3.6 read more options from GREP_OPTIONS.
	envOptions(c, fx, "GREP_OPTIONS")
	recursive := c.HasAny("-r|-R|--recursive|--dereference-recursive")
	for _, v := range c.ValueArgs("-d|--directories") {
		// GNU grep takes an abbreviated value (-d rec).
		if v.Dynamic || len(v.Value) >= 3 && strings.HasPrefix("recurse", v.Value) {
			recursive = true
		}
	}
	files := patternOperands(c, fx, "-e|--regexp|-f|--file")
	start := len(fx.List)
	if recursive && len(files) == 0 {
		fx.ReadTree(shell.Arg{Value: "."}, true)
	}
	readFiles(fx, files, recursive, true)
	fx.filterTrees(start, grepFilter(c))
}

// grepFilter returns the file name globs of grep's --include and
// --exclude (each matched against a file's base name when grep recurses),
// or nil for none. A glob computed at run time may match anything.
func grepFilter(c *Call) *NameFilter {
	f := new(NameFilter)
	for i := range c.Opts {
		o := &c.Opts[i]
		if o.Spec == nil || !o.HasValue {
			continue
		}
		include := o.Spec.Is("--include")
		if !include && !o.Spec.Is("--exclude") {
			continue
		}
		if o.Value.Dynamic {
			return nil
		}
		f.Globs = append(f.Globs, NameGlob{Glob: o.Value.Value, Exclude: !include})
	}
	if len(f.Globs) == 0 {
		return nil
	}
	return f
}

// patternOperands returns the operands that name files for a program
// whose first operand is a pattern unless an option in alts gives the
// patterns (grep -e PATTERN FILE...). A pattern computed at run time may
// be an option (see dataMayBeOption).
func patternOperands(c *Call, fx *Effects, alts string) []shell.Arg {
	args := c.Args()
	if c.HasAny(alts) || len(args) == 0 {
		return args
	}
	dataMayBeOption(c, fx, 0)
	return args[1:]
}

// dataMayBeOption records an unknown effect when the i-th operand, which
// the model reads as data (a pattern, a format), is a word whose start
// is computed at run time before any --: it may be an option (rg
// "$x" with x=--pre=sh runs sh on every file), as getopt reads options
// anywhere before --. A word with a fixed start ("%s $x") is data.
func dataMayBeOption(c *Call, fx *Effects, i int) {
	args := c.Args()
	if i >= len(args) || c.DashDash >= 0 && c.NSub+i >= c.DashDash {
		return
	}
	if a := args[i]; a.Dynamic && (a.Value == "" || a.Value[0] == '$' || a.Value[0] == '`' || a.Value[0] == '-') {
		fx.Unknown("the word " + a.Value + " is computed at run time where " + c.Name + " reads options")
	}
}

// readFiles records a read of each file ("-" is standard input), or of
// everything under it when the program walks folders.
func readFiles(fx *Effects, files []shell.Arg, tree, hidden bool) {
	for _, a := range files {
		switch {
		case a.Value == "-" && !a.Dynamic:
		case tree:
			fx.ReadTree(a, hidden)
		default:
			fx.Read(a)
		}
	}
}
