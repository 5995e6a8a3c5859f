package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// go, gofmt and golangci-lint. The go command's queries (version, env,
// list, doc, mod graph/why/verify, the -json and -print modes of mod edit
// and work edit) and go vet read the module's sources, download the
// modules they need into the module cache and compile into the build
// cache; go test, go run, go generate and go tool run code; the rest
// write the module, the sources or binaries. Even go tool cover -func,
// which only prints, runs go list with the package paths its profile
// names, and a path such as -toolexec=CMD is a flag there: the profile's
// text decides what runs.
//
// Build flags (-toolexec, -vettool, -exec, -overlay, -modfile, -pgo) and
// variables (GOFLAGS, CC, CGO_*, GOTOOLCHAIN, GOPROXY with checksums
// turned off, GOCACHEPROG, ...) can make the go command run other
// programs or toolchains.

// goHelp are the help flags of the go command's subcommands.
const goHelp = `
-h -help                           help
`

// goBuildOpts are the build flags shared by build, list, vet, test, ...
const goBuildOpts = `
-a[=B]
-n[=B]
-p=N
-race[=B]
-msan[=B]
-asan[=B]
-cover[=B]
-covermode=MODE
-coverpkg=PATTERNS
-v[=B]
-work[=B]
-x[=B]
-asmflags=FLAGS
-buildmode=MODE
-buildvcs=B
-compiler=NAME
-gccgoflags=FLAGS
-gcflags=FLAGS
-installsuffix=SUFFIX
-ldflags=FLAGS
-linkshared[=B]
-mod=MODE
-modcacherw[=B]
-modfile=FILE                      unknown
-overlay=FILE                      read
-pgo=FILE                          read
-pkgdir=DIR                        write
-tags=TAGS
-trimpath[=B]
-toolexec=CMD                      exec
-json[=B]
` + goHelp

// goVetOpts are vet's own flags: its analyzers (-NAME, -NAME=false) and
// their settings.
const goVetOpts = `
-vettool=PROG                      exec
-c=N
-fix[=B]                           write
-diff[=B]
-appends[=B]
-asmdecl[=B]
-assign[=B]
-atomic[=B]
-bool[=B]
-bools[=B]
-buildtag[=B]
-buildtags[=B]
-cgocall[=B]
-composites[=B]
-compositewhitelist[=B]
-copylocks[=B]
-defers[=B]
-directive[=B]
-errorsas[=B]
-framepointer[=B]
-hostport[=B]
-httpresponse[=B]
-ifaceassert[=B]
-loopclosure[=B]
-lostcancel[=B]
-nilfunc[=B]
-printf[=B]
-printf.funcs=LIST
-shift[=B]
-sigchanyzer[=B]
-slog[=B]
-stdmethods[=B]
-stdversion[=B]
-stringintconv[=B]
-structtag[=B]
-testinggoroutine[=B]
-tests[=B]
-timeformat[=B]
-unmarshal[=B]
-unreachable[=B]
-unsafeptr[=B]
-unusedresult[=B]
-unusedresult.funcs=LIST
-unusedresult.stringmethods=LIST
-waitgroup[=B]
-all[=B]
-source[=B]
-flags[=B]
-V[=B]
`

// goEditOpts are the flags shared by go mod edit and go work edit.
const goEditOpts = `
-fmt[=B]
-print[=B]
-json[=B]
-replace=OLD
-dropreplace=OLD
`

// goEnvSafe are variables that do not change which programs the go
// command runs, where it writes, or where it trusts code from.
var goEnvSafe = []string{"GOOS", "GOARCH", "GOAMD64", "GOARM", "GOARM64", "GO386", "GOMIPS", "GOMIPS64", "GOPPC64",
	"GORISCV64", "GOWASM", "GODEBUG", "GOEXPERIMENT", "GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GOTRACEBACK", "GO111MODULE",
	"GOTELEMETRY", "CGO_ENABLED", "GOFIPS140"}

