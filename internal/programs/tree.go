package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// tree lists the names under its folders (the current folder when none is
// given), dot files too with -a. -o writes the listing to a file; -R runs
// tree again in every folder it lists, writing a 00Tree.html there;
// --fromfile reads its operands as lists of names.
//
// tree reads its own command line (parseTree): in a cluster, each letter
// that takes a value takes the next word not yet taken (-Lo 2 out is -L 2
// -o out), -L also takes digits attached (-L2); a long option with a
// value is matched by its start and takes =VALUE or the next word.

var treeProgram = &Program{Names: []string{"tree"}, Parse: parseTree, Node: Node{Opts: `
-a
-d
-l
-f
-x
-L=LEVEL
-R                      write
-P=PATTERN
-I=PATTERN
--gitignore
--gitfile=FILE          read
--ignore-case
--matchdirs
--metafirst
--prune
--info
--infofile=FILE         read
--noreport
--charset=CHARSET
--filelimit=NUM
-o=FILE
-q
-N
-Q
-p
-u
-g
-s
-h
--si
--du
-D
--timefmt=FORMAT
-F
--inodes
--device
-v
-t
-c
-U
-r
--dirsfirst
--filesfirst
--sort=TYPE
-i
-A
-S
-n
-C
-X
-J
-H=BASEHREF
-T=TITLE
--nolinks
--hintro=FILE           read
--houtro=FILE           read
--fromfile
--fromtabfile
--fflinks
--hyperlink
--scheme=SCHEME
--authority=HOST
--opt-toggle
--condense
--compress=N
--acl
--selinux
--version               help
--help                  help
`, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-o") {
		writeUnlessNotFile(fx, v, "tree -o writes the listing there")
	}
	if c.HasAny("--fromfile|--fromtabfile") {
		readOperands(c, fx)
		return
	}
	paths := c.Args()
	if len(paths) == 0 {
		paths = []shell.Arg{{Value: "."}}
	}
	for _, a := range paths {
		fx.Add(Effect{Op: Stat, Path: a, Tree: true, Hidden: c.Has("-a")})
	}
}}}

// parseTree reads tree's words as tree does (see the file comment).
func parseTree(c *Call, args []shell.Arg) {
	g := c.Prog.grammar()
	next := 0 // the next word not yet taken
	take := func(o *Opt) {
		if next < len(args) {
			o.Value, o.HasValue = args[next], true
			next++
		} else {
			c.unknown = append(c.unknown, o.Typed+" (no value)")
		}
	}
	options := true
	for i := 0; i < len(args); i = next {
		next = i + 1
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic && options && (v == "" || v[0] == '-' || v[0] == '$' || v[0] == '`'):
			// A word computed at run time may be any option.
			c.unknown = append(c.unknown, v)
		case !options || len(v) < 2 || v[0] != '-':
			c.Pos = append(c.Pos, a)
		case v == "--":
			options = false
			c.DashDash = len(c.Pos)
		case strings.HasPrefix(v, "--"):
			o := Opt{Typed: v}
			if spec, _ := g.lookupLong(v[2:]); spec != nil && spec.Is(v) && spec.Arity == NoValue {
				o.Spec = spec
			} else {
				for _, spec := range g.opts {
					name := spec.Names[len(spec.Names)-1]
					if spec.Arity == NoValue || !strings.HasPrefix(name, "--") || !strings.HasPrefix(v, name) {
						continue
					}
					o.Spec, o.Typed = spec, name
					if rest := v[len(name):]; strings.HasPrefix(rest, "=") {
						o.Value, o.HasValue = shell.Arg{Value: rest[1:], Dynamic: a.Dynamic}, true
					} else {
						take(&o)
					}
					break
				}
			}
			if o.Spec == nil {
				c.unknown = append(c.unknown, v)
				continue
			}
			if o.Spec.Tag == TagHelp {
				c.Help = true
			}
			c.Opts = append(c.Opts, o)
		default:
			for j := 1; j < len(v); j++ {
				o := Opt{Typed: "-" + v[j:j+1]}
				o.Spec = g.lookupShort(v[j])
				if o.Spec == nil {
					c.unknown = append(c.unknown, o.Typed)
					continue
				}
				if o.Spec.Arity == Required {
					if d := len(v[j+1:]) - len(strings.TrimLeft(v[j+1:], "0123456789")); v[j] == 'L' && d > 0 {
						o.Value, o.HasValue = shell.Arg{Value: v[j+1 : j+1+d]}, true
						j += d
					} else {
						take(&o)
					}
				}
				c.Opts = append(c.Opts, o)
			}
		}
	}
}
