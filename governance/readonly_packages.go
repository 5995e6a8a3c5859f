package governance

import "strings"

// Read-only knowledge of package managers and language tools (brew, npm,
// pnpm, yarn, bun, pip, uv, poetry, pdm, conda, cargo, rustup, go, gem,
// bundle, composer, dotnet, deno, nix) and of linters, type checkers and
// formatters (ruff, black, isort, mypy, pylint, flake8, pyright, eslint,
// prettier, tsc, rustfmt, gofmt, golangci-lint, pre-commit).
//
// The rules, for every tool of the family:
//   - listing, showing, searching, explaining and auditing commands are
//     read-only;
//   - downloading into the tool's own cache (brew fetch, cargo fetch, go mod
//     download) only fills a cache and counts as reading;
//   - analyses that leave the sources untouched and write only caches or
//     build directories (linters, type checkers, cargo check and clippy, go
//     vet) count as reading, although they evaluate the project's own
//     configuration (build.rs, eslint.config.js);
//   - installing, removing, updating, publishing, logging in, editing
//     configuration, creating projects and writing lock files are not;
//   - commands whose purpose is to run project code or another program (npm
//     run/test, npx, cargo build/test/run/bench, go build/test/run, uv run,
//     uvx, poetry run, pre-commit run) are not;
//   - formatters are read-only only in their check or diff modes;
//   - configuration getters are not when they can print credentials
//     (registry tokens, passwords);
//   - options that name a program or code to load (cargo --config, go
//     -toolexec, uv --python ./path, pylint --init-hook) make any command
//     not read-only.
//
// Maven and Gradle are not covered: every Gradle invocation runs the build
// scripts, and Maven loads build extensions; only their --version and
// --help are allowed, generically.
//
// A command is matched by its leading words: the subcommand and its action
// (npm config get, uv pip list) must follow the program's global options
// directly, and every global option before them must be one the program is
// known to accept, so that an option value is never mistaken for the
// subcommand. Any word computed at run time makes the command not read-only.

// packageReadOnly returns the read-only check for a program of this family,
// or nil when the program is not one of them.
func packageReadOnly(name string) func(*cmdline) bool {
	switch name {
	case "brew":
		return packageBrew
	case "npm":
		return packageNpm
	case "pnpm":
		return packagePnpm
	case "yarn":
		return packageYarn
	case "bun":
		return packageBun
	case "uv":
		return packageUv
	case "poetry":
		return packagePoetry
	case "pdm":
		return packagePdm
	case "conda", "mamba", "micromamba":
		return packageConda
	case "cargo":
		return packageCargo
	case "rustup":
		return packageRustup
	case "go":
		return packageGo
	case "gem":
		return packageGem
	case "bundle", "bundler":
		return packageBundle
	case "composer":
		return packageComposer
	case "dotnet":
		return packageDotnet
	case "deno":
		return packageDeno
	case "nix":
		return packageNix
	case "pipx":
		return packagePipx
	case "ruff":
		return packageRuff
	case "black":
		return packageBlack
	case "isort":
		return packageIsort
	case "mypy":
		return packageMypy
	case "pylint":
		return packagePylint
	case "flake8":
		return packageFlake8
	case "pyright":
		return packagePyright
	case "eslint":
		return packageEslint
	case "prettier":
		return packagePrettier
	case "tsc":
		return packageTsc
	case "rustfmt":
		return packageRustfmt
	case "gofmt":
		return packageGofmt
	case "golangci-lint":
		return packageGolangciLint
	case "pre-commit":
		return packagePreCommit
	}
	if packageIsPip(name) {
		return packagePip
	}
	return nil
}

// packageSpec returns the command-line spec of a program of this family, or nil.
// (npm, cargo and go are described in programs.go, which takes precedence.)
func packageSpec(name string) *progSpec {
	switch name {
	case "brew", "yarn", "gem", "bundle", "bundler", "rustup", "pipx", "conda", "mamba", "micromamba",
		"nix", "pre-commit":
		return packageNamesSpec
	case "pnpm":
		return packagePnpmSpec
	case "uv":
		return packageUvSpec
	case "poetry":
		return packagePoetrySpec
	case "pdm":
		return packagePdmSpec
	case "composer":
		return packageComposerSpec
	case "ruff":
		return packageRuffSpec
	case "eslint":
		return packageEslintSpec
	}
	if packageIsPip(name) {
		return packagePipSpec
	}
	return nil
}

