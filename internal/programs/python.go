package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// python runs inline code (-c), a module (-m) or a script. The analysis
// finds the inline code (and a here-document fed to it); code that only
// computes and prints is read-only, any other code runs as python. A few
// standard modules only print.

var pythonProgram = &Program{Names: []string{"python", "python2", "python3", "pypy", "pypy3"}, Lang: "python", CodeOpts: []string{"-c"}, Node: Node{POSIX: true, Opts: `
-b
-B
-c=CMD                   last
-d
-E
-h -? --help --help-env --help-xoptions --help-all  help
-i                       unknown
-I
-m=MOD                   last
-O
-OO
-P
-q
-s
-S
-u
-v
-V --version             help
-W=ARG
-x
-X=OPT                   unknown
--check-hash-based-pycs=MODE
`, Effects: pythonEffects}}

// pythonPrintModules are standard modules that only print (a calendar,
// platform and build facts, sys.path, the Zen).
var pythonPrintModules = []string{"calendar", "platform", "sysconfig", "site", "this"}

// python -m puts the folder it runs in first on the module path: a
// project file or package of the module's name, or of any module it goes
// on to import (json.tool imports argparse), runs in its place. Only -P
// and -I (isolated, which implies -P) leave that folder out.
func pythonEffects(c *Call, fx *Effects) {
	if mods := c.ValueArgs("-m"); len(mods) > 0 {
		m := mods[len(mods)-1]
		switch {
		case !c.HasAny("-P|-I") && !m.Dynamic:
			fx.Exec("python", "", "python -m imports "+m.Value+" and the modules it imports from the folder it runs in first (-P or -I leave it out)")
		case m.Dynamic:
			fx.Exec("python", "", "python -m runs a module named at run time")
		case contains(pythonPrintModules, m.Value):
		case m.Value == "json.tool":
			// A second operand is a file it writes.
			args := c.Args()
			if len(args) > 0 {
				fx.Read(args[0])
			}
			if len(args) > 1 {
				writeUnlessNotFile(fx, args[1], "python -m json.tool")
			}
		default:
			fx.Exec("python", "", "python -m runs the module "+m.Value)
		}
		return
	}
	if c.Cmd.Code != "" && !c.HasAny("-P|-I") {
		shadowedModules(fx)
	}
	interpreterEffects(c, fx, "python")
}

// pythonLazyModules are standard modules that python -c imports after it
// has put the folder it runs in first on the module path: linecache for
// the code's source (Python 3.13), and what printing a traceback imports.
// A project file, package or compiled module of one of these names runs
// in its place, whatever the code says.
var pythonLazyModules = []string{"linecache", "traceback", "_colorize", "textwrap", "contextlib", "keyword", "tokenize",
	"token", "re", "functools", "operator", "reprlib", "enum", "types", "collections", "warnings", "string", "copyreg",
	"sre_compile", "sre_parse", "sre_constants", "ast", "dis", "opcode", "inspect", "weakref", "copy", "struct",
	"locale", "heapq", "bisect", "_weakrefset", "stringprep", "unicodedata", "typing", "annotationlib"}

// shadowedModules: python -c runs a project's module of a standard name
// in the folder it runs in (unless -P or -I): such a file is code the
// call runs.
func shadowedModules(fx *Effects) {
	const why = "python -c imports standard modules from the folder it runs in first (-P or -I leave it out): "
	for _, m := range pythonLazyModules {
		// A folder without __init__.py is a namespace package, which the
		// standard module found later on the path wins over.
		for _, f := range []string{m + ".py", m + ".pyc", m + "/__init__.py"} {
			fx.Add(Effect{Op: Exec, IfPresent: f, Why: why + f + " runs in place of the standard module"})
		}
	}
	fx.Add(Effect{Op: Exec, IfPresent: "*.so", Why: why + "a compiled module there may run in place of a standard one"})
}

