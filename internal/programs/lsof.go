package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// lsof lists open files. Its operands are files whose users it looks
// for: it looks at them, it does not read them; +d and +D look at a
// folder and at a whole tree. -k and -m name a kernel name list and a
// kernel memory file, +m a mount supplement file, which it reads. -D
// manages the device cache file, which some systems write by default in
// the home folder (Linux and macOS keep none); the model does not follow
// its function letters.
//
// Options start with - or +. Those with an optional value (-g [s],
// -i [i], -o [o], -s [p:s], -S [t], -T [t], -x [fl], -F [f], -K [k],
// -z [z], -Z [Z], +|-r [t], +|-L [l], +|-f [flags], +m [m]) take it
// attached in the model, and -i also a separate word that reads as an
// address (-i :8080); any other separate word is a file operand to the
// model, which at worst looks at a file that is not one.
var lsofProgram = &Program{Names: []string{"lsof"}, Parse: parseLsof, Node: Node{Opts: `
-?         help
-h         help
-a
-A=FILE    read
-b
-C
-c=COMMAND
-d=FDS
-D=FUNCTION  unknown
-E
-e=PATH
-F[=FIELDS]
-f[=FLAGS]
-g[=PGIDS]
-i[=ADDRESS]
-K[=TASKS]
-k=FILE    read
-L[=LINKS]
-l
-M
-m=FILE    read
-N
-n
-O
-o[=DIGITS]
-P
-p=PIDS
-Q
-R
-r[=SECONDS]
-S[=SECONDS]
-s[=STATES]
-T[=INFO]
-t
-U
-u=USERS
-V
-v         help
-w
-X
-x[=FLAGS]
-Z[=CONTEXT]
-z[=ZONE]
`, Effects: lsofEffects}}

// lsofPlus are lsof's options spelled with +.
var lsofPlus = lazy[map[byte]*OptSpec]{make: func() map[byte]*OptSpec {
	return map[byte]*OptSpec{
		'c': {Names: []string{"+c"}, Arity: Required},
		'd': {Names: []string{"+d"}, Arity: Required},
		'D': {Names: []string{"+D"}, Arity: Required},
		'E': {Names: []string{"+E"}},
		'e': {Names: []string{"+e"}, Arity: Required},
		'f': {Names: []string{"+f"}, Arity: Optional},
		'L': {Names: []string{"+L"}, Arity: Optional},
		'M': {Names: []string{"+M"}},
		'm': {Names: []string{"+m"}, Arity: Optional, Tag: TagRead},
		'r': {Names: []string{"+r"}, Arity: Optional},
		'w': {Names: []string{"+w"}},
	}
}}

// parseLsof reads lsof's words: clusters of options after - or +, and
// the files to look for.
func parseLsof(c *Call, args []shell.Arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "--" && !a.Dynamic:
			c.DashDash = len(c.Pos)
			c.Pos = append(c.Pos, args[i+1:]...)
			return
		case a.Dynamic && (strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+")):
			c.Opts = append(c.Opts, Opt{Typed: v})
			c.unknown = append(c.unknown, v)
		case strings.HasPrefix(v, "-") && len(v) > 1:
			i = c.short(args, i, 0)
			// -i takes a separate address too (lsof -i :8080).
			if o := &c.Opts[len(c.Opts)-1]; o.Typed == "-i" && !o.HasValue && i+1 < len(args) && inetSpec(args[i+1].Value) {
				i++
				o.Value, o.HasValue = args[i], true
			}
		case strings.HasPrefix(v, "+") && len(v) > 1:
			i = lsofPlusCluster(c, args, i)
		default:
			c.Pos = append(c.Pos, a)
		}
	}
}

// lsofPlusCluster reads a cluster of + options at args[i] and returns
// the index of its last word.
func lsofPlusCluster(c *Call, args []shell.Arg, i int) int {
	a := args[i]
	cluster := a.Value[1:]
	for j := 0; j < len(cluster); j++ {
		spec := lsofPlus.get()[cluster[j]]
		o := Opt{Spec: spec, Typed: "+" + cluster[j:j+1]}
		if spec == nil {
			c.unknown = append(c.unknown, o.Typed)
			c.Opts = append(c.Opts, o)
			continue
		}
		rest := cluster[j+1:]
		switch {
		case spec.Arity == NoValue:
			c.Opts = append(c.Opts, o)
			continue
		case rest != "":
			o.Value, o.HasValue = shell.Arg{Value: rest, Dynamic: a.Dynamic, Glob: a.Glob}, true
		case spec.Arity == Required && i+1 < len(args):
			i++
			o.Value, o.HasValue = args[i], true
		case spec.Arity == Required:
			c.unknown = append(c.unknown, o.Typed+" (no value)")
		}
		c.Opts = append(c.Opts, o)
		return i
	}
	return i
}

// inetSpec reports a word that reads as lsof's Internet address
// ([46][protocol][@host|addr][:service|port]).
func inetSpec(v string) bool {
	v = strings.TrimLeft(v, "46")
	lower := strings.ToLower(v)
	return strings.HasPrefix(v, ":") || strings.HasPrefix(v, "@") || strings.HasPrefix(lower, "tcp") || strings.HasPrefix(lower, "udp")
}

func lsofEffects(c *Call, fx *Effects) {
	optionsAtRunTime(c, fx)
	for i := range c.Opts {
		o := &c.Opts[i]
		if !o.HasValue {
			continue
		}
		switch o.Typed {
		case "+d":
			fx.Stat(o.Value)
		case "+D":
			fx.Add(Effect{Op: Stat, Path: o.Value, Tree: true})
		}
	}
	statOperands(c, fx)
}