// Specs: which global options take a value, and that the first positional
// is the subcommand. Positional arguments keep the default role (files the
// program reads) even for package names: many of these tools also run
// scripts with file arguments (bun run x.ts ~/.ssh/id_rsa), whose secret
// files the engine must still see.
var (
	packageNamesSpec = &progSpec{nsub: 1}
	packagePipSpec   = &progSpec{
		global: &progSpec{long: []string{"proxy", "retries", "timeout", "exists-action", "trusted-host", "cert",
			"client-cert", "cache-dir", "log", "log-file", "python", "keyring-provider", "use-feature", "use-deprecated"}},
	}
	packagePnpmSpec = &progSpec{
		global: &progSpec{short: "CF", long: []string{"dir", "filter", "workspace-dir", "loglevel", "reporter"}},
	}
	packageUvSpec = &progSpec{
		global: &progSpec{long: []string{"directory", "project", "cache-dir", "color", "config-file", "allow-insecure-host"}},
		short:  "po",
		long: []string{"python", "directory", "project", "cache-dir", "color", "config-file", "with", "with-editable",
			"with-requirements", "group", "only-group", "no-group", "extra", "package", "index", "default-index",
			"index-url", "extra-index-url", "find-links", "output-file", "format", "depth", "prune", "bump"},
	}
	packagePoetrySpec   = &progSpec{global: &progSpec{short: "CP", long: []string{"directory", "project"}}}
	packagePdmSpec      = &progSpec{global: &progSpec{short: "cp", long: []string{"config", "project"}}}
	packageComposerSpec = &progSpec{global: &progSpec{short: "d", long: []string{"working-dir"}}}
	packageRuffSpec     = &progSpec{nsub: 1, long: []string{"config", "select", "ignore", "extend-select", "extend-ignore",
		"output-format", "output-file", "line-length", "target-version", "cache-dir", "stdin-filename", "exclude",
		"extend-exclude", "per-file-ignores", "fixable", "unfixable", "range"}}
	packageEslintSpec = &progSpec{short: "cfo", long: []string{"config", "format", "output-file", "ext", "rule",
		"plugin", "parser", "parser-options", "env", "global", "rulesdir", "resolve-plugins-relative-to",
		"ignore-path", "ignore-pattern", "cache-location", "max-warnings", "stdin-filename"}}
)

// Shared helpers.

// packageIsPip reports pip and its versioned names (pip3, pip3.12).
func packageIsPip(name string) bool {
	rest, ok := strings.CutPrefix(name, "pip")
	if !ok {
		return false
	}
	for _, c := range rest {
		if c != '.' && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// packageIn reports whether name is one of the alternatives in "a|b|c".
func packageIn(alts, name string) bool {
	for alts != "" {
		var a string
		a, alts, _ = strings.Cut(alts, "|")
		if a == name {
			return true
		}
	}
	return false
}

// packageDynamic reports whether any word of the command is computed at
// run time.
func packageDynamic(cl *cmdline) bool {
	for _, a := range cl.cmd.Args[1:] {
		if a.Dynamic {
			return true
		}
	}
	return false
}

// packagePath returns the leading words of a command: the words after the
// program name (and after its first skip words) and its global options, up
// to the first option or the end. values lists the global options that
// take a value and flags those that take none ("a|b|c"); ok is false when
// another option comes before the first word, so that an unknown option
// cannot hide which subcommand runs, or when a word is computed at run
// time.
func packagePath(cl *cmdline, skip int, values, flags string) (words []string, ok bool) {
	if packageDynamic(cl) {
		return nil, false
	}
	args := cl.cmd.Args[1:]
	if skip > len(args) {
		return nil, false
	}
	args = args[skip:]
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		name, _, hasValue := strings.Cut(v, "=")
		switch {
		case packageIn(values, name):
			if !hasValue {
				i++
			}
		case packageIn(flags, name) && !hasValue:
		case len(name) > 2 && name[1] != '-' && packageIn(values, name[:2]):
			// -Cdir: a short option with its value attached.
		default:
			return nil, false
		}
	}
	for ; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "-") && v != "-" {
			break
		}
		words = append(words, v)
	}
	return words, true
}

// packageWord returns the i-th leading word, or "".
func packageWord(words []string, i int) string {
	if i < len(words) {
		return words[i]
	}
	return ""
}

// packageHasWord reports whether any argument is exactly one of the
// alternatives in "a|b|c", wherever it appears (also after --).
func packageHasWord(cl *cmdline, alts string) bool {
	for _, a := range cl.cmd.Args[1:] {
		name, _, _ := strings.Cut(a.Value, "=")
		if packageIn(alts, name) {
			return true
		}
	}
	return false
}

