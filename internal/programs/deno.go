package programs

// deno. Its static subcommands read: info, check (type checking), fmt
// --check, doc to standard output, types; they download the remote
// modules they need into deno's cache. lint loads the lint plugins the
// project's deno.json names, JavaScript; run, task, eval, serve, test,
// install, compile and the rest run code or write files. Inline code
// (deno eval) is the shell analysis's to read.

const denoOpts = `
-h --help                        help
-V --version                     help
-q --quiet
-L --log-level=LEVEL
-c --config=FILE                 read
--no-config
--import-map=FILE                read
-r --reload[=LIST]
--lock[=FILE]                    unknown
--no-lock
--frozen[=B]
--node-modules-dir[=MODE]
--vendor[=B]
--cert=FILE                      read
--unsafely-ignore-certificate-errors[=HOSTS]
--no-remote
--no-npm
--cached-only
--ext=EXT
--unstable
--env-file[=FILE]                read
--location=URL
--seed=N
--v8-flags[=FLAGS]               unknown
--json
--all
--check[=MODE]
--no-check[=MODE]
--doc
--doc-only
--html
--lint
--output=DIR                     write
--name=NAME
--filter=PATTERN
--private
`

func denoCache(fx *Effects) {
	cacheAt(fx, "~/.cache/deno", "deno caches the remote modules and npm packages it downloads")
}

// denoReads is the Effects of a static subcommand.
func denoReads(c *Call, fx *Effects) {
	denoCache(fx)
	fx.Network("jsr.io")
	readOperands(c, fx)
}

// denoFmt checks with --check and rewrites the files otherwise.
func denoFmt(c *Call, fx *Effects) {
	if c.Has("--check") {
		denoReads(c, fx)
		return
	}
	fx.Change("deno fmt rewrites the files it formats")
	readOperands(c, fx)
}

// denoDoc writes HTML with --html.
func denoDoc(c *Call, fx *Effects) {
	if c.Has("--html") {
		fx.Change("deno doc --html writes a documentation site")
	}
	denoReads(c, fx)
}

var denoProgram = &Program{Names: []string{"deno"}, Lang: "javascript", CodeOpts: []string{"eval"}, Setup: setupCompletion, Node: Node{Opts: denoOpts, Operands: true, POSIX: true,
	Effects: func(c *Call, fx *Effects) {
		if len(c.Args()) == 0 {
			fx.Exec("", "", "bare deno starts a read-eval-print loop")
			return
		}
		runsProject(c, fx, "deno runs the script it is given")
	}, Subs: []*Sub{
		{"info|check|types", &Node{Inherit: true, Effects: denoReads}},
		{"fmt", &Node{Inherit: true, Effects: denoFmt, Opts: `
--check
--fail-fast
--use-tabs[=B]
--line-width=N
--indent-width=N
--single-quote[=B]
--prose-wrap=WRAP
--no-semicolons[=B]
--unstable-component
--unstable-sql
--permit-no-files
--watch
`}},
		{"doc", &Node{Inherit: true, Effects: denoDoc}},
		{"help|completions", &Node{Inherit: true, Effects: func(*Call, *Effects) {}}},
		{"lint|run|task|eval|serve|test|bench|install|uninstall|compile|bundle|add|remove|outdated|upgrade|jupyter|" +
			"repl|publish|coverage|clean|init|lsp|x|cache|vendor|approve-scripts|deploy|update",
			&Node{Inherit: true, Loose: true, POSIX: true, Opts: `
-h --help
-V --version
`, Effects: func(c *Call, fx *Effects) {
				runsProject(c, fx, "deno "+c.Sub()+" runs code (a script, a task, lint plugins) or writes files")
			}}},
	}}}
