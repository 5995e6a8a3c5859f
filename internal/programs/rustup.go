package programs

import "strings"

// rustup, the Rust toolchain installer, rustfmt and rustc. rustup's show,
// which, check and the list actions of toolchain, target, component and
// override print; installing, updating, setting defaults and overrides
// and running a command change state or run code. rustfmt rewrites the
// files it formats (and the modules they declare) unless it checks or
// prints. rustc only answers its version and the queries of --print that
// need no input; compiling writes files and runs procedural macros.

const rustupOpts = `
-v --verbose
-q --quiet
-h --help                        help
-V --version                     help
`

func rustupPrints(*Call, *Effects) {}

func rustupChanges(c *Call, fx *Effects) {
	changes(c, fx, "rustup "+c.SubPath()+" changes the installed toolchains or rustup's settings")
}

// rustupAction: a subcommand whose list action prints and whose others
// change the installation.
func rustupAction(read string) func(*Call, *Effects) {
	return func(c *Call, fx *Effects) {
		if a := c.Args(); len(a) > 0 && !a[0].Dynamic && inAlts(read, a[0].Value) {
			return
		}
		rustupChanges(c, fx)
	}
}

// rustupDefault: without a toolchain, default prints the default one.
func rustupDefault(c *Call, fx *Effects) {
	if len(c.Args()) > 0 {
		rustupChanges(c, fx)
	}
}

// rustupDoc opens the documentation in the browser, unless --path only
// prints where it is.
func rustupDoc(c *Call, fx *Effects) {
	if !c.Has("--path") {
		fx.Change("rustup doc opens the documentation in the browser")
	}
}

var rustupProgram = &Program{Names: []string{"rustup"}, Setup: setupCompletion, Start: rustupStart, Node: Node{Opts: rustupOpts, Effects: rustupPrints, MakeSubs: func() []*Sub {
	return []*Sub{
		{"show", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) {
			// show active-toolchain may install the toolchain the project
			// names, into rustup's own folder.
			cacheAt(fx, "~/.rustup", "rustup installs the toolchain a project names")
		}, Opts: `
--installed
`}},
		{"which", &Node{Inherit: true, Effects: rustupPrints, Opts: `
--toolchain=TOOLCHAIN
`}},
		{"check", &Node{Inherit: true, Effects: func(c *Call, fx *Effects) { fx.Network("static.rust-lang.org") }, Opts: `
--no-self-update
`}},
		{"completions|help", &Node{Inherit: true, Effects: rustupPrints}},
		{"man", &Node{Inherit: true, Effects: rustupPrints, Opts: `
--toolchain=TOOLCHAIN
`}},
		{"doc", &Node{Inherit: true, Effects: rustupDoc, Opts: `
--path
--toolchain=TOOLCHAIN
--alloc --book --cargo --clippy --core --edition-guide --embedded-book --error-codes --nomicon
--proc_macro --reference --releases --rust-by-example --rustc --rustc-docs --rustdoc --std
--style-guide --test --unstable-book
`}},
		{"toolchain|target|component|override", &Node{Inherit: true, Effects: rustupAction("list"), Opts: `
--installed
--toolchain=TOOLCHAIN
--quiet
`}},
		{"default", &Node{Inherit: true, Effects: rustupDefault, Opts: `
--force-non-host
`}},
		{"run", &Node{Inherit: true, POSIX: true, Loose: true, Opts: `
-h --help
-V --version
--install
`, Effects: func(c *Call, fx *Effects) {
			runsProject(c, fx, "rustup run runs a command with a toolchain")
		}}},
		{"install|uninstall|update|upgrade|self|set", &Node{Inherit: true, Loose: true, Effects: rustupChanges}},
	}
}}}

// rustfmt formats Rust files in place; --check and --emit stdout only
// print, as does formatting standard input. --print-config writes the
// configuration to the file its operand names.
var rustfmtProgram = &Program{Names: []string{"rustfmt"}, Start: rustupStart, Node: Node{Effects: rustfmtEffects, Opts: `
--check
--emit=MODE
--backup
--config-path=PATH               read
--edition=EDITION
--style-edition=EDITION
--color=WHEN
--print-config=KIND
-l --files-with-diff
--config=OPTIONS
--unstable-features
--skip-children
--error-on-unformatted
--file-lines=JSON
-v --verbose
-q --quiet
-V --version                     help
-h --help[=TOPIC]                help
`}}

func rustfmtEffects(c *Call, fx *Effects) {
	unknownEnv(c, fx, "RUSTUP_*")
	args := c.Args()
	if c.Has("--print-config") {
		if len(args) > 0 {
			writeUnlessNotFile(fx, args[0], "rustfmt --print-config")
		}
		return
	}
	emit, _ := c.Value("--emit")
	if c.Has("--check") || emit == "stdout" || len(args) == 0 && emit != "files" {
		readOperands(c, fx)
		return
	}
	for _, a := range args {
		fx.Write(a, "rustfmt formats the file in place (and the modules it declares)")
	}
}

// rustc, the Rust compiler, through rustup's proxy or on its own: its
// version, and --print of facts about the toolchain and targets. Given an
// input it compiles, which writes files and runs the procedural macros
// the code uses; --print KIND=PATH writes the answer to PATH; crate-name,
// file-names and link-args read or compile an input.
var rustcProgram = &Program{Names: []string{"rustc"}, Start: rustcStart, Node: Node{Effects: rustcEffects, Opts: `
-V --version                     help
-v --verbose
--print=INFO
-h --help                        help
`}}

// rustcPrints are the kinds of --print that answer from the toolchain
// alone.
const rustcPrints = "sysroot|target-libdir|host-tuple|cfg|target-list|target-cpus|target-features|relocation-models|" +
	"code-models|tls-models|split-debuginfo|stack-protector-strategies|calling-conventions"

// rustcStart: rustup's proxy runs the toolchain +TOOLCHAIN names, which
// may be a folder anywhere, installing it when it is missing.
func rustcStart(c *Call, fx *Effects) {
	rustupStart(c, fx)
	if len(c.Cmd.Args) > 1 && strings.HasPrefix(c.Cmd.Args[1].Value, "+") {
		fx.Unknown("rustc " + c.Cmd.Args[1].Value + " runs the toolchain it names, which rustup may install")
	}
}

func rustcEffects(c *Call, fx *Effects) {
	if len(c.Args()) > 0 {
		fx.Unknown("rustc compiles its input: it writes files and runs procedural macros")
		return
	}
	for _, v := range c.ValueArgs("--print") {
		if v.Dynamic || !inAlts(rustcPrints, v.Value) {
			fx.Unknown("rustc --print " + v.Value + " is not a query of the toolchain alone (KIND=PATH writes PATH)")
		}
	}
}
