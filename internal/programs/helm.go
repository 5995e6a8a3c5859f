package programs

import "strings"

// helm installs charts into a Kubernetes cluster. Listing and showing
// releases and charts (list, status, history, get, show, search),
// rendering (template, lint) and verifying only read, but get values,
// all, manifest and hooks print the release's secrets; install, upgrade,
// uninstall and rollback only read as client dry runs; test, pull,
// package, push, repository and plugin changes do not. A chart's
// templates cannot run programs, but lookup functions read the cluster
// (Secrets included) when a dry run is a server's, so a server dry run
// prints what the cluster holds; a post-renderer is a program;
// --output-dir and --dependency-update write. An unknown subcommand is a
// plugin, a program. --kubeconfig and --registry-config can name
// credential programs; --kube-apiserver sends the current credentials to
// a server the command names.

const helmGlobal = `
--burst-limit=N
--content-cache=DIR              write
--debug
--kube-apiserver=URL
--kube-as-group=GROUP
--kube-as-user=USER
--kube-ca-file=FILE              read
--kube-context=NAME
--kube-insecure-skip-tls-verify
--kube-tls-server-name=NAME
--kube-token=TOKEN
--kubeconfig=FILE
-n --namespace=NAMESPACE
--qps=N
--registry-config=FILE
--repository-cache=DIR           write
--repository-config=FILE         read
-h --help                        help
--version                        help
`

// helmChartOpts are the options of install, upgrade and template.
const helmChartOpts = `
--atomic
--ca-file=FILE                   read
--cert-file=FILE                 read
--create-namespace
--dependency-update              change
--description=TEXT
--devel
--disable-openapi-validation
--dry-run[=MODE]
--enable-dns
--force
-g --generate-name
--hide-notes
--hide-secret
--insecure-skip-tls-verify
-i --install
--key-file=FILE                  # a private key for TLS; never sent or printed
--keyring=FILE                   read
-l --labels=LABELS
--name-template=TEMPLATE
--no-hooks
-o --output=FORMAT
--pass-credentials
--password=PASSWORD
--plain-http
--post-renderer=PROGRAM          exec
--post-renderer-args=ARGS
--render-subchart-notes
--replace
--repo=URL
--reset-then-reuse-values
--reset-values
--reuse-values
--rollback-on-failure
--server-side[=BOOL]
--force-conflicts
--force-replace
--set=VALUES
--set-file=VALUES
--set-json=VALUES
--set-literal=VALUES
--set-string=VALUES
--skip-crds
--skip-schema-validation
--take-ownership
--timeout=DURATION
--username=USER
-f --values=FILE                 read
--verify
--version=VERSION
--wait[=WAIT]
--wait-for-jobs
--cleanup-on-fail
--history-max=N
--max-history=N
-a --api-versions=VERSIONS
--include-crds
--is-upgrade
--kube-version=VERSION
--output-dir=DIR                 write
--release-name
-s --show-only=TEMPLATE
--skip-tests
--validate
`

