package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// find walks the trees under its start paths and evaluates an expression
// for each entry: tests read names and metadata; actions print, write
// files (-fprint), delete (-delete) or run commands (-exec, which the
// analysis finds and judges on its own).

var findProgram = &Program{Names: []string{"find"}, Node: Node{Effects: findEffects}, NoOptions: true}

// findPrimary is what one word of a find expression is.
type findPrimary struct {
	args int    // words it takes after it
	kind string // "" for a test or option, or: print, write, delete, exec, ask, read
}

// findPrimaries are GNU find's options, tests and actions.
var findPrimaries = map[string]findPrimary{
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
	"-delete": {kind: "delete"},
	"-exec": {kind: "exec"}, "-execdir": {kind: "exec"}, "-ok": {kind: "ask"}, "-okdir": {kind: "ask"},
}

func findEffects(c *Call, fx *Effects) {
	args := c.Cmd.Args[1:]
	i := 0
	// Options before the start paths: -H -L -P, -D debugopts, -Olevel.
	for ; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic && strings.HasPrefix(v, "-") {
			fx.Unknown("a word computed at run time stands where find reads options (" + v + ")")
			return
		}
		switch {
		case v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") && isDigits(v[2:]):
			continue
		case v == "-D":
			i++
			continue
		case v == "--":
			i++
		}
		break
	}
	var starts []shell.Arg
	for ; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "-") && !args[i].Dynamic || v == "(" || v == "!" || v == ")" || v == "," {
			break
		}
		starts = append(starts, args[i])
	}
	if len(starts) == 0 {
		starts = []shell.Arg{{Value: "."}}
	}
	deletes := false
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			fx.Unknown("a word computed at run time stands in find's expression (" + a.Value + ")")
			continue
		}
		p, ok := findPrimaries[a.Value]
		if !ok {
			if strings.HasPrefix(a.Value, "-newer") && len(a.Value) == len("-newerXY") {
				// -newerXt compares with a time; the other forms with a
				// file's.
				p = findPrimary{args: 1, kind: "stat"}
				if a.Value[7] == 't' {
					p.kind = ""
				}
			} else {
				fx.Unknown("find's expression has " + a.Value + ", which the model does not know")
				continue
			}
		}
		operands := args[min(i+1, len(args)):min(i+1+p.args, len(args))]
		switch p.kind {
		case "read":
			for _, o := range operands {
				fx.Read(o)
			}
		case "stat":
			for _, o := range operands {
				fx.Stat(o)
			}
		case "write":
			if len(operands) > 0 {
				writeUnlessNotFile(fx, operands[0], a.Value)
			}
		case "delete":
			deletes = true
		case "ask":
			// -ok asks on the terminal before each command: an agent
			// cannot answer.
			fx.Unknown(a.Value + " asks on the terminal before running a command")
			fallthrough
		case "exec":
			if p.kind == "ask" {
				skipFindCommand(args, &i)
				continue
			}
			if c.Cmd.Runs {
				fx.Found(a.Value)
			} else {
				fx.Exec("sh", "", a.Value+" runs a command the analysis could not read in full")
			}
			skipFindCommand(args, &i)
			continue
		}
		i += p.args
	}
	for _, s := range starts {
		if deletes {
			fx.Delete(s, true)
		} else {
			fx.Add(Effect{Op: Stat, Path: s, Tree: true})
		}
	}
}

// skipFindCommand moves *i past the command of -exec or -ok, whose words
// end at ; or +.
func skipFindCommand(args []shell.Arg, i *int) {
	for *i+1 < len(args) && args[*i+1].Value != ";" && args[*i+1].Value != "+" {
		*i++
	}
	*i++
}