// packageVersionFlag reports a lone -v, -V or --version: the version of
// tools whose -v means --version.
func packageVersionFlag(cl *cmdline) bool {
	args := cl.cmd.Args[1:]
	return len(args) == 1 && packageIn("-v|-V|--version", args[0].Value)
}

// packageAssigns reports an environment assignment whose name starts with
// one of the prefixes: variables that make a build tool run another
// program (CC, RUSTC_WRAPPER, GOFLAGS=-toolexec=...).
func packageAssigns(cl *cmdline, prefixes ...string) bool {
	for _, a := range cl.cmd.Assigns {
		name, _, _ := strings.Cut(a, "=")
		if hasPrefixAny(name, prefixes...) {
			return true
		}
	}
	return false
}

// packageSecretWords are parts of configuration keys that hold
// credentials (_authToken, password, certfile, keyfile, otp).
var packageSecretWords = []string{"auth", "token", "pass", "secret", "cred", "cert", "key", "otp"}

// packageSecretKey reports an argument that names a configuration key
// holding a credential (_authToken, //registry/:_password, token, ...):
// configuration getters print such values in clear.
func packageSecretKey(cl *cmdline) bool {
	for _, a := range cl.cmd.Args[1:] {
		v := strings.ToLower(a.Value)
		if strings.HasPrefix(v, "_") || strings.Contains(v, ":_") {
			return true
		}
		for _, s := range packageSecretWords {
			if strings.Contains(v, s) {
				return true
			}
		}
	}
	return false
}

// Homebrew.

// packageBrew: brew's inspection commands (info, list, search, deps, uses,
// desc, outdated, doctor, config, log, cat, ...) and its --prefix style
// queries read; fetch only fills the download cache; home and docs open a
// web page. install, upgrade, tap (even bare), cleanup, link, pin, edit and
// the like change the installation or run formula code; their --dry-run
// modes still auto-update Homebrew, so they are not read-only either.
func packageBrew(cl *cmdline) bool {
	if packageDynamic(cl) {
		return false
	}
	args := cl.cmd.Args[1:]
	if len(args) == 0 {
		return false
	}
	if packageHasWord(cl, "-h") || packageVersionFlag(cl) {
		return true
	}
	first, _, _ := strings.Cut(args[0].Value, "=")
	if packageIn("--cache|--caskroom|--cellar|--config|--env|--prefix|--repo|--repository|--taps|--version", first) {
		return true
	}
	w, ok := packagePath(cl, 0, "", "-v|--verbose|-d|--debug|-q|--quiet")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "info", "abv", "list", "ls", "search", "deps", "uses", "desc", "leaves", "outdated", "missing", "options",
		"config", "doctor", "dr", "tap-info", "formulae", "casks", "commands", "log", "cat", "home", "homepage", "docs",
		"shellenv", "fetch", "help", "formula":
		return true
	case "analytics":
		// Without an argument (anywhere), analytics prints its state.
		return len(cl.pos) == 1 || w[1] == "state"
	case "bundle":
		// Only listing the Brewfile and checking it is satisfied.
		return packageIn("list|check", packageWord(w, 1))
	case "services":
		return packageIn("list|info", packageWord(w, 1))
	}
	return false
}

// JavaScript package managers.

// packageNpmLead are the npm options accepted before the subcommand.
const (
	packageNpmValues = "--prefix|-w|--workspace|--registry|--cache|--userconfig|--globalconfig|--loglevel|--scope"
	packageNpmFlags  = "-g|--global|--json|-s|--silent|-q|--quiet|-d|--verbose|-l|--long|-p|--parseable|" +
		"--no-color|-ws|--workspaces|--include-workspace-root|--offline|--prefer-offline|--prefer-online|" +
		"--no-update-notifier|--no-fund|--no-audit"
)

// packageNpmView lists npm subcommands that only read: inspecting the
// registry and the installed tree, explaining dependencies, auditing,
// printing paths, and opening a package's web pages.
func packageNpmView(sub string) bool {
	switch sub {
	case "view", "info", "show", "v", "ls", "list", "la", "ll", "outdated", "search", "s", "se", "find", "fund",
		"why", "explain", "doctor", "bin", "root", "prefix", "help", "help-search", "whoami", "ping", "diff",
		"docs", "home", "bugs", "issues", "repo", "query", "sbom", "stars":
		return true
	}
	return false
}

