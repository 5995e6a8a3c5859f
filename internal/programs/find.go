package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// find walks the trees under its start paths and evaluates an expression
// for each entry: tests read names and metadata; actions print, write
// files (-fprint), delete (-delete) or run commands (-exec, which the
// analysis finds and judges on its own).

var findProgram = &Program{Names: []string{"find"}, Launch: launchFind, Lists: listFind, Parse: parseFind, Node: Node{Effects: findEffects}}

// findPrimary is what one word of a find expression is.
type findPrimary struct {
	args int    // words it takes after it
	kind string // "" for a test or option, or: print, stat, read, write, delete, exec, ask
}

// findPrimaries are GNU find's options, tests and actions.
var findPrimaries = lazy[map[string]findPrimary]{make: func() map[string]findPrimary {
	return map[string]findPrimary{
		// Options and positional options.
		"-daystart": {}, "-depth": {}, "-d": {}, "-follow": {}, "-nowarn": {}, "-warn": {}, "-regextype": {args: 1},
		"-files0-from": {args: 1, kind: "read"}, "-maxdepth": {args: 1}, "-mindepth": {args: 1}, "-mount": {},
		"-noleaf": {}, "-xdev": {}, "-ignore_readdir_race": {}, "-noignore_readdir_race": {},
		// Tests.
		"-amin": {args: 1}, "-anewer": {args: 1, kind: "stat"}, "-atime": {args: 1}, "-cmin": {args: 1},
		"-cnewer": {args: 1, kind: "stat"}, "-context": {args: 1}, "-ctime": {args: 1}, "-empty": {}, "-false": {},
		"-fstype": {args: 1}, "-gid": {args: 1}, "-group": {args: 1}, "-ilname": {args: 1}, "-iname": {args: 1},
		"-inum": {args: 1}, "-ipath": {args: 1}, "-iregex": {args: 1}, "-iwholename": {args: 1}, "-links": {args: 1},
		"-lname": {args: 1}, "-mmin": {args: 1}, "-mtime": {args: 1}, "-name": {args: 1}, "-newer": {args: 1, kind: "stat"},
		"-nouser": {}, "-nogroup": {}, "-path": {args: 1}, "-perm": {args: 1}, "-regex": {args: 1}, "-readable": {},
		"-writable": {}, "-executable": {}, "-wholename": {args: 1}, "-size": {args: 1}, "-true": {}, "-type": {args: 1},
		"-uid": {args: 1}, "-used": {args: 1}, "-user": {args: 1}, "-xtype": {args: 1}, "-samefile": {args: 1, kind: "stat"},
		// Operators.
		"-not": {}, "-and": {}, "-a": {}, "-or": {}, "-o": {}, "!": {}, "(": {}, ")": {}, ",": {},
		// Actions.
		"-print": {kind: "print"}, "-print0": {kind: "print"}, "-printf": {args: 1, kind: "print"}, "-ls": {kind: "print"},
		"-prune": {}, "-quit": {},
		"-fprint": {args: 1, kind: "write"}, "-fprint0": {args: 1, kind: "write"}, "-fls": {args: 1, kind: "write"},
		"-fprintf": {args: 2, kind: "write"},
		"-delete":  {kind: "delete"},
		"-exec":    {kind: "exec"}, "-execdir": {kind: "exec"}, "-ok": {kind: "ask"}, "-okdir": {kind: "ask"},
	}
}}

// findSpecs are the primaries as options of the call, so that rules can
// name them (flags: [-delete]).
func findSpecs() map[string]*OptSpec {
	m := make(map[string]*OptSpec, len(findPrimaries.get()))
	for name, p := range findPrimaries.get() {
		spec := &OptSpec{Names: []string{name}}
		if p.args > 0 || p.kind == "exec" || p.kind == "ask" {
			spec.Arity = Required
		}
		m[name] = spec
	}
	return m
}

// parseFind reads find's words: options (GNU -H -L -P -D -O, BSD -E -X
// -d -s -x -f PATH), the start paths, then the expression, whose
// primaries become the call's options with their first word as value.
func parseFind(c *Call, args []shell.Arg) {
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic && strings.HasPrefix(v, "-") {
			c.unknown = append(c.unknown, v)
			continue
		}
		switch {
		case v == "-H" || v == "-L" || v == "-P" || v == "-E" || v == "-X" || v == "-s" || v == "-x" ||
			strings.HasPrefix(v, "-O") && isDigits(v[2:]):
			c.Opts = append(c.Opts, Opt{Typed: v, Spec: &OptSpec{Names: []string{v}}})
			continue
		case v == "-D" || v == "-f":
			o := Opt{Typed: v, Spec: &OptSpec{Names: []string{v}, Arity: Required}}
			if i+1 < len(args) {
				i++
				o.Value, o.HasValue = args[i], true
				if v == "-f" {
					// BSD find -f PATH: a start path.
					c.Pos = append(c.Pos, args[i])
				}
			}
			c.Opts = append(c.Opts, o)
			continue
		case v == "--":
			c.DashDash = len(c.Pos)
			i++
		}
		break
	}
	for ; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "-") && !args[i].Dynamic || v == "(" || v == "!" || v == ")" || v == "," {
			break
		}
		c.Pos = append(c.Pos, args[i])
	}
	specs := findSpecTable.get()
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			c.unknown = append(c.unknown, a.Value)
			continue
		}
		p, ok := findPrimaries.get()[a.Value]
		spec := specs[a.Value]
		if !ok && strings.HasPrefix(a.Value, "-newer") && len(a.Value) == len("-newerXY") {
			// -newerXt compares with a time; the other forms with a
			// file's.
			p, ok = findPrimary{args: 1, kind: "stat"}, true
			if a.Value[7] == 't' {
				p.kind = ""
			}
			spec = &OptSpec{Names: []string{a.Value}, Arity: Required}
		}
		if !ok {
			c.unknown = append(c.unknown, a.Value)
			continue
		}
		o := Opt{Typed: a.Value, Spec: spec}
		if i+1 < len(args) && (p.args > 0 || p.kind == "exec" || p.kind == "ask") {
			o.Value, o.HasValue = args[i+1], true
		}
		c.Opts = append(c.Opts, o)
		if p.kind == "exec" || p.kind == "ask" {
			// The command's words end at ; or +.
			for i+1 < len(args) && args[i+1].Value != ";" && args[i+1].Value != "+" {
				i++
			}
			i++
			continue
		}
		i += p.args
	}
}

