package programs

// glab is GitLab's client (see gh.go). CI/CD variables are often
// secrets and glab's configuration holds tokens, so neither is read here;
// ci get --with-variables shows a pipeline's variables.

// glabReadOpts are the options of glab's listing and viewing
// subcommands; the others are parameters of the request (Loose).
const glabReadOpts = `
-R --repo=REPO
-g --group=GROUP
-F --output=FORMAT
-P --per-page=N
-p --page=N
-w --web
-h --help   help
`

// glabRead is a node of a subcommand that only asks and prints.
func glabRead() *Node { return &Node{Effects: ghRead, Loose: true, Opts: glabReadOpts} }

// glabChange is a node of a subcommand that changes or runs something.
func glabChange() *Node {
	return &Node{Effects: ghChange, Operands: true, Loose: true, Opts: "-h --help   help"}
}

// glabGroup is a group of subcommands: reads lists the names of those that
// only read; the other names are changes.
func glabGroup(reads string) *Node {
	return &Node{Effects: ghPrints, Opts: "-R --repo=REPO\n-h --help   help", Inherit: true, Subs: []*Sub{
		{Name: reads, Node: glabRead()},
		{Name: "*", Node: glabChange()},
	}}
}

var glabProgram = &Program{Names: []string{"glab"}, Setup: setupCompletion, Pflag: true, Node: Node{Effects: ghPrints, Opts: `
-h --help      help
-v --version   help
`, MakeSubs: func() []*Sub {
	return []*Sub{
		{Name: "version", Node: &Node{Effects: ghPrints}},
		{Name: "mr", Node: glabGroup("list|ls|view|show|diff|approvers|issues")},
		{Name: "issue|incident", Node: glabGroup("list|ls|view|show")},
		{Name: "ci|pipe|pipeline", Node: &Node{Effects: ghPrints, Opts: "-R --repo=REPO\n-h --help   help", Inherit: true, Subs: []*Sub{
			{Name: "list|ls|lint", Node: glabRead()},
			{Name: "get", Node: &Node{Effects: glabCIGet, Loose: true, Opts: glabReadOpts + "\n--with-variables\n-d --with-job-details"}},
			{Name: "*", Node: glabChange()},
		}}},
		{Name: "repo|project", Node: glabGroup("list|ls|view|contributors|search")},
		{Name: "release", Node: glabGroup("list|ls|view")},
		{Name: "label|milestone|schedule|deploy-key|ssh-key|gpg-key", Node: glabGroup("list|ls")},
		{Name: "changelog", Node: glabGroup("generate")},
		{Name: "api", Node: &Node{Effects: ghAPIEffects, Opts: `
-F --field=FIELD
-H --header=HEADER
--hostname=HOST
-i --include
--input=FILE      read
-X --method=METHOD
--paginate
-f --raw-field=FIELD
--silent
-h --help   help
`}},
		{Name: "auth", Node: &Node{Effects: ghPrints, Opts: "-h --help   help", Subs: []*Sub{
			{Name: "status", Node: &Node{Effects: ghAuthStatusEffects, Opts: "--hostname=HOST\n-a --all\n-t --show-token\n-h --help   help"}},
			{Name: "*", Node: glabChange()},
		}}},
		{Name: "*", Node: glabChange()},
	}
}}}

// glabCIGet shows a pipeline; --with-variables its variables.
func glabCIGet(c *Call, fx *Effects) {
	forge(func(c *Call, fx *Effects) {
		if c.Has("--with-variables") {
			fx.PrintsSecret("glab ci get --with-variables shows the pipeline's variables, often secrets")
		}
		fx.Network(forgeHost(c), requestWords(c)...)
	})(c, fx)
}
