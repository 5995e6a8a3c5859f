package programs

import (
	"strings"
)

// cargo, Rust's package manager. Building anything (check, clippy, doc,
// build, test, run, bench, install, publish) compiles and runs the
// project's build scripts and procedural macros: project code. Its
// metadata queries (metadata, tree, pkgid, locate-project), registry
// queries (search, info, owner --list) and cargo fmt --check only read,
// resolving the dependency graph, which writes Cargo.lock when it is
// missing or stale and fills cargo's registry cache.
//
// cargo runs rustc, or the program .cargo/config.toml (build.rustc,
// build.rustc-wrapper) or rust-toolchain.toml (path) names, to learn the
// target; --config and -Z on the command line, and RUSTC, RUSTC_WRAPPER,
// RUSTFLAGS and CARGO_* in the environment, can name such programs.

const cargoOpts = `
-V --version                     help
--list                           help
--explain=CODE                   help
-v -vv --verbose
-q --quiet
--color=WHEN
-C=DIR                           dir
--locked
--offline
--frozen
--config=KV                      code
-Z=FLAG                          code
-h --help                        help
`

// cargoManifestOpts choose the package a subcommand works on.
const cargoManifestOpts = `
--manifest-path=PATH             read
--lockfile-path=PATH             write
-p --package=SPEC
--workspace --all
--exclude=SPEC
-F --features=FEATURES
--all-features
--no-default-features
--ignore-rust-version
`

// cargoBuildOpts are the options of the subcommands that build.
const cargoBuildOpts = cargoManifestOpts + `
--target-dir=DIR                 write
--artifact-dir --out-dir=DIR     write
--target=TRIPLE
-r --release
--profile=NAME
-j --jobs=N
--keep-going
--message-format=FMT
--timings
--unit-graph
--future-incompat-report
--lib
--bins
--bin=NAME
--examples
--example=NAME
--tests
--test=NAME
--benches
--bench=NAME
--all-targets
`

// cargoEnv records variables that make cargo run another program or move
// its outputs.
func cargoEnv(c *Call, fx *Effects) {
	for _, a := range c.Cmd.Assigns {
		name, _, _ := strings.Cut(a, "=")
		if strings.HasPrefix(name, "RUSTC") || strings.HasPrefix(name, "RUSTDOC") || name == "RUSTFLAGS" ||
			strings.HasPrefix(name, "RUSTUP_") ||
			strings.HasPrefix(name, "CARGO_") && !strings.HasPrefix(name, "CARGO_TERM_") {
			fx.Unknown(name + " names a program cargo runs, its flags or where it writes")
		}
	}
}

// cargoResolves records what resolving the dependency graph does: it may
// write Cargo.lock and fill the registry cache from the network.
func cargoResolves(c *Call, fx *Effects) {
	if !c.HasAny("--locked|--frozen") {
		cacheAt(fx, "Cargo.lock", "cargo writes Cargo.lock when it is missing or out of date")
	}
	if !c.HasAny("--offline|--frozen") {
		cacheAt(fx, "~/.cargo", "cargo caches the registry index and downloaded crates")
		fx.Network("index.crates.io")
	}
}

// cargoReads is the Effects of a subcommand that reads manifests and
// prints.
func cargoReads(c *Call, fx *Effects) { cargoEnv(c, fx) }

// cargoQueries is the Effects of a subcommand that resolves the graph and
// prints.
func cargoQueries(c *Call, fx *Effects) {
	cargoEnv(c, fx)
	cargoResolves(c, fx)
}

// cargoMetadata: --no-deps reads the workspace's manifests only.
func cargoMetadata(c *Call, fx *Effects) {
	cargoEnv(c, fx)
	if !c.Has("--no-deps") {
		cargoResolves(c, fx)
	}
}

// cargoAsks is the Effects of a registry query.
func cargoAsks(c *Call, fx *Effects) {
	cargoEnv(c, fx)
	cacheAt(fx, "~/.cargo", "cargo caches the registry index")
	request(c, fx, "crates.io")
}

