package programs

// yarn runs the yarn release a project's .yarnrc.yml (yarnPath) or .yarnrc
// (yarn-path) names, a JavaScript file of the project, before it reads
// any subcommand; so every call may run the project's code, listing ones
// included. A word yarn does not know as a subcommand names a script of
// the project, which it runs, and bare yarn installs.

var yarnNode = &Node{Inherit: true, Effects: yarnRuns}

func yarnRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "yarn runs the release the project's .yarnrc names, and "+
		"installs packages or runs the project's scripts")
	fx.Source(argOf("package.json"))
	if c.Sub() == "" && len(c.Args()) == 0 && !c.HasAny("--version|-v") || inAlts("install|add|up|upgrade|rebuild", c.Sub()) {
		lifecycle(c, fx)
	}
}

var yarnProgram = &Program{Names: []string{"yarn"}, Setup: setupCompletion, Node: Node{Effects: yarnRuns, Opts: `
--cwd=DIR                      dir
-s --silent
--json
--offline
--prefer-offline
--verbose
--no-progress
--no-default-rc
--use-yarnrc=FILE              code
--cache-folder=DIR             write
--modules-folder=DIR           write
--global-folder=DIR            write
--link-folder=DIR              write
--registry=URL                 net
--network-timeout=MS
--network-concurrency=N
--mutex=SPEC
--ignore-scripts
--ignore-engines
--ignore-platform
--ignore-optional
--frozen-lockfile
--immutable
--pure-lockfile
--production --prod
--non-interactive
--no-lockfile
--har
--strict-semver
--update-checksums
--emoji
--no-emoji
--no-bin-links
--flat
--force
-W --ignore-workspace-root-check
-D --dev
-P --peer
-O --optional
-E --exact
-T --tilde
-h --help
-v --version
`, Subs: []*Sub{
	{"access|add|audit|autoclean|bin|cache|check|config|constraints|create|dedupe|dlx|exec|explain|generate-lock-entry|" +
		"global|help|import|info|init|install|licenses|link|list|login|logout|node|npm|outdated|owner|pack|patch|patch-commit|" +
		"plugin|policies|publish|rebuild|remove|run|search|set|stage|start|tag|team|test|unlink|unplug|up|upgrade|" +
		"upgrade-interactive|version|versions|why|workspace|workspaces", yarnNode},
}}}
