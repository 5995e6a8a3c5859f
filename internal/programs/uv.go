package programs

import "strings"

// uv and uvx: uv's views of environments (pip list, freeze, show, tree,
// check), of Python installations, of its cache and tools, and of a
// frozen lockfile read; everything that resolves the project (lock, sync,
// tree and export without --frozen, run, add, version --bump) may build
// the project or its dependencies to learn their metadata, which runs
// setup.py or a build backend: project code.
//
// uv runs an interpreter to query it; --python given a path (or
// UV_PYTHON) can name any program.

const uvOpts = `
-q --quiet
-v --verbose
--color=WHEN
--no-color
--native-tls --no-native-tls --system-certs --no-system-certs
--offline --no-offline
--allow-insecure-host --trusted-host=HOST
--preview --no-preview
--preview-features=LIST
--isolated
--show-settings
--no-progress
--no-installer-metadata
--directory=DIR                  dir
--project=DIR                    dir
--config-file=FILE               read
--no-config
-n --no-cache
--cache-dir=DIR                  write
--python-preference=PREF
--managed-python
--no-managed-python
--allow-python-downloads
--no-python-downloads
--python-fetch=MODE
-h --help                        help
-V --version                     help
`

// uvNoHelp shadows the help options for subcommands that run what their
// operands name (uv run python -V).
const uvNoHelp = `
-h --help
-V --version
`

// uvEnvOpts choose the environment a pip-style subcommand inspects.
const uvEnvOpts = `
-p --python=PYTHON
--system --no-system
--strict --no-strict
-t --target=DIR                  read
--prefix=DIR                     read
--path=DIR                       read
--python-version=VERSION
--python-platform=PLATFORM
`

// uvIndexOpts choose the indexes uv asks.
const uvIndexOpts = `
--index=URL                      net
--default-index=URL              net
-i --index-url=URL               net
--extra-index-url=URL            net
-f --find-links=URL              net
--no-index
--index-strategy=STRATEGY
--keyring-provider=PROVIDER      unknown
--exclude-newer=DATE
`

// uvTreeOpts display a dependency tree.
const uvTreeOpts = `
-d --depth=N
--no-dedupe
--invert --reverse
--outdated
--show-sizes
--show-version-specifiers
`

// uvProjectOpts select the parts of a project.
const uvProjectOpts = `
-p --python=PYTHON
--python-version=VERSION
--python-platform=PLATFORM
--frozen
--locked
--script=FILE                    read
--universal
--format=FORMAT
--dev --no-dev --only-dev
--group=GROUP
--no-group=GROUP
--no-default-groups
--only-group=GROUP
--all-groups
--extra=EXTRA
--all-extras
--no-extra=EXTRA
--no-all-extras
--all-packages
--package=PACKAGE
--prune=PACKAGE
--no-annotate --annotate
--no-header --header
--emit-index-url --no-emit-index-url
--emit-find-links --no-emit-find-links
--editable --no-editable
--hashes --no-hashes
-o --output-file=FILE            write
--no-emit-project --no-install-project
--no-emit-workspace --no-install-workspace
--no-emit-local --no-install-local
--no-emit-package=PACKAGE
--only-emit-project
-U --upgrade                     change
-P --upgrade-package=PACKAGE     change
--refresh
--refresh-package=PACKAGE
`

// uvCommon records what every call may add: an interpreter named by a
// path, which uv runs to query it, and variables that choose the
// interpreter or environment.
func uvCommon(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-p|--python") {
		if v.Dynamic || strings.ContainsAny(v.Value, "/\\") {
			fx.Exec("", v.Value, "uv runs the interpreter --python names to query it")
		}
	}
	unknownEnv(c, fx, "UV_PYTHON", "UV_PROJECT_ENVIRONMENT", "VIRTUAL_ENV", "UV_CACHE_DIR", "UV_TOOL_DIR",
		"UV_TOOL_BIN_DIR", "UV_PYTHON_INSTALL_DIR", "UV_PYTHON_BIN_DIR", "UV_CONFIG_FILE")
}

func uvCache(fx *Effects) {
	cacheAt(fx, "~/.cache/uv", "uv caches packages, metadata and interpreter facts")
}

// uvPrints is the Effects of a subcommand that inspects an environment,
// an installation or uv's own files.
func uvPrints(c *Call, fx *Effects) {
	uvCommon(c, fx)
	uvCache(fx)
	if c.Has("--outdated") {
		fx.Network("pypi.org")
	}
}

// uvRuns is the Effects of a subcommand that resolves, builds, installs
// or runs.
func uvRuns(c *Call, fx *Effects) {
	uvCommon(c, fx)
	runsProject(c, fx, "uv "+c.SubPath()+" builds or runs the project's code or installs packages")
}

// uvFrozen: tree and export read uv.lock as it is with --frozen; without
// it they lock the project first, which may build it.
func uvFrozen(c *Call, fx *Effects) {
	if c.Has("--frozen") && !c.HasAny("-U|--upgrade|-P|--upgrade-package") {
		uvPrints(c, fx)
		fx.Read(shellWord("uv.lock"))
		return
	}
	uvRuns(c, fx)
	cacheAt(fx, "uv.lock", "uv locks the project")
}

// uvPin: without a version, python pin prints the pinned version; with
// one it writes .python-version.
func uvPin(c *Call, fx *Effects) {
	if len(c.Args()) == 0 && !c.HasAny("--rm|--global") {
		uvPrints(c, fx)
		return
	}
	uvCommon(c, fx)
	fx.Write(shellWord(".python-version"), "uv python pin")
}

