package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Python linters, type checkers and formatters. ruff, black and isort read
// only their TOML or INI configuration: they read the files they check,
// write their caches, and rewrite files only when they fix or format.
// ruff's configuration (ruff.toml, .ruff.toml or pyproject.toml's
// [tool.ruff], in the folder or above it, else the user's) and its
// RUFF_* variables set options as its command line does: fix = true makes
// ruff check fix, output-file and cache-dir move what it writes, extend
// loads another file. mypy, pylint and flake8 load
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

// ruffFormatEnv are the variables ruff format reads as options (its clap
// arguments' env names); ruffEnv ruff check's.
const (
	ruffFormatEnv = `
RUFF_CACHE_DIR --cache-dir
RUFF_NO_CACHE --no-cache
RUFF_OUTPUT_FORMAT --output-format
`
	ruffEnv = ruffFormatEnv + "RUFF_OUTPUT_FILE --output-file\n"
)

// ruffConfigFiles are the files ruff takes its configuration from: the
// project's, found from the folder upwards (a pyproject.toml without a
// [tool.ruff] table is passed over), and the user's, used when the
// project has none.
var ruffConfigFiles = []string{"ruff.toml", ".ruff.toml", "pyproject.toml"}

var ruffUserConfigs = []string{"~/.config/ruff/ruff.toml", "~/.config/ruff/.ruff.toml", "~/.config/ruff/pyproject.toml"}

// ruffConfig judges --config: a file it reads, or inline settings that
// may turn fixing on or move the cache; and the configuration files ruff
// finds when no file is given.
func ruffConfig(c *Call, fx *Effects) {
	file := false
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
			file = true
			fx.Add(Effect{Op: Unknown, IfPresent: v.Value, Harmless: ruffSettingsHarmless(v.Value),
				Why: v.Value + " sets where ruff writes its output or cache, another configuration, or files it reads"})
		}
	}
	if file || c.Has("--isolated") {
		return
	}
	for _, f := range ruffConfigFiles {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Upward: true, Every: true, Harmless: ruffSettingsHarmless(f),
			Why: f + " sets where ruff writes its output or cache, another configuration, or files it reads"})
	}
	for _, f := range ruffUserConfigs {
		fx.Add(Effect{Op: Unknown, IfPresent: f, Harmless: ruffSettingsHarmless(f),
			Why: f + " sets where ruff writes its output or cache, another configuration, or files it reads"})
	}
}

// ruffFixes records, for ruff check, the rewrite of the files it checks
// that fix = true in its configuration asks for.
func ruffFixes(c *Call, fx *Effects, a shell.Arg) {
	var files []string
	for _, v := range c.ValueArgs("--config") {
		if !v.Dynamic && !strings.Contains(v.Value, "=") {
			files = append(files, v.Value)
		}
	}
	const why = "ruff check fixes the files: the configuration sets fix = true"
	if len(files) > 0 {
		for _, f := range files {
			fx.Add(Effect{Op: Write, Path: a, Tree: true, IfPresent: f, Harmless: ruffFixOff(f), Why: why})
		}
		return
	}
	if c.Has("--isolated") {
		return
	}
	for _, f := range ruffConfigFiles {
		fx.Add(Effect{Op: Write, Path: a, Tree: true, IfPresent: f, Upward: true, Every: true, Harmless: ruffFixOff(f), Why: why})
	}
	for _, f := range ruffUserConfigs {
		fx.Add(Effect{Op: Write, Path: a, Tree: true, IfPresent: f, Harmless: ruffFixOff(f), Why: why})
	}
}

// ruffMoves are the settings that move what ruff writes, load another
// configuration, or widen the files it reads and quotes (a .env read as
// Python prints its lines in the errors).
var ruffMoves = []string{"output-file", "cache-dir", "extend", "include", "extend-include", "extension"}

// ruffSettingsHarmless returns a check that the configuration file
// sets none of ruffMoves.
func ruffSettingsHarmless(file string) func([]byte) bool {
	return func(content []byte) bool {
		harmless := true
		ruffSettings(content, ruffPyproject(file), func(key, value string) {
			if (key == "include" || key == "extend-include") && ruffPythonGlobs(value) {
				return
			}
			for _, m := range ruffMoves {
				if key == m {
					harmless = false
				}
			}
		})
		return harmless
	}
}