// cargoBuilds is the Effects of a subcommand that compiles: it runs the
// project's build scripts and procedural macros, and tests, binaries or
// benchmarks for some.
func cargoBuilds(c *Call, fx *Effects) {
	cargoEnv(c, fx)
	runsProject(c, fx, "cargo "+c.Sub()+" compiles the project, running its build scripts and procedural macros")
}

// cargoChanges is the Effects of a subcommand that writes the project,
// the lockfile, the installation or the registry.
func cargoChanges(c *Call, fx *Effects) {
	cargoEnv(c, fx)
	changes(c, fx, "cargo "+c.Sub()+" changes the project, its lockfile, the installed binaries, the credentials or the registry")
}

// cargoOwner: --list asks the registry; --add and --remove change owners.
func cargoOwner(c *Call, fx *Effects) {
	if c.HasAny("-a|--add|-r|--remove") || !c.HasAny("-l|--list") {
		cargoChanges(c, fx)
		return
	}
	cargoAsks(c, fx)
}

// cargoPackage: --list prints the files that would be packaged; without
// it cargo writes the .crate and builds it to verify.
func cargoPackage(c *Call, fx *Effects) {
	if c.HasAny("-l|--list") {
		cargoQueries(c, fx)
		return
	}
	cargoBuilds(c, fx)
}

// cargoUpdate: --dry-run resolves without writing Cargo.lock.
func cargoUpdate(c *Call, fx *Effects) {
	if c.HasAny("-n|--dry-run") {
		cargoEnv(c, fx)
		if !c.HasAny("--offline|--frozen") {
			cacheAt(fx, "~/.cargo", "cargo caches the registry index")
			fx.Network("index.crates.io")
		}
		return
	}
	cargoEnv(c, fx)
	fx.Write(shellWord("Cargo.lock"), "cargo update")
	cargoResolves(c, fx)
}

// cargoFmt runs rustfmt on the package's files: it rewrites them unless
// --check is given, to cargo or to rustfmt after --. Only rustfmt's
// checking and display options may follow --.
func cargoFmt(c *Call, fx *Effects) {
	cargoEnv(c, fx)
	check := c.Has("--check")
	var rest []string
	if c.DashDash >= 0 {
		for _, a := range c.Pos[c.DashDash:] {
			if a.Dynamic {
				fx.Unknown("cargo fmt passes a word computed at run time to rustfmt")
				return
			}
			rest = append(rest, a.Value)
		}
	}
	for i := 0; i < len(rest); i++ {
		name, _, hasValue := strings.Cut(rest[i], "=")
		switch name {
		case "--check":
			check = true
		case "-v", "--verbose", "-q", "--quiet", "-l", "--files-with-diff", "--unstable-features", "--error-on-unformatted":
		case "--edition", "--style-edition", "--color", "--config":
			if !hasValue {
				i++
			}
		case "--config-path":
			if !hasValue && i+1 < len(rest) {
				i++
				fx.Read(shellWord(rest[i]))
			} else if hasValue {
				fx.Read(shellWord(rest[i][len("--config-path="):]))
			}
		default:
			fx.Unknown("cargo fmt passes " + rest[i] + " to rustfmt, which the model does not read")
		}
	}
	if check {
		return
	}
	fx.Change("cargo fmt rewrites the package's source files")
}

