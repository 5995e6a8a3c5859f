package programs

import "strings"

// less, more, zless and most show the files they read. When the output is
// not a terminal (an agent's never is) they print them as cat does; on a
// terminal their commands can run a shell (!), pipe to a program (|),
// start an editor (v) or save to a file (s). A +CMD word is a command
// run at the start, so it is judged: a line number, a search, or going
// to the end are harmless; anything else may be ! or |. less -o and -O
// write a log file; a lesskey file (-k, --lesskey-src, LESSKEY) binds
// keys and may set LESSOPEN, a command run on each file. The LESS
// variable holds more options.

// lessOpts are less's options (less 643). -# (--shift) cannot be
// written in a table, where # starts a comment: it is unknown.
const lessOpts = `
-? --help                   help
-a --search-skip-screen
-A --SEARCH-SKIP-SCREEN
-b --buffers=N
-B --auto-buffers
-c --clear-screen
-C --CLEAR-SCREEN
-d --dumb
-D --color=XCOLOR
-e --quit-at-eof
-E --QUIT-AT-EOF
-f --force
-F --quit-if-one-screen
-g --hilite-search
-G --HILITE-SEARCH
-h --max-back-scroll=N
-i --ignore-case
-I --IGNORE-CASE
-j --jump-target=N
-J --status-column
-k --lesskey-file=FILE      code
--lesskey-src=FILE          code
--lesskey-content=TEXT      code
-K --quit-on-intr
-L --no-lessopen
-m --long-prompt
-M --LONG-PROMPT
-n --line-numbers
-N --LINE-NUMBERS
-o --log-file=FILE          write
-O --LOG-FILE=FILE          write
-p --pattern=PATTERN
-P --prompt=PROMPT
-q --quiet --silent
-Q --QUIET --SILENT
-r --raw-control-chars
-R --RAW-CONTROL-CHARS
-s --squeeze-blank-lines
-S --chop-long-lines
-t --tag=TAG
-T --tag-file=FILE          read
-u --underline-special
-U --UNDERLINE-SPECIAL
-V --version                help
-w --hilite-unread
-W --HILITE-UNREAD
-x --tabs=N
-X --no-init
-y --max-forw-scroll=N
-z --window=N
-" --quotes=CC
-~ --tilde
--shift=N
-+
--exit-follow-on-close
--file-size
--follow-name
--header=N
--incsearch
--intr=C
--line-num-width=N
--modelines=N
--mouse
--MOUSE
--no-edit-warn
--no-keypad
--no-histdups
--no-number-headers
--no-search-header-lines
--no-search-headers
--no-vbell
--redraw-on-quit
--rscroll=C
--save-marks                write
--search-options=OPTIONS
--show-preproc-errors
--status-col-width=N
--status-line
--use-backslash
--use-color
--wheel-lines=N
--wordwrap
`

// lessEnv are the variables through which less reads options, key
// bindings, commands to run or a history file to write.
var lessEnv = []string{"LESS", "LESSKEY", "LESSKEYIN", "LESSKEY_CONTENT", "LESSKEYIN_SYSTEM", "LESSKEY_SYSTEM",
	"LESSOPEN", "LESSCLOSE", "LESSEDIT", "LESSHISTFILE", "VISUAL", "EDITOR", "SHELL"}

var lessProgram = &Program{Names: []string{"less"}, Node: Node{Opts: lessOpts, Effects: pagerEffects}}

// zless is a script that runs less with a LESSOPEN that decompresses.
var zlessProgram = &Program{Names: []string{"zless"}, Helpers: []string{"less", "gzip", "sh", "bash"}, Node: Node{Opts: lessOpts, Effects: pagerEffects}}

