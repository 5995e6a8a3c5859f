package programs

import "github.com/agentgov/governance/internal/shell"

// kustomize builds Kubernetes manifests from a kustomization folder (and
// kubectl kustomize is the same build). A build reads the folder (and,
// under the default load restrictor, only files below it; remote bases
// are downloaded) and prints. The --enable-* options run plugins, exec
// functions, containers or helm; --helm-command names a program;
// --load-restrictor LoadRestrictionsNone lets the kustomization read
// any file, a private key into a generated Secret for one; -o writes.

var kustomizeProgram = &Program{Names: []string{"kustomize"}, Setup: setupCompletion, Pflag: true, Node: Node{Effects: printsOnly, Opts: `
--stack-trace
-h --help       help
`, Subs: []*Sub{
	{Name: "build", Node: &Node{Effects: kustomizeBuild, Opts: kustomizeBuildOpts}},
	{Name: "version", Node: &Node{Effects: printsOnly, Opts: "--short\n-o --output=FORMAT\n-h --help help"}},
	{Name: "completion", Node: &Node{Effects: printsOnly, Opts: "-h --help help"}},
	{Name: "cfg|create|edit|fn|docs-fn|docs-fn-spec|docs-io-annotations|docs-merge|docs-merge3|help|localize|tutorials-command-basics",
		Node: &Node{Effects: func(c *Call, fx *Effects) { fx.Change("kustomize " + c.SubPath()) }, Operands: true, Loose: true,
			Opts: "-h --help help"}},
}}}

// kustomizeBuildOpts are the options of kustomize build and kubectl
// kustomize.
const kustomizeBuildOpts = `
--as-current-user               unknown
--enable-alpha-plugins          exec
--enable-exec                   exec
--enable-helm                   exec
--enable-managedby-label
--enable-star                   exec
-e --env=VAR                    unknown
--helm-api-versions=VERSIONS
--helm-command=PROGRAM          exec
--helm-debug
--helm-kube-version=VERSION
--load-restrictor=RESTRICTOR
--mount=MOUNT                   unknown
--network                       unknown
--network-name=NAME             unknown
-o --output=PATH                write
--reorder=ORDER
-h --help                       help
`

// kustomizeBuild reads the kustomization folder (the working folder when
// none is given) and prints the manifests.
func kustomizeBuild(c *Call, fx *Effects) {
	for _, a := range c.ValueArgs("--load-restrictor") {
		if a.Dynamic || a.Value != "LoadRestrictionsRootOnly" && a.Value != "rootOnly" {
			fx.Unknown("--load-restrictor " + a.Value + " lets the kustomization read any file")
		}
	}
	args := c.Args()
	if len(args) == 0 {
		fx.ReadTree(shellDot, true)
	}
	for _, a := range args {
		fx.ReadTree(a, true)
	}
}

// shellDot is the working folder, as an operand.
var shellDot = shell.Arg{Value: "."}
