package programs

import "strings"

// pip (pip3, pip3.12) and pipx: pip's inspection subcommands (list,
// freeze, show, check, inspect, hash, index versions, cache and config
// listings) read the environment and the index; install, download, wheel
// and lock build packages (running setup.py or a build backend), and
// uninstall, cache removal and configuration changes change state.
// --python runs another interpreter, --log writes a file.

// pipOpts are pip's general options, valid before and after the
// subcommand; optparse takes abbreviations of them.
const pipOpts = `
-h --help                        help
-V --version                     help
--debug
--isolated
--require-virtualenv
--python=PYTHON                  exec
-v --verbose
-q --quiet
--log --log-file --local-log=PATH   write
--no-input
--keyring-provider=PROVIDER      unknown
--proxy=PROXY                    net
--retries=N
--resume-retries=N
--timeout=SEC
--exists-action=ACTION
--trusted-host=HOST
--cert=PATH                      read
--client-cert=PATH               read
--cache-dir=DIR                  write
--no-cache-dir
--disable-pip-version-check
--no-color
--no-python-version-warning
--use-feature=FEATURE
--use-deprecated=FEATURE
`

// pipIndexOpts are the options that choose the package index.
const pipIndexOpts = `
-i --index-url=URL               net
--extra-index-url=URL            net
--no-index
-f --find-links=URL              net
`

// pipEnv records variables that set pip's options (PIP_LOG, PIP_PYTHON,
// PIP_CONFIG_FILE, ...): any of them may write a file or run another
// interpreter.
func pipEnv(c *Call, fx *Effects) {
	for _, a := range c.Cmd.Assigns {
		name, _, _ := strings.Cut(a, "=")
		switch name {
		case "PIP_DISABLE_PIP_VERSION_CHECK", "PIP_NO_INPUT", "PIP_QUIET", "PIP_VERBOSE", "PIP_NO_COLOR",
			"PIP_REQUIRE_VIRTUALENV", "PIP_PROGRESS_BAR", "PIP_ROOT_USER_ACTION":
		default:
			if strings.HasPrefix(name, "PIP_") {
				fx.Unknown(name + " sets an option of pip")
			}
		}
	}
}

// pipSelfCheck records pip's periodic question to PyPI about its own
// version, and the cache where it keeps the answer and downloads.
func pipSelfCheck(c *Call, fx *Effects) {
	pipEnv(c, fx)
	cacheAt(fx, "~/.cache/pip", "pip caches downloads and its version check")
	if !c.HasAny("--disable-pip-version-check|--no-index") {
		fx.Network("pypi.org")
	}
}

func pipPrints(c *Call, fx *Effects) { pipEnv(c, fx) }

func pipAsks(c *Call, fx *Effects) {
	pipSelfCheck(c, fx)
	request(c, fx, "pypi.org")
}

// pipList lists the installed packages; --outdated and --uptodate ask the
// index.
func pipList(c *Call, fx *Effects) {
	if c.HasAny("-o|--outdated|-u|--uptodate") {
		pipAsks(c, fx)
		return
	}
	pipSelfCheck(c, fx)
}

// pipCache: dir, info and list read pip's cache; remove and purge delete
// from it.
func pipCache(c *Call, fx *Effects) {
	pipEnv(c, fx)
	args := c.Args()
	switch {
	case len(args) > 0 && !args[0].Dynamic && inAlts("dir|info|list", args[0].Value):
	case len(args) > 0 && !args[0].Dynamic && inAlts("remove|purge", args[0].Value):
		fx.Delete(shellWord("~/.cache/pip"), true)
	default:
		fx.Unknown("pip cache needs a known action")
	}
}

// pipConfigFiles are the configuration files pip config prints the
// values of: the system's, the user's (the old place, the XDG one, the
// macOS one).
var pipConfigFiles = []string{"/etc/pip.conf", "/etc/xdg/pip/pip.conf", "~/.pip/pip.conf", "~/.config/pip/pip.conf",
	"~/Library/Application Support/pip/pip.conf"}

// pipURLVariables are the variables of pip's environment that hold a
// server's URL, and with it a password when the index is private: how CI
// passes one. pip config prints them beside the files' values.
var pipURLVariables = []string{"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_PROXY"}

// pipConfig: list, get and debug print the configuration, its files'
// values and its variables', whose URLs may carry a password; set, unset
// and edit change it.
func pipConfig(c *Call, fx *Effects) {
	pipEnv(c, fx)
	args := c.Args()
	switch {
	case len(args) == 0 || args[0].Dynamic:
		fx.Unknown("pip config needs a known action")
	case inAlts("list|get|debug", args[0].Value):
		if anySecretKey(c) {
			fx.Unknown("pip config may print a credential")
		}
		const why = "pip config prints values of its configuration"
		for _, f := range pipConfigFiles {
			fx.Add(Effect{Op: Read, Path: argOf(f), Values: true, Why: why})
		}
		for _, v := range pipURLVariables {
			fx.Env(v)
		}
	case args[0].Value == "edit":
		fx.Exec("", "", "pip config edit opens the configuration in an editor")
	default:
		changes(c, fx, "pip config "+args[0].Value+" changes pip's configuration")
	}
}

// pipIndex: index versions asks the index which versions a package has.
func pipIndex(c *Call, fx *Effects) {
	if a := c.Args(); len(a) > 0 && !a[0].Dynamic && a[0].Value == "versions" {
		pipAsks(c, fx)
		return
	}
	fx.Unknown("pip index needs a known action")
}

