package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// watch (procps) runs a command again and again and shows its output on
// the terminal. Its words are joined with blanks into a string that sh -c
// runs, or run as they are with -x; the analysis finds that command and
// judges it on its own (Runs), as if it ran once. Newer releases add
// --shotsdir, where a key press saves the screen to a file, and --follow:
// both stay unknown.

var watchProgram = &Program{Names: []string{"watch"}, Launch: launchWatch, Node: Node{POSIX: true, Opts: `
-b --beep
-c --color
-C --no-color
-d --differences[=PERMANENT]
-e --errexit
-g --chgexit
-q --equexit=CYCLES
-n --interval=SECONDS
-p --precise
-r --no-rerun
-t --no-title
-w --no-wrap
-x --exec
-h --help                help
-v --version             help
`, Effects: func(c *Call, fx *Effects) {
	switch {
	case len(c.Args()) == 0:
		// watch with no command prints its usage.
	case c.Cmd.Runs:
		if !c.Has("-x") {
			fx.Helper("sh", "watch runs its command with sh -c")
		}
		fx.Found("watch runs, again and again, the command the analysis found")
	default:
		fx.Exec("sh", "", "watch runs a command the analysis could not read in full")
	}
}}}

// launchWatch says what watch runs: its words joined into a string sh -c
// runs, or with -x the command they are.
func launchWatch(c *shell.Simple) (shell.Launched, bool) {
	rest, exec, known := watchOptions(c.Args[1:])
	if len(rest) == 0 {
		return shell.Launched{}, false
	}
	l := shell.Launched{Keep: true, Runs: known && seenAll(rest)}
	if exec {
		l.Nested = []shell.Nested{{Origin: "watch", Args: rest}}
		return l, true
	}
	var parts []string
	dynamic := false
	for _, a := range rest {
		parts = append(parts, a.Value)
		dynamic = dynamic || a.Dynamic
	}
	l.Nested = []shell.Nested{{Origin: "watch", Code: &shell.Arg{Value: strings.Join(parts, " "), Dynamic: dynamic}}}
	return l, true
}

// seenAll reports words that are all known as written.
func seenAll(args []shell.Arg) bool {
	for _, a := range args {
		if a.Dynamic || a.Input {
			return false
		}
	}
	return true
}

// watchLong are the long options of procps watch and whether each takes a
// value: 'r' required, 'o' optional (attached with =), 0 none. shotsdir
// (newer releases) takes a value too.
var watchLong = [...]struct {
	name  string
	value byte
}{{"beep", 0}, {"chgexit", 0}, {"color", 0}, {"differences", 'o'}, {"equexit", 'r'}, {"errexit", 0}, {"exec", 0},
	{"follow", 0}, {"help", 0}, {"interval", 'r'}, {"no-color", 0}, {"no-rerun", 0}, {"no-title", 0}, {"no-wrap", 0},
	{"precise", 0}, {"shotsdir", 'r'}, {"version", 0}}

// watchOptions reads watch's options as getopt_long with "+bCced::fghq:n:prs:twvx"
// does: up to the first operand or --, short options clustered, long ones
// abbreviated. It returns the command words, whether -x is given, and
// whether every option is one watch has and is well formed.
func watchOptions(args []shell.Arg) (rest []shell.Arg, exec, known bool) {
	known = true
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic {
			// A word computed at run time may be any option.
			known = false
		}
		if v == "--" {
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		if strings.HasPrefix(v, "--") {
			name, _, hasValue := strings.Cut(v[2:], "=")
			full, ok := watchLongName(name)
			if !ok {
				known = false
				continue
			}
			switch full.value {
			case 'r':
				if !hasValue {
					i++
				}
			case 0:
				if hasValue {
					known = false
				}
			}
			if full.name == "exec" {
				exec = true
			}
			if full.name == "shotsdir" || full.name == "follow" {
				known = false
			}
			continue
		}
	cluster:
		for j := 1; j < len(v); j++ {
			switch c := v[j]; c {
			case 'x':
				exec = true
			case 'b', 'C', 'c', 'e', 'g', 'h', 'p', 'r', 't', 'w', 'v':
			case 'f':
				known = false
			case 'd':
				// An optional value: the rest of the word.
				break cluster
			case 'q', 'n', 's':
				if c == 's' {
					known = false
				}
				if j == len(v)-1 {
					i++
				}
				break cluster
			default:
				known = false
			}
		}
	}
	return args[min(i, len(args)):], exec, known
}

// watchLongName returns the long option of watch that name spells or
// abbreviates without ambiguity.
func watchLongName(name string) (opt struct {
	name  string
	value byte
}, ok bool) {
	found := -1
	for i, o := range watchLong {
		if o.name == name {
			return o, true
		}
		if strings.HasPrefix(o.name, name) {
			if found >= 0 {
				found = -2
			} else if found == -1 {
				found = i
			}
		}
	}
	if found < 0 {
		return opt, false
	}
	return watchLong[found], true
}