var findSpecTable = lazy[map[string]*OptSpec]{make: findSpecs}

func findEffects(c *Call, fx *Effects) {
	deletes := false
	for i := range c.Opts {
		o := &c.Opts[i]
		p, ok := findPrimaries.get()[o.Typed]
		if !ok {
			if strings.HasPrefix(o.Typed, "-newer") && o.HasValue && o.Typed[len(o.Typed)-1] != 't' {
				fx.Stat(o.Value)
			}
			continue
		}
		switch p.kind {
		case "read":
			if o.HasValue {
				fx.Read(o.Value)
			}
		case "stat":
			if o.HasValue {
				fx.Stat(o.Value)
			}
		case "write":
			if o.HasValue {
				writeUnlessNotFile(fx, o.Value, o.Typed)
			}
		case "delete":
			deletes = true
		case "ask":
			// -ok asks on the terminal before each command: an agent
			// cannot answer.
			fx.Unknown(o.Typed + " asks on the terminal before running a command")
		case "exec":
			if c.Cmd.Runs {
				fx.Found(o.Typed)
			} else {
				fx.Exec("sh", "", o.Typed+" runs a command the analysis could not read in full")
			}
		}
	}
	starts := c.Pos
	if len(starts) == 0 {
		starts = []shell.Arg{{Value: "."}}
	}
	for _, s := range starts {
		if deletes {
			fx.Delete(s, true)
		} else {
			fx.Add(Effect{Op: Stat, Path: s, Tree: true})
		}
	}
}

// launchFind says what find runs: the command of each -exec, -execdir,
// -ok and -okdir, up to ; or +, once for each start path, whose files
// {} stands for (see findStarts). -execdir and -okdir run the command in
// the folder of each file found, anywhere under the start paths, with {}
// as ./NAME: {} stands for the files found as with -exec (the start
// path, made absolute), and any other relative path names a file in each
// of those folders, which the analysis does not know. Running those is
// all find does besides its own work (Runs), each judged on its own.
func launchFind(c *shell.Simple) (shell.Launched, bool) {
	l := shell.Launched{Keep: true, Runs: true}
	args := c.Args[1:]
	starts, i, _ := findStarts(args)
	for ; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		sub := args[i+1 : j]
		inDir := args[i].Value == "-execdir" || args[i].Value == "-okdir"
		for _, start := range starts {
			if inDir && !start.Dynamic {
				if abs := shell.Join(c.Cwd, start.Value); abs != "" {
					start.Value = abs
				}
			}
			inst := make([]shell.Arg, len(sub))
			for k, a := range sub {
				inst[k] = a
				if strings.Contains(a.Value, "{}") {
					inst[k].Value = strings.ReplaceAll(a.Value, "{}", start.Value)
					inst[k].Dynamic = a.Dynamic || start.Dynamic
					inst[k].Glob = a.Glob || start.Glob
					// The names found are only known at run time: spliced
					// into code (sh -c 'cat {}'), a file name is code.
					inst[k].Input = true
				}
			}
			l.Nested = append(l.Nested, shell.Nested{Origin: "find " + args[i].Value, Args: inst, CwdUnknown: inDir})
		}
		i = j
	}
	return l, true
}

// listFind returns a glob for the files find prints to a program that
// reads them, one per start path: the start path joined with find's
// -name pattern when it has one, else anything under it.
func listFind(c *shell.Simple) ([]string, bool) {
	starts, _, named := findStarts(c.Args[1:])
	globs := make([]string, len(starts))
	for i, st := range starts {
		if st.Dynamic {
			return nil, false
		}
		globs[i] = st.Value
		if !named {
			globs[i] = strings.TrimSuffix(st.Value, "/") + "/*"
		}
	}
	return globs, true
}

// findStarts returns the start paths of find's arguments (. when none),
// each joined with the -name pattern when there is one, and the index of
// the expression. With a -name test, {} stands for files of that name
// under the start paths; without one, for everything there.
func findStarts(args []shell.Arg) (starts []shell.Arg, expr int, named bool) {
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == "," || v == ")" {
			break
		}
		starts = append(starts, args[i])
	}
	if len(starts) == 0 {
		starts = []shell.Arg{{Value: "."}}
	}
	for j := i; j < len(args); j++ {
		switch args[j].Value {
		case "!", "-not", "-o", "-or", ",":
			// A -name test negated, or one of alternatives, does not
			// narrow what is found.
			return starts, i, false
		}
	}
	for j := i; j+1 < len(args); j++ {
		// -iname matches names in any case (.ENV and .env): it narrows
		// nothing the analysis can name.
		if v := args[j].Value; v == "-name" {
			name := args[j+1]
			for k, st := range starts {
				starts[k] = shell.Arg{Value: strings.TrimSuffix(st.Value, "/") + "/" + name.Value,
					Dynamic: st.Dynamic || name.Dynamic, Glob: st.Glob || name.Glob || strings.ContainsAny(name.Value, "*?[")}
			}
			return starts, i, true
		}
	}
	return starts, i, false
}