// ruffFixOff returns a check that the configuration file does not turn
// fixing on.
func ruffFixOff(file string) func([]byte) bool {
	return func(content []byte) bool {
		off := true
		ruffSettings(content, ruffPyproject(file), func(key, value string) {
			if key == "fix" && value != "false" {
				off = false
			}
		})
		return off
	}
}

// ruffPythonGlobs reports an array, written on one line, of globs that
// name Python files only (ruff's own include: *.py, *.pyi, *.ipynb,
// **/pyproject.toml).
func ruffPythonGlobs(value string) bool {
	inner, ok := strings.CutPrefix(value, "[")
	if inner, ok = strings.CutSuffix(inner, "]"); !ok {
		return false
	}
	for _, g := range strings.Split(inner, ",") {
		g = strings.Trim(strings.TrimSpace(g), "\"'")
		if g == "" {
			continue
		}
		py := false
		for _, ext := range []string{".py", ".pyi", ".pyw", ".ipynb", "/pyproject.toml"} {
			py = py || strings.HasSuffix(g, ext) && !strings.ContainsAny(strings.TrimSuffix(g, ext), "[]{}")
		}
		if !py && g != "pyproject.toml" {
			return false
		}
	}
	return true
}

// ruffPyproject reports a file ruff reads as a pyproject.toml, its
// settings under [tool.ruff].
func ruffPyproject(file string) bool {
	return file == "pyproject.toml" || strings.HasSuffix(file, "/pyproject.toml")
}

// ruffSettings calls set with each key ruff reads from a configuration
// file and its value as written: every key of ruff.toml, those of
// pyproject.toml's [tool.ruff] tables. A key in dotted or quoted form
// (lint.x, "fix") is read by its last part, unquoted; a table written
// inline ({ fix = true }) by the keys in it.
func ruffSettings(content []byte, pyproject bool, set func(key, value string)) {
	inRuff := !pyproject
	for line := range strings.SplitSeq(string(content), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if strings.HasPrefix(line, "[") {
			table := strings.Trim(line, "[] \t")
			inRuff = !pyproject || table == "tool.ruff" || strings.HasPrefix(table, "tool.ruff.")
			continue
		}
		if !inRuff {
			if pyproject && strings.Contains(line, "ruff") {
				// tool.ruff.fix = true under another table, or an inline
				// table.
				ruffSetting(line, set)
			}
			continue
		}
		ruffSetting(line, set)
	}
}

// ruffSetting reads one key = value.
func ruffSetting(part string, set func(key, value string)) {
	key, value, ok := strings.Cut(part, "=")
	if !ok {
		return
	}
	key = strings.Trim(strings.TrimSpace(key), "\"'{ ")
	if i := strings.LastIndexAny(key, ".{"); i >= 0 {
		key = strings.Trim(key[i+1:], "\"' ")
	}
	value = strings.TrimSpace(value)
	if inner, ok := strings.CutPrefix(value, "{"); ok {
		// An inline table: ruff = { fix = true, cache-dir = "x" }, read
		// key by key.
		for _, part := range strings.Split(strings.TrimSuffix(strings.TrimSpace(inner), "}"), ",") {
			ruffSetting(part, set)
		}
		return
	}
	value = strings.ToLower(strings.Trim(value, "}\t "))
	if i := strings.Index(value, "#"); i >= 0 {
		value = strings.TrimSpace(value[:i])
	}
	set(strings.ToLower(key), value)
}

// ruffFiles records the folders and files ruff checks (the current folder
// when none is given) and its cache.
func ruffFiles(c *Call, fx *Effects, write, fixes bool, why string) {
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
			if fixes {
				ruffFixes(c, fx, a)
			}
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
	// Unless told otherwise, the configuration may ask for fixes.
	fixes := !c.HasAny("--no-fix|--diff")
	ruffFiles(c, fx, write, fixes, "ruff check fixes the files")
}

// ruffFormat rewrites the files unless --check or --diff.
func ruffFormat(c *Call, fx *Effects) {
	ruffFiles(c, fx, !c.HasAny("--check|--diff"), false, "ruff format rewrites the files")
}

func ruffPrints(c *Call, fx *Effects) { ruffConfig(c, fx) }