// goEnv records variables that make the go command run other programs or
// toolchains, write elsewhere, or take code it does not verify.
func goEnv(c *Call, fx *Effects) {
	cacheAt(fx, "~/.config/go/telemetry", "the go command counts its own use in local telemetry files")
	goToolchain(c, fx)
	goEnvFile(c, fx)
	for _, a := range c.Cmd.Assigns {
		name, _, _ := strings.Cut(a, "=")
		switch {
		case slicesContains(goEnvSafe, name):
		case strings.HasPrefix(name, "GO"), strings.HasPrefix(name, "CGO_"),
			name == "CC" || name == "CXX" || name == "FC" || name == "AR" || name == "GCCGO" || name == "PKG_CONFIG":
			fx.Unknown(name + " changes the programs the go command runs or the code it trusts")
		}
	}
}

func slicesContains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// goFetches records what loading packages and modules does: it downloads
// missing modules into the module cache and compiles into the build
// cache.
func goFetches(fx *Effects) {
	cacheAt(fx, "~/go/pkg/mod", "the go command downloads the modules it needs into the module cache")
	cacheAt(fx, "~/.cache/go-build", "the go command keeps compiled packages and facts in the build cache")
	fx.Network(goModuleProxy)
}

// goReads is the Effects of a query of the module and its packages.
// go vet, and go list with -export or -compiled, compile the packages:
// they run cgo and hand the build flags to the compiler.
func goReads(c *Call, fx *Effects) {
	goEnv(c, fx)
	goFetches(fx)
	goToolFlags(c, fx)
	for _, m := range c.ValueArgs("-mod") {
		if m.Dynamic || m.Value != "readonly" && m.Value != "vendor" {
			// -mod=mod adds what is missing to go.mod and go.sum.
			why := "go " + c.Sub() + " -mod=" + m.Value + " updates go.mod and go.sum"
			fx.Write(shellWord("go.mod"), why)
			fx.Write(shellWord("go.sum"), why)
		}
	}
	if c.Sub() == "vet" || c.Sub() == "list" && c.HasAny("-export|-compiled") {
		goCgo(c, fx, "go "+c.Sub())
	}
}

// goCgo: loading packages with their compiled files runs cgo, which runs
// the C compiler on the preambles of the package's files: a preamble may
// #include any file, whose lines the compiler's errors show.
// CGO_ENABLED=0 turns cgo off.
func goCgo(c *Call, fx *Effects, what string) {
	for _, a := range c.Cmd.Assigns {
		if a == "CGO_ENABLED=0" {
			return
		}
	}
	fx.Unknown(what + " runs cgo, whose C compiler may include any file a package's preamble names and show it in its errors")
}

// goSafeToolFlags are compiler and linker flags that only change what is
// printed or how the code is compiled (-m prints the optimizer's
// decisions, -N -l turn optimizations off, -s -w strip symbols).
var goSafeToolFlags = []string{"-m", "-N", "-l", "-S", "-B", "-C", "-e", "-s", "-w"}

// goToolFlags: -gcflags, -asmflags, -ldflags and -gccgoflags hand flags
// to the compiler, the assembler and the linker, many of which write
// files (-cpuprofile, -trace, -o) or run programs (-extld); a flag not
// known to only print is unknown.
func goToolFlags(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-gcflags|-asmflags|-ldflags|-gccgoflags") {
		if !goSafeToolValue(v) {
			fx.Unknown("the build flags " + v.Value + " go to the compiler or linker, which may write files or run programs")
		}
	}
}

// goSafeToolValue reports a build flags value, with an optional package
// pattern (all=-N -l), made of goSafeToolFlags only.
func goSafeToolValue(v shell.Arg) bool {
	if v.Dynamic || strings.ContainsAny(v.Value, "'\"\\") {
		return false
	}
	flags := v.Value
	if pattern, rest, ok := strings.Cut(flags, "="); ok && !strings.HasPrefix(pattern, "-") {
		flags = rest
	}
	for _, f := range strings.Fields(flags) {
		name, value, hasValue := strings.Cut(f, "=")
		if !slicesContains(goSafeToolFlags, name) || hasValue && (name != "-m" || strings.Trim(value, "0123456789") != "") {
			return false
		}
	}
	return true
}

