package programs

// yamllint reads the YAML files it is given, and those under the folders
// it is given (hidden ones too), and prints where they break its rules;
// its configuration (.yamllint, -c, -d) holds only rule settings.

var yamllintProgram = &Program{Names: []string{"yamllint"}, Node: Node{Opts: `
-c --config-file=FILE  read
-d --config-data=DATA
--list-files
-f --format=FORMAT
-s --strict
--no-warnings
-v --version           help
-h --help              help
`, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if a.Value != "-" {
			fx.ReadTree(a, true)
		}
	}
}}}
