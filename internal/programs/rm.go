package programs

// rm, rmdir, unlink and shred remove files (shred overwrites them first).

var rmProgram = &Program{Names: []string{"rm"}, Node: Node{Opts: `
-f --force
-i
-I
--interactive[=WHEN]
--one-file-system
--no-preserve-root
--preserve-root[=ALL]
-r -R --recursive
-d --dir
-v --verbose
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	tree := c.Has("-r")
	for _, a := range c.Args() {
		fx.Delete(a, tree)
	}
}}}

var rmdirProgram = &Program{Names: []string{"rmdir"}, Node: Node{Opts: `
--ignore-fail-on-non-empty
-p --parents
-v --verbose
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	parents := c.Has("-p")
	for _, a := range c.Args() {
		fx.Delete(a, false)
		if parents && !a.Dynamic {
			for d := parentDir(a.Value); d != ""; d = parentDir(d) {
				fx.Delete(argOf(d), false)
			}
		}
	}
}}}

var unlinkProgram = &Program{Names: []string{"unlink"}, Node: Node{Opts: gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		fx.Delete(a, false)
	}
}}}

var shredProgram = &Program{Names: []string{"shred"}, Node: Node{Opts: `
-f --force
-n --iterations=N
--random-source=FILE  read
-s --size=N
-u
--remove[=HOW]
-v --verbose
-x --exact
-z --zero
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	remove := c.HasAny("-u|--remove")
	for _, a := range c.Args() {
		if a.Value == "-" {
			fx.Write(argOf("/dev/stdout"), "shred -")
			continue
		}
		fx.Write(a, "shred overwrites it")
		if remove {
			fx.Delete(a, false)
		}
	}
}}}