// goPrints is the Effects of a subcommand that only prints.
func goPrints(c *Call, fx *Effects) { goEnv(c, fx) }

// goVersion reads the binaries its operands name.
func goVersion(c *Call, fx *Effects) {
	goEnv(c, fx)
	readOperands(c, fx)
}

// goEnvCmd: go env prints; -w and -u change the user's go env file.
func goEnvCmd(c *Call, fx *Effects) {
	goEnv(c, fx)
	if c.HasAny("-w|-u") {
		fx.Change("go env -w and -u change the user's go environment file")
		return
	}
	if goEnvPrintsURLs(c) {
		// What go env -w set: a proxy's URL may carry its password.
		fx.Add(Effect{Op: Read, Path: argOf("~/.config/go/env"), Values: true, Why: "go env prints the settings of the user's go environment file"})
	}
}

// goEnvPrintsURLs reports a go env that prints the settings that name a
// server, with its login when it has one: all of them, or those named.
func goEnvPrintsURLs(c *Call) bool {
	names := c.Args()
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		switch n.Value {
		case "GOPROXY", "GOSUMDB", "GOAUTH":
			return true
		}
		if n.Dynamic {
			return true
		}
	}
	return false
}

// goDoc prints documentation; -http serves it and opens a browser.
func goDoc(c *Call, fx *Effects) {
	goEnv(c, fx)
	if c.Has("-http") {
		fx.Change("go doc -http serves documentation and opens the browser")
	}
	goFetches(fx)
}

// goEdit: mod edit and work edit print with -json or -print and rewrite
// go.mod or go.work otherwise.
func goEdit(file string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		goEnv(c, fx)
		target := shellWord(file)
		if a := c.Args(); len(a) > 0 {
			target = a[0]
		}
		if c.HasAny("-json|-print") && !c.Has("-fmt") {
			fx.Read(target)
			return
		}
		fx.Write(target, "go "+c.SubPath())
	}
}

// goDownload fills the module cache and may add checksums to go.sum.
func goDownload(c *Call, fx *Effects) {
	goEnv(c, fx)
	goFetches(fx)
	cacheAt(fx, "go.sum", "go mod download records the checksums of what it downloads")
}

// goTelemetry: without a mode it prints the telemetry mode.
func goTelemetry(c *Call, fx *Effects) {
	goEnv(c, fx)
	if len(c.Args()) > 0 {
		fx.Change("go telemetry changes the telemetry mode")
	}
}

// goRuns is the Effects of a subcommand that runs code: tests, the
// program, generators, tools.
func goRuns(c *Call, fx *Effects) {
	goEnv(c, fx)
	runsProject(c, fx, "go "+c.Sub()+" runs the module's code, tests, generators or tools")
	goCompiles(c, fx)
}

// goWrites is the Effects of a subcommand that writes binaries, the
// module's files or its sources, or cleans caches.
func goWrites(c *Call, fx *Effects) {
	goEnv(c, fx)
	changes(c, fx, "go "+c.SubPath()+" writes binaries, the module's files or its sources, or cleans caches")
	goCompiles(c, fx)
}

// goCompiles: go build, install, run and test compile the packages, as
// go vet does: cgo runs the C compiler on their preambles, and the build
// flags go to the compiler and the linker (-ldflags=-extld=PROG runs
// PROG).
func goCompiles(c *Call, fx *Effects) {
	switch c.Sub() {
	case "build", "install", "run", "test":
		goToolFlags(c, fx)
		goCgo(c, fx, "go "+c.Sub())
	}
}

