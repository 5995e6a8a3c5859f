package programs

import "strings"

// Python linters, type checkers and formatters. ruff, black and isort read
// only their TOML or INI configuration: they read the files they check,
// write their caches, and rewrite files only when they fix or format
// (ruff's fix = true in a project's configuration makes ruff check fix, a
// setting of the project like any other). mypy, pylint and flake8 load
// plugins the project's configuration names (mypy's plugins, pylint's
// load-plugins and init-hook, flake8's local-plugins), Python code of the
// project: a call runs project code. pyright reads its JSON configuration
// only.

const ruffGlobalOpts = `
-v --verbose
-q --quiet
-s --silent
--config=OPTION
--isolated
-h --help                        help
-V --version                     help
`

// ruffSelectOpts choose rules and files; they only change what is
// reported.
const ruffSelectOpts = `
--select=RULES
--ignore=RULES
--extend-select=RULES
--extend-ignore=RULES
--per-file-ignores=PAIRS
--extend-per-file-ignores=PAIRS
--fixable=RULES
--unfixable=RULES
--extend-fixable=RULES
--extend-unfixable=RULES
--exclude=PATTERNS
--extend-exclude=PATTERNS
--respect-gitignore --no-respect-gitignore
--force-exclude --no-force-exclude
--target-version=VERSION
--preview --no-preview
--extension=MAPPING
--line-length=N
--dummy-variable-rgx=REGEX
--stdin-filename=NAME
-n --no-cache
--cache-dir=DIR                  write
--output-format=FORMAT
-e --exit-zero
--exit-non-zero-on-fix
--exit-non-zero-on-format
--show-files
--show-settings
--statistics
-w --watch
--ignore-noqa
--range=RANGE
`

// ruffConfig judges --config: a file it reads, or inline settings that
// may turn fixing on or move the cache.
func ruffConfig(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("--config") {
		switch {
		case v.Dynamic:
			fx.Unknown("ruff --config computed at run time")
		case strings.Contains(v.Value, "="):
			// Settings that fix, move the cache or the output, load another
			// configuration file, or widen the files ruff reads.
			s := strings.ToLower(v.Value)
			for _, k := range []string{"fix", "cache", "output", "extend", "include", "extension", "src"} {
				if strings.Contains(s, k) {
					fx.Unknown("ruff --config " + v.Value + " may make ruff write files or read others")
					break
				}
			}
		default:
			fx.Read(v)
		}
	}
}

// ruffFiles records the folders and files ruff checks (the current folder
// when none is given) and its cache.
func ruffFiles(c *Call, fx *Effects, write bool, why string) {
	ruffConfig(c, fx)
	args := c.Args()
	if len(args) == 0 && !c.Has("--stdin-filename") {
		args = append(args, shellWord("."))
	}
	for _, a := range args {
		switch {
		case a.Value == "-" && !a.Dynamic:
		case write:
			fx.Add(Effect{Op: Write, Path: a, Tree: true, Why: why})
		default:
			// --extension makes ruff read files of other names as Python,
			// dot files among them, and print their lines.
			fx.ReadTree(a, c.Has("--extension"))
		}
	}
	if !c.HasAny("-n|--no-cache") {
		cacheAt(fx, ".ruff_cache", "ruff caches its results")
	}
}

// ruffCheck lints; --fix, --fix-only and --add-noqa rewrite files, unless
// --diff only prints the fixes.
func ruffCheck(c *Call, fx *Effects) {
	write := c.HasAny("--fix|--fix-only|--add-noqa") && !c.Has("--diff")
	if c.Has("--no-fix") && !c.HasAny("--fix-only|--add-noqa") {
		write = false
	}
	ruffFiles(c, fx, write, "ruff check fixes the files")
}

// ruffFormat rewrites the files unless --check or --diff.
func ruffFormat(c *Call, fx *Effects) {
	ruffFiles(c, fx, !c.HasAny("--check|--diff"), "ruff format rewrites the files")
}

func ruffPrints(c *Call, fx *Effects) { ruffConfig(c, fx) }

