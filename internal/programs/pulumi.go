package programs

// pulumi manages stacks of cloud resources described by a program:
// pulumi [flags] COMMAND. The listings of stacks, outputs, history,
// configuration and plugins only read, unless --show-secrets prints the
// secret values in clear; config get decrypts a secret; preview, up,
// refresh and destroy run the program.
//
// Code they run: about asks the project's language plugin about its
// runtime, and logs starts the providers of the stack's resources to
// fetch their logs, as before the model.

var pulumiProgram = &Program{Names: []string{"pulumi"}, Pflag: true, Node: Node{Opts: pulumiOptions + `
--version                 help
`, Effects: noCommand, Subs: []*Sub{
	{Name: "whoami", Node: &Node{Inherit: true, Opts: `
-j --json
-v --verbose
`, Effects: pulumiRead}},
	{Name: "version", Node: &Node{Inherit: true, Effects: printsOnly}},
	{Name: "help", Node: &Node{Inherit: true, Operands: true, Effects: printsOnly}},
	{Name: "about", Node: &Node{Inherit: true, Opts: `
-j --json
-s --stack=NAME
-t --transitive
`, Effects: pulumiRead}},
	{Name: "logs", Node: &Node{Inherit: true, Opts: `
--config-file=FILE        read
-f --follow
-j --json
-r --resource=URN
--since=TIME
-s --stack=NAME
`, Effects: pulumiRead}},
	{Name: "config", Node: &Node{Inherit: true, Opts: `
--config-file=FILE        read
-j --json
--open[=BOOL]
--show-secrets
-s --stack=NAME
`, Effects: pulumiRead, Subs: []*Sub{
		{Name: "get", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
			revealsSecret(fx, "pulumi config get (a secret value is decrypted)")
		}}},
		{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: pulumiChange}},
	}}},
	{Name: "stack", Node: &Node{Inherit: true, Opts: `
-i --show-ids
--show-name
--show-secrets
--show-urns
-s --stack=NAME
`, Effects: pulumiRead, Subs: []*Sub{
		{Name: "ls", Node: &Node{Inherit: true, Opts: `
-a --all
-j --json
-o --organization=ORG
-p --project=PROJECT
-t --tag=TAG
`, Effects: pulumiRead}},
		{Name: "output", Node: &Node{Inherit: true, Opts: `
-j --json
--shell
--show-secrets
-s --stack=NAME
`, Operands: true, Effects: pulumiRead}},
		{Name: "history", Node: &Node{Inherit: true, Opts: `
-j --json
--full-dates
--page=N
--page-size=N
--show-secrets
-s --stack=NAME
`, Effects: pulumiRead}},
		{Name: "tag", Node: &Node{Inherit: true, Effects: pulumiChange, Subs: []*Sub{
			{Name: "ls", Node: &Node{Inherit: true, Opts: `
-j --json
-s --stack=NAME
`, Effects: pulumiRead}},
			{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: pulumiChange}},
		}}},
		{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: pulumiChange}},
	}}},
	{Name: "plugin", Node: &Node{Inherit: true, Effects: pulumiChange, Subs: []*Sub{
		{Name: "ls", Node: &Node{Inherit: true, Opts: `
-j --json
-p --project
`, Effects: printsOnly}},
		{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: pulumiChange}},
	}}},
	{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: pulumiChange}},
}}}

// pulumiOptions are the flags of every command.
const pulumiOptions = `
--color=WHEN
-C --cwd=DIR                    dir
--disable-integrity-checking
-e --emoji
--fully-qualify-stack-names
-h --help                       help
--logflow
--logtostderr
--memprofilerate=RATE
--non-interactive
--otel-traces=DESTINATION       write    # a file, or an endpoint the traces go to
--profiling=PREFIX              write    # CPU and memory profiles, written to PREFIX.*
--tracing=DESTINATION           write    # file:PATH, or an endpoint the traces go to
--tracing-header=HEADER
-v --verbose=LEVEL
`

// pulumiRead asks the backend about stacks and prints; --show-secrets
// prints the secret values in clear.
func pulumiRead(c *Call, fx *Effects) {
	fx.Network("", apiWords(c, "-s|--stack|-o|--organization|-p|--project|-t|--tag|-r|--resource|--since")...)
	if c.Has("--show-secrets") {
		revealsSecret(fx, "pulumi "+c.SubPath()+" --show-secrets")
	}
}

// pulumiChange runs the program, changes a stack or the configuration,
// or installs plugins.
func pulumiChange(c *Call, fx *Effects) {
	fx.Change("pulumi " + c.SubPath() + " runs the program, changes stacks or settings, or installs plugins")
}
