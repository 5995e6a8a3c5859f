package programs

import "strings"

// man, info, apropos, whatis and tldr print documentation. Their operands
// name pages, not files, except man -l and a name with a slash (a page
// file). man runs a pager on a terminal (-P, MANPAGER, PAGER), a browser
// for -H, gxditview for -X; a configuration file (-C) may define the
// programs it runs; -c and -u rewrite its caches. info -o writes the
// nodes to a file and --dribble records keystrokes in one. tldr fetches
// pages it does not have.

// manOpts are man-db's options and BSD man's letters.
const manOpts = `
-C --config-file=FILE        code
-d --debug
-D --default
--warnings[=WARNINGS]
-f --whatis
-k --apropos
-K --global-apropos
-l --local-file
-w --where --path --location
-W --where-cat --location-cat
-c --catman                  write
-R --recode=ENCODING
-L --locale=LOCALE
-m --systems=SYSTEM
-M --manpath=PATH
-S -s --sections=LIST
-e --extension=EXTENSION
-i --ignore-case
-I --match-case
--regex
--wildcard
--names-only
-a --all
-u --update                  write
--no-subpages
-P --pager=PAGER             filter
-r --prompt=STRING
-7 --ascii
-E --encoding=ENCODING
--no-hyphenation --nh
--no-justification --nj
-p --preprocessor=STRING
-t --troff
-T --troff-device[=DEVICE]
-H --html[=BROWSER]          exec
-X --gxditview[=RESOLUTION]  exec
-Z --ditroff
-? -h --help                 help
--usage                      help
-V --version                 help
`

var manProgram = &Program{Names: []string{"man"}, Helpers: manFormatters, Caches: []string{"/var/cache/man"}, Node: Node{Opts: manOpts, Effects: func(c *Call, fx *Effects) {
	envOptions(c, fx, "MANOPT", "MANROFFOPT", "MANROFFSEQ", "MANPAGER", "PAGER", "BROWSER", "HTMLPAGER", "LESS*")
	local := c.Has("--local-file")
	pageFile := false
	for _, a := range c.Args() {
		if local || a.Dynamic || strings.Contains(a.Value, "/") {
			fx.Read(a)
			pageFile = true
		}
	}
	// A page is roff: its .so, .mso and .cf requests put any file into
	// what man prints, so a page that is not the system's may show any
	// file. -M and MANPATH take pages from other folders.
	if pageFile || c.Has("--manpath") || assigned(c, "MANPATH") != "" {
		fx.Unknown("a page file that is not the system's may include any file in what man prints (.so)")
	}
}}}

// manSearchOpts are the options of man-db's apropos and whatis.
const manSearchOpts = `
-d --debug
-v --verbose
-e --exact
-r --regex
-w --wildcard
-a --and
-l --long
-C --config-file=FILE        read
-L --locale=LOCALE
-m --systems=SYSTEM
-M --manpath=PATH
-s --sections --section=LIST
-? -h --help                 help
--usage                      help
-V --version                 help
`

var aproposProgram = &Program{Names: []string{"apropos"}, Node: Node{Opts: manSearchOpts, Effects: printsOnly}}

var whatisProgram = &Program{Names: []string{"whatis"}, Node: Node{Opts: manSearchOpts, Effects: printsOnly}}

var infoProgram = &Program{Names: []string{"info"}, Node: Node{Opts: `
-a --all
-k --apropos=STRING
-d --directory=DIR
--dribble=FILE               write
-f --file=MANUAL             read
-h --help                    help
--index-search=STRING
--init-file=FILE             read
-n --node=NODENAME
-o --output=FILE
-O --show-options --usage
-r --restore=FILE            read
-R --raw-escapes
--no-raw-escapes
--strict-node-location
--subnodes
-v --variable=VAR=VALUE
--vi-keys
--version                    help
-w --where --location
-x --debug=NUMBER
`, Effects: func(c *Call, fx *Effects) {
	envOptions(c, fx, "INFO_PRINT_COMMAND", "INFOKEY")
	for _, v := range c.ValueArgs("-o|--output") {
		writeUnlessNotFile(fx, v, "info -o writes the nodes there")
	}
	// An operand names a manual, which info looks for as a file in the
	// folder too (info .env prints .env), and falls back on man.
	for _, a := range c.Args() {
		fx.Read(a)
	}
	fx.Helper("man", "info shows a manual page when it finds no manual")
	for _, h := range manFormatters {
		fx.Helper(h, "man formats the page")
	}
	fx.Cache(argOf("/var/cache/man"), "man keeps formatted pages")
}}}

// tldr has several clients (tealdeer, the Node and Python ones); this is
// the union of their options: where they differ, the reading that does
// more. A page lookup may download the pages; -u updates the cache and
// --clear-cache empties it.
var tldrProgram = &Program{Names: []string{"tldr"}, Node: Node{Opts: `
-l --list
-a --list-all
-f=FILE                      read
-r --render --random[=FILE]  read
-e --random-example
-s --search=QUERY
-p --platform=PLATFORM
-o --os=PLATFORM
-L --language=LANGUAGE
-u --update --update-cache --update_cache   write
-c --clear-cache             write
--seed-config                write
--config-path
--show-paths
--pager                      exec
--raw
-m --markdown
-q --quiet
--color=WHEN
--print-completion=SHELL
-v -V --version              help
-h --help                    help
`, Effects: func(c *Call, fx *Effects) {
	switch {
	case c.HasAny("-f|--render"):
		// tealdeer's -f FILE and the Python client's -r render local
		// files (the Node client's -r picks a random page).
		readOperands(c, fx)
	case c.HasAny("--config-path|--show-paths|--list|--list-all"):
	default:
		fx.Network("tldr pages", c.Args()...)
	}
}}}
