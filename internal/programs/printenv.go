package programs

// printenv prints the environment it runs in: every variable, or those
// its operands name.
var printenvProgram = &Program{Names: []string{"printenv"}, Node: Node{Opts: `
-0 --null
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) == 0 {
		fx.Env("")
		return
	}
	for _, a := range args {
		fx.Env(a.Value)
	}
}}}
