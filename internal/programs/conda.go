package programs

// conda, mamba and micromamba: listing packages and environments,
// searching channels and exporting an environment to standard output
// read; install, create, remove, update, run and configuration changes do
// not.

const condaOpts = `
-h --help                      help
-V --version                   help
-v -vv -vvv --verbose
-q --quiet
--json
--debug
--trace
--no-plugins
-n --name=ENV
-p --prefix=DIR
-c --channel=CHANNEL           net
--override-channels
--use-local
--offline
--repodata-fn=NAME
--experimental=FEATURE
--no-lock
--console=CONSOLE
--insecure -k
-C --use-index-cache
-r --root-prefix=DIR
`

func condaPrints(*Call, *Effects) {}

func condaAsks(c *Call, fx *Effects) {
	cacheAt(fx, "~/.conda/pkgs", "conda caches channel metadata")
	request(c, fx, "conda.anaconda.org")
}

func condaRuns(c *Call, fx *Effects) {
	runsProject(c, fx, c.Name+" "+c.SubPath()+" installs packages (running their scripts), runs programs or changes environments")
}

// condaInfo: --unsafe-channels prints channel URLs with their tokens.
func condaInfo(c *Call, fx *Effects) {
	if c.Has("--unsafe-channels") {
		fx.Unknown("conda info --unsafe-channels prints channel tokens")
	}
}

// condaEnv: env list prints the environments; env export prints one
// (unless -f writes it to a file).
func condaEnv(c *Call, fx *Effects) {
	a := c.Args()
	switch {
	case len(a) > 0 && !a[0].Dynamic && inAlts("list|ls", a[0].Value):
	case len(a) > 0 && !a[0].Dynamic && a[0].Value == "export":
		for _, f := range c.ValueArgs("-f|--file") {
			writeUnlessNotFile(fx, f, "conda env export --file")
		}
	default:
		for _, f := range c.ValueArgs("-f|--file") {
			fx.Read(f)
		}
		condaRuns(c, fx)
	}
}

var condaProgram = &Program{Names: []string{"conda", "mamba", "micromamba"}, Setup: "shell shell.*", Node: Node{Opts: condaOpts, Effects: condaPrints,
	Subs: []*Sub{
		{"list", &Node{Inherit: true, Effects: condaPrints, Opts: `
--export
-e --explicit
--md5
--sha256
--fields=FIELDS
-f --full-name
-r --revisions
-c --canonical
--show-channel-urls
--reverse
--size
`}},
		{"info", &Node{Inherit: true, Effects: condaInfo, Opts: `
-a --all
--base
-e --envs
-s --system
-l --license
--unsafe-channels
`}},
		{"search|repoquery", &Node{Inherit: true, Effects: condaAsks, Opts: `
-i --info
--subdir --platform=PLATFORM
--envs
--reverse-dependency
--skip-flexible-search
`}},
		{"compare|help|doctor", &Node{Inherit: true, Effects: condaPrints}},
		{"notices", &Node{Inherit: true, Effects: condaAsks}},
		{"env", &Node{Inherit: true, Effects: condaEnv, Opts: `
-f --file=FILE
--no-builds
--from-history
--ignore-channels
--format=FORMAT
`}},
		{"install|create|remove|uninstall|update|upgrade|run|config|clean|init|activate|deactivate|build|develop|" +
			"index|inspect|metapackage|render|skeleton|package|rename|self-update|shell|server",
			&Node{Inherit: true, Loose: true, POSIX: true, Effects: condaRuns, Opts: `
-h --help
-V --version
`}},
	}}}