var ruffProgram = &Program{Names: []string{"ruff"}, Node: Node{Opts: ruffGlobalOpts, Effects: ruffPrints, Subs: []*Sub{
	{"check|lint", &Node{Inherit: true, Effects: ruffCheck, Env: ruffEnv, Opts: ruffSelectOpts + `
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
	{"format", &Node{Inherit: true, Effects: ruffFormat, Env: ruffFormatEnv, Opts: ruffSelectOpts + `
--check
--diff
`}},
	{"rule|linter|config|version|help|generate-shell-completion", &Node{Inherit: true, Effects: ruffPrints, Opts: `
--all
--output-format=FORMAT
`}},
	{"analyze", &Node{Inherit: true, Effects: ruffPrints, Subs: []*Sub{
		{"graph", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) { ruffFiles(c, fx, false, false, "") }, Opts: `
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
		// It removes the cache folder its settings name: cache-dir of
		// the configuration, RUFF_CACHE_DIR.
		ruffConfig(c, fx)
		fx.Delete(shellWord(".ruff_cache"), true)
		if v, ok := envValue(c, "RUFF_CACHE_DIR"); ok {
			fx.Delete(shell.Arg{Value: v, Dynamic: strings.ContainsAny(v, "$`")}, true)
		}
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
			if !c.Has("--include") {
				blackConfigIncludes(c, fx, a)
			}
		}
	}
	cacheAt(fx, "~/.cache/black", "black caches which files are formatted")
	if v, ok := envValue(c, "BLACK_CACHE_DIR"); ok {
		// Where black keeps its cache instead, even with --check.
		fx.Add(Effect{Op: Write, Path: shell.Arg{Value: v, Dynamic: strings.ContainsAny(v, "$`")}, Tree: true,
			Why: "BLACK_CACHE_DIR moves black's cache"})
	}
}

// blackConfigIncludes records the read of dot files that include in
// black's configuration asks for, as --include does: the [tool.black] of
// the project's pyproject.toml (black reads the one at the project's top,
// above the folder), the user's ~/.config/black, or --config's file.
func blackConfigIncludes(c *Call, fx *Effects, a shell.Arg) {
	const why = "black's configuration sets include: it reads and quotes files that are not Python, dot files among them"
	e := Effect{Op: Read, Path: a, Tree: true, Hidden: true, Why: why}
	if files := c.ValueArgs("--config"); len(files) > 0 {
		for _, f := range files {
			e.IfPresent, e.Harmless = f.Value, blackIncludeOff(f.Value)
			fx.Add(e)
		}
		return
	}
	for _, f := range []string{"pyproject.toml", "~/.config/black"} {
		e.IfPresent, e.Upward, e.Every, e.Harmless = f, !strings.HasPrefix(f, "~"), !strings.HasPrefix(f, "~"), blackIncludeOff(f)
		fx.Add(e)
	}
}

// blackPythonOnly reports an include pattern that names Python files
// only: black's own, and its spellings with notebooks.
func blackPythonOnly(re string) bool {
	switch re {
	case `\.pyi?$`, `\.py$`, `\.pyi$`, `\.ipynb$`, `(\.pyi?|\.ipynb)$`, `\.(pyi?|ipynb)$`:
		return true
	}
	return false
}

// blackIncludeOff returns a check that a configuration file of black's
// sets no include: a pyproject.toml's [tool.black], or every key of
// another file.
func blackIncludeOff(file string) func([]byte) bool {
	pyproject := ruffPyproject(file)
	return func(content []byte) bool {
		in := !pyproject
		for line := range strings.SplitSeq(string(content), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "[") {
				table := strings.Trim(line, "[] \t")
				in = !pyproject || table == "tool.black" || strings.HasPrefix(table, "tool.black.")
				continue
			}
			key, value, ok := strings.Cut(line, "=")
			if !ok || line[0] == '#' || !in && !strings.Contains(line, "black") {
				continue
			}
			key = strings.Trim(strings.TrimSpace(key), "\"'")
			if i := strings.LastIndexByte(key, '.'); i >= 0 {
				key = key[i+1:]
			}
			if key == "include" && !blackPythonOnly(strings.Trim(strings.TrimSpace(value), "\"'")) ||
				key != "include" && strings.Contains(line, "include") && !in {
				return false
			}
		}
		return true
	}
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
