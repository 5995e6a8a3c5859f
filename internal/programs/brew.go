package programs

import "strings"

// brew, Homebrew. Its inspection subcommands (info, list, search, deps,
// uses, desc, outdated, doctor, config, log, cat, ...) and its --prefix
// style queries read, downloading formula data from Homebrew's API into
// its cache; fetch only fills the download cache. install, upgrade, tap
// (even bare, which updates Homebrew first), cleanup, link, pin, edit and
// the like change the installation or run formula code, and their
// --dry-run modes still update Homebrew. A formula named by a path is a
// Ruby file that brew loads; a Brewfile (brew bundle) is Ruby too.
//
// brew rejects options a subcommand does not define, so the inspection
// subcommands accept any long option here (their options only choose what
// is printed) and judge every word for formula files.

const brewOpts = `
-d --debug
-q --quiet
-v --verbose
-h --help                        help
--version                        help
--cache
--caskroom
--cellar
--config
--env
--prefix
--repo --repository
--taps
--shell=SHELL
--formula --formulae
--cask --casks
--installed
--unbrewed
--plain
`

// brewQueries are the root options that print a path or a setting.
const brewQueries = "--cache|--caskroom|--cellar|--config|--env|--prefix|--repo|--repository|--taps"

// brewTop: brew --prefix python and brew -v print; bare brew, or an
// unknown subcommand, is not read here.
func brewTop(c *Call, fx *Effects) {
	switch {
	case c.HasAny(brewQueries):
		brewFormulaWords(c, fx)
	case len(c.Pos) == 0 && len(c.Opts) == 1 && c.Has("-v"):
		// brew -v alone prints the version.
	case len(c.Pos) > 0:
		fx.Unknown("\"" + c.Pos[0].Value + "\" is not a subcommand the model of brew knows")
	default:
		fx.Unknown("brew without a subcommand")
	}
}

// brewFormulaWords records what naming formulae does: a word that is a
// path names a formula file, Ruby code brew loads; a formula of a tap
// that is not Homebrew's own may be tapped and loaded; others come from
// Homebrew's API, cached.
func brewFormulaWords(c *Call, fx *Effects) {
	cacheAt(fx, "~/Library/Caches/Homebrew", "brew caches formula data and downloads")
	fx.Network("formulae.brew.sh")
	for _, a := range toolWords(c) {
		v := a.Value
		switch {
		case a.Dynamic:
			fx.Unknown("a formula named at run time may be a file brew loads")
		case strings.HasSuffix(v, ".rb") || strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") ||
			strings.HasPrefix(v, "~") || strings.Contains(v, "://"):
			fx.Exec("ruby", "", "brew loads the formula file "+v+", which is Ruby code")
			fx.Read(a)
		case strings.Count(v, "/") >= 2 && !strings.HasPrefix(strings.ToLower(v), "homebrew/"):
			fx.Exec("ruby", "", "brew taps "+v+" and loads its formula, Ruby code of a third party")
		}
	}
}

// brewEnv records variables that name programs brew runs.
func brewEnv(c *Call, fx *Effects) {
	unknownEnv(c, fx, "HOMEBREW_CURL_PATH", "HOMEBREW_GIT_PATH", "HOMEBREW_BROWSER", "HOMEBREW_EDITOR",
		"HOMEBREW_SSH_CONFIG_PATH", "HOMEBREW_DOCKER_REGISTRY_TOKEN", "HOMEBREW_PRY")
}

// brewReads is the Effects of an inspection subcommand.
func brewReads(c *Call, fx *Effects) {
	brewEnv(c, fx)
	brewFormulaWords(c, fx)
	if c.Has("--graph") && !c.Has("--dot") {
		fx.Change("brew deps --graph opens the graph in the browser")
	}
}

// brewLooks is the Effects of a subcommand that searches or inspects
// Homebrew's data and the installation without loading a named formula.
func brewLooks(c *Call, fx *Effects) {
	brewEnv(c, fx)
	cacheAt(fx, "~/Library/Caches/Homebrew", "brew caches formula data")
	request(c, fx, "formulae.brew.sh")
}

// brewOpens is the Effects of home and docs, which open a web page.
func brewOpens(c *Call, fx *Effects) {
	brewEnv(c, fx)
	fx.Change("brew " + c.Sub() + " opens a web page in the browser")
}

// brewChanges is the Effects of a subcommand that changes the
// installation, updates Homebrew or runs formula code.
func brewChanges(c *Call, fx *Effects) {
	brewEnv(c, fx)
	runsProject(c, fx, "brew "+c.SubPath()+" changes the installation or runs formula code")
}

// brewAnalytics: without an argument, or with state, analytics prints
// its state; on and off change it.
func brewAnalytics(c *Call, fx *Effects) {
	if a := c.Args(); len(a) == 0 || len(a) == 1 && !a[0].Dynamic && a[0].Value == "state" {
		brewEnv(c, fx)
		return
	}
	brewChanges(c, fx)
}

// brewServices: list and info print the services' state.
func brewServices(c *Call, fx *Effects) {
	if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts("list|info", a[0].Value) {
		brewEnv(c, fx)
		return
	}
	brewChanges(c, fx)
}

// brewReadOpts are the short options of the inspection subcommands.
const brewReadOpts = `
-1
-n
-l
-r
-t
-s
-p
-f
-i
`

var brewReadNode = &Node{Inherit: true, Loose: true, Effects: brewReads, Opts: brewReadOpts}

var brewProgram = &Program{Names: []string{"brew"}, Setup: "shellenv", Node: Node{Opts: brewOpts, Operands: true, Effects: brewTop,
	Subs: []*Sub{
		{"info|abv|list|ls|deps|uses|options|cat|fetch|formula", brewReadNode},
		{"log", &Node{Inherit: true, Loose: true, Effects: brewReads, Opts: `
-n --max-count=N
-1
-p -u --patch
--stat
--oneline
-F --follow
`}},
		{"search|desc|leaves|outdated|missing|config|doctor|dr|tap-info|formulae|casks|commands|shellenv|help",
			&Node{Inherit: true, Loose: true, Effects: brewLooks, Opts: brewReadOpts}},
		{"home|homepage|docs", &Node{Inherit: true, Loose: true, Effects: brewOpens}},
		{"analytics", &Node{Inherit: true, Effects: brewAnalytics}},
		{"services", &Node{Inherit: true, Effects: brewServices, Opts: `
--all
--json
--file=FILE                      read
--sudo-service-user=USER
--max-wait=N
--no-wait
--keep
`}},
		{"install|reinstall|upgrade|update|update-reset|uninstall|remove|rm|tap|untap|cleanup|autoremove|link|ln|" +
			"unlink|pin|unpin|edit|postinstall|post_install|test|bundle|gist-logs|readall|style|audit|bottle|create|" +
			"developer|migrate|extract|livecheck|sh|ruby|irb|tap-new|bump|bump-formula-pr|bump-cask-pr|pr-pull|" +
			"pr-upload|install-bundler-gems|vendor-gems|typecheck|tc|unpack|switch|source|setup-ruby|command|which-formula|" +
			"mcp-server|generate-man-completions|update-python-resources|update-report|contributions|dispatch-build-bottle|" +
			"determine-test-runners|lgtm|prof|release|rubocop|tests|verify|alias|unalias",
			&Node{Inherit: true, Loose: true, Effects: brewChanges, Opts: `
--version
`}},
	}}}
