package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Process listings: ps, pstree and procs print the process table; they
// change nothing. ps can also print each process's environment (BSD e,
// macOS -E), which holds the tokens and keys processes were started
// with: that is the read of /proc/*/environ, which the secrets rules
// judge.

// processEnvirons stands for the environments of all processes.
var processEnvirons = shell.Arg{Value: "/proc/*/environ", Glob: true}

// ps takes UNIX options (-ef), GNU ones (--forest) and BSD ones without
// a dash (aux), which the model reads from the operands: a BSD word is a
// cluster of letters, the last of which may take the next word (ps o
// pid,cmd). macOS's -C is a flag where procps's takes a list; the model
// takes the list, and looks at a value that is itself an option.
var psProgram = &Program{Names: []string{"ps"}, Node: Node{Opts: `
-A -e
-a
-C=COMMANDS
-c
-D=FORMAT
-d
-E                 # macOS: the environment of each process
-F
-f
-G --Group=GROUPS
-g --group=GROUPS
-H
-h                 # macOS: repeat the header
-j
-L
-l
-M
-m
-N --deselect
-O=FORMAT
-o --format=FORMAT
-P
-p --pid=PIDS
--ppid=PIDS
-q --quick-pid=PIDS
-r                 # macOS: sort by CPU
-S                 # macOS: include dead children
-s --sid=SESSIONS
-T
-t --tty=TTYS
-U --User=USERS
-u --user=USERS
-v                 # macOS: memory format
-w
-X                 # macOS: skip processes without a terminal
-x                 # macOS: include processes without a terminal
-y
-Z --context
--cols --columns --width=N
--lines --rows=N
--cumulative
--forest
--headers
--no-headers --noheaders
--info
--sort=SPEC
--signames
--help[=SECTION]  help
-V --version      help
`, Effects: psEffects}}

// psBSDValue are the BSD letters that take a value (O fmt, o fmt, p pid,
// q pid, t tty, U user, k sort).
const psBSDValue = "OopqtUk"

func psEffects(c *Call, fx *Effects) {
	env := c.Has("-E")
	for i := range c.Opts {
		// A value that is itself a cluster of options (macOS ps -C -E).
		if v := c.Opts[i].Value.Value; strings.HasPrefix(v, "-") && strings.Contains(v, "E") {
			env = true
		}
	}
	value := false
	for _, a := range c.Args() {
		switch {
		case value:
			value = false
		case a.Dynamic:
			fx.Unknown("ps " + a.Value + " may ask for the processes' environments")
		case strings.Trim(a.Value, "0123456789,") == "":
			// A list of process IDs.
		default:
			for j := 0; j < len(a.Value); j++ {
				if a.Value[j] == 'e' {
					env = true
				}
				if strings.IndexByte(psBSDValue, a.Value[j]) >= 0 {
					// The rest of the word is the value, or the next
					// word is.
					value = j == len(a.Value)-1
					break
				}
			}
		}
	}
	if env {
		fx.Read(processEnvirons)
	}
}

// pstree prints the process tree from a PID or for a user. The options
// are those of psmisc's pstree; macOS's pstree reads the output of ps
// from the file of -f.
var pstreeProgram = &Program{Names: []string{"pstree"}, Node: Node{Opts: `
-a --arguments
-A --ascii
-c --compact-not
-C --color=TYPE
-f=FILE   read      # macOS
-g --show-pgids
-G --vt100
-h --highlight-all
-H --highlight-pid=PID
-l --long
-n --numeric-sort
-N --ns-sort=TYPE
-p --show-pids
-s --show-parents
-S --ns-changes
-t --thread-names
-T --hide-threads
-u --uid-changes
-U --unicode
-w                  # macOS: wide
-Z --security-context
-V --version  help
`, Effects: optionsAtRunTime}}

// procs is a ps with colors. It pipes its output to a pager when the
// output is a terminal (--pager always: every time), a program its
// configuration names; --load-config reads a configuration, pager
// included; --gen-completion writes a completion file in the working
// folder (--gen-completion-out prints it).
var procsProgram = &Program{Names: []string{"procs"}, Node: Node{Opts: `
-a --and
-o --or
-d --nand
-r --nor
-l --list
-t --tree
--thread
-w --watch
-W --watch-interval=SECONDS
--sortd=KIND
--sorta=KIND
-i --insert=KIND
--only=KIND
-p --pager=MODE
-c --color=MODE
--theme=THEME
--interval=MILLISECONDS
--use-config=NAME
--load-config=FILE  unknown
--config
--gen-config
--no-header
--json
--procfs=DIR
--gen-completion=SHELL
--gen-completion-out=SHELL
-h --help     help
-V --version  help
`, Effects: func(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	for _, mode := range c.Values("-p") {
		if mode != "disable" && mode != "auto" {
			fx.Unknown("procs --pager " + mode + " runs the pager its configuration names")
		}
	}
	for _, dir := range c.ValueArgs("--procfs") {
		fx.ReadTree(dir, false)
	}
	if c.Has("--gen-completion") {
		fx.Write(shell.Arg{Value: "."}, "procs --gen-completion writes a completion file here")
	}
}}}
