package programs

// kind runs Kubernetes clusters in containers: listing clusters and nodes
// only reads; get kubeconfig prints the cluster's client keys; create,
// delete, load, export and build change the engine's state or write
// files.

var kindProgram = &Program{Names: []string{"kind"}, Setup: setupCompletion, Pflag: true, Node: Node{Effects: printsOnly, Opts: `
-q --quiet
-v --verbosity=N
-h --help       help
--version       help
`, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "version", Node: &Node{Effects: printsOnly, Inherit: true}},
		{Name: "completion", Node: &Node{Effects: printsOnly, Inherit: true}},
		{Name: "get", Node: &Node{Effects: printsOnly, Inherit: true, Subs: []*Sub{
			{Name: "clusters", Node: &Node{Effects: engine(kindRead), Inherit: true}},
			{Name: "nodes", Node: &Node{Effects: engine(kindRead), Inherit: true, Opts: "-A --all-clusters\n-n --name=NAME"}},
			{Name: "kubeconfig", Node: &Node{Effects: kindKubeconfig, Inherit: true, Opts: "--internal\n-n --name=NAME"}},
		}}},
		{Name: "build|create|delete|export|load", Node: &Node{Effects: engine(func(c *Call, fx *Effects) { fx.Change("kind " + c.SubPath()) }),
			Inherit: true, Operands: true, Loose: true}},
	}
}}}

// kindRead lists the engine's containers that are kind's.
func kindRead(c *Call, fx *Effects) { fx.Network(engineHost(c), requestWords(c)...) }

// kindKubeconfig prints the cluster's kubeconfig, client keys included.
func kindKubeconfig(_ *Call, fx *Effects) {
	fx.PrintsSecret("kind get kubeconfig prints the cluster's client keys")
}