// packageNpm: npm's reading subcommands, and the list/get actions of its
// account and configuration subcommands (config get refuses credential
// keys). install, ci, update, uninstall, run, test, exec, publish, pack
// (which runs prepack scripts), link, login and every set/add/rm action
// are not read-only.
func packageNpm(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	w, ok := packagePath(cl, 0, packageNpmValues, packageNpmFlags)
	if !ok || len(w) == 0 {
		return false
	}
	if packageNpmView(w[0]) {
		return true
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "audit":
		// audit fix installs; audit signatures only verifies.
		return len(cl.pos) == 1 || action == "signatures"
	case "config", "c":
		return action == "list" || action == "ls" || action == "get" && !packageSecretKey(cl)
	case "get":
		return !packageSecretKey(cl)
	case "cache", "dist-tag", "dist-tags", "owner", "author", "team", "org", "token", "hook":
		return action == "ls" || action == "list"
	case "access":
		return packageIn("list|ls|get|ls-packages|ls-collaborators", action)
	case "pkg", "profile":
		return action == "get" && !packageSecretKey(cl)
	case "run", "run-script", "rum", "urn", "version":
		// Without a script name, run lists the scripts; without an
		// argument, version prints the versions.
		return len(w) == 1 && len(cl.pos) == 1
	}
	return false
}

// packagePnpm: pnpm's listing and inspection commands; audit without
// --fix (which edits package.json); config getters without credentials.
func packagePnpm(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	w, ok := packagePath(cl, 0, "-C|--dir|-F|--filter|--workspace-dir|--loglevel|--reporter",
		"-r|--recursive|-w|--workspace-root|-g|--global|--json|--long|--parseable|-s|--silent")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "ls", "list", "ll", "la", "outdated", "why", "info", "view", "show", "search", "root", "bin", "doctor",
		"help", "whoami", "ping", "docs", "home", "bugs", "repo", "stars":
		return true
	case "audit":
		return !cl.has("--fix")
	case "licenses":
		return action == "ls" || action == "list"
	case "store":
		return action == "path" || action == "status"
	case "config", "c":
		return action == "list" || action == "ls" || action == "get" && !packageSecretKey(cl)
	case "get":
		return !packageSecretKey(cl)
	case "env":
		return action == "list" || action == "ls"
	}
	return false
}

// packageYarn: yarn's listing and inspection commands (classic and
// berry). Bare yarn installs; run, add, upgrade and the rest change the
// project.
func packageYarn(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	w, ok := packagePath(cl, 0, "--cwd", "-s|--silent|--json|--offline|--verbose|--no-progress")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "list", "info", "outdated", "why", "bin", "help", "versions", "audit":
		return true
	case "licenses":
		return action == "list" || action == "ls"
	case "cache":
		return action == "dir" || action == "list"
	case "config":
		return action == "list" || action == "get" && !packageSecretKey(cl)
	case "workspaces":
		return action == "info" || action == "list"
	case "npm":
		return action == "info" || action == "whoami"
	}
	return false
}

// packageBun: bun's package inspection commands. bun itself runs
// scripts and files, so everything else is not read-only.
func packageBun(cl *cmdline) bool {
	if packageVersionFlag(cl) || packageHasWord(cl, "--revision") && len(cl.cmd.Args) == 2 {
		return true
	}
	w, ok := packagePath(cl, 0, "", "")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "outdated", "why", "info", "audit":
		return true
	case "pm":
		switch packageWord(w, 1) {
		case "ls", "bin", "whoami", "hash-string", "hash-print":
			return true
		case "cache":
			return len(cl.pos) == 2 // bun pm cache rm clears it
		}
	}
	return false
}

// Python package managers.

// packagePip: pip's inspection commands (list, freeze, show, check, hash,
// inspect, index versions, cache and config listings). install (even with
// --dry-run, which builds source packages), download, wheel, lock,
// uninstall and every set/remove action are not read-only; --log writes a
// file and --python runs another interpreter.
func packagePip(cl *cmdline) bool {
	if cl.hasAny("--log|--log-file|--python") {
		return false
	}
	w, ok := packagePath(cl, 0,
		"--proxy|--retries|--timeout|--exists-action|--trusted-host|--cert|--client-cert|--cache-dir|--keyring-provider|--use-feature|--use-deprecated",
		"-v|-vv|-vvv|-q|-qq|--verbose|--quiet|--isolated|--require-virtualenv|--no-cache-dir|--disable-pip-version-check|--no-color|--no-input|--no-python-version-warning|--debug")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "list", "freeze", "show", "check", "hash", "inspect", "debug", "search", "help":
		return true
	case "index":
		return action == "versions"
	case "cache":
		return packageIn("dir|info|list", action)
	case "config":
		return packageIn("list|get|debug", action) && !packageSecretKey(cl)
	}
	return false
}