var goProgram = &Program{Names: []string{"go"}, GoFlags: true, Node: Node{Effects: goPrints, Opts: `
-C=DIR                             dir
` + goHelp, MakeSubs: func() []*Sub {
	return []*Sub{
		{"version", &Node{POSIX: true, Effects: goVersion, Opts: goHelp + `
-m[=B]
-v[=B]
-json[=B]
`}},
		{"env", &Node{POSIX: true, Effects: goEnvCmd, Opts: goHelp + `
-json[=B]
-changed[=B]
-w[=B]
-u[=B]
`}},
		{"list", &Node{POSIX: true, Effects: goReads, Opts: goBuildOpts + `
-f=FORMAT
-m[=B]
-u[=B]
-versions[=B]
-retracted[=B]
-reuse=FILE                        read
-e[=B]
-export[=B]
-compiled[=B]
-deps[=B]
-test[=B]
-find[=B]
`}},
		{"doc", &Node{POSIX: true, Effects: goDoc, Opts: goHelp + `
-all[=B]
-c[=B]
-cmd[=B]
-http[=B]
-short[=B]
-src[=B]
-u[=B]
`}},
		// go vet reads flags after the packages too (go vet ./...
		// -vettool=prog runs prog), as go test does.
		{"vet", &Node{Effects: goReads, Opts: goBuildOpts + goVetOpts}},
		{"help", &Node{Effects: goPrints}},
		{"bug", &Node{Effects: func(c *Call, fx *Effects) {
			goEnv(c, fx)
			fx.Change("go bug opens a new issue in the browser")
		}}},
		{"telemetry", &Node{POSIX: true, Effects: goTelemetry, Opts: goHelp}},
		{"mod", &Node{Effects: goPrints, Opts: goHelp, Subs: []*Sub{
			{"graph", &Node{POSIX: true, Effects: goReads, Opts: goHelp + `
-go=VERSION
-x[=B]
`}},
			{"why", &Node{POSIX: true, Effects: goReads, Opts: goHelp + `
-m[=B]
-vendor[=B]
`}},
			{"verify", &Node{POSIX: true, Effects: goReads, Opts: goHelp}},
			{"download", &Node{POSIX: true, Effects: goDownload, Opts: goHelp + `
-x[=B]
-json[=B]
-reuse=FILE                        read
`}},
			{"edit", &Node{POSIX: true, Effects: goEdit("go.mod"), Opts: goHelp + goEditOpts + `
-module=PATH
-go=VERSION
-toolchain=NAME
-godebug=KV
-dropgodebug=KEY
-require=PATH
-droprequire=PATH
-exclude=PATH
-dropexclude=PATH
-retract=VERSION
-dropretract=VERSION
-tool=PATH
-droptool=PATH
-ignore=PATH
-dropignore=PATH
`}},
			{"tidy|vendor|init", &Node{POSIX: true, Loose: true, Effects: goWrites, Opts: goHelp}},
		}}},
		{"work", &Node{Effects: goPrints, Opts: goHelp, Subs: []*Sub{
			{"edit", &Node{POSIX: true, Effects: goEdit("go.work"), Opts: goHelp + goEditOpts + `
-use=PATH
-dropuse=PATH
-go=VERSION
-toolchain=NAME
-godebug=KV
-dropgodebug=KEY
`}},
			{"init|sync|use|vendor", &Node{POSIX: true, Loose: true, Effects: goWrites, Opts: goHelp}},
		}}},
		{"test|run|generate|tool", &Node{POSIX: true, Loose: true, Effects: goRuns, Opts: goBuildOpts + `
-exec=CMD                          exec
-o=FILE                            write
-c[=B]
-i[=B]
-args[=B]
-run=REGEXP
`}},
		{"build|install|get|fix|fmt|clean", &Node{POSIX: true, Effects: goWrites, Opts: goBuildOpts + `
-o=FILE                            write
-i[=B]
-r[=B]
-cache[=B]
-testcache[=B]
-modcache[=B]
-fuzzcache[=B]
-t[=B]
-u[=B]
-tool[=B]
-diff[=B]
-fix=LIST
`}},
	}
}}}

// gofmt prints Go source formatted, a diff (-d) or the names of files
// that differ (-l); -w rewrites the files and -cpuprofile writes a
// profile. Folders are walked for .go files.
var gofmtProgram = &Program{Names: []string{"gofmt"}, GoFlags: true, Node: Node{Effects: gofmtEffects, Opts: `
-l[=B]
-w[=B]
-d[=B]
-e[=B]
-s[=B]
-r=RULE
-cpuprofile=FILE                   write
-h -help                           help
`}}

