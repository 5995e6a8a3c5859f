package programs

// minikube runs a local Kubernetes cluster: status, version, ip, and the
// list and view subcommands only read; logs reads unless --file writes
// them; start, stop, delete, ssh, kubectl, addons enable, mount, service
// (which opens a tunnel) and the rest change the cluster or run
// something.

const minikubeGlobal = `
--add_dir_header
--alsologtostderr
-b --bootstrapper=NAME
--log_backtrace_at=LOCATION
--log_dir=DIR              write
--log_file=FILE            write
--log_file_max_size=N
--logtostderr
--one_output
-p --profile=NAME
--rootless
--skip-audit
--skip_headers
--skip_log_headers
--stderrthreshold=LEVEL
--user=NAME
-v --v=LEVEL
--vmodule=PATTERN
-h --help                  help
`

var minikubeProgram = &Program{Names: []string{"minikube"}, Setup: setupCompletion, Pflag: true, Node: Node{Effects: printsOnly, Opts: minikubeGlobal, Subs: []*Sub{
	{Name: "status", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: "-f --format=FORMAT\n-l --layout=LAYOUT\n-n --node=NAME\n-o --output=FORMAT\n-w --watch[=DURATION]"}},
	{Name: "version", Node: &Node{Effects: printsOnly, Inherit: true, Opts: "--components\n-o --output=FORMAT\n--short"}},
	{Name: "ip", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: "-n --node=NAME"}},
	{Name: "update-check", Node: &Node{Effects: minikubeRead, Inherit: true}},
	{Name: "completion", Node: &Node{Effects: printsOnly, Inherit: true}},
	{Name: "profile", Node: &Node{Effects: minikubeChange, Inherit: true, Operands: true, Subs: []*Sub{
		{Name: "list", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: "-l --light\n-o --output=FORMAT"}},
	}}},
	{Name: "service", Node: &Node{Effects: minikubeChange, Inherit: true, Operands: true, Loose: true, Subs: []*Sub{
		{Name: "list", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: "-n --namespace=NAMESPACE\n-o --output=FORMAT"}},
	}}},
	{Name: "addons|node", Node: &Node{Effects: minikubeChange, Inherit: true, Subs: []*Sub{
		{Name: "list", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: "-o --output=FORMAT"}},
		{Name: "enable|disable|configure|open|images|add|delete|start|stop", Node: &Node{Effects: minikubeChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "config", Node: &Node{Effects: minikubeChange, Inherit: true, Subs: []*Sub{
		{Name: "view", Node: &Node{Effects: printsOnly, Inherit: true, Opts: "--format=FORMAT\n-o --output=FORMAT"}},
		{Name: "get", Node: &Node{Effects: printsOnly, Inherit: true}},
		{Name: "set|unset|defaults", Node: &Node{Effects: minikubeChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "image", Node: &Node{Effects: minikubeChange, Inherit: true, Subs: []*Sub{
		{Name: "ls|list", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: "--format=FORMAT"}},
		{Name: "build|load|pull|push|rm|save|tag", Node: &Node{Effects: minikubeChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "logs", Node: &Node{Effects: minikubeRead, Inherit: true, Opts: `
--audit
--file=FILE     write
-f --follow
--last-start-only
-n --length=N
--node=NAME
--problems
`}},
	{Name: "start|stop|delete|pause|unpause|ssh|ssh-key|ssh-host|kubectl|mount|tunnel|dashboard|docker-env|podman-env|cache|cp|update-context|license|options",
		Node: &Node{Effects: minikubeChange, Inherit: true, Operands: true, Loose: true}},
}}}

// minikubeRead asks the cluster or its machine and prints.
func minikubeRead(c *Call, fx *Effects) {
	clientEnv(c, fx)
	fx.Network("", requestWords(c)...)
}

// minikubeChange changes the cluster or its machine.
func minikubeChange(c *Call, fx *Effects) {
	clientEnv(c, fx)
	fx.Change("minikube " + c.SubPath())
}
