package programs

// ls and its look-alikes list names and metadata: they never read a
// file's content, write, or run anything. Each operand is looked at
// (Stat); with a recursive option, everything under it is.

// lsOpts are GNU ls's options (dir and vdir share them), with the letters
// BSD and macOS ls add (-@ -e -O -P -W -, -%), which are flags there.
const lsOpts = `
-a --all
-A --almost-all
--author
-b --escape
--block-size=SIZE
-B --ignore-backups
-c
-C
--color[=WHEN]
-d --directory
-D --dired
-f
-F --classify[=WHEN]
--file-type
--format=WORD
--full-time
-g
--group-directories-first
-G --no-group
-h --human-readable
--si
-H --dereference-command-line
--dereference-command-line-symlink-to-dir
--hide=PATTERN
--hyperlink[=WHEN]
--indicator-style=WORD
-i --inode
-I --ignore=PATTERN
-k --kibibytes
-l
-L --dereference
-m
-n --numeric-uid-gid
-N --literal
-o
-p
-q --hide-control-chars
--show-control-chars
-Q --quote-name
--quoting-style=WORD
-r --reverse
-R --recursive
-s --size
-S
--sort=WORD
--time=WORD
--time-style=TIME_STYLE
-t
-T --tabsize=COLS
-u
-U
-v
-w --width=COLS
-x
-X
-Z --context
--zero
-1
-@
-e
-O
-P
-W
-,
-%
` + gnuHelp

var lsProgram = &Program{Names: []string{"ls"}, Node: Node{Inert: true, Opts: lsOpts, Effects: lsEffects}}

var dirProgram = &Program{Names: []string{"dir"}, Node: Node{Opts: lsOpts, Effects: lsEffects}}

var vdirProgram = &Program{Names: []string{"vdir"}, Node: Node{Opts: lsOpts, Effects: lsEffects}}

func lsEffects(c *Call, fx *Effects) {
	// BSD ls's -T is a flag (full times); GNU's takes a tab size. A word
	// that is no number after it is an operand on BSD.
	for _, v := range c.ValueArgs("-T") {
		if !isDigits(v.Value) {
			fx.Stat(v)
		}
	}
	listNames(c, fx, c.HasAny("-R|--recursive"), c.HasAny("-a|--all|-A|--almost-all|-f"))
}

// listNames records a look at every operand, and at everything under it
// when the listing is recursive (hidden: dot files too).
func listNames(c *Call, fx *Effects, recursive, hidden bool) {
	for _, a := range c.Args() {
		if recursive {
			fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: hidden})
		} else {
			fx.Stat(a)
		}
	}
}

// exa and eza (its maintained fork) list like ls, with a tree view; --git
// reads the repository's status in-process (no git program, no hooks).
const ezaOpts = `
-? --help            help
-v --version         help
-1 --oneline
-l --long
-G --grid
-x --across
-R --recurse
-T --tree
-X --dereference
-F --classify[=WHEN]
--color --colour[=WHEN]
--color-scale --colour-scale[=FIELD]
--color-scale-mode --colour-scale-mode=MODE
--icons[=WHEN]
--no-icons
--no-quotes
--hyperlink
--absolute[=WHEN]
--follow-symlinks
-w --width=COLS
-a --all
-A --almost-all
-d --list-dirs --treat-dirs-as-files
-D --only-dirs
-f --only-files
--show-symlinks
--no-symlinks
-L --level=DEPTH
-r --reverse
-s --sort=FIELD
--group-directories-first
--group-directories-last
-I --ignore-glob=GLOBS
--git-ignore
-b --binary
-B --bytes
-g --group
--smart-group
-h --header
-H --links
-i --inode
-M --mounts
-n --numeric
-O --flags
-S --blocks --blocksize
-t --time=FIELD
-m --modified
-u --accessed
-U --created
--changed
--time-style=STYLE
--total-size
--no-permissions
-o --octal-permissions
--no-filesize
--no-user
--no-time
--stdin
--git
--no-git
--git-repos
--git-repos-no-status
-@ --extended
-Z --context
`

var exaProgram = &Program{Names: []string{"exa"}, Node: Node{Opts: ezaOpts, Effects: ezaEffects}}

var ezaProgram = &Program{Names: []string{"eza"}, Node: Node{Opts: ezaOpts, Effects: ezaEffects}}

func ezaEffects(c *Call, fx *Effects) {
	if c.Has("--stdin") {
		// The names come from standard input.
		fx.Unknown("eza --stdin lists names read from its input")
	}
	listNames(c, fx, c.HasAny("-R|--recurse|-T|--tree|--total-size"), c.HasAny("-a|--all|-A|--almost-all"))
}

// lsd lists like ls; its configuration file only sets how it displays.
var lsdProgram = &Program{Names: []string{"lsd"}, Node: Node{Opts: `
-1 --oneline
-a --all
-A --almost-all
--blocks=BLOCKS
--classic
--color=WHEN
--config-file=FILE   read
-d --directory-only
--date=DATE
--depth=NUM
-F --classify
-g --git
--group-directories-first
--group-dirs=WHEN
-h --human-readable
--header
--help               help
--hyperlink=WHEN
-i --inode
-I --ignore-glob=PATTERN
--icon=WHEN
--icon-theme=THEME
--ignore-config
-l --long
-L --dereference
-N --literal
--no-symlink
--permission=MODE
-r --reverse
-R --recursive
-S --sizesort
--size=MODE
--sort=WORD
--system-protected
-t --timesort
--total-size
--tree
--truncate-owner-after=NUM
--truncate-owner-marker=STR
-U --no-sort
-v --versionsort
-V --version         help
-X --extensionsort
-Z --context
`, Effects: func(c *Call, fx *Effects) {
	listNames(c, fx, c.HasAny("-R|--recursive|--tree|--total-size"), c.HasAny("-a|--all|-A|--almost-all"))
}}}
