package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// find walks the trees under its start paths and evaluates an expression
// for each entry: tests read names and metadata; actions print, write
// files (-fprint), delete (-delete) or run commands (-exec, which the
// analysis finds and judges on its own).

var findProgram = &Program{Names: []string{"find"}, Parse: parseFind, Node: Node{Effects: findEffects}}

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
