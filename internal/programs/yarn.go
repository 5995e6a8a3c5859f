package programs

import (
	"encoding/json"
	"slices"
	"strings"
)

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

// yarnReadsNode: yarn 1's info, list, outdated and why print a package's
// metadata from the registry, the installed tree and the packages with
// newer versions. Which yarn runs, and where it sends, is configuration,
// read before the call (yarnConfig); yarn 2 and later have no list or
// outdated, and run the project's script of that name instead.
var yarnReadsNode = &Node{Inherit: true, Effects: yarnReads, Opts: `
--depth=N
--pattern=GLOB
`}

func yarnReads(c *Call, fx *Effects) {
	if c.HasAny("--cwd|--use-yarnrc|--registry|--cache-folder|--modules-folder|--global-folder|--link-folder") {
		yarnRuns(c, fx)
		return
	}
	// YARN_* sets any setting of .yarnrc.yml (YARN_YARN_PATH), and
	// corepack fetches yarn from COREPACK_NPM_REGISTRY.
	unknownEnv(c, fx, "YARN_*", "COREPACK_*", "npm_config_*", "NPM_CONFIG_*")
	yarnConfig(fx, c.Sub())
	npmrcEverywhere(c, fx)
	fx.Helper("node", "yarn runs on node")
	cacheAt(fx, "~/.yarnrc", "yarn 1 notes there when it last looked for a newer version")
	cacheAt(fx, "yarn-error.log", "yarn 1 writes what went wrong where it runs")
	cacheAt(fx, "~/.cache/yarn", "yarn keeps the registry's answers")
	request(c, fx, npmRegistry)
}

// yarnConfig records what decides which yarn runs and where it sends:
// .yarnrc.yml (yarnPath runs a file of the project, plugins load code,
// npmRegistryServer and npmAuthToken send the token elsewhere), yarn 1's
// .yarnrc (yarn-path, registry) in the folder or any above it and in the
// home folder, and package.json, whose packageManager corepack fetches
// and runs and whose script of the subcommand's name yarn 2 runs. Yarn 2
// merges every .yarnrc.yml above the folder, yarn 1 every .yarnrc, and
// corepack reads up to the package.json that names a package manager:
// each one there is read.
func yarnConfig(fx *Effects, sub string) {
	why := "the project's .yarnrc.yml names the yarn that runs, plugins, or the registry it sends its token to"
	// A .yarnrc.yml is yarn 2's: there list and outdated are no commands,
	// and yarn runs a dependency's program of that name.
	ymlHarmless := yarnrcYmlHarmless
	if !berryCommand(sub) {
		ymlHarmless = func([]byte) bool { return false }
		why = "yarn 2 and later, which the project's .yarnrc.yml is for, have no yarn " + sub + ": they run a script or a dependency's program of that name"
	}
	fx.Add(Effect{Op: Unknown, IfPresent: ".yarnrc.yml", Upward: true, Every: true, Harmless: ymlHarmless, Why: why})
	fx.Add(Effect{Op: Unknown, IfPresent: "~/.yarnrc.yml", Harmless: ymlHarmless, Why: "~/" + strings.TrimPrefix(why, "the project's ")})
	why = "the project's .yarnrc names the yarn that runs or the registry it sends to"
	fx.Add(Effect{Op: Unknown, IfPresent: ".yarnrc", Upward: true, Every: true, Harmless: yarnrcHarmless, Why: why})
	fx.Add(Effect{Op: Unknown, IfPresent: "~/.yarnrc", Harmless: yarnrcHarmless, Why: "~/" + why[14:]})
	fx.Add(Effect{Op: Exec, IfPresent: "package.json", Upward: true, Every: true,
		Harmless: func(b []byte) bool { return yarnPackageHarmless(b, sub) },
		Why:      "package.json names the package manager corepack fetches and runs, or a script yarn " + sub + " runs"})
}

