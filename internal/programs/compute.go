package programs

import "github.com/agentgov/governance/internal/shell"

// echo, printf, seq, expr, factor, numfmt, true, false and sleep compute
// and print (or wait); their words are data, never files. printf -v
// (bash's builtin) sets a shell variable instead of printing: harmless
// for a plain lower-case name, but an upper-case one may be PATH, IFS or
// another variable that changes what later commands run, and a
// subscript (a[$(cmd)]) is evaluated, running the command in it.

// echo reads no options: -n, -e and -E are words like any other for the
// model, as they only change what it prints.
var echoProgram = &Program{Names: []string{"echo"}, NoOptions: true, Node: Node{Effects: printsOnly}}

var trueProgram = &Program{Names: []string{"true"}, NoOptions: true, Node: Node{Effects: printsOnly}}

var falseProgram = &Program{Names: []string{"false"}, NoOptions: true, Node: Node{Effects: printsOnly}}

// expr reads its words as an expression (it takes only --help and
// --version, as a lone first word).
var exprProgram = &Program{Names: []string{"expr"}, NoOptions: true, Node: Node{Effects: printsOnly}}

var printfProgram = &Program{Names: []string{"printf"}, Node: Node{Opts: `
-v=VAR
` + gnuHelp, POSIX: true, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-v") {
		if !plainVariable(v) {
			fx.Change("printf -v sets the shell variable " + v.Value + ", which may change what later commands run")
		}
	}
	// A format computed at run time may be -vNAME.
	dataMayBeOption(c, fx, 0)
}}}

// plainVariable reports a lower-case shell variable name: not one of the
// shell's or the environment's own (PATH, IFS, BASH_ENV are upper case),
// and no array subscript, which bash evaluates.
func plainVariable(a shell.Arg) bool {
	if a.Dynamic || a.Value == "" || a.Value[0] >= '0' && a.Value[0] <= '9' {
		return false
	}
	for i := 0; i < len(a.Value); i++ {
		b := a.Value[i]
		if !(b == '_' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9') {
			return false
		}
	}
	return true
}

// seq reads -NUM as a negative first number, not an option.
var seqProgram = &Program{Names: []string{"seq"}, Digits: true, Node: Node{Opts: `
-f --format=FORMAT
-s --separator=STRING
-w --equal-width
-t=STRING
` + gnuHelp, Effects: printsOnly}}

var factorProgram = &Program{Names: []string{"factor"}, Node: Node{Opts: `
-h --exponents
` + gnuHelp, Effects: printsOnly}}

var numfmtProgram = &Program{Names: []string{"numfmt"}, Node: Node{Opts: `
--debug
-d --delimiter=X
--field=FIELDS
--format=FORMAT
--from=UNIT
--from-unit=N
--grouping
--header[=N]
--invalid=MODE
--padding=N
--round=METHOD
--suffix=SUFFIX
--to=UNIT
--to-unit=N
--unit-separator=SEP
-z --zero-terminated
` + gnuHelp, Effects: printsOnly}}

var sleepProgram = &Program{Names: []string{"sleep"}, Node: Node{Opts: gnuHelp, Effects: printsOnly}}
