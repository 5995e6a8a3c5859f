package programs

// tee copies its input to standard output and to each file it names: it
// writes them (with -a, appends). /dev/null, a descriptor or the terminal
// are not files.

var teeProgram = &Program{Names: []string{"tee"}, Node: Node{Opts: `
-a --append
-i --ignore-interrupts
-p
--output-error[=MODE]
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		writeUnlessNotFile(fx, a, "tee writes its input to the file")
	}
}}}
