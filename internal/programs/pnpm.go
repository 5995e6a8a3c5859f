package programs

// pnpm and pnpx: pnpm's listing and inspection subcommands read the
// project, the store or the registry; installing, running scripts,
// publishing and changing the store or the configuration do not. A word
// pnpm does not know as a subcommand names a script of the project, which
// it runs. pnpm passes the subcommands it does not implement (view,
// search, whoami, ...) to npm.

const pnpmOpts = `
-C --dir=DIR                     dir
-w --workspace-root
-F --filter=SELECTOR
--filter-prod=SELECTOR
--test-pattern=GLOB
--changed-files-ignore-pattern=GLOB
--fail-if-no-match
-r --recursive
--no-bail --bail
--sort --no-sort
--reverse
--workspace-concurrency=N
--parallel
--stream
--aggregate-output
--use-stderr
--color --no-color
--loglevel=LEVEL
--reporter=NAME
-s --silent
--ignore-workspace
--include-workspace-root
--registry=URL                   net
--store-dir=DIR                  write
--virtual-store-dir=DIR          write
--modules-dir=DIR                write
--global-dir=DIR                 write
--cache-dir=DIR                  write
--state-dir=DIR                  write
--offline
--prefer-offline
-g --global
--json
--long
--parseable
-P --prod
-D --dev
--no-optional
--depth=N
--only-projects
--exclude-peers
--lockfile-only
--compatible
--format=FORMAT
--sort-by=FIELD
--audit-level=LEVEL
--fix                            write
--ignore-registry-errors
--ignore=ID
--remote                         net
-h --help                        help
-v --version                     help
`

// pnpmNoHelp shadows the help options for subcommands that run what their
// operands name.
const pnpmNoHelp = `
-h --help
-v --version
`

// pnpmLog records pnpm's own state: its logs and the metadata cache.
func pnpmLog(fx *Effects) {
	cacheAt(fx, "~/.cache/pnpm", "pnpm caches registry metadata and writes its state")
}

func pnpmPrints(_ *Call, fx *Effects) { pnpmLog(fx) }

func pnpmAsks(c *Call, fx *Effects) {
	pnpmLog(fx)
	request(c, fx, npmRegistry)
}

func pnpmRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "pnpm "+c.Sub()+" runs package scripts or the programs it installs")
	fx.Source(argOf("package.json"))
	if inAlts("install|i|add|update|up|upgrade|rebuild|rb|install-test|it", c.Sub()) {
		lifecycle(c, fx)
	}
}

// pnpmAction is the Effects of a subcommand whose read actions (named in
// read) print and whose other actions change state.
func pnpmAction(read string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts(read, a[0].Value) {
			if c.Sub() == "config" || c.Sub() == "c" {
				if c.Operand(0) == "get" && anySecretKey(c) {
					fx.Unknown("pnpm config get may print a credential")
					return
				}
			}
			pnpmLog(fx)
			return
		}
		changes(c, fx, "pnpm "+c.SubPath()+" changes the store, the configuration or the project")
	}
}

// pnpmStart: pnpm reads npm's configuration files, and its own global
// rc in the same format, before any subcommand: they name the registry
// it sends the token to, its proxy and what it trusts.
func pnpmStart(c *Call, fx *Effects) {
	npmrcEverywhere(c, fx)
	fx.Add(Effect{Op: Unknown, IfPresent: "~/.config/pnpm/rc", Harmless: npmrcHarmless,
		Why: "~/.config/pnpm/rc names a registry, a proxy, a certificate authority, a program or an environment variable pnpm sends"})
}

var pnpmProgram = &Program{Names: []string{"pnpm"}, Setup: setupCompletion, Start: pnpmStart, Node: Node{Opts: pnpmOpts, Effects: pnpmPrints,
	MakeSubs: func() []*Sub {
		return []*Sub{
			{"ls|list|ll|la|why|root|bin|help", &Node{Inherit: true, Effects: pnpmPrints}},
			{"outdated|info|view|show|v|search|s|se|find|whoami|ping|stars", &Node{Inherit: true, Effects: pnpmAsks}},
			{"audit", &Node{Inherit: true, Effects: pnpmAsks}},
			{"docs|home|bugs|repo", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
				fx.Change("pnpm " + c.Sub() + " opens a web page in the browser")
			}}},
			{"licenses", &Node{Inherit: true, Effects: pnpmAction("ls|list")}},
			{"store", &Node{Inherit: true, Effects: pnpmAction("path|status")}},
			{"config|c", &Node{Inherit: true, Effects: pnpmAction("list|ls|get")}},
			{"get", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
				if anySecretKey(c) {
					fx.Unknown("pnpm get may print a credential")
					return
				}
				pnpmLog(fx)
			}}},
			{"env", &Node{Inherit: true, Effects: pnpmAction("list|ls")}},
			{"install|i|add|update|up|upgrade|remove|rm|uninstall|un|link|ln|unlink|import|rebuild|rb|prune|fetch|" +
				"install-test|it|dedupe|patch|patch-commit|patch-remove|run|run-script|test|t|tst|start|exec|dlx|create|" +
				"publish|pack|deploy|setup|self-update|server|init|approve-builds|ignored-builds|cat-file|cat-index|find-hash|with",
				&Node{Inherit: true, Opts: pnpmNoHelp, Effects: pnpmRuns}},
			{"login|adduser|logout|set|unpublish|deprecate|undeprecate|dist-tag|owner|token|access|star|unstar",
				&Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
					changes(c, fx, "pnpm "+c.Sub()+" changes the registry or an account")
				}}},
		}
	}}}

// pnpx runs a package's binary (pnpm dlx).
var pnpxProgram = &Program{Names: []string{"pnpx"}, Node: Node{POSIX: true, Opts: `
--package=PKG
-c --shell-mode
--allow-build=PKG
-s --silent
-h --help          help
-v --version       help
`, Effects: func(c *Call, fx *Effects) { runsProject(c, fx, "pnpx runs a package's program") }}}