var ruffProgram = &Program{Names: []string{"ruff"}, Node: Node{Opts: ruffGlobalOpts, Effects: ruffPrints, Subs: []*Sub{
	{"check|lint", &Node{Inherit: true, Effects: ruffCheck, Opts: ruffSelectOpts + `
--fix
--no-fix
--unsafe-fixes --no-unsafe-fixes
--show-fixes --no-show-fixes
--diff
--fix-only
--no-fix-only
-o --output-file=FILE            write
--add-noqa[=REASON]
`}},
	{"format", &Node{Inherit: true, Effects: ruffFormat, Opts: ruffSelectOpts + `
--check
--diff
`}},
	{"rule|linter|config|version|help|generate-shell-completion", &Node{Inherit: true, Effects: ruffPrints, Opts: `
--all
--output-format=FORMAT
`}},
	{"analyze", &Node{Inherit: true, Effects: ruffPrints, Subs: []*Sub{
		{"graph", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) { ruffFiles(c, fx, false, "") }, Opts: `
--direction=DIRECTION
--detect-string-imports --no-detect-string-imports
--min-dots=N
--python=PYTHON                  exec
--target-version=VERSION
--preview --no-preview
--exclude=PATTERNS
--extend-exclude=PATTERNS
--respect-gitignore --no-respect-gitignore
--force-exclude --no-force-exclude
--type-checking-imports --no-type-checking-imports
`}},
	}}},
	{"clean", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
		fx.Delete(shellWord(".ruff_cache"), true)
	}}},
	{"server", &Node{Inherit: true, Loose: true, Effects: func(c *Call, fx *Effects) {
		fx.Unknown("ruff server is a language server that edits files on request")
	}}},
}}}

// black formats Python files in place; --check and --diff only read, and
// -c formats the code it is given.
var blackProgram = &Program{Names: []string{"black"}, Caches: []string{"~/.cache/black"}, Node: Node{Effects: blackEffects, Opts: `
-c --code=CODE
-l --line-length=N
-t --target-version=VERSION
--pyi
--ipynb
--python-cell-magics=NAMES
-x --skip-source-first-line
-S --skip-string-normalization
-C --skip-magic-trailing-comma
--preview
--unstable
--enable-unstable-feature=FEATURE
--check
--diff
--color --no-color
--line-ranges=RANGES
--fast --safe
--required-version=VERSION
--exclude=REGEX
--extend-exclude=REGEX
--force-exclude=REGEX
--stdin-filename=NAME
--include=REGEX
-W --workers=N
-q --quiet
-v --verbose
--config=FILE                    read
--version                        help
-h --help                        help
`}}

func blackEffects(c *Call, fx *Effects) {
	if c.Has("-c") {
		return
	}
	write := !c.HasAny("--check|--diff")
	for _, a := range c.Args() {
		switch {
		case a.Value == "-" && !a.Dynamic:
		case write:
			fx.Add(Effect{Op: Write, Path: a, Tree: true, Why: "black rewrites the files it formats"})
		default:
			// --include widens the files black reads (and quotes in its
			// parse errors) beyond Python ones, dot files among them.
			fx.ReadTree(a, c.Has("--include"))
		}
	}
	cacheAt(fx, "~/.cache/black", "black caches which files are formatted")
}

// isort sorts imports in place; --check-only, --diff, --stdout and the
// --show options only read.
var isortProgram = &Program{Names: []string{"isort"}, Node: Node{Effects: isortEffects, Opts: `
-c --check-only --check
--diff --df
-d --stdout
--show-config
--show-files
--overwrite-in-place
--atomic
--sp --settings-path --settings-file --settings=PATH   read
--profile=NAME
-l -w --line-length --line-width=N
--wl --wrap-length=N
-m --multi-line=MODE
--tc --trailing-comma
--sl --force-single-line-imports
--float-to-top
--dont-float-to-top
-s --skip=PATH
--sg --skip-glob=GLOB
--extend-skip=PATH
--extend-skip-glob=GLOB
--filter-files
--src --src-path=DIR
--resolve-all-configs
--py --python-version=VERSION
--virtual-env=DIR                read
--conda-env=DIR                  read
-j --jobs[=N]
--dont-follow-links
--gitignore --skip-gitignore
--ext --extension --supported-extension=EXT
--blocked-extension=EXT
-q --quiet
-v --verbose
--color
--only-modified
--dedup-headings
--ca --combine-as
--cs --combine-star
--ds --dont-order-by-type
--ot --order-by-type
--fass --force-alphabetical-sort-within-sections
--fas --force-alphabetical-sort
--fss --force-sort-within-sections
--fgw --force-grid-wrap[=N]
--ff --from-first
--honor-noqa
--lai --lines-after-imports=N
--lbt --lines-between-types=N
--le --line-ending=ENDING
--ls --length-sort
--lss --length-sort-straight
--nis --no-inline-sort
--nlb --no-lines-before=SECTION
-o --thirdparty=MODULE
-p --project=MODULE
--known-local-folder=MODULE
--sd --section-default=SECTION
--star-first
--up --use-parentheses
-e --balanced
--case-sensitive
--reverse-relative
--reverse-sort
--srx --sort-reexports
--treat-comment-as-code=COMMENT
--treat-all-comment-as-code
--ensure-newline-before-comments
--ignore-whitespace
--format-error=FORMAT
--format-success=FORMAT
-a --add-import=IMPORT
--append-only
--rm --remove-import=IMPORT
--cr --config-root=DIR           read
--filename=NAME
--stdin
-V --version                     help
-h --help                        help
`}}

