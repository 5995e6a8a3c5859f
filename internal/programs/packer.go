package programs

// packer builds machine images from a template: packer [-machine-readable]
// COMMAND [flags] [arguments], with Go flags. validate, inspect, fmt
// -check and the plugin listings only read; build, init, fix and
// hcl2_upgrade run builders, download plugins or rewrite the template;
// console evaluates expressions such as file().
//
// Code they run: validate and inspect start the plugins the template
// requires (installed by packer init under ~/.packer.d or
// PACKER_PLUGIN_PATH) to check their settings, as before the model.

var packerProgram = &Program{Names: []string{"packer"}, GoFlags: true, Node: Node{Opts: packerView + `
-v -version                help
`, Effects: noCommand, Subs: []*Sub{
	{Name: "validate", Node: &Node{Opts: packerView + `
-evaluate-datasources      unknown  # runs the data sources, which may run commands
-except=NAMES
-only=NAMES
-no-warn-undeclared-var
-syntax-only
-var=NAME=VALUE
-var-file=FILE             read
`, Operands: true, Effects: packerEvaluates}},
	{Name: "inspect", Node: &Node{Opts: packerView, Operands: true, Effects: packerEvaluates}},
	{Name: "fmt", Node: &Node{Opts: packerView + `
-check[=BOOL]
-diff
-write[=BOOL]
-recursive
`, Operands: true, Effects: hclFmt}},
	{Name: "version", Node: &Node{Opts: packerView, Effects: printsOnly}},
	{Name: "plugins", Node: &Node{Opts: packerView, Effects: func(c *Call, fx *Effects) {
		fx.Unknown("packer plugins needs a subcommand")
	}, Subs: []*Sub{
		{Name: "installed", Node: &Node{Opts: packerView, Effects: printsOnly}},
		{Name: "required", Node: &Node{Opts: packerView, Operands: true, Effects: readsFiles}},
		{Name: "*", Node: &Node{Opts: packerView, Loose: true, Operands: true, Effects: packerChange}},
	}}},
	{Name: "console", Node: &Node{Opts: packerView, Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
		fx.Unknown("packer console evaluates expressions, which may read any file")
	}}},
	{Name: "*", Node: &Node{Opts: packerView, Loose: true, Operands: true, Effects: packerChange}},
}}}

// packerView are the flags of every command.
const packerView = `
-h -help                   help
-machine-readable
`

// packerChange is a command that builds, installs or rewrites.
func packerChange(c *Call, fx *Effects) {
	fx.Change("packer " + c.SubPath() + " builds images, installs plugins or rewrites templates")
}

// packerEvaluates is validate or inspect: the template's expressions are
// evaluated (but with -syntax-only), and their functions read any file
// (file(), templatefile()): a template that is there runs the project's
// code.
func packerEvaluates(c *Call, fx *Effects) {
	readsFiles(c, fx)
	if c.Has("-syntax-only") {
		return
	}
	for _, a := range c.Args() {
		if a.Dynamic {
			fx.Exec("", "", "packer evaluates a template named at run time")
			continue
		}
		fx.Add(Effect{Op: Exec, IfPresent: a.Value, Why: "packer " + c.Sub() + " evaluates " + a.Value + ", whose functions read any file"})
	}
}