// packagePipx: listing installed applications and pipx's environment.
// run executes a package's entry point.
func packagePipx(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "", "-v|--verbose|-q|--quiet")
	if !ok || len(w) == 0 {
		return false
	}
	return packageIn("list|environment|help", w[0])
}

// packageInterpreterPath reports an interpreter option (uv --python)
// given a path rather than a version request: uv runs the interpreter it
// is given to query it, so a path can name any program.
func packageInterpreterPath(cl *cmdline, opts string) bool {
	for _, v := range cl.value(opts) {
		if strings.ContainsAny(v, "/\\") {
			return true
		}
	}
	return false
}

// packageUv: uv's views of the project (tree, export to standard output),
// of environments (pip list/freeze/show/check/tree), of Python installs
// and of its cache; lock and sync only in their check or dry-run modes.
// run, tool run, uvx, add, remove, sync, lock, venv, build, publish and
// self update change the project or run its code.
func packageUv(cl *cmdline) bool {
	if packageInterpreterPath(cl, "-p|--python") || packageAssigns(cl, "UV_PYTHON", "UV_PROJECT_ENVIRONMENT", "VIRTUAL_ENV") {
		return false
	}
	w, ok := packagePath(cl, 0, "--directory|--project|--cache-dir|--color|--config-file|--allow-insecure-host",
		"-q|-qq|-v|-vv|--quiet|--verbose|--offline|--no-cache|-n|--native-tls|--no-progress|--no-config|--preview|"+
			"--no-python-downloads|--managed-python|--no-managed-python")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	// Upgrading the resolution rewrites uv.lock.
	upgrade := cl.hasAny("-U|--upgrade|-P|--upgrade-package")
	switch w[0] {
	case "tree":
		return !upgrade
	case "export":
		return !upgrade && !cl.hasAny("-o|--output-file")
	case "pip":
		return len(w) == 1 && len(cl.pos) == 1 || packageIn("list|freeze|show|check|tree", action)
	case "python":
		switch action {
		case "list", "find", "dir":
			return true
		case "pin":
			// Without a version, pin prints the current pin.
			return len(cl.pos) == 2 && !cl.hasAny("--rm|--global")
		}
	case "cache":
		return action == "dir" || action == "size"
	case "tool":
		return action == "list" || action == "dir"
	case "lock":
		return !upgrade && cl.hasAny("--check|--locked|--check-exists|--dry-run")
	case "sync":
		return !upgrade && cl.hasAny("--check|--dry-run")
	case "version":
		return len(cl.pos) == 1 && (!cl.has("--bump") || cl.has("--dry-run"))
	case "self":
		return action == "version"
	case "help":
		return true
	}
	return false
}

// packagePoetry: poetry's inspection commands. add, install, lock, update,
// run, shell, publish, config and self changes are not read-only.
func packagePoetry(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "-C|--directory|-P|--project",
		"-q|--quiet|-v|-vv|-vvv|--verbose|-n|--no-interaction|--ansi|--no-ansi|--no-plugins|--no-cache")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "show", "check", "search", "about", "list", "help":
		return true
	case "env":
		return action == "info" || action == "list"
	case "debug":
		return action == "info"
	case "source", "self":
		return action == "show"
	case "export":
		return !cl.hasAny("-o|--output")
	case "version":
		return len(cl.pos) == 1 && !cl.has("--next-phase")
	case "lock":
		return cl.has("--check")
	}
	return false
}

// packagePdm: pdm's inspection commands and its lock check.
func packagePdm(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "-c|--config|-p|--project", "-v|-q|--verbose|--quiet|-I|--ignore-python|--no-cache")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "list", "show", "info", "search", "outdated", "help":
		return true
	case "python", "py", "venv":
		return action == "list"
	case "export":
		return !cl.hasAny("-o|--output")
	case "lock":
		return cl.hasAny("--check|--dry-run")
	}
	return false
}

// packageConda: listing packages and environments, searching channels,
// exporting an environment to standard output. install, create, remove,
// update, run and config changes are not read-only.
func packageConda(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "", "--no-plugins")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "list", "info", "search", "compare", "help":
		return true
	case "env":
		return action == "list" || action == "export" && !cl.hasAny("-f|--file")
	}
	return false
}

// Rust.

