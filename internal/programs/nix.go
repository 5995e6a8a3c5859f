package programs

import "strings"

// nix, the new command line. Querying the store and Nixpkgs reads, but
// evaluating a flake or a file runs Nix code that may build derivations
// while it is evaluated (import from derivation), so a query whose
// installables are the project's (., a path, a flake of a third party) is
// an Exec; one of Nixpkgs (nixpkgs#hello) or of a store path is not.
// build, develop, run, shell, profile, store changes and anything that
// updates a flake's lock file are not read-only; --option, --expr,
// --file and --impure change what evaluation may do.

const nixOpts = `
-h --help                        help
--version                        help
-v --verbose
--quiet
-L --print-build-logs
--offline
--refresh
--json
--pretty --no-pretty
--no-write-lock-file
--no-update-lock-file
--no-registries
--log-format=FORMAT
--debug
--show-trace
-k --keep-going
--derivation
-r --recursive
-s --size
-S --closure-size
-a --all
--all-systems
--exclude=REGEX
--legacy
--option=NAME                    unknown
--extra-experimental-features=FEATURES
--experimental-features=FEATURES
--impure                         unknown
--expr=EXPR                      code
-f --file=FILE                   code
--arg=NAME                       code
--argstr=NAME                    code
-I --include=PATH                code
--override-input=INPUT           change
--override-flake=FLAKE           change
--recreate-lock-file             change
--update-input=INPUT             change
--commit-lock-file               change
--store=URL                      unknown
--eval-store=URL                 unknown
`

// nixNoHelp shadows the help options for subcommands that build or run.
const nixNoHelp = `
-h --help
--version
`

// nixTrusted reports an installable of Nixpkgs from the registry, or a
// store path: evaluating it runs no code of the project's choosing.
func nixTrusted(a string) bool {
	switch {
	case a == "nixpkgs", strings.HasPrefix(a, "nixpkgs#"), strings.HasPrefix(a, "nixpkgs/"),
		strings.HasPrefix(a, "github:NixOS/nixpkgs"), strings.HasPrefix(a, "/nix/store/"):
		return true
	}
	return false
}

// nixEvaluates is the Effects of a query that evaluates its installables
// (the flake in the current folder when none is given).
func nixEvaluates(c *Call, fx *Effects) {
	unknownEnv(c, fx, "NIX_CONFIG", "NIX_USER_CONF_FILES", "NIX_CONF_DIR", "NIX_PATH", "NIX_REMOTE")
	cacheAt(fx, "~/.cache/nix", "nix caches fetched flakes and evaluation results")
	cacheAt(fx, "/nix/store", "nix writes the derivations it instantiates and the paths it substitutes")
	fx.Network("cache.nixos.org")
	args := c.Args()
	if c.Sub() == "search" && len(args) > 1 {
		args = args[:1] // the rest are search terms
	}
	if len(args) == 0 {
		fx.Exec("nix", "", "nix evaluates the flake in the current folder, which may build derivations")
		return
	}
	for _, a := range args {
		if a.Dynamic || !nixTrusted(a.Value) {
			fx.Exec("nix", "", "nix evaluates "+a.Value+", which may build derivations")
		}
	}
}

// nixMetadata fetches a flake's inputs without evaluating it; it may
// write flake.lock.
func nixMetadata(c *Call, fx *Effects) {
	cacheAt(fx, "~/.cache/nix", "nix caches fetched flakes")
	if !c.Has("--no-write-lock-file") {
		cacheAt(fx, "flake.lock", "nix writes a missing flake.lock")
	}
	request(c, fx, "github.com")
}

func nixRuns(c *Call, fx *Effects) {
	runsProject(c, fx, "nix "+c.SubPath()+" builds, runs, installs or changes the store or a lock file")
}

var nixReadNode = &Node{Inherit: true, Effects: nixEvaluates}

var nixProgram = &Program{Names: []string{"nix"}, Node: Node{Opts: nixOpts, Effects: nixRuns, Subs: []*Sub{
	{"search|path-info|why-depends|show-derivation|log|eval", nixReadNode},
	{"derivation", &Node{Inherit: true, Effects: nixRuns, Subs: []*Sub{
		{"show", nixReadNode},
		{"add", &Node{Inherit: true, Loose: true, Effects: nixRuns, Opts: nixNoHelp}},
	}}},
	{"flake", &Node{Inherit: true, Effects: nixRuns, Subs: []*Sub{
		{"show", nixReadNode},
		{"metadata|info", &Node{Inherit: true, Effects: nixMetadata}},
		{"check|update|lock|init|new|clone|archive|prefetch", &Node{Inherit: true, Loose: true, Effects: nixRuns, Opts: nixNoHelp}},
	}}},
	{"help", &Node{Inherit: true, Effects: func(*Call, *Effects) {}}},
	{"build|develop|run|shell|profile|store|copy|bundle|upgrade-nix|repl|edit|fmt|formatter|registry|hash|key|nar|" +
		"print-dev-env|daemon|config|env|realisation|doctor|upgrade|collect-garbage|ps",
		&Node{Inherit: true, Loose: true, Effects: nixRuns, Opts: nixNoHelp}},
}}}
