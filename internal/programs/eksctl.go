package programs

// eksctl manages EKS clusters: get, info, version and the describe
// utilities only read.
var eksctlProgram = &Program{Names: []string{"eksctl"}, Setup: setupCompletion, Pflag: true, Node: Node{Opts: eksctlOptions, Effects: noCommand,
	Subs: []*Sub{
		{Name: "get", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
			{Name: "*", Node: &Node{Inherit: true, Loose: true, LooseShort: true, Operands: true, Opts: eksctlRead, Effects: eksctlRequest}},
		}}},
		{Name: "info|version", Node: &Node{Inherit: true, Opts: "-o --output=FORMAT", Effects: printsOnly}},
		{Name: "utils", Node: &Node{Inherit: true, Effects: noCommand, Subs: []*Sub{
			{Name: "describe-*", Node: &Node{Inherit: true, Loose: true, LooseShort: true, Operands: true, Opts: eksctlRead,
				Effects: eksctlRequest}},
			{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: eksctlChange}},
		}}},
		{Name: "*", Node: &Node{Inherit: true, Loose: true, Operands: true, Effects: eksctlChange}},
	}}}

// eksctlOptions are the global flags.
const eksctlOptions = `
-C --color=WHEN
-d --dumpLogs
-h --help                  help
-v --verbose=LEVEL
`

// eksctlRead are the listed flags of the read commands.
const eksctlRead = `
-f --config-file=FILE      read
-c --cluster=NAME
-n --name=NAME
-r --region=REGION
-p --profile=NAME
-o --output=FORMAT
--timeout=DURATION
`

// eksctlRequest asks AWS about clusters and prints.
func eksctlRequest(c *Call, fx *Effects) {
	fx.Network("", apiWords(c, "--cluster|--name|--region")...)
}

// eksctlChange creates, deletes, upgrades or scales clusters, or writes
// a kubeconfig.
func eksctlChange(c *Call, fx *Effects) {
	fx.Change("eksctl " + c.SubPath() + " changes clusters or writes their configuration")
}
