package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// kill and killall send signals: to processes named by ID (kill, where
// -N is a process group and %N a job of the shell), or by name
// (killall). Listing the signals (kill -l, -L; killall -l) and kill's
// signal 0, which only checks that a process exists, send nothing. A
// signal is given as -SIGNAL (-9, -KILL, -SIGTERM) as well as with -s.

// signalSpec stands for a signal given as -SIGNAL.
var signalSpec = &OptSpec{Names: []string{"-SIGNAL"}}

// kill's options are those of the shell's builtin and of util-linux's
// and procps's programs. -l takes the signal numbers to name as
// operands, not processes; util-linux's -p prints the processes' IDs
// instead of signalling them.
var killProgram = &Program{Names: []string{"kill"}, Parse: parseKill, Node: Node{Opts: `
-l --list[=SIGNAL]
-L --table
-s --signal=SIGNAL
-n=SIGNAL
-q --queue=VALUE
-p --pid
--verbose
-r --require-handler
--timeout=SPEC
-h --help     help
-V --version  help
`, Effects: killEffects}}

// parseKill reads kill's words as the shell's builtin does: options up to
// the first word that is not one, where the first -SIGNAL is a signal
// and a later -N is a process group.
func parseKill(c *Call, args []shell.Arg) {
	g := c.Prog.grammar()
	sawSignal := false
	i := 0
loop:
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case !strings.HasPrefix(v, "-") || v == "-":
			break loop
		case a.Dynamic:
			// A word known only at run time may be any option or
			// signal.
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
		case v == "--":
			c.DashDash = 0
			i++
			break loop
		case strings.HasPrefix(v, "--"):
			i = c.long(args, i, 0)
		default:
			if spec := g.lookupShort(v[1]); spec != nil && (len(v) == 2 || spec.Arity != NoValue) {
				i = c.short(args, i, 0)
				continue
			}
			if sawSignal {
				// -N after the signal: a process group.
				break loop
			}
			sawSignal = true
			c.Opts = append(c.Opts, Opt{Spec: signalSpec, Typed: v, Value: shell.Arg{Value: v[1:]}, HasValue: true})
		}
	}
	c.Pos = append(c.Pos, args[i:]...)
}

func killEffects(c *Call, fx *Effects) {
	if c.HasAny("-l|-L|-p") {
		// Lists signals, or (util-linux's -p) prints the processes'
		// IDs.
		return
	}
	zero := false
	for _, s := range c.ValueArgs("-SIGNAL|-s|-n") {
		zero = s.Value == "0" && !s.Dynamic
	}
	for _, a := range c.Args() {
		// A target known only at run time may expand to -s 9 PID, and
		// util-linux's kill reads a later -9 as the signal (kill -0 -9
		// 1 kills 1): only constant process IDs make kill -0 a check.
		zero = zero && !a.Dynamic && !strings.HasPrefix(a.Value, "-")
	}
	if zero {
		// Signal 0 only checks that the processes exist.
		return
	}
	for _, a := range c.Args() {
		fx.Signal(a)
	}
}

// killall signals the processes whose names are its operands (psmisc's
// options, and macOS's: -s there simulates, which the model reads as
// psmisc's -s SIGNAL; either way it is not read-only). -l lists the
// signals.
var killallProgram = &Program{Names: []string{"killall"}, Parse: parseSignalFirst, Node: Node{Opts: `
-c=NAME            # macOS: by command name
-d                 # macOS: debug
-e --exact
-g --process-group
-I --ignore-case
-i --interactive
-l --list
-m                 # macOS: names are regular expressions
-n --ns=PID
-o --older-than=TIME
-q --quiet
-r --regexp
-s --signal=SIGNAL
-t=TTY             # macOS
-u --user=USER
-v --verbose
-w --wait
-y --younger-than=TIME
-z                 # macOS: zombies too
-Z --context=REGEXP
-V --version   help
--help         help
`, Effects: func(c *Call, fx *Effects) {
	if c.Has("-l") {
		return
	}
	signalOperands(c, fx, "-u|-c|-t|-Z|-o|-y|-n")
}}}

// signalOperands records a signal to each process its operands name, or,
// with none, to the processes the selecting options choose.
func signalOperands(c *Call, fx *Effects, selectors string) {
	args := c.Args()
	for _, a := range args {
		fx.Signal(a)
	}
	if len(args) == 0 && c.HasAny(selectors) {
		fx.Signal(shell.Arg{Value: "(the processes its options select)"})
	}
}

// parseSignalFirst reads a command line in which any word before -- may
// be a signal given as -SIGNAL (pkill -9 x, killall -HUP nginx), as
// procps's pkill and psmisc's killall read them, then the rest as usual.
func parseSignalFirst(c *Call, args []shell.Arg) {
	var rest []shell.Arg
	for i, a := range args {
		if a.Value == "--" && !a.Dynamic {
			rest = append(rest, args[i:]...)
			break
		}
		if !a.Dynamic && strings.HasPrefix(a.Value, "-") && isSignalName(a.Value[1:]) &&
			c.Prog.grammar().lookupShort(a.Value[1]) == nil || !a.Dynamic && len(a.Value) > 1 && a.Value[0] == '-' && isDigits(a.Value[1:]) {
			c.Opts = append(c.Opts, Opt{Spec: signalSpec, Typed: a.Value, Value: shell.Arg{Value: a.Value[1:]}, HasValue: true})
			continue
		}
		rest = append(rest, a)
	}
	c.parse(rest)
}

// signalNames are the signals by name, without SIG.
var signalNames = []string{"ABRT", "ALRM", "BUS", "CHLD", "CLD", "CONT", "EMT", "FPE", "HUP", "ILL", "INFO", "INT",
	"IO", "IOT", "KILL", "LOST", "PIPE", "POLL", "PROF", "PWR", "QUIT", "SEGV", "STKFLT", "STOP", "SYS", "TERM",
	"TRAP", "TSTP", "TTIN", "TTOU", "UNUSED", "URG", "USR1", "USR2", "VTALRM", "WINCH", "XCPU", "XFSZ"}

// isSignalName reports a signal name (KILL, SIGKILL, kill, RTMIN+3).
func isSignalName(s string) bool {
	s = strings.ToUpper(s)
	s = strings.TrimPrefix(s, "SIG")
	if strings.HasPrefix(s, "RTMIN") || strings.HasPrefix(s, "RTMAX") {
		n := strings.TrimLeft(s[5:], "+-")
		return n == "" || isDigits(n)
	}
	for _, n := range signalNames {
		if s == n {
			return true
		}
	}
	return false
}