// uvVersion: uv version prints the project's version; with a value or
// --bump it rewrites pyproject.toml and syncs the project.
func uvVersion(c *Call, fx *Effects) {
	if len(c.Args()) == 0 && (!c.Has("--bump") || c.Has("--dry-run")) {
		uvPrints(c, fx)
		return
	}
	uvRuns(c, fx)
}

var (
	uvPrintsNode = &Node{Inherit: true, Effects: uvPrints}
	uvRunsNode   = &Node{Inherit: true, Loose: true, POSIX: true, Opts: uvNoHelp, Effects: uvRuns}
)

var uvProgram = &Program{Names: []string{"uv"}, Setup: "generate-shell-completion", Node: Node{Opts: uvOpts, Effects: uvPrints, Subs: []*Sub{
	{"pip", &Node{Inherit: true, Effects: uvPrints, Subs: []*Sub{
		{"list|ls", &Node{Inherit: true, Effects: uvPrints, Opts: uvEnvOpts + uvIndexOpts + `
-e --editable
--exclude-editable
--exclude=PACKAGE
--format=FORMAT
--outdated
--no-outdated
`}},
		{"freeze", &Node{Inherit: true, Effects: uvPrints, Opts: uvEnvOpts + `
--exclude-editable
`}},
		{"show", &Node{Inherit: true, Effects: uvPrints, Opts: uvEnvOpts + `
-f --files
`}},
		{"tree", &Node{Inherit: true, Effects: uvPrints, Opts: uvEnvOpts + uvIndexOpts + uvTreeOpts + `
--prune=PACKAGE
--package=PACKAGE
`}},
		{"check", &Node{Inherit: true, Effects: uvPrints, Opts: uvEnvOpts}},
		{"compile|sync|install|uninstall|debug", uvRunsNode},
	}}},
	{"tree", &Node{Inherit: true, Effects: uvFrozen, Opts: uvProjectOpts + uvIndexOpts + uvTreeOpts}},
	{"export", &Node{Inherit: true, Effects: uvFrozen, Opts: uvProjectOpts + uvIndexOpts}},
	{"python", &Node{Inherit: true, Subs: []*Sub{
		{"list|ls", &Node{Inherit: true, Effects: uvPrints, Opts: `
--all-versions
--all-platforms
--all-arches --all_architectures
--only-installed
--only-downloads
--show-urls
--output-format=FORMAT
--python-downloads-json-url=URL  net
`}},
		{"find", &Node{Inherit: true, Effects: uvPrints, Opts: `
--no-project --no-workspace
--system --no-system
--script=FILE                    read
--show-version
--resolve-links
--python-downloads-json-url=URL  net
`}},
		{"dir", &Node{Inherit: true, Effects: uvPrints, Opts: `
--bin
`}},
		{"pin", &Node{Inherit: true, Effects: uvPin, Opts: `
--resolved --no-resolved
--no-project --no-workspace
--global
--rm
--python-downloads-json-url=URL  net
`}},
		{"install|upgrade|uninstall|update-shell", uvRunsNode},
	}}},
	{"cache", &Node{Inherit: true, Subs: []*Sub{
		{"dir", uvPrintsNode},
		{"size", &Node{Inherit: true, Effects: uvPrints, Opts: `
-H --human --human-readable
`}},
		{"clean|clear|prune", &Node{Inherit: true, Loose: true, Effects: func(c *Call, fx *Effects) {
			uvCommon(c, fx)
			fx.Delete(shellWord("~/.cache/uv"), true)
		}}},
	}}},
	{"tool", &Node{Inherit: true, Subs: []*Sub{
		{"list|ls", &Node{Inherit: true, Effects: uvPrints, Opts: `
--show-paths
--show-version-specifiers
--show-with
--show-extras
--show-python
--outdated
--no-outdated
`}},
		{"dir", &Node{Inherit: true, Effects: uvPrints, Opts: `
--bin
`}},
		{"run|uvx|install|upgrade|update|uninstall|update-shell|audit", uvRunsNode},
	}}},
	{"version", &Node{Inherit: true, Effects: uvVersion, Opts: uvIndexOpts + `
--bump=PART
--dry-run
--short
--output-format=FORMAT
--no-sync
--active --no-active
--locked
--frozen
--package=PACKAGE
-p --python=PYTHON
`}},
	{"self", &Node{Inherit: true, Subs: []*Sub{
		{"version", &Node{Inherit: true, Effects: uvPrints, Opts: `
--short
--output-format=FORMAT
`}},
		{"update", uvRunsNode},
	}}},
	{"help", uvPrintsNode},
	{"generate-shell-completion", uvPrintsNode},
	{"run|init|add|remove|sync|lock|venv|virtualenv|v|build|publish|format|auth", uvRunsNode},
}}}

// uvx runs a package's program (uv tool run): options end at the
// package's name.
var uvxProgram = &Program{Names: []string{"uvx"}, Setup: "generate-shell-completion", Node: Node{Opts: uvOpts + `
--from=PACKAGE
--with=PACKAGE
--with-editable=PATH             read
--with-requirements=FILE         read
-p --python=PYTHON
`, POSIX: true, Loose: true, Effects: func(c *Call, fx *Effects) {
	uvCommon(c, fx)
	runsProject(c, fx, "uvx runs a package's program")
}}}
