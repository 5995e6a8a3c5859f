package programs

// diff, diff3, sdiff, colordiff, wdiff and cmp compare the files they
// read and print the differences; with -r, diff reads the trees under two
// folders, dot files included. diff3 and sdiff run another program for
// --diff-program; sdiff -o merges into a file, asking on its input (where
// an e command starts an editor); wdiff -a runs a pager. vimdiff is an
// editor.

// diffOpts are GNU diff's options, with the short spellings it does not
// list in its help (-L, -H, -P).
const diffOpts = `
--normal
-q --brief
-s --report-identical-files
-c
-C=NUM
--context[=NUM]
-u
-U=NUM
--unified[=NUM]
-e --ed
-n --rcs
-y --side-by-side
-W --width=NUM
--left-column
--suppress-common-lines
-p --show-c-function
-F --show-function-line=RE
-L --label=LABEL
-t --expand-tabs
-T --initial-tab
--tabsize=NUM
--suppress-blank-empty
-l --paginate
-r --recursive
--no-dereference
-N --new-file
-P --unidirectional-new-file
--ignore-file-name-case
--no-ignore-file-name-case
-x --exclude=PAT
-X --exclude-from=FILE              read
-S --starting-file=FILE
--from-file=FILE1                   read
--to-file=FILE2                     read
-i --ignore-case
-E --ignore-tab-expansion
-Z --ignore-trailing-space
-b --ignore-space-change
-w --ignore-all-space
-B --ignore-blank-lines
-I --ignore-matching-lines=RE
-a --text
--strip-trailing-cr
-D --ifdef=NAME
--old-group-format=GFMT
--new-group-format=GFMT
--unchanged-group-format=GFMT
--changed-group-format=GFMT
--line-format=LFMT
--old-line-format=LFMT
--new-line-format=LFMT
--unchanged-line-format=LFMT
-d --minimal
--horizon-lines=NUM
-H --speed-large-files
--color[=WHEN]
--palette=PALETTE
--binary
--help                              help
-v --version                        help
`

var diffProgram = &Program{Names: []string{"diff"}, Node: Node{Opts: diffOpts, Effects: diffEffects}}

func diffEffects(c *Call, fx *Effects) {
	readFiles(fx, c.Args(), c.HasAny("-r|--recursive"), true)
}

// colordiff runs diff with its options (or colours a diff it reads) and
// adds a few of its own. Its configuration file, found through HOME or
// XDG_CONFIG_HOME, names the diff program it runs (diff_cmd).
var colordiffProgram = &Program{Names: []string{"colordiff"}, Helpers: []string{"diff"}, Node: Node{Opts: diffOpts + `
--difftype=TYPE
--color-patches=WHEN
--color-term-output-only=WHEN
--verifymode
--fakeexitcode
`, Effects: func(c *Call, fx *Effects) {
	envOptions(c, fx, "HOME", "USERPROFILE", "XDG_CONFIG_HOME", "LOCALAPPDATA", "APPDATA")
	diffEffects(c, fx)
}}}

var diff3Program = &Program{Names: []string{"diff3"}, Helpers: []string{"diff"}, Node: Node{Opts: `
-A --show-all
-e --ed
-E --show-overlap
-3 --easy-only
-x --overlap-only
-X
-i
-m --merge
-a --text
--strip-trailing-cr
-T --initial-tab
--diff-program=PROGRAM              exec
-L --label=LABEL
--help                              help
-v --version                        help
`, Effects: readsFiles}}

var sdiffProgram = &Program{Names: []string{"sdiff"}, Helpers: []string{"diff"}, Node: Node{Opts: `
-o --output=FILE                    write
-i --ignore-case
-E --ignore-tab-expansion
-Z --ignore-trailing-space
-b --ignore-space-change
-W --ignore-all-space
-B --ignore-blank-lines
-I --ignore-matching-lines=RE
--strip-trailing-cr
-a --text
-w --width=NUM
-l --left-column
-s --suppress-common-lines
-t --expand-tabs
--tabsize=NUM
-d --minimal
-H --speed-large-files
--diff-program=PROGRAM              exec
--help                              help
-v --version                        help
`, Effects: func(c *Call, fx *Effects) {
	if c.Has("--output") {
		fx.Unknown("sdiff -o merges as its input directs, and an e command starts an editor")
	}
	readOperands(c, fx)
}}}

// cmpProgram has GNU cmp's options and BSD's (-x, -z). Its third and
// fourth operands are byte counts.
var cmpProgram = &Program{Names: []string{"cmp"}, Node: Node{Opts: `
-b --print-bytes
-i --ignore-initial=SKIP
-l --verbose
-n --bytes=LIMIT
-s --quiet --silent
-x
-z
-h
--help                              help
-v --version                        help
`, Effects: func(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) > 2 {
		args = args[:2]
	}
	readFiles(fx, args, false, false)
}}}

var wdiffProgram = &Program{Names: []string{"wdiff"}, Helpers: []string{"diff"}, Caches: []string{"/tmp"}, Node: Node{Opts: `
-C --copyright                      help
-1 --no-deleted
-2 --no-inserted
-3 --no-common
-a --auto-pager                     exec
-d --diff-input
-h --help                           help
-i --ignore-case
-l --less-mode
-n --avoid-wraps
-p --printer
-s --statistics
-t --terminal
-v --version                        help
-w --start-delete=STRING
-x --end-delete=STRING
-y --start-insert=STRING
-z --end-insert=STRING
`, Effects: func(c *Call, fx *Effects) {
	envOptions(c, fx, "PAGER")
	readOperands(c, fx)
}}}

// vimdiff is vim in diff mode: an editor, which writes the files it opens
// when asked, runs the commands of -c and +, and reads the user's vimrc.
// No call of it is only a read.
var vimdiffProgram = &Program{Names: []string{"vimdiff"}, Node: Node{Effects: func(c *Call, fx *Effects) {
	fx.Unknown("vimdiff is an editor: it can write the files it opens and run commands")
	for _, a := range c.Args() {
		fx.Write(a, "vimdiff edits the files it opens")
	}
}}}