var helmProgram = &Program{Names: []string{"helm"}, Setup: setupCompletion, Pflag: true, Node: Node{Effects: helmPrints, Opts: helmGlobal, Subs: []*Sub{
	{Name: "completion", Node: &Node{Effects: helmPrints, Inherit: true, Opts: "--no-descriptions"}},
	{Name: "env", Node: &Node{Effects: helmPrints, Inherit: true}},
	{Name: "version", Node: &Node{Effects: helmPrints, Inherit: true, Opts: "--client\n-c\n--short\n--template=TEMPLATE"}},
	{Name: "list|ls", Node: &Node{Effects: helmRead, Inherit: true, Opts: `
-a --all
-A --all-namespaces
-d --date
--deployed
--failed
-f --filter=REGEX
-m --max=N
--no-headers
--offset=N
-o --output=FORMAT
--pending
-r --reverse
-l --selector=SELECTOR
-q --short
--superseded
--time-format=FORMAT
--uninstalled
--uninstalling
`}},
	{Name: "status", Node: &Node{Effects: helmStatus, Inherit: true, Opts: "-o --output=FORMAT\n--revision=N\n--show-desc\n--show-resources"}},
	{Name: "history|hist", Node: &Node{Effects: helmRead, Inherit: true, Opts: "--max=N\n-o --output=FORMAT"}},
	{Name: "get", Node: &Node{Effects: helmPrints, Inherit: true, Subs: []*Sub{
		{Name: "metadata|notes", Node: &Node{Effects: helmRead, Inherit: true,
			Opts: "-a --all\n-o --output=FORMAT\n--revision=N\n--template=TEMPLATE"}},
		{Name: "all|hooks|manifest|values", Node: &Node{Effects: helmReleaseSecrets, Inherit: true,
			Opts: "-a --all\n-o --output=FORMAT\n--revision=N\n--template=TEMPLATE"}},
	}}},
	{Name: "show|inspect", Node: &Node{Effects: helmPrints, Inherit: true, Subs: []*Sub{
		{Name: "all|chart|crds|readme|values", Node: &Node{Effects: helmChartRead, Inherit: true, Opts: `
--ca-file=FILE     read
--cert-file=FILE   read
--devel
--insecure-skip-tls-verify
--jsonpath=TEMPLATE
--key-file=FILE
--keyring=FILE     read
--pass-credentials
--password=PASSWORD
--plain-http
--repo=URL
--username=USER
--verify
--version=VERSION
`}},
	}}},
	{Name: "search", Node: &Node{Effects: helmPrints, Inherit: true, Subs: []*Sub{
		{Name: "repo|hub", Node: &Node{Effects: helmRead, Inherit: true, Opts: `
--devel
--endpoint=URL
--fail-on-no-result
--list-repo-url
--max-col-width=N
-o --output=FORMAT
-r --regexp
--version=VERSION
-l --versions
`}},
	}}},
	{Name: "lint", Node: &Node{Effects: helmChartRead, Inherit: true, Opts: `
--kube-version=VERSION
--quiet
--set=VALUES
--set-file=VALUES
--set-json=VALUES
--set-literal=VALUES
--set-string=VALUES
--skip-schema-validation
--strict
-f --values=FILE   read
--with-subcharts
`}},
	{Name: "verify", Node: &Node{Effects: helmChartRead, Inherit: true, Opts: "--keyring=FILE  read"}},
	{Name: "template", Node: &Node{Effects: helmInstall, Inherit: true, Opts: helmChartOpts}},
	{Name: "install|upgrade", Node: &Node{Effects: helmInstall, Inherit: true, Opts: helmChartOpts}},
	{Name: "uninstall|un|delete|del|rollback", Node: &Node{Effects: helmUndo, Inherit: true, Opts: `
--cascade=POLICY
--cleanup-on-fail
--description=TEXT
--dry-run[=MODE]
--force
--history-max=N
--ignore-not-found
--keep-history
--max-history=N
--no-hooks
--recreate-pods
--timeout=DURATION
--wait[=WAIT]
--wait-for-jobs
`}},
	{Name: "repo", Node: &Node{Effects: helmPrints, Inherit: true, Subs: []*Sub{
		{Name: "list|ls", Node: &Node{Effects: helmPrints, Inherit: true, Opts: "-o --output=FORMAT"}},
		{Name: "add|update|up|remove|rm|index", Node: &Node{Effects: helmChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "plugin", Node: &Node{Effects: helmPrints, Inherit: true, Subs: []*Sub{
		{Name: "list|ls", Node: &Node{Effects: helmPrints, Inherit: true, Opts: "--type=TYPE"}},
		{Name: "install|add|uninstall|rm|remove|update|up|package|verify", Node: &Node{Effects: helmChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "dependency|dep|dependencies", Node: &Node{Effects: helmPrints, Inherit: true, Subs: []*Sub{
		{Name: "list|ls", Node: &Node{Effects: helmChartRead, Inherit: true, Opts: "--max-col-width=N"}},
		{Name: "build|update|up", Node: &Node{Effects: helmChange, Inherit: true, Operands: true, Loose: true}},
	}}},
	{Name: "create|package|pull|fetch|push|registry|test", Node: &Node{Effects: helmChange, Inherit: true, Operands: true, Loose: true}},
}}}

// helmGlobals are the effects of helm's variables and global options,
// which every subcommand's effects add first.
func helmGlobals(c *Call, fx *Effects) {
	clientEnv(c, fx)
	if c.HasAny("--kubeconfig|--registry-config") {
		fx.Exec("", "", "a kubeconfig or a registry configuration can name a credential program")
	}
	if c.Has("--kube-apiserver") {
		fx.Unknown("--kube-apiserver sends the current user's credentials to a server the command names")
	}
	namedTrust(c, fx, "--kube-insecure-skip-tls-verify|--kube-ca-file|--kube-tls-server-name", "the current user's credentials")
	for _, a := range c.ValueArgs("--set-file") {
		// key=path,key2=path2
		for _, kv := range strings.Split(a.Value, ",") {
			if _, p, ok := strings.Cut(kv, "="); ok {
				a.Value = p
				fx.Read(a)
			}
		}
	}
}

// helmPrints only prints.
func helmPrints(c *Call, fx *Effects) {
	helmGlobals(c, fx)
	printsOnly(c, fx)
}

// helmRead asks the cluster (or a repository's index) and prints.
func helmRead(c *Call, fx *Effects) {
	helmGlobals(c, fx)
	fx.Network("", requestWords(c)...)
}

// helmStatus: status prints a summary as a table, but the whole release
// as JSON or YAML: the values it was given, its manifest and hooks.
func helmStatus(c *Call, fx *Effects) {
	for _, o := range c.ValueArgs("--output") {
		if o.Dynamic || o.Value != "table" {
			revealsSecret(fx, "helm status -o "+o.Value+" (the release's values and Secrets)")
			break
		}
	}
	helmRead(c, fx)
}

// helmReleaseSecrets: a release's values are what the person installing
// it gave (database passwords, API keys), and its manifest and hooks hold
// the Secrets the chart made from them.
func helmReleaseSecrets(c *Call, fx *Effects) {
	revealsSecret(fx, "helm get "+c.SubPath()+" (the release's values and Secrets)")
	helmRead(c, fx)
}

// helmChange changes the cluster, the repositories, the plugins or
// the charts on disk.
func helmChange(c *Call, fx *Effects) {
	helmGlobals(c, fx)
	fx.Change("helm " + c.SubPath())
}

// helmChartRead reads a chart.
func helmChartRead(c *Call, fx *Effects) {
	helmGlobals(c, fx)
	chartRead(c, fx)
}

// helmInstall installs a chart, or with a client dry run renders it.
func helmInstall(c *Call, fx *Effects) {
	helmGlobals(c, fx)
	if c.Sub() != "template" && !helmDryRun(c, true) {
		fx.Change("helm " + c.SubPath())
		return
	}
	for _, a := range c.ValueArgs("--dry-run") {
		if a.Dynamic || a.Value == "server" {
			fx.Unknown("a server dry run lets the chart's lookup functions print what the cluster holds, Secrets included")
		}
	}
	chartRead(c, fx)
}

// helmUndo rolls a release back or uninstalls it, unless a dry run.
func helmUndo(c *Call, fx *Effects) {
	helmGlobals(c, fx)
	if !helmDryRun(c, false) {
		fx.Change("helm " + c.SubPath())
		return
	}
	fx.Network("", requestWords(c)...)
}

// helmDryRun reports a --dry-run that is on in every occurrence: bare,
// true or client (and server, when server is true).
func helmDryRun(c *Call, server bool) bool {
	found := false
	for _, a := range c.ValueArgs("--dry-run") {
		switch {
		case a.Dynamic:
			return false
		case a.Value == "true" || a.Value == "client" || server && a.Value == "server":
		default:
			return false
		}
		found = true
	}
	return found || c.Has("--dry-run")
}

// chartRead reads the charts its operands name that are on disk (a path,
// or a packaged .tgz) and asks for the others (repo/chart, URLs).
func chartRead(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		v := a.Value
		if strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasSuffix(v, ".tgz") {
			fx.ReadTree(a, true)
		}
	}
	if len(c.Args()) == 0 && c.Sub() == "lint" {
		fx.ReadTree(shellDot, true)
	}
	fx.Network("", requestWords(c)...)
}