// cargoSubs are cargo's subcommands; the same follow a +toolchain word.
func cargoSubs() []*Sub {
	return []*Sub{
		{"metadata", &Node{Inherit: true, Effects: cargoMetadata, Opts: cargoManifestOpts + `
--filter-platform=TRIPLE
--no-deps
--format-version=VERSION
`}},
		{"tree", &Node{Inherit: true, Effects: cargoQueries, Opts: cargoManifestOpts + `
-e --edges=KINDS
-i --invert=SPEC
--prune=SPEC
--depth=DEPTH
--prefix=PREFIX
--no-dedupe
-d --duplicates
--charset=CHARSET
-f --format=FORMAT
--target=TRIPLE
--no-indent
--prefix-depth
--all-targets
--no-dev-dependencies
`}},
		{"pkgid", &Node{Inherit: true, Effects: cargoQueries, Opts: cargoManifestOpts}},
		{"fetch", &Node{Inherit: true, Effects: cargoQueries, Opts: cargoManifestOpts + `
--target=TRIPLE
`}},
		{"read-manifest|locate-project|verify-project", &Node{Inherit: true, Effects: cargoReads, Opts: cargoManifestOpts + `
--message-format=FMT
`}},
		{"search", &Node{Inherit: true, Effects: cargoAsks, Opts: `
--limit=LIMIT
--index=INDEX                    net
--registry=REGISTRY              net
`}},
		{"info", &Node{Inherit: true, Effects: cargoAsks, Opts: `
--index=INDEX                    net
--registry=REGISTRY              net
`}},
		{"owner", &Node{Inherit: true, Effects: cargoOwner, Opts: `
-a --add=LOGIN
-r --remove=LOGIN
-l --list
--index=INDEX                    net
--registry=REGISTRY              net
--token=TOKEN
`}},
		{"package", &Node{Inherit: true, Effects: cargoPackage, Opts: cargoBuildOpts + `
--index=INDEX                    net
--registry=REGISTRY              net
-l --list
--no-verify
--no-metadata
--allow-dirty
--exclude-lockfile
`}},
		{"update", &Node{Inherit: true, Effects: cargoUpdate, Opts: cargoManifestOpts + `
-n --dry-run
--recursive
--precise=PRECISE
-b --breaking
-w
`}},
		{"fmt", &Node{Inherit: true, Effects: cargoFmt, Opts: `
--version                        help
-p --package=PACKAGE
--manifest-path=PATH             read
--message-format=FMT
--all
--check
`}},
		{"report", &Node{Inherit: true, Effects: cargoReads, Opts: `
--id=ID
-p --package=SPEC
`}},
		{"help|version", &Node{Inherit: true, Effects: cargoReads}},
		{"config", &Node{Inherit: true, Loose: true, Effects: func(_ *Call, fx *Effects) {
			fx.Unknown("cargo config get prints configuration, which may hold registry credentials")
		}}},
		{"check|c|clippy|doc|d|build|b|run|r|test|t|bench|rustc|rustdoc|fix|install|publish|miri",
			&Node{Inherit: true, Loose: true, Effects: cargoBuilds, Opts: cargoBuildOpts + `
--vers --version=VERSION
-V
--root=DIR                       write
--index=INDEX                    net
--registry=REGISTRY              net
`}},
		{"new|init|add|remove|rm|generate-lockfile|vendor|clean|uninstall|login|logout|yank",
			&Node{Inherit: true, Loose: true, Effects: cargoChanges, Opts: cargoManifestOpts + `
--target-dir=DIR                 write
--root=DIR                       write
--registry=REGISTRY              net
`}},
	}
}

// cargoTop: bare cargo prints its help.
func cargoTop(c *Call, fx *Effects) { cargoEnv(c, fx) }

// rustupStart: rustup and the programs it installs as proxies (cargo,
// rustfmt) run the toolchain a rust-toolchain or rust-toolchain.toml file
// names, in the folder they run in or any above it: a path there is any
// program.
func rustupStart(c *Call, fx *Effects) {
	configRuns(fx, "rustup runs the toolchain a rust-toolchain file names", true, "rust-toolchain", "rust-toolchain.toml")
}

// cargoStart: cargo also runs the programs .cargo/config.toml names
// (build.rustc, build.rustc-wrapper) to learn about the target.
func cargoStart(c *Call, fx *Effects) {
	rustupStart(c, fx)
	if !c.Help {
		configRuns(fx, "cargo runs the programs .cargo/config.toml names", true, ".cargo/config", ".cargo/config.toml")
		if c.Has("-C") {
			fx.Unknown("cargo -C reads the configuration of another folder, which may name programs cargo runs")
		}
	}
}

var cargoProgram = &Program{Names: []string{"cargo"}, Start: cargoStart, Node: Node{Opts: cargoOpts, Effects: cargoTop,
	MakeSubs: func() []*Sub {
		return append(cargoSubs(), &Sub{"+*", &Node{Inherit: true, MakeSubs: cargoSubs, Effects: cargoTop}})
	}}}