// yarnrcYmlKeys are the settings of .yarnrc.yml that change only how yarn
// prints, lays out or checks what it installs. Sorted.
var yarnrcYmlKeys = []string{
	"checksumBehavior", "compressionLevel", "defaultSemverRangePrefix", "enableColors", "enableGlobalCache",
	"enableHyperlinks", "enableImmutableCache", "enableImmutableInstalls", "enableInlineBuilds", "enableMessageNames",
	"enableProgressBars", "enableTelemetry", "enableTimers", "enableTransparentWorkspaces", "nmHoistingLimits",
	"nmMode", "nodeLinker", "pnpMode", "preferInteractive", "preferReuse",
}

// yarnrcYmlHarmless reports a .yarnrc.yml whose every line is a comment
// or a top-level setting of yarnrcYmlKeys with a plain value: anything
// nested, quoted, flowed or merged is more than that.
func yarnrcYmlHarmless(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		t := strings.TrimRight(line, " \t\r")
		if strings.TrimSpace(t) == "" || strings.HasPrefix(strings.TrimSpace(t), "#") {
			continue
		}
		key, val, ok := strings.Cut(t, ":")
		if !ok || !slices.Contains(yarnrcYmlKeys, key) || strings.ContainsAny(val, "${}[]&*!|>'\"") {
			return false
		}
	}
	return true
}

// yarnrcHarmless reports a yarn 1 .yarnrc that holds only comments and
// the update check yarn notes there itself.
func yarnrcHarmless(content []byte) bool {
	for line := range strings.SplitSeq(string(content), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		key, val, _ := strings.Cut(t, " ")
		if key != "lastUpdateCheck" && key != "disable-self-update-check" || !isDigitsOrBool(strings.TrimSpace(val)) {
			return false
		}
	}
	return true
}

// isDigitsOrBool reports a number or true or false.
func isDigitsOrBool(v string) bool {
	return v == "true" || v == "false" || v != "" && isDigits(v)
}

// yarnPackageHarmless reports a package.json that names no package
// manager but a released yarn (corepack fetches that release from the
// registry), and no script of the name sub (yarn 2 runs it for a command
// it does not have).
func yarnPackageHarmless(content []byte, sub string) bool {
	var pkg struct {
		PackageManager *string        `json:"packageManager"`
		Scripts        map[string]any `json:"scripts"`
	}
	if json.Unmarshal(content, &pkg) != nil {
		return false
	}
	if _, ok := pkg.Scripts[sub]; ok {
		return false
	}
	if pkg.PackageManager == nil {
		return true
	}
	// yarn 2 and later run a dependency's program for a command they do
	// not have.
	return yarnRelease(*pkg.PackageManager) && (berryCommand(sub) || strings.HasPrefix(*pkg.PackageManager, "yarn@1."))
}

// berryCommand reports a listing subcommand yarn 2 and later have too
// (info, why); list and outdated are yarn 1's alone.
func berryCommand(sub string) bool { return sub == "info" || sub == "why" }

// yarnRelease reports yarn@X.Y.Z, with an optional +sha hash: a release
// from the registry, not a file or an address.
func yarnRelease(v string) bool {
	version, ok := strings.CutPrefix(v, "yarn@")
	if !ok {
		return false
	}
	version, hash, _ := strings.Cut(version, "+")
	parts := strings.Split(version, ".")
	if len(parts) != 3 || strings.ContainsAny(hash, "/:@") {
		return false
	}
	for _, p := range parts {
		if !isDigits(p) {
			return false
		}
	}
	return true
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
		"global|help|import|init|install|licenses|link|login|logout|node|npm|owner|pack|patch|patch-commit|" +
		"plugin|policies|publish|rebuild|remove|run|search|set|stage|start|tag|team|test|unlink|unplug|up|upgrade|" +
		"upgrade-interactive|version|versions|workspace|workspaces", yarnNode},
	{"info|list|outdated|why", yarnReadsNode},
}}}
