package programs

// pgrep lists the processes whose names match its pattern; pkill, with
// the same selection, signals them. -F reads the process ID from a file.
// The tables hold procps's options and macOS's.

// pgrepSelect are the selection options pgrep and pkill share.
const pgrepSelect = `
-A --ignore-ancestors
-a --list-full          # macOS: include the ancestors
-c --count
-F --pidfile=FILE  read
-f --full
-G --group=GIDS
-g --pgroup=PGIDS
-i --ignore-case
-j=JIDS                 # FreeBSD: jails
-L --logpidfile
-l --list-name
-M=CORE            read # BSD: a kernel core to read
-N=SYSTEM          read # BSD: a kernel image to read
-n --newest
-O --older=SECONDS
-o --oldest
-P --parent=PPIDS
-r --runstates=STATES
-S                      # macOS: system processes too
-s --session=SIDS
-t --terminal=TTYS
-U --uid=UIDS
-u --euid=UIDS
-v --inverse
-x --exact
--cgroup=GROUPS
--env=NAME              # procps: by environment variable
--ns=PID
--nslist=NAMESPACES
-h --help     help
-V --version  help
`

var pgrepProgram = &Program{Names: []string{"pgrep"}, Node: Node{Opts: pgrepSelect + `
-d --delimiter=STRING
-q --quiet              # macOS: no output, only the status
-w --lightweight
`, Effects: optionsAtRunTime}}

// pkill's -q is procps's value sent with the signal (macOS's quiet flag
// would take the pattern for it: the call still signals).
var pkillProgram = &Program{Names: []string{"pkill"}, Parse: parseSignalFirst, Node: Node{Opts: pgrepSelect + `
--signal=SIGNAL
-q --queue=VALUE
-e --echo
-H --require-handler
-I                      # macOS: ask before each signal
`, Effects: func(c *Call, fx *Effects) {
	signalOperands(c, fx, "-F|-G|-g|-j|-O|-P|-r|-s|-t|-U|-u|-n|-o|--cgroup|--env|--ns")
}}}