// packageCargo: cargo's metadata and registry queries, and its
// compile-only analyses (check, clippy without --fix, doc) whose output
// goes to the target directory. build, test, run, bench, install, fix,
// fmt without --check, add/remove, update (except --dry-run), vendor,
// generate-lockfile, login, logout and publish build runnable artifacts,
// run them, or change the project, the registry or the credentials.
// --config, -Z, RUSTC_WRAPPER and friends can run another program, and a
// different --target-dir writes anywhere.
func packageCargo(cl *cmdline) bool {
	// Cargo takes no abbreviated options: --target is not --target-dir.
	if cl.has("-Z") || packageHasWord(cl, "--config|--target-dir|--artifact-dir|--out-dir|-Z") ||
		packageAssigns(cl, "RUSTC", "RUSTFLAGS", "RUSTDOC", "CARGO_") {
		return false
	}
	skip := 0
	if len(cl.cmd.Args) > 1 && strings.HasPrefix(cl.cmd.Args[1].Value, "+") {
		skip = 1 // +toolchain
	}
	w, ok := packagePath(cl, skip, "-C|--color", "-v|-vv|--verbose|-q|--quiet|--frozen|--locked|--offline")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "check", "c", "doc", "d", "metadata", "tree", "read-manifest", "locate-project", "pkgid", "verify-project",
		"search", "info", "version", "help", "fetch":
		return true
	case "clippy":
		return !packageHasWord(cl, "--fix")
	case "fmt":
		// rustfmt's --check may also come after --.
		return packageHasWord(cl, "--check")
	case "update":
		return cl.has("--dry-run")
	case "owner":
		return cl.hasAny("-l|--list") && !cl.hasAny("-a|--add|-r|--remove")
	case "package":
		return cl.hasAny("-l|--list")
	}
	return false
}

// packageRustup: showing toolchains, targets and components. install,
// update, default with an argument, override set, run and self changes
// are not read-only.
func packageRustup(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "", "-v|--verbose|-q|--quiet")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "show", "which", "check", "doc", "help":
		return true
	case "toolchain", "target", "component", "override":
		return action == "list"
	case "default":
		return len(w) == 1 && len(cl.pos) == 1
	}
	return false
}

// packageRustfmt: rustfmt reads only when checking (--check) or printing
// (--emit stdout); otherwise it rewrites the files.
func packageRustfmt(cl *cmdline) bool {
	if packageDynamic(cl) || packageHasWord(cl, "--print-config") {
		return false
	}
	args := cl.cmd.Args[1:]
	for i, a := range args {
		if a.Value == "--emit=stdout" || a.Value == "--emit" && i+1 < len(args) && args[i+1].Value == "stdout" {
			return true
		}
	}
	return cl.has("--check")
}

// Go.

// packageGoFlag reports a Go-style flag (-name, --name, -name=value).
func packageGoFlag(cl *cmdline, names ...string) bool {
	for _, a := range cl.cmd.Args[1:] {
		v := a.Value
		if !strings.HasPrefix(v, "-") {
			continue
		}
		v = strings.TrimPrefix(strings.TrimPrefix(v, "-"), "-")
		v, _, _ = strings.Cut(v, "=")
		for _, n := range names {
			if v == n {
				return true
			}
		}
	}
	return false
}

// packageGo: go version, env (without -w/-u), list, doc, vet (without a
// custom -vettool or -toolexec), and the module queries (mod graph, why,
// verify, download into the module cache; mod/work edit only with -json
// or -print). build, run, test, install, get, generate, clean, fmt, tool,
// mod tidy/vendor/init and work sync/use change files or run code; CC,
// CGO_* and GOFLAGS can make the toolchain run another program.
func packageGo(cl *cmdline) bool {
	if packageGoFlag(cl, "toolexec", "vettool", "exec", "fix") ||
		packageAssigns(cl, "GOFLAGS", "CC", "CXX", "CGO_", "FC", "PKG_CONFIG", "GOROOT", "GOTOOLDIR", "GOENV") {
		return false
	}
	w, ok := packagePath(cl, 0, "-C", "")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "version", "doc", "help", "list", "vet":
		return true
	case "env":
		return !packageGoFlag(cl, "w", "u")
	case "mod":
		switch action {
		case "graph", "why", "verify", "download":
			return true
		case "edit":
			return packageGoFlag(cl, "json", "print")
		}
	case "work":
		return action == "edit" && packageGoFlag(cl, "json", "print")
	}
	return false
}

// packageGofmt: gofmt prints formatted source, a diff (-d) or the files
// that differ (-l); -w rewrites them and -cpuprofile writes a profile.
func packageGofmt(cl *cmdline) bool {
	return !packageDynamic(cl) && !packageGoFlag(cl, "w", "cpuprofile")
}

// Ruby and PHP.