func pipBuilds(c *Call, fx *Effects) {
	runsProject(c, fx, "pip "+c.Sub()+" builds packages, running setup.py or their build backend")
}

var pipProgram = &Program{Names: []string{"pip", "pip3"}, Setup: setupCompletion, Start: pipStart, Node: Node{Opts: pipOpts, Subs: []*Sub{
	{"list", &Node{Inherit: true, Effects: pipList, Opts: pipIndexOpts + `
-o --outdated
-u --uptodate
-e --editable
-l --local
--user
--path=PATH                      read
--pre
--format=FORMAT
--not-required
--exclude-editable
--include-editable
--exclude=PACKAGE
`}},
	{"freeze", &Node{Inherit: true, Effects: pipPrints, Opts: `
-r --requirement=FILE            read
-l --local
--user
--path=PATH                      read
--all
--exclude-editable
--exclude=PACKAGE
`}},
	{"show", &Node{Inherit: true, Effects: pipPrints, Opts: `
-f --files
`}},
	{"check|help", &Node{Inherit: true, Effects: pipPrints}},
	{"inspect", &Node{Inherit: true, Effects: pipPrints, Opts: `
--local
--user
--path=PATH                      read
`}},
	{"hash", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
		pipEnv(c, fx)
		readOperands(c, fx)
	}, Opts: `
-a --algorithm=ALGORITHM
`}},
	{"debug", &Node{Inherit: true, Effects: pipPrints, Opts: `
--platform=PLATFORM
--python-version=VERSION
--implementation=IMPL
--abi=ABI
`}},
	{"index", &Node{Inherit: true, Effects: pipIndex, Opts: pipIndexOpts + `
--platform=PLATFORM
--python-version=VERSION
--implementation=IMPL
--abi=ABI
--ignore-requires-python
--pre
--json
--no-binary=FORMAT
--only-binary=FORMAT
`}},
	{"search", &Node{Inherit: true, Effects: pipAsks, Opts: `
-i --index=URL                   net
`}},
	{"cache", &Node{Inherit: true, Effects: pipCache, Opts: `
--format=FORMAT
`}},
	{"config", &Node{Inherit: true, Effects: pipConfig, Opts: `
--editor=EDITOR                  exec
--global
--user
--site
`}},
	{"completion", &Node{Inherit: true, Effects: pipPrints, Opts: `
-b --bash
-z --zsh
-f --fish
-p --powershell
`}},
	{"install|download|wheel|lock", &Node{Inherit: true, Loose: true, Effects: pipBuilds, Opts: pipIndexOpts + `
-r --requirement=FILE            read
-c --constraint=FILE             read
-e --editable=PATH               read
-t --target=DIR                  write
-d --dest=DIR                    write
-w --wheel-dir=DIR               write
-o --output=FILE                 write
--prefix=DIR                     write
--root=DIR                       write
--src=DIR                        write
--report=FILE                    write
--user
--upgrade -U
--force-reinstall
--no-deps
--pre
--dry-run
--no-build-isolation
--no-binary=FORMAT
--only-binary=FORMAT
`}},
	{"uninstall", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
		changes(c, fx, "pip uninstall removes packages from the environment")
	}, Opts: `
-r --requirement=FILE            read
-y --yes
--root-user-action=ACTION
--break-system-packages
`}},
}}}

// pipx installs Python applications into environments of their own and
// runs them; list and environment only print.
var pipxProgram = &Program{Names: []string{"pipx"}, Node: Node{Opts: `
-h --help                        help
--version                        help
-v --verbose
-q --quiet
`, Subs: []*Sub{
	{"list", &Node{Inherit: true, Effects: pipxPrints, Opts: `
--include-injected
--json
--short
--pinned
--skip-maintenance
--global
`}},
	{"environment", &Node{Inherit: true, Effects: pipxPrints, Opts: `
-V --value=VARIABLE
--global
`}},
	{"help", &Node{Inherit: true, Effects: pipxPrints}},
	{"run|runpip", &Node{Inherit: true, Loose: true, POSIX: true, Effects: func(c *Call, fx *Effects) {
		runsProject(c, fx, "pipx "+c.Sub()+" runs a package's program")
	}}},
	{"install|install-all|inject|uninject|upgrade|upgrade-all|upgrade-shared|uninstall|uninstall-all|reinstall|" +
		"reinstall-all|interpreter|ensurepath|completions|pin|unpin", &Node{Inherit: true, Loose: true,
		Effects: func(c *Call, fx *Effects) {
			runsProject(c, fx, "pipx "+c.Sub()+" installs packages, building them, or changes the installed applications")
		}}},
}}}

// pipxPrints: pipx list may first repair pipx's shared environment (its
// own files).
func pipxPrints(_ *Call, fx *Effects) {
	cacheAt(fx, "~/.local/share/pipx", "pipx maintains its shared environment")
}

// pipStart: pip reads ~/.netrc for the index it reaches, and asks
// lsb_release (a script) about the system for its user agent.
func pipStart(c *Call, fx *Effects) {
	fx.Cred(argOf("~/.netrc"), "pip authenticates to the index with ~/.netrc")
	for _, h := range []string{"lsb_release", "getopt", "cut", "tr", "sed", "sh", "uname", "python3"} {
		fx.Helper(h, "pip describes the system in its user agent")
	}
}
