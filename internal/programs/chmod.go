package programs

// chmod, chown and chgrp change the mode or owner of the files after
// their first operand (the mode or owner), or of every operand with
// --reference.

const chownOpts = `
-c --changes
-f --silent --quiet
-v --verbose
--dereference
-h --no-dereference
--no-preserve-root
--preserve-root
--reference=RFILE
-R --recursive
-H
-L
-P
` + gnuHelp

var chmodProgram = &Program{Names: []string{"chmod"}, Node: Node{Opts: `
-c --changes
-f --silent --quiet
-v --verbose
--no-preserve-root
--preserve-root
--reference=RFILE
-R --recursive
# A mode may be written as an option: chmod -x file.
-r
-w
-x
-X
-s
-t
-u
-g
-o
-a
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	modeAsOption := false
	for _, o := range c.Opts {
		if o.Spec != nil && len(o.Typed) == 2 && len(o.Spec.Names) == 1 && o.Typed != "-R" {
			modeAsOption = true
		}
	}
	chownEffects(c, fx, !modeAsOption)
}}}

var chownProgram = &Program{Names: []string{"chown"}, Node: Node{Opts: chownOpts + `
--from=CURRENT_OWNER
`, Effects: func(c *Call, fx *Effects) { chownEffects(c, fx, true) }}}

var chgrpProgram = &Program{Names: []string{"chgrp"}, Node: Node{Opts: chownOpts, Effects: func(c *Call, fx *Effects) {
	chownEffects(c, fx, true)
}}}

// chownEffects records a change of mode or owner of every file operand;
// first says that the first operand is the mode or owner.
func chownEffects(c *Call, fx *Effects, first bool) {
	for _, r := range c.ValueArgs("--reference") {
		fx.Stat(r)
	}
	args := c.Args()
	if first && !c.Has("--reference") && len(args) > 0 {
		args = args[1:]
	}
	tree := c.Has("-R")
	for _, a := range args {
		fx.Chmod(a, tree)
	}
}