// packageGem: querying installed and remote gems and the gem environment;
// sources only when listing. install, uninstall, update, cleanup, build,
// push, fetch (which writes a .gem) and owner changes are not read-only.
func packageGem(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	w, ok := packagePath(cl, 0, "", "-q|--quiet|-V|--verbose")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "list", "search", "info", "specification", "contents", "dependency", "environment", "env", "which",
		"outdated", "query", "help", "stale":
		return true
	case "sources":
		return !cl.hasAny("-a|--add|-r|--remove|-c|--clear-all|-u|--update")
	}
	return false
}

// packageBundle: listing and inspecting the bundle. install, update, exec,
// add, remove, lock, config (which can print credentials) and check
// without --dry-run (which can write Gemfile.lock) are not read-only.
func packageBundle(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	w, ok := packagePath(cl, 0, "", "--no-color|-V|--verbose")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "list", "show", "info", "outdated", "version", "platform", "help":
		return true
	case "check":
		return cl.has("--dry-run")
	}
	return false
}

// packageComposer: composer's inspection commands (show, outdated, why,
// validate, audit, ...). install, update, require, remove, run-script,
// exec, create-project and config are not read-only.
func packageComposer(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "-d|--working-dir",
		"-q|--quiet|-v|-vv|-vvv|--verbose|-n|--no-interaction|--no-plugins|--no-scripts|--ansi|--no-ansi|--no-cache")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "show", "info", "outdated", "licenses", "depends", "why", "prohibits", "why-not", "validate", "diagnose",
		"search", "check-platform-reqs", "audit", "fund", "suggests", "status", "about", "list", "help":
		return true
	}
	return false
}

// Other toolchains.

// packageDotnet: SDK and runtime listings and the tool, workload, template
// and NuGet source lists. Commands that evaluate a project (build, test,
// run, restore, list package, format) run its MSBuild targets.
func packageDotnet(cl *cmdline) bool {
	if packageDynamic(cl) || len(cl.cmd.Args) < 2 {
		return false
	}
	args := cl.cmd.Args[1:]
	if len(args) == 1 && packageIn("--info|--list-sdks|--list-runtimes|--version", args[0].Value) {
		return true
	}
	w, ok := packagePath(cl, 0, "", "")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "workload", "tool", "new":
		return action == "list"
	case "nuget":
		return action == "list" && packageWord(w, 2) == "source"
	case "sdk":
		return action == "check"
	case "help":
		return true
	}
	return false
}

// packageDeno: deno's static commands: info, lint without --fix, fmt with
// --check, check (type checking), doc to standard output. run, task, eval,
// install, compile and serve run code or write files.
func packageDeno(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "", "-q|--quiet")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "info", "check", "help", "types":
		return true
	case "lint":
		return !cl.has("--fix")
	case "fmt":
		return cl.has("--check")
	case "doc":
		return !cl.hasAny("--html|--output")
	}
	return false
}

// packageNix: nix queries of the store, of flakes and of derivations.
// build, develop, run, shell, profile, store changes and anything that
// updates a flake's lock file are not read-only; --option can change
// builders and sandboxing.
func packageNix(cl *cmdline) bool {
	if cl.hasAny("--option|--recreate-lock-file|--update-input|--commit-lock-file|--override-input") {
		return false
	}
	w, ok := packagePath(cl, 0, "", "-v|--verbose|-L|--print-build-logs|--offline|--refresh")
	if !ok || len(w) == 0 {
		return false
	}
	action := packageWord(w, 1)
	switch w[0] {
	case "search", "path-info", "why-depends", "show-derivation", "log":
		return true
	case "flake":
		return packageIn("show|metadata|info", action)
	case "derivation":
		return action == "show"
	}
	return false
}

// Linters, type checkers and formatters.

// packageRuff: ruff check (lint) without --fix, --fix-only, --add-noqa or
// an output file (or with --diff, which writes nothing); ruff format only
// with --check or --diff; rule, linter, config and version print
// documentation. clean deletes caches. (A project whose configuration sets
// fix = true makes ruff check fix files; that configuration is the
// project's own.)
func packageRuff(cl *cmdline) bool {
	if packageDynamic(cl) {
		return false
	}
	if len(cl.cmd.Args) == 1 {
		return true // prints help
	}
	w, ok := packagePath(cl, 0, "--config", "-q|--quiet|-v|--verbose|-s|--silent|--isolated|--no-cache")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "check", "lint":
		if cl.hasAny("-o|--output-file|--add-noqa") {
			return false
		}
		if cl.has("--diff") {
			return true
		}
		// fix = true may also come as an inline --config setting.
		for _, v := range cl.value("--config") {
			if strings.Contains(v, "fix") {
				return false
			}
		}
		return !cl.hasAny("--fix|--fix-only")
	case "format":
		return cl.hasAny("--check|--diff")
	case "rule", "linter", "config", "version", "help":
		return true
	case "analyze":
		return packageWord(w, 1) == "graph"
	}
	return false
}

