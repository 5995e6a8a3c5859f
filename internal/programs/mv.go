package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// mv, cp, install and ln take sources and a destination: the last operand,
// or the folder of -t.

// destination splits a call's operands into sources and the destination
// (the -t folder, else the last operand; none with -T and one operand
// left). intoDir reports that the destination is a folder named by -t.
func destination(c *Call) (sources []shell.Arg, dest shell.Arg, ok bool) {
	args := c.Args()
	if ts := c.ValueArgs("-t"); len(ts) > 0 {
		return args, ts[len(ts)-1], true
	}
	if len(args) < 2 {
		return args, shell.Arg{}, false
	}
	return args[:len(args)-1], args[len(args)-1], true
}

const copyBackupOpts = `
--backup[=CONTROL]
-b
-f --force
-i --interactive
-n --no-clobber
--strip-trailing-slashes
-S --suffix=SUFFIX
-t --target-directory=DIRECTORY
-T --no-target-directory
-u --update[=WHEN]
-v --verbose
`

var mvProgram = &Program{Names: []string{"mv"}, Node: Node{Opts: copyBackupOpts + `
-Z --context
--exchange
--no-copy
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	sources, dest, ok := destination(c)
	if !ok {
		fx.Unknown("mv has no destination")
		return
	}
	for _, s := range sources {
		fx.Move(s, dest)
		if in, ok := into(s, dest); ok {
			fx.Move(s, in)
		}
	}
}}}

var cpProgram = &Program{Names: []string{"cp"}, Node: Node{Opts: copyBackupOpts + `
-a --archive
--attributes-only
--copy-contents
-d
-H
-l --link
-L --dereference
-P --no-dereference
-p
--preserve[=ATTR_LIST]
--no-preserve=ATTR_LIST
--parents
-R -r --recursive
--reflink[=WHEN]
--remove-destination
--sparse=WHEN
-s --symbolic-link
-x --one-file-system
-Z
--context[=CTX]
--keep-directory-symlink
--debug
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	sources, dest, ok := destination(c)
	if !ok {
		fx.Unknown("cp has no destination")
		return
	}
	tree := c.HasAny("-r|-a")
	for _, s := range sources {
		switch {
		case c.Has("-l"):
			fx.Link(s, dest, false)
		case c.Has("-s"):
			fx.Link(s, dest, true)
		default:
			fx.Add(Effect{Op: Read, Path: s, Tree: tree, Hidden: tree})
			fx.Add(Effect{Op: Write, Path: dest, Tree: tree, Why: "cp"})
			if in, ok := into(s, dest); ok {
				fx.Add(Effect{Op: Write, Path: in, Tree: tree, Why: "cp"})
			}
		}
	}
}}}

var installProgram = &Program{Names: []string{"install"}, Node: Node{Opts: `
--backup[=CONTROL]
-b
-c
-C --compare
-d --directory
-D
-g --group=GROUP
-m --mode=MODE
-o --owner=OWNER
-p --preserve-timestamps
-s --strip
--strip-program=PROGRAM  exec
-S --suffix=SUFFIX
-t --target-directory=DIRECTORY
-T --no-target-directory
-v --verbose
--preserve-context
-Z
--context[=CTX]
--debug
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	if c.Has("-d") {
		for _, a := range c.Args() {
			fx.Write(a, "install -d")
		}
		return
	}
	sources, dest, ok := destination(c)
	if !ok {
		fx.Unknown("install has no destination")
		return
	}
	for _, s := range sources {
		fx.Read(s)
		fx.Write(dest, "install")
		if in, ok := into(s, dest); ok {
			fx.Write(in, "install")
		}
	}
	if c.Has("-s") && !c.Has("--strip-program") {
		fx.Runs("strip", "install -s", true, false)
	}
}}}

var lnProgram = &Program{Names: []string{"ln"}, Node: Node{Opts: `
--backup[=CONTROL]
-b
-d -F --directory
-f --force
-i --interactive
-L --logical
-n --no-dereference
-P --physical
-r --relative
-s --symbolic
-S --suffix=SUFFIX
-t --target-directory=DIRECTORY
-T --no-target-directory
-v --verbose
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	symbolic := c.Has("-s")
	args := c.Args()
	if len(args) == 1 && !c.Has("-t") {
		// ln TARGET makes a link of the same name in the current folder.
		fx.Link(args[0], argOf("."), symbolic)
		return
	}
	targets, dest, ok := destination(c)
	if !ok {
		fx.Unknown("ln has no link name")
		return
	}
	for _, t := range targets {
		fx.Link(t, dest, symbolic)
		if in, ok := into(t, dest); ok {
			fx.Link(t, in, symbolic)
		}
	}
}}}

// linkProgram is link FILE1 FILE2, which makes FILE2 a hard link to
// FILE1 and does nothing else.
var linkProgram = &Program{Names: []string{"link"}, Node: Node{Opts: gnuHelp, Effects: func(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) != 2 {
		fx.Unknown("link takes two files")
		return
	}
	fx.Link(args[0], args[1], false)
}}}

// into returns where src lands when dest is a folder: dest/base(src).
// The file system decides which it is when the command runs, so both are
// effects of the call.
func into(src, dest shell.Arg) (shell.Arg, bool) {
	base := strings.TrimRight(src.Value, "/")
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	if base == "" || base == "." || base == ".." || dest.Value == "" || src.Dynamic && strings.ContainsAny(base, "$`") {
		return shell.Arg{}, false
	}
	out := dest
	out.Value = strings.TrimRight(dest.Value, "/") + "/" + base
	out.Dynamic = dest.Dynamic || src.Dynamic
	out.Glob = dest.Glob || src.Glob
	return out, true
}
