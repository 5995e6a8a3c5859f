package programs

// composer, PHP's package manager. Composer loads the plugins installed in
// the project's vendor folder (when composer.json allows them) before it
// runs any subcommand, and scripts of composer.json on install-like
// events: with --no-plugins, its inspection subcommands (show, outdated,
// why, validate, audit, ...) only read.

const composerOpts = `
-h --help                        help
-q --quiet
-V --version                     help
--ansi --no-ansi
-n --no-interaction
--profile
--no-plugins
--no-scripts
-d --working-dir=DIR             dir
--no-cache
-v -vv -vvv --verbose
`

// composerReads is the Effects of an inspection subcommand: read-only
// once the project's plugins are off.
func composerReads(c *Call, fx *Effects) {
	if !c.Has("--no-plugins") {
		composerRuns(c, fx)
		return
	}
	cacheAt(fx, "~/.cache/composer", "composer caches package metadata")
	request(c, fx, "repo.packagist.org")
}

func composerRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "composer loads the plugins installed in the project and runs its scripts")
}

var composerProgram = &Program{Names: []string{"composer"}, Node: Node{Opts: composerOpts, Effects: composerRuns,
	Subs: []*Sub{
		{"show|info|outdated|licenses|depends|why|prohibits|why-not|validate|diagnose|search|check-platform-reqs|" +
			"audit|fund|suggests|about|list|help", &Node{Inherit: true, Loose: true, Effects: composerReads}},
		{"install|i|update|u|upgrade|require|r|remove|rm|run-script|run|exec|dump-autoload|dumpautoload|" +
			"create-project|config|global|status|archive|browse|home|clear-cache|clearcache|cc|reinstall|bump|" +
			"self-update|selfupdate|init", &Node{Inherit: true, Loose: true, POSIX: true, Effects: composerRuns, Opts: `
-h --help
-V --version
`}},
	}}}
