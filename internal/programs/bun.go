package programs

import "strings"

// bun and bunx: bun runs JavaScript and TypeScript (a file, a script of
// package.json, a package's binary) and manages packages. Its package
// inspection subcommands (bun pm ls, outdated, why, info, audit) read the
// lockfile, node_modules or the registry; everything else runs code or
// changes the project. Inline code (bun -e) is the shell analysis's to
// read.

const bunOpts = `
--cwd=DIR                  dir
-c --config=FILE           code
--env-file=FILE            read
-r --preload=MODULE        code
--import=MODULE            code
-e --eval=CODE             code
-p --print=CODE            code
--silent
--verbose
--watch
--hot
--no-clear-screen
--smol
--inspect[=URL]            unknown
--inspect-wait[=URL]       unknown
--inspect-brk[=URL]        unknown
--if-present
--no-install
--install=MODE
-i
--prefer-offline
--prefer-latest
-b --bun
--shell=SHELL              exec
--port=PORT
--conditions=LIST
--main-fields=LIST
--no-addons
--no-macros
--tsconfig-override=FILE   read
-d --define=KV
-l --loader=SPEC
--registry=URL             net
--production
--frozen-lockfile
--dry-run
-g --global
-D --dev
--optional
--peer
-E --exact
--no-save
--save
--ignore-scripts
--trust
--filter=PATTERN
-F=PATTERN
--json
--all
--depth=N
-h --help                  help
-v --version               help
--revision                 help
`

// bunNoHelp shadows the help options for subcommands that run what their
// operands name.
const bunNoHelp = `
-h --help
-v --version
--revision
`

func bunCache(fx *Effects) {
	cacheAt(fx, "~/.bun/install/cache", "bun caches packages and registry metadata")
}

func bunPrints(_ *Call, fx *Effects) { bunCache(fx) }

func bunAsks(c *Call, fx *Effects) {
	bunCache(fx)
	request(c, fx, npmRegistry)
}

func bunRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "bun runs the project's code, a script or a package's program")
	if inAlts("install|i|add|a|update", c.Sub()) {
		lifecycle(c, fx)
	}
}

// bunTop: bare bun prints its help; with an operand it runs that file, or
// the package.json script of that name.
func bunTop(c *Call, fx *Effects) {
	if len(c.Args()) == 0 {
		return
	}
	bunRuns(c, fx)
}

// bunPm: bun pm's listing actions read; cache rm empties the cache; trust
// runs the install scripts of the packages it trusts; pack, migrate,
// version and pkg set write the project.
func bunPm(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) == 0 || args[0].Dynamic {
		fx.Unknown("bun pm needs a known action")
		return
	}
	switch args[0].Value {
	case "ls", "bin", "hash-string", "hash-print", "untrusted", "default-trusted":
		bunPrints(c, fx)
	case "whoami", "view", "info":
		bunAsks(c, fx)
	case "cache":
		if len(args) == 1 {
			bunPrints(c, fx)
			return
		}
		fx.Delete(shellWord("~/.bun/install/cache"), true)
	case "trust":
		bunRuns(c, fx)
	case "version":
		if len(args) == 1 {
			bunPrints(c, fx)
			return
		}
		fx.Write(shellWord("package.json"), "bun pm version")
	case "pkg":
		if len(args) > 1 && args[1].Value == "get" && !args[1].Dynamic {
			fx.Read(shellWord("package.json"))
			return
		}
		fx.Write(shellWord("package.json"), "bun pm pkg")
	default:
		changes(c, fx, "bun pm "+args[0].Value+" changes the project or its lockfile")
	}
}

var bunRunsNode = &Node{Inherit: true, POSIX: true, Opts: bunNoHelp, Effects: bunRuns}

// bunStart: bun reads bunfig.toml (the project's and the user's) and
// npm's .npmrc files: they name the registries it sends tokens to (a
// token may be $VARIABLE), the authority it trusts, the folders it
// writes and the code it preloads.
func bunStart(c *Call, fx *Effects) {
	npmrcEverywhere(c, fx)
	for _, f := range []string{"bunfig.toml", "~/.bunfig.toml", "~/.config/.bunfig.toml"} {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Harmless: bunfigHarmless,
			Why: f + " names a registry, a token, a certificate authority, a folder or code bun uses"})
	}
}

// bunfigWords are words of bunfig.toml settings that choose registries,
// tokens, trust, folders and code.
var bunfigWords = []string{"$", "registry", "scope", "token", "username", "password", "url", "ca", "proxy", "preload",
	"dir", "cache", "shell", "define", "loader", "env"}

// bunfigHarmless reports a bunfig.toml none of whose lines, comments
// aside, mentions bunfigWords.
func bunfigHarmless(content []byte) bool {
	for line := range strings.SplitSeq(strings.ToLower(string(content)), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		for _, w := range bunfigWords {
			if strings.Contains(line, w) {
				return false
			}
		}
	}
	return true
}

var bunProgram = &Program{Names: []string{"bun"}, Lang: "javascript", CodeOpts: []string{"-e", "--eval", "-p", "--print"}, Setup: setupCompletion, Start: bunStart, Node: Node{Opts: bunOpts, Operands: true, POSIX: true, Effects: bunTop,
	Subs: []*Sub{
		{"pm", &Node{Inherit: true, Effects: bunPm}},
		{"why", &Node{Inherit: true, Effects: bunPrints}},
		{"outdated|info|audit", &Node{Inherit: true, Effects: bunAsks}},
		{"run|test|x|exec|create|c|init|build|install|i|add|a|remove|rm|update|link|unlink|patch|patch-commit|publish|" +
			"upgrade|repl|completions|feedback", bunRunsNode},
	}}}

// bunx runs a package's binary, installing the package first when it is
// missing.
var bunxProgram = &Program{Names: []string{"bunx"}, Node: Node{POSIX: true, Opts: `
-b --bun
-p --package=PKG
--no-install
--verbose
--silent
-h --help          help
-v --version       help
`, Effects: func(c *Call, fx *Effects) { runsProject(c, fx, "bunx runs a package's program") }}}
