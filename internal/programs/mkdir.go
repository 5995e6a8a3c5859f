package programs

// mkdir, touch, truncate, mkfifo and mknod create or change the files they
// name.

var mkdirProgram = &Program{Names: []string{"mkdir"}, Node: Node{Opts: `
-m --mode=MODE
-p --parents
-v --verbose
-Z
--context[=CTX]
` + gnuHelp, Effects: func(c *Call, fx *Effects) { writesOperands(c, fx, "mkdir") }}}

var touchProgram = &Program{Names: []string{"touch"}, Node: Node{Opts: `
-a
-c --no-create
-d --date=STRING
-f
-h --no-dereference
-m
-r --reference=FILE
-t=STAMP
--time=WORD
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, r := range c.ValueArgs("-r") {
		fx.Stat(r)
	}
	writesOperands(c, fx, "touch")
}}}

var truncateProgram = &Program{Names: []string{"truncate"}, Node: Node{Opts: `
-c --no-create
-o --io-blocks
-r --reference=RFILE
-s --size=SIZE
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, r := range c.ValueArgs("-r") {
		fx.Stat(r)
	}
	writesOperands(c, fx, "truncate")
}}}

var mkfifoProgram = &Program{Names: []string{"mkfifo"}, Node: Node{Opts: `
-m --mode=MODE
-Z
--context[=CTX]
` + gnuHelp, Effects: func(c *Call, fx *Effects) { writesOperands(c, fx, "mkfifo") }}}

var mknodProgram = &Program{Names: []string{"mknod"}, Node: Node{Opts: `
-m --mode=MODE
-Z
--context[=CTX]
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	if args := c.Args(); len(args) > 0 {
		fx.Write(args[0], "mknod")
	}
}}}

// writesOperands adds the effects of a program that creates or changes
// every file its operands name.
func writesOperands(c *Call, fx *Effects, why string) {
	for _, a := range c.Args() {
		fx.Write(a, why)
	}
}