// packageBlack: black reads in its --check and --diff modes and rewrites
// files otherwise.
func packageBlack(cl *cmdline) bool {
	return !packageDynamic(cl) && cl.hasAny("--check|--diff")
}

// packageIsort: isort reads when checking (-c, --check-only), printing a
// diff or the result (--diff, -d, --stdout) or its configuration; it
// rewrites files otherwise.
func packageIsort(cl *cmdline) bool {
	return !packageDynamic(cl) &&
		cl.hasAny("-c|--check-only|--check|--diff|--df|-d|--stdout|--show-config|--show-files") &&
		!cl.hasAny("--overwrite-in-place")
}

// packageMypy: type checking reads (it writes only its cache), except
// --install-types, which installs packages, --python-executable, which
// runs another interpreter, and report options, which write files.
func packageMypy(cl *cmdline) bool {
	if packageDynamic(cl) || cl.hasAny("--install-types|--python-executable|--junit-xml|--cobertura-xml-report") {
		return false
	}
	for _, l := range cl.long {
		if strings.HasSuffix(l, "-report") {
			return false
		}
	}
	return true
}

// packagePylint: linting reads, except writing the report to --output
// and running the Python code given to --init-hook or --load-plugins.
func packagePylint(cl *cmdline) bool {
	return !packageDynamic(cl) && !cl.hasAny("--output|--init-hook|--load-plugins")
}

// packageFlake8: linting reads, except writing the report to --output-file.
func packageFlake8(cl *cmdline) bool {
	return !packageDynamic(cl) && !cl.has("--output-file")
}

// packagePyright: type checking reads, except creating type stubs,
// writing a baseline, and running the interpreter named by --pythonpath.
func packagePyright(cl *cmdline) bool {
	return !packageDynamic(cl) && !cl.hasAny("--createstub|--writebaseline|--pythonpath")
}

// packageEslint: linting reads (the cache aside); --fix rewrites files,
// --output-file writes the report, --init creates a configuration and
// --rulesdir loads rule code from any directory. --fix-dry-run computes
// fixes without writing them.
func packageEslint(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	return !packageDynamic(cl) && !cl.hasAny("--fix|-o|--output-file|--init|--rulesdir")
}

// packagePrettier: prettier prints formatted code, checks (--check) or
// lists differing files (-l) unless told to --write them.
func packagePrettier(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	return !packageDynamic(cl) && !cl.hasAny("-w|--write")
}

// packageTsc: the TypeScript compiler reads only with --noEmit (type
// checking) or when listing files or printing its configuration; build
// mode, --init and traces write files.
func packageTsc(cl *cmdline) bool {
	if packageVersionFlag(cl) {
		return true
	}
	if packageDynamic(cl) {
		return false
	}
	readOnly := false
	args := cl.cmd.Args[1:]
	for i, a := range args {
		name, value, hasValue := strings.Cut(strings.ToLower(a.Value), "=")
		if !hasValue && i+1 < len(args) && (args[i+1].Value == "true" || args[i+1].Value == "false") {
			value = args[i+1].Value // --noEmit false
		}
		switch name {
		case "-b", "--build", "--init", "--generatetrace", "--generatecpuprofile":
			return false
		case "--noemit", "--showconfig", "--listfilesonly":
			readOnly = value != "false"
		}
	}
	return readOnly
}

// packageGolangciLint: running the linters without --fix, and listing
// linters or the configuration.
func packageGolangciLint(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "", "-v|--verbose")
	if !ok || len(w) == 0 {
		return false
	}
	switch w[0] {
	case "run":
		return !cl.has("--fix")
	case "linters", "version", "help":
		return true
	case "config":
		return packageIn("path|verify", packageWord(w, 1))
	}
	return false
}

// packagePreCommit: only validating and printing configurations. pre-commit
// without a subcommand, like run, runs the hooks, which may rewrite files;
// install, autoupdate, gc, clean and try-repo change state.
func packagePreCommit(cl *cmdline) bool {
	w, ok := packagePath(cl, 0, "", "")
	if !ok || len(w) == 0 {
		return false
	}
	return packageIn("validate-config|validate-manifest|sample-config|help", w[0])
}
