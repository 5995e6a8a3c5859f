package programs

import (
	"github.com/agentgov/governance/internal/shell"
)

// ack searches the files under its paths (the current folder when it has
// none). It reads options from ackrc files and the environment: ACKRC
// names one, ACK_OPTIONS holds some, ACK_PAGER names a pager; --pager
// runs a command (a project's own .ackrc may not set it). --output was a
// Perl expression in ack 2. --man shows the manual through a pager.

const ackTypes = `actionscript ada asm asp aspx batch bazel cc cfmx clojure cmake coffeescript cpp
crystal csharp css dart delphi elisp elixir elm erlang fortran go groovy gsp haskell hh hpp html jade java js json
jsp kotlin less lisp lua make markdown matlab objc objcpp ocaml perl perltest php plone pod purescript python rake
rr rst ruby rust sass scala scheme shell smalltalk smarty sql stylus svg swift tcl tex toml ts ttml vb verilog vhdl
vim xml yaml`

var ackProgram = &Program{Names: []string{"ack"}, Node: Node{MakeOpts: func() string { return ackOpts + typeOptions(ackTypes, "no") }, Effects: ackEffects}}

const ackOpts = `
-1
-A --after-context[=NUM]
-B --before-context[=NUM]
-C --context[=NUM]
--ackrc=FILE               code
--bar
--break
--nobreak --no-break
-c --count
--cathy
--color --colour
--nocolor --nocolour --no-color --no-colour
--color-filename=COLOR
--color-match=COLOR
--color-colno=COLOR
--color-lineno=COLOR
--column
--nocolumn --no-column
--create-ackrc
--debug
--dump
--env
--noenv --no-env
-f
--files-from=FILE          read
--filter
--nofilter --no-filter
--flush
--follow
--nofollow --no-follow
-g
--group
--nogroup --no-group
--heading
--noheading --no-heading
-h --no-filename
-H --with-filename
--help                     help
--help-colors              help
--help-rgb-colors          help
--help-types               help
-i --ignore-case
-I --no-ignore-case
--ignore-ack-defaults
--ignore-dir --ignore-directory=NAME
--noignore-dir --noignore-directory --no-ignore-dir --no-ignore-directory=NAME
--ignore-file=FILTER
-k --known-types
-l --files-with-matches
-L --files-without-matches
-m --max-count=NUM
--man                      exec
--match=PATTERN
-n --no-recurse
-o
--output=EXPR              code
--pager=COMMAND            filter
--nopager --no-pager
--passthru
--print0
-p --proximate[=LINES]
-P
-Q --literal
-r -R --recurse
--range-start=PATTERN
--range-end=PATTERN
--range-invert
--norange-invert --no-range-invert
-s
--show-types
-S --smart-case
--nosmart-case --no-smart-case
--sort-files
-t --type=TYPE
-T=TYPE
--type-set=SPEC
--type-add=SPEC
--type-del=TYPE
--thpppt
--underline
--nounderline --no-underline
-v --invert-match
--version                  help
-w --word-regexp
-x
`

func ackEffects(c *Call, fx *Effects) {
	if !c.HasAny("--noenv|--create-ackrc|--dump") {
		envOptions(c, fx, "ACKRC", "ACK_OPTIONS", "ACK_PAGER", "ACK_PAGER_COLOR")
	}
	if c.HasAny("--create-ackrc|--dump|--thpppt|--bar|--cathy|--man") {
		return
	}
	if c.Has("-x") {
		fx.Unknown("ack -x searches the files its input names")
	}
	paths := c.Args()
	listOnly := c.HasAny("-f|-g")
	if !c.HasAny("-f|--match") && len(paths) > 0 {
		// The pattern (with -g, the pattern of file names).
		dataMayBeOption(c, fx, 0)
		paths = paths[1:]
	}
	if len(paths) == 0 && !c.HasAny("-x|--files-from") && c.Cmd.Stdin.Kind == shell.StdinInherited {
		paths = []shell.Arg{{Value: "."}}
	}
	if listOnly {
		for _, a := range paths {
			fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: true})
		}
		return
	}
	readFiles(fx, paths, !c.HasAny("-n|--no-recurse"), true)
}
