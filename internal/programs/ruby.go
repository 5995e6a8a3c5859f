package programs

import "strings"

// gem and bundle (bundler), Ruby's package tools. gem's queries of
// installed and remote gems and of its environment read; installing,
// building (a .gemspec is Ruby code), pushing and changing sources do
// not. bundle evaluates the project's Gemfile, which is Ruby code, for
// every subcommand but version and help.

// gemCommonOpts are the options every gem subcommand takes.
const gemCommonOpts = `
-h --help                        help
-V --verbose --no-verbose
-q --quiet
--silent
--config-file=FILE               read
--backtrace
--debug
--norc
`

// gemQueryOpts are the options of the query subcommands.
const gemQueryOpts = `
-i --installed
-I
-v --version=VERSION
-d --details --no-details
--versions --no-versions
-a --all
-e --exact
--prerelease --no-prerelease
-u --update-sources --no-update-sources
-l --local
-r --remote
-b --both
-B --bulk-threshold=N
--clear-sources
-s --source=URL                  net
-p --http-proxy[=URL]            net
--platform=PLATFORM
--lib-only
--prefix --no-prefix
--show-install-dir
-c --show-dependencies
-R --reverse-dependencies --no-reverse-dependencies
--pipe
--all-versions
--yaml --ruby --marshal --json
--spec
-P --trust-policy=POLICY
`

// gemReads is the Effects of a query: a .gemspec operand is Ruby code
// that gem evaluates.
func gemReads(c *Call, fx *Effects) {
	cacheAt(fx, "~/.gem", "gem caches the index of remote sources")
	request(c, fx, "rubygems.org")
	for _, a := range c.Args() {
		if a.Dynamic || strings.HasSuffix(a.Value, ".gemspec") {
			fx.Exec("ruby", "", "gem evaluates the gemspec "+a.Value+", which is Ruby code")
		}
	}
}

// gemSources: listing the sources reads, and prints those of gem's
// configuration files (a private source's URL with its password);
// adding, removing, clearing and updating them changes gem's
// configuration.
func gemSources(c *Call, fx *Effects) {
	if c.HasAny("-a|--add|-r|--remove|-c|--clear-all|-u|--update") {
		changes(c, fx, "gem sources changes gem's sources")
		return
	}
	gemPrintsConfig(fx)
}

// gemConfigFiles are gem's configuration files, the user's and the
// system's.
var gemConfigFiles = []string{"~/.gemrc", "/etc/gemrc"}

// gemPrintsConfig records a call that prints the values of gem's
// configuration: its sources, whose URLs may carry a password.
func gemPrintsConfig(fx *Effects) {
	for _, f := range gemConfigFiles {
		fx.Add(Effect{Op: Read, Path: argOf(f), Values: true, Why: "gem prints the sources of its configuration"})
	}
}

func gemChanges(c *Call, fx *Effects) {
	runsProject(c, fx, "gem "+c.Sub()+" installs, builds, publishes or runs gems, or changes gem's set-up")
}

// gemTop: gem -v prints the version.
func gemTop(c *Call, fx *Effects) {
	if len(c.Pos) > 0 || !c.HasAny("-v|--version") {
		fx.Unknown("gem without a known subcommand")
	}
}

var gemProgram = &Program{Names: []string{"gem"}, Node: Node{Effects: gemTop, Opts: gemCommonOpts + `
-v --version                     help
`, Subs: []*Sub{
	{"list|search|query|info|specification|contents|dependency|which|outdated|stale|help",
		&Node{Effects: gemReads, Opts: gemCommonOpts + gemQueryOpts}},
	{"environment|env", &Node{Effects: func(c *Call, fx *Effects) {
		gemReads(c, fx)
		gemPrintsConfig(fx)
	}, Opts: gemCommonOpts + gemQueryOpts}},
	{"sources", &Node{Effects: gemSources, Opts: gemCommonOpts + `
-a --add=URL
-l --list
-r --remove=URL
-c --clear-all
-u --update
-f --force --no-force
-p --http-proxy[=URL]            net
`}},
	{"exec", &Node{Loose: true, POSIX: true, Effects: gemChanges}},
	{"install|i|uninstall|update|cleanup|build|push|fetch|owner|yank|signin|signout|cert|check|pristine|rdoc|" +
		"rebuild|lock|mirror|open|server|unpack|generate_index|install-bundler",
		&Node{Loose: true, Effects: gemChanges, Opts: gemCommonOpts + `
-v --version=VERSION
-i --install-dir=DIR             write
-n --bindir=DIR                  write
--target=DIR                     write
--editor=EDITOR                  exec
`}},
}}}

// bundleRuns: bundler evaluates the Gemfile, Ruby code of the project.
func bundleRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "bundle evaluates the project's Gemfile, which is Ruby code")
}

var bundleProgram = &Program{Names: []string{"bundle", "bundler"}, Node: Node{Effects: bundleTop, Opts: `
-h --help                        help
-v --version                     help
-V --verbose
--no-color
-r --retry=N
`, Subs: []*Sub{
	{"version|help", &Node{Inherit: true}},
	{"install|update|exec|add|remove|lock|list|ls|show|info|outdated|check|platform|config|binstubs|cache|package|" +
		"pack|clean|console|doctor|gem|init|inject|open|plugin|pristine|viz|licenses|fund|issue|env",
		&Node{Inherit: true, Loose: true, POSIX: true, Effects: bundleRuns, Opts: `
-h --help
-v --version
`}},
}}}

// bundleTop: bare bundle installs; version and help only print.
func bundleTop(c *Call, fx *Effects) {
	if s := c.Sub(); s == "version" || s == "help" {
		return
	}
	bundleRuns(c, fx)
}