func gofmtEffects(c *Call, fx *Effects) {
	write := c.Has("-w")
	for _, a := range c.Args() {
		switch {
		case write:
			fx.Add(Effect{Op: Write, Path: a, Tree: true, Why: "gofmt -w rewrites the files it formats"})
		default:
			fx.ReadTree(a, false)
		}
	}
}

// golangci-lint runs Go linters: it loads the packages as the go command
// does and writes its cache. --fix and fmt rewrite files; the output
// options that name a file write it. (A project's .golangci.yml can set
// fixes and report files too: a setting of the project like any other.)
const golangciOpts = `
-h --help                        help
--version                        help
-v --verbose
--color=WHEN
-c --config=FILE                 read
--no-config
--default=SET
-E --enable=LINTERS
-D --disable=LINTERS
--enable-only=LINTERS
--fast-only --fast
--build-tags=TAGS
--timeout=DURATION
--tests
--allow-parallel-runners
--allow-serial-runners
-j --concurrency=N
--modules-download-mode=MODE
--issues-exit-code=N
--new
--new-from-rev=REV
--new-from-patch=FILE            read
--new-from-merge-base=REV
--whole-files
--fix                            change
--max-issues-per-linter=N
--max-same-issues=N
--uniq-by-line
--path-prefix=PREFIX
--path-mode=MODE
--show-stats
--go=VERSION
--out-format=FORMAT
--print-issued-lines
--print-linter-name
--sort-results
--skip-dirs=DIRS
--skip-files=FILES
--exclude-dirs=DIRS
--exclude-files=FILES
-e --exclude=REGEX
--exclude-use-default
-p --presets=PRESETS
--output.text.path --output.json.path --output.tab.path --output.html.path --output.checkstyle.path --output.code-climate.path --output.junit-xml.path --output.teamcity.path --output.sarif.path=FILE   write
--output.text.print-linter-name --output.text.print-issued-lines --output.text.colors --output.tab.print-linter-name --output.tab.colors --output.junit-xml.extended
--cpu-profile-path --mem-profile-path --trace-path=FILE   write
--json
-d --diff
--stdin
`

// golangciReads: golangci-lint loads the packages as go vet does, and
// its configuration may name plugins it loads.
func golangciReads(c *Call, fx *Effects) {
	goEnv(c, fx)
	goFetches(fx)
	goCgo(c, fx, "golangci-lint run")
	if c.Has("--config") {
		fx.Unknown("golangci-lint loads the plugins its configuration names")
	}
	for _, name := range []string{".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"} {
		configRuns(fx, "golangci-lint loads the plugins its configuration names", true, name)
	}
	cacheAt(fx, "~/.cache/golangci-lint", "golangci-lint caches analysis results")
}

var golangciProgram = &Program{Names: []string{"golangci-lint"}, Setup: setupCompletion, Node: Node{Opts: golangciOpts, Effects: goPrints,
	Subs: []*Sub{
		{"run", &Node{Inherit: true, Effects: golangciReads}},
		{"linters|formatters|version|help|completion", &Node{Inherit: true, Effects: goPrints}},
		{"config", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
			if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts("path|verify", a[0].Value) {
				if a[0].Value == "verify" {
					fx.Network("golangci-lint.run")
				}
				return
			}
			fx.Unknown("golangci-lint config needs a known action")
		}}},
		{"cache", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
			if c.Operand(0) == "status" {
				return
			}
			fx.Delete(shellWord("~/.cache/golangci-lint"), true)
		}}},
		{"fmt", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
			if c.HasAny("-d|--diff|--stdin") {
				readOperands(c, fx)
				return
			}
			changes(c, fx, "golangci-lint fmt rewrites the files it formats")
		}}},
		{"migrate|custom", &Node{Inherit: true, Loose: true, Effects: func(c *Call, fx *Effects) {
			runsProject(c, fx, "golangci-lint "+c.Sub()+" rewrites the configuration or builds a custom binary")
		}}},
	}}}
