package programs

// crictl asks a CRI runtime (containerd, CRI-O) on this machine: listing
// and inspecting containers, pods and images, logs and stats only read.
// info prints the runtime's configuration, registry credentials
// included; --config names a file that chooses the endpoints and other
// settings; exec, attach, run and the rest change or run something.

var crictlProgram = &Program{Names: []string{"crictl"}, Pflag: true, Node: Node{Effects: printsOnly, Opts: `
-c --config=FILE                 unknown
-D --debug
--enable-tracing
-i --image-endpoint=ENDPOINT
-r --runtime-endpoint=ENDPOINT
-t --timeout=DURATION
--tracing-endpoint=ENDPOINT
--tracing-sampling-rate-per-million=N
-h --help                        help
-v --version                     help
`, Subs: []*Sub{
	{Name: "ps", Node: &Node{Effects: crictlRead, Opts: `
-a --all
--image=IMAGE
--label=LABEL
-l --latest
-n --last=N
--name=NAME
--no-trunc
-o --output=FORMAT
-p --pod=POD
-q --quiet
-r --resolve-image-path
-s --state=STATE
-v --verbose
-h --help   help
`}},
	{Name: "pods", Node: &Node{Effects: crictlRead, Opts: `
--label=LABEL
-l --latest
-n --last=N
--name=NAME
--namespace=NAMESPACE
--no-trunc
-o --output=FORMAT
-q --quiet
-s --state=STATE
-v --verbose
-h --help   help
`}},
	{Name: "images|image|img", Node: &Node{Effects: crictlRead, Opts: `
-a --all
--digests
--filter=FILTER
--no-trunc
-o --output=FORMAT
--pinned
-q --quiet
-v --verbose
-h --help   help
`}},
	{Name: "inspect|inspecti|inspectp", Node: &Node{Effects: crictlRead, Opts: `
-a --all
--label=LABEL
-l --latest
-n --last=N
--name=NAME
-o --output=FORMAT
-p --pod=POD
-q --quiet
-s --state=STATE
--template=TEMPLATE
-h --help   help
`}},
	{Name: "logs", Node: &Node{Effects: crictlRead, Opts: `
-f --follow
-p --previous
-r --reopen
--since=TIME
--stream=STREAM
--tail=N
-t --timestamps
-h --help   help
`}},
	{Name: "stats|statsp", Node: &Node{Effects: crictlRead, Opts: `
-a --all
-i --id=ID
--label=LABEL
-o --output=FORMAT
-p --pod=POD
-s --seconds=N
-w --watch
-h --help   help
`}},
	{Name: "version|imagefsinfo", Node: &Node{Effects: crictlRead, Opts: "-o --output=FORMAT\n-h --help   help"}},
	{Name: "completion", Node: &Node{Effects: printsOnly, Opts: "-h --help   help"}},
	{Name: "info", Node: &Node{Effects: func(c *Call, fx *Effects) {
		fx.Unknown("crictl info prints the runtime's configuration, registry credentials included")
	}, Operands: true, Loose: true}},
	{Name: "attach|checkpoint|config|create|events|exec|metricdescs|metricsp|port-forward|pull|rm|rmi|rmp|run|runp|start|stop|stopp|update|update-runtime-config",
		Node: &Node{Effects: func(c *Call, fx *Effects) { fx.Change("crictl " + c.SubPath()) }, Operands: true, Loose: true}},
}}}

// crictlRead asks the runtime and prints.
func crictlRead(c *Call, fx *Effects) {
	clientEnv(c, fx)
	fx.Network("", requestWords(c)...)
}