// interpreterEffects records what an interpreter runs: the inline code
// the analysis found (read-only when it only computes and prints), or a
// script, or code from its input.
func interpreterEffects(c *Call, fx *Effects, lang string) {
	cmd := c.Cmd
	switch {
	case cmd.Code != "":
		if (cmd.Lang == "python" || cmd.Lang == "javascript") && shell.PureCode(cmd.Lang, cmd.Code) {
			return
		}
		fx.Exec(cmd.Lang, cmd.Code, c.Name+" runs "+cmd.Lang+" code")
	case cmd.RunsInput:
		fx.Exec(lang, "", c.Name+" runs code nobody can see beforehand")
	default:
		script := ""
		if args := c.Args(); len(args) > 0 {
			script = args[0].Value
		}
		if script == "" || script == "-" {
			fx.Exec(lang, "", c.Name+" runs the code on its standard input")
			return
		}
		fx.Exec(lang, "", c.Name+" runs the script "+script)
		fx.Source(c.Args()[0])
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

var nodeProgram = &Program{Names: []string{"node", "nodejs"}, Lang: "javascript", CodeOpts: []string{"-e", "--eval", "-p", "--print"}, Node: Node{POSIX: true, Opts: `
-e --eval=SCRIPT
-p --print=SCRIPT
-c --check
-i --interactive          unknown
-r --require=MODULE       code
--import=MODULE           code
--loader --experimental-loader=MODULE  code
--env-file=FILE           read
--env-file-if-exists=FILE read
--inspect[=HOST]          net
--inspect-brk[=HOST]      net
--inspect-wait[=HOST]     net
--input-type=TYPE
--enable-source-maps
--no-warnings
--no-deprecation
--trace-warnings
--trace-uncaught
--experimental-vm-modules
--experimental-strip-types
--experimental-default-type=TYPE
--stack-trace-limit=N
--max-old-space-size=N
--test                    unknown
--watch                   unknown
--run=SCRIPT              unknown
-h --help                 help
-v --version              help
`, Effects: func(c *Call, fx *Effects) {
	if c.Has("-c") {
		for _, a := range c.Args() {
			fx.Read(a)
		}
		return
	}
	interpreterEffects(c, fx, "javascript")
}}}

// scriptingEffects are the effects of an interpreter, named first by its
// language, whose inline code the analysis finds (perl -e, ruby -e, php
// -r ...): its options beyond that are not modelled, so any other option
// is unknown.
func scriptingEffects(c *Call, fx *Effects) {
	lang := c.Prog.Names[0]
	if c.Has("-i") {
		// -i edits the files it reads in place.
		for _, a := range c.Args() {
			fx.Read(a)
			fx.Write(a, c.Name+" -i")
		}
	}
	if c.Cmd.Code == "" && strings.HasPrefix(c.Cmd.Lang, lang) {
		fx.Exec(lang, "", c.Name+" runs code")
		return
	}
	interpreterEffects(c, fx, lang)
}

var (
	perlProgram = &Program{Names: []string{"perl"}, Lang: "perl", CodeOpts: []string{"-e", "-E"}, Node: Node{POSIX: true, Opts: `
-e=CODE
-E=CODE
-n
-p
-l[=OCTAL]
-a
-F=PATTERN
-i[=EXT]
-w
-W
-X
-s
-T
-t
-U
-0[=DIGITS]
-M=MODULE  code
-m=MODULE  code
-I=DIR     code
-d[=MOD]   unknown
-D[=FLAGS]
-x[=DIR]
-C[=FLAGS]
-c
-h         help
-v         help
-V[=NAME]  help
`, Effects: scriptingEffects}}
	rubyProgram = &Program{Names: []string{"ruby"}, Lang: "ruby", CodeOpts: []string{"-e"}, Node: Node{POSIX: true, Opts: `
-e=CODE
-n
-p
-l
-a
-F=PATTERN
-i[=EXT]
-w
-W[=LEVEL]
-r=LIBRARY code
-I=DIR     code
-c
-d --debug unknown
-E --encoding=ENC
-h --help  help
-v --version help
`, Effects: scriptingEffects}}
	phpProgram = &Program{Names: []string{"php"}, Lang: "php", CodeOpts: []string{"-r"}, Node: Node{POSIX: true, Opts: `
-r=CODE    last
-f=FILE    last
-l
-n
-q
-d=SETTING unknown
-c=PATH    unknown
-S=ADDR    net
-t=DIR
-h --help  help
-v --version help
-m
-i
`, Effects: scriptingEffects}}
	luaProgram = &Program{Names: []string{"lua", "luajit"}, Lang: "lua", CodeOpts: []string{"-e"}, Node: Node{POSIX: true, Opts: `
-e=CODE
-l=NAME    code
-i         unknown
-v         help
-E
-W
`, Effects: scriptingEffects}}
)
