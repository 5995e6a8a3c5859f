package programs

// mkdir, touch, truncate, mkfifo and mknod create or change the files they
// name.

var mkdirProgram = &Program{Names: []string{"mkdir"}, Node: Node{Opts: `
-m --mode=MODE
-p --parents
-v --verbose
-Z
--context[=CTX]
` + gnuHelp, Effects: writesOperands("mkdir")}}

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
	writesOperands("touch")(c, fx)
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
	writesOperands("truncate")(c, fx)
}}}

var mkfifoProgram = &Program{Names: []string{"mkfifo"}, Node: Node{Opts: `
-m --mode=MODE
-Z
--context[=CTX]
` + gnuHelp, Effects: writesOperands("mkfifo")}}

var mknodProgram = &Program{Names: []string{"mknod"}, Node: Node{Opts: `
-m --mode=MODE
-Z
--context[=CTX]
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	if args := c.Args(); len(args) > 0 {
		fx.Write(args[0], "mknod")
	}
}}}

// writesOperands is the Effects of a program that creates or changes
// every file its operands name.
func writesOperands(why string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		for _, a := range c.Args() {
			fx.Write(a, why)
		}
	}
}
