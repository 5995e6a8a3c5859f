package programs

// poetry and pdm, Python project managers. Both load plugins installed in
// the project itself (poetry 2's requires-plugins in .poetry/plugins,
// pdm's .pdm-plugins) before reading the subcommand: files of the project
// that are Python code. pdm loads them on every call. poetry adds the
// .poetry/plugins beside the nearest pyproject.toml to its path on every
// call, --version and --help included, unless --no-plugins: its .pth
// files and entry points run. Its inspection subcommands (check, export
// to standard output, version, source show) only read. show, env and
// debug find or create the project's virtual environment and run its
// Python, which may be a .venv the project holds.

const poetryOpts = `
-h --help                  help
-V --version               help
-q --quiet
-v -vv -vvv --verbose
--ansi
--no-ansi
-n --no-interaction
--no-plugins
--no-cache
-P --project=DIR           dir
-C --directory=DIR         dir
`

// poetryStart: unless --no-plugins, poetry runs the plugins of the
// project's .poetry/plugins, found beside the nearest pyproject.toml, in
// the folder it runs in or one above; -C and -P move that folder.
func poetryStart(c *Call, fx *Effects) {
	if c.Has("--no-plugins") {
		return
	}
	configRuns(fx, "poetry runs the plugins of the project's .poetry/plugins", true, ".poetry/plugins")
	if c.HasAny("-C|-P") {
		fx.Unknown("poetry -C and -P load the plugins of another project")
	}
}

// poetryPrints is the Effects of an inspection subcommand: it reads, once
// the project's plugins are off or absent (poetryStart).
func poetryPrints(c *Call, fx *Effects) {
	cacheAt(fx, "~/.cache/pypoetry", "poetry caches package metadata")
}

// poetryEnv is the Effects of a subcommand that finds or creates the
// project's virtual environment and runs its Python.
func poetryEnv(c *Call, fx *Effects) {
	runsProject(c, fx, "poetry "+c.Sub()+" finds or creates the project's virtual environment and runs its Python")
}

func poetryRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "poetry loads the project's plugins, and builds, installs or runs the project's code")
}

// poetryAction: a subcommand whose listed actions inspect and whose others
// change state.
func poetryAction(read string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts(read, a[0].Value) {
			poetryPrints(c, fx)
			return
		}
		poetryRuns(c, fx)
	}
}

// poetryExport writes a requirements file with -o; --with-credentials
// puts the index credentials in it.
func poetryExport(c *Call, fx *Effects) {
	if c.Has("--with-credentials") {
		fx.PrintsSecret("poetry export --with-credentials prints index credentials")
	}
	poetryPrints(c, fx)
}

// poetryVersion prints the version; with a bump rule it rewrites
// pyproject.toml.
func poetryVersion(c *Call, fx *Effects) {
	if len(c.Args()) == 0 && !c.Has("--next-phase") || c.Has("--dry-run") {
		poetryPrints(c, fx)
		return
	}
	poetryRuns(c, fx)
}

var poetryProgram = &Program{Names: []string{"poetry"}, Setup: setupCompletion, Start: poetryStart, Node: Node{Opts: poetryOpts, Effects: poetryPrints, MakeSubs: func() []*Sub {
	return []*Sub{
		{"show", &Node{Inherit: true, Effects: poetryEnv, Opts: `
--without=GROUPS
--with=GROUPS
--only=GROUPS
--no-dev
-T --top-level
-t --tree
--why
-l --latest                net
-o --outdated              net
-a --all
--no-truncate
-f --format=FORMAT
`}},
		{"check", &Node{Inherit: true, Effects: poetryPrints, Opts: `
--lock
--strict
`}},
		{"search", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
			poetryPrints(c, fx)
			request(c, fx, "pypi.org")
		}}},
		{"about|list|help", &Node{Inherit: true, Effects: poetryPrints}},
		{"env", &Node{Inherit: true, Effects: poetryEnv, Opts: `
-p --path
-e --executable
--full-path
`}},
		{"debug", &Node{Inherit: true, Effects: poetryEnv}},
		{"source", &Node{Inherit: true, Effects: poetryAction("show")}},
		{"self", &Node{Inherit: true, Effects: poetryAction("show"), Opts: `
--tree
--why
-l --latest                net
-o --outdated              net
-a --all
-T --top-level
`}},
		{"export", &Node{Inherit: true, Effects: poetryExport, Opts: `
-f --format=FORMAT
-o --output=FILE           write
--without-hashes
--without-urls
--with-credentials
--without=GROUPS
--with=GROUPS
--only=GROUPS
--all-groups
-E --extras=EXTRAS
--all-extras
`}},
		{"version", &Node{Inherit: true, Effects: poetryVersion, Opts: `
-s --short
--dry-run
--next-phase
`}},
		{"add|build|cache|config|init|install|lock|new|publish|python|remove|run|shell|sync|update|upgrade",
			&Node{Inherit: true, Loose: true, POSIX: true, Effects: poetryRuns, Opts: `
-h --help
-V --version
`}},
	}
}}}

// pdm loads the project's plugins on every call.
var pdmProgram = &Program{Names: []string{"pdm"}, Node: Node{Loose: true, Operands: true, Effects: func(c *Call, fx *Effects) {
	runsProject(c, fx, "pdm loads the plugins of the project's .pdm-plugins, and builds, installs or runs the project's code")
}, Opts: `
-c --config=FILE           read
-p --project=DIR           dir
-v --verbose
-q --quiet
-I --ignore-python
--no-cache
-h --help                  help
-V --version
`}}
