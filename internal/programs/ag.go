package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// The Silver Searcher (ag) searches the files under its paths (the
// current folder when it has none), skipping hidden files unless --hidden
// or -u. It decompresses -z files in-process. --pager runs a command.

// agOpts are ag's options (src/options.c). -A, -B and -C take a number
// only when the next word is one; their long forms take one only when
// attached.
const agOpts = `
--ackmate
--ackmate-dir-filter=REGEX
--affinity
--noaffinity --no-affinity
-A=LINES
--after[=LINES]
-t --all-text
-a --all-types
-B=LINES
--before[=LINES]
--break
--nobreak --no-break
-s --case-sensitive
--color
--nocolor --no-color
--color-line-number=COLOR
--color-match=COLOR
--color-path=COLOR
--color-win-ansi
--column
-C=LINES
--context[=LINES]
-c --count
-D --debug
--depth=NUM
--filename
--nofilename --no-filename
-g --filename-pattern=PATTERN
-G --file-search-regex=PATTERN
-l --files-with-matches
-L --files-without-matches
-F --fixed-strings
-f --follow
--nofollow --no-follow
--group
--nogroup --no-group
-H --heading
--noheading --no-heading
-h --help                  help
--hidden
--ignore=PATTERN
-i --ignore-case
--ignore-dir=NAME
-v --invert-match
--line-numbers
--list-file-types
-Q --literal
--match
-m --max-count=NUM
--mmap
--nommap --no-mmap
--multiline
--nomultiline --no-multiline
--numbers
--nonumbers --no-numbers
--nopager --no-pager
-n --norecurse --no-recurse
-0 --null --print0
-o --only-matching
--one-device
--pager=COMMAND            filter
--parallel
--passthrough --passthru
-p --path-to-ignore=FILE   read
--print-all-files
--print-long-lines
-r -R --recurse
--search-binary
--search-files
-z --search-zip
--silent
-U --skip-vcs-ignores
-S --smart-case
--stats
--stats-only
-u --unrestricted
-V --version               help
--vimgrep
-W --width=NUM
-w --word-regexp
--workers=NUM
`

// agTypes are ag's file types, each an option (ag --go).
const agTypes = `actionscript ada asciidoc apl asm asp aspx batch bazel bitbake cc cfmx chpl clojure
coffee config coq cpp crystal csharp cshtml css cython delphi dlang dot dts ebuild elisp elixir elm erlang factor
fortran fsharp gettext glsl go gradle groovy haml handlebars haskell haxe hh html idris ini ipython isabelle j jade
java jinja2 js json jsp julia kotlin less liquid lisp log lua m4 make mako markdown mason matlab mathematica md
mercury naccess nim nix objc objcpp ocaml octave org parrot pdb perl php pike plist plone powershell proto ps1 pug
puppet python qml racket rake razor restructuredtext rs r rdoc ruby rust salt sass scala scheme shell smalltalk sml
sql stata stylus swift tcl terraform tex thrift tla tt toml ts twig vala vb velocity verilog vhdl vim vue wix wsdl
wadl xml yaml zeek zephir`

var agProgram = &Program{Names: []string{"ag"}, Helpers: []string{"sh", "git"}, Node: Node{MakeOpts: func() string { return agOpts + typeOptions(agTypes, "") }, Effects: agEffects}}

// typeOptions returns option lines for file types: --TYPE, and --noTYPE
// when no is set.
func typeOptions(types string, no string) string {
	var b strings.Builder
	for _, t := range strings.Fields(types) {
		b.WriteString("--" + t)
		if no != "" {
			b.WriteString(" --" + no + t)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func agEffects(c *Call, fx *Effects) {
	if c.Has("--list-file-types") {
		return
	}
	hidden := c.HasAny("--hidden|-u|--unrestricted")
	paths := c.Args()
	query := !c.HasAny("-g|--filename-pattern")
	for _, v := range c.ValueArgs("-A|-B|-C") {
		// -A WORD with a WORD that is no number leaves WORD to be the
		// pattern: every operand is then a path.
		if !isDigits(v.Value) {
			query = false
		}
	}
	if query && len(paths) > 0 {
		dataMayBeOption(c, fx, 0)
		paths = paths[1:]
	}
	if len(paths) == 0 && c.Cmd.Stdin.Kind == shell.StdinInherited {
		paths = []shell.Arg{{Value: "."}}
	}
	if c.HasAny("-g|--filename-pattern") {
		// It lists the names that match.
		for _, a := range paths {
			fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: hidden})
		}
		return
	}
	readFiles(fx, paths, true, hidden)
}