// moreProgram is util-linux more, and on macOS less under another name:
// less's options with util-linux's long spellings. -p is a flag (a
// pattern on macOS), so that a file after it is never taken for the
// pattern; -n is one too (a number of lines on Linux).
var moreProgram = &Program{Names: []string{"more"}, Digits: true, Node: Node{MakeOpts: func() string {
	return strings.NewReplacer(
		"-p --pattern=PATTERN", "-p --pattern --clean-print",
		"-n --line-numbers", "-n --line-numbers --lines[=N]",
		"-d --dumb", "-d --dumb --print-over",
		"-f --force", "-f --force --logical",
		"-s --squeeze-blank-lines", "-s --squeeze-blank-lines --squeeze",
		"-u --underline-special", "-u --underline-special --plain",
		"-e --quit-at-eof", "-e --quit-at-eof --exit-on-eof",
	).Replace(lessOpts) + "-l --no-pause\n"
}, Effects: pagerEffects}}

func pagerEffects(c *Call, fx *Effects) {
	envOptions(c, fx, lessEnv...)
	// A lesskey file's #env section sets the variables above (LESSOPEN
	// runs a program on every file, even when the output is no
	// terminal); the compiled form cannot be read here.
	for _, f := range []string{"~/.lesskey", "~/.config/lesskey"} {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Harmless: lesskeyHarmless, Why: f + " may set LESSOPEN, a program less runs on every file"})
	}
	for _, f := range []string{"~/.less", "~/.config/less"} {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Why: f + " (compiled key bindings) may set LESSOPEN, a program less runs on every file"})
	}
	for _, a := range c.Args() {
		if !a.Dynamic && strings.HasPrefix(a.Value, "+") {
			if !harmlessPagerCommand(a.Value) {
				fx.Exec("less", a.Value, "a +command runs when the pager starts")
			}
			continue
		}
		if a.Value == "-" && !a.Dynamic {
			continue
		}
		fx.Read(a)
	}
}

// harmlessPagerCommand reports a +command that only moves: +NUM, +G,
// +F, +g, +/PATTERN, +?PATTERN (++ applies it to every file).
func harmlessPagerCommand(w string) bool {
	w = strings.TrimPrefix(strings.TrimPrefix(w, "+"), "+")
	switch {
	case w == "" || w == "G" || w == "F" || w == "g":
		return true
	case strings.HasPrefix(w, "/") || strings.HasPrefix(w, "?"):
		// A search pattern is text up to the end of the word; a control
		// character (a newline, an escape) would end or abort it, and
		// what follows would be read as commands.
		for i := 0; i < len(w); i++ {
			if w[i] < 0x20 || w[i] == 0x7f {
				return false
			}
		}
		return true
	}
	n := strings.TrimRight(w, "gGpP%")
	return isDigits(n)
}

// most shows files like less; its +/STRING starts at a search and +NUM at
// a line.
var mostProgram = &Program{Names: []string{"most"}, Node: Node{Opts: `
-1
-b
-c
-C
-d
-M
-r
-s
-t
-u
-v
-w
-z
`, Effects: func(c *Call, fx *Effects) {
	envOptions(c, fx, "MOST_EDITOR", "MOST_INITFILE", "MOST_SWITCHES", "EDITOR", "VISUAL", "SHELL")
	for _, a := range c.Args() {
		if !a.Dynamic && strings.HasPrefix(a.Value, "+") {
			if w := a.Value[1:]; !(isDigits(w) || w == "d" || w == "s" || w == "u" || strings.HasPrefix(w, "/")) {
				fx.Unknown("most " + a.Value + " is not a start command the model knows")
			}
			continue
		}
		fx.Read(a)
	}
}}}

// lesskeyHarmless reports a lesskey source file without an #env section:
// key bindings act only on keys typed at a terminal. less reads the file
// in pieces of at most 1023 bytes, each parsed as a line: a longer line
// may start a piece with #env.
func lesskeyHarmless(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		if len(line) >= 1000 || strings.HasPrefix(strings.TrimSpace(line), "#env") {
			return false
		}
	}
	return true
}