func isortEffects(c *Call, fx *Effects) {
	write := !c.HasAny("-c|--check-only|--diff|-d|--show-config|--show-files") || c.Has("--overwrite-in-place")
	for _, a := range c.Args() {
		switch {
		case a.Value == "-" && !a.Dynamic:
		case write:
			fx.Add(Effect{Op: Write, Path: a, Tree: true, Why: "isort rewrites the files it sorts"})
		default:
			fx.ReadTree(a, c.HasAny("--ext|--supported-extension"))
		}
	}
}

// pluginLinter is the Effects of a linter whose configuration may load
// the project's code.
func pluginLinter(c *Call, fx *Effects) {
	runsProject(c, fx, c.Name+" loads the plugins the project's configuration names, which are Python code")
}

var mypyProgram = &Program{Names: []string{"mypy", "dmypy"}, Node: Node{Loose: true, Effects: pluginLinter, Opts: `
-h --help                        help
-V --version                     help
--config-file=FILE               read
--python-executable=PYTHON       exec
--install-types                  change
--cache-dir=DIR                  write
--junit-xml=FILE                 write
--html-report --linecount-report --linecoverage-report --lineprecision-report --txt-report --xml-report --xslt-html-report --xslt-txt-report --cobertura-xml-report --any-exprs-report=DIR   write
-p --package=PACKAGE
-m --module=MODULE
-c --command=CODE
`}}

var pylintProgram = &Program{Names: []string{"pylint"}, Node: Node{Loose: true, Effects: pluginLinter, Opts: `
-h --help                        help
--version                        help
--rcfile=FILE                    read
--output=FILE                    write
--init-hook=CODE                 code
--load-plugins=PLUGINS           code
`}}

var flake8Program = &Program{Names: []string{"flake8"}, Node: Node{Loose: true, Effects: pluginLinter, Opts: `
-h --help                        help
--version                        help
--config=FILE                    read
--append-config=FILE             read
--output-file=FILE               write
--tee
--bug-report
`}}

// pyright type checks; it writes stubs with --createstub and a baseline
// with --writebaseline, and runs the interpreter --pythonpath names.
var pyrightProgram = &Program{Names: []string{"pyright"}, Node: Node{Effects: pyrightEffects, Opts: `
-p --project=PATH                read
--pythonpath=PYTHON              exec
--pythonplatform=PLATFORM
--pythonversion=VERSION
-t --typeshedpath=DIR            read
--venvpath=DIR                   read
--createstub=IMPORT              write
--writebaseline                  change
--baselinefile=FILE              read
--outputjson
--verifytypes=PACKAGE
--ignoreexternal
--level=LEVEL
--skipunannotated
--stats
--threads[=N]
--verbose
-w --watch
--warnings
--dependencies
--lib
-h --help                        help
--version                        help
`}}

func pyrightEffects(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) == 0 {
		args = append(args, shellWord("."))
	}
	for _, a := range args {
		fx.ReadTree(a, false)
	}
	// The pip package of pyright downloads the npm one on first use.
	cacheAt(fx, "~/.cache/pyright-python", "pyright's Python wrapper caches the pyright release it runs")
}
