package shell

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Shell state the analysis does not follow. Bash evaluates some text a
// second time, as code: the subscript of a variable named in arithmetic
// (x='a[$(cmd)]'; echo $((x)) runs cmd), of a name handed to a builtin
// (read, printf -v, unset, declare 'a[$(cmd)]'), an indirect or nameref
// name, a prompt (${x@P}, PS4 under set -x), the callback of mapfile -C
// and the command of jobs -x. And some variables change what later
// commands run or load (PATH, HOME, IFS, BASH_CMDS, BASH_ALIASES, the
// unsafe environment). Text the analysis cannot prove plain, and a
// variable of that kind set in the shell, are problems: the command is
// never allowed.

// shellStateVars are variables that change, in this shell, what runs:
// the command table, the aliases, the prompts bash expands (PS4 under
// set -x), the folders cd looks in.
var shellStateVars = []string{"BASH_CMDS", "BASH_ALIASES", "PS0", "PS1", "PS2", "PS3", "PS4", "BASH_ENV", "ENV",
	"SHELLOPTS", "BASHOPTS", "PROMPT_COMMAND", "CDPATH", "GLOBIGNORE", "POSIXLY_CORRECT"}

// setsVar records that the shell sets a variable (an assignment, for,
// read, declare, export...). Setting one that changes what later commands
// run is a problem: the analysis does not follow it. A variable set from
// arithmetic holds a number.
func (w *walker) setsVar(name string, v Arg, how string) {
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	// A value known only at run time may be any value.
	unsafe := UnsafeEnv(name, v.Value) || v.Dynamic && UnsafeEnv(name, "?")
	if contains(prompts, name) {
		// A prompt without expansions or escapes is only text.
		unsafe = v.Dynamic || unsafePrompt(v.Value)
	} else if contains(shellStateVars, name) {
		unsafe = true
	}
	if unsafe {
		w.problem(ProblemShellState, fmt.Sprintf("%s sets %s, which changes what later commands run or load", how, name))
	}
	delete(w.numeric, name)
	if v.Dynamic {
		// read x, printf -v x, mapfile x, an array: whatever x held
		// before is gone.
		w.setVar(name, v)
	}
}

// setsNumber records that the shell sets a variable to a number.
func (w *walker) setsNumber(name, how string) {
	w.setsVar(name, Arg{Value: "0"}, how)
	if w.numeric == nil {
		w.numeric = map[string]bool{}
	}
	w.numeric[name] = true
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// arith checks an arithmetic expression: each operand bash evaluates must
// be a number or a name whose value is known to be plain arithmetic. Names
// the expression assigns hold numbers afterwards.
func (w *walker) arith(x syntax.ArithmExpr, f *frame) {
	switch x := x.(type) {
	case nil:
	case *syntax.BinaryArithm:
		if x.Op == syntax.Assgn || x.Op >= syntax.AddAssgn && x.Op <= syntax.PowAssgn {
			w.arith(x.Y, f)
			if x.Op != syntax.Assgn {
				w.arith(x.X, f)
			} else if wd, ok := x.X.(*syntax.Word); ok && len(wd.Parts) == 1 {
				if p, ok := wd.Parts[0].(*syntax.ParamExp); ok && p.Index != nil {
					w.arith(p.Index, f)
				}
			}
			if name := arithName(x.X); name != "" {
				w.setsNumber(name, "arithmetic")
			} else {
				w.problem(ProblemShellState, "arithmetic assigns to a name the analysis cannot read")
			}
			return
		}
		w.arith(x.X, f)
		w.arith(x.Y, f)
	case *syntax.UnaryArithm:
		w.arith(x.X, f)
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			if name := arithName(x.X); name != "" {
				w.setsNumber(name, "arithmetic")
			}
		}
	case *syntax.ParenArithm:
		w.arith(x.X, f)
	case *syntax.Word:
		if !w.arithWord(x, f) {
			w.problem(ProblemShellState, fmt.Sprintf("arithmetic evaluates %q, whose value the analysis cannot prove plain", f.text(x)))
		}
	}
}

// arithName returns the name of a plain variable operand (x, $x), or "".
func arithName(x syntax.ArithmExpr) string {
	wd, ok := x.(*syntax.Word)
	if !ok || len(wd.Parts) != 1 {
		return ""
	}
	switch p := wd.Parts[0].(type) {
	case *syntax.Lit:
		if validName(p.Value) {
			return p.Value
		}
	case *syntax.ParamExp:
		if p.Param != nil && validName(p.Param.Value) && (p.Index == nil || p.Short) {
			return p.Param.Value
		}
	}
	return ""
}

// arithWord reports an operand of arithmetic whose value is plain: a
// number, a name of a plain value, an arithmetic expansion, or known text
// made only of those.
func (w *walker) arithWord(word *syntax.Word, f *frame) bool {
	plain := true
	for _, part := range word.Parts {
		switch p := part.(type) {
		case *syntax.ArithmExp:
			// Checked on its own; it expands to a number.
		case *syntax.ParamExp:
			switch {
			case p.Length:
			case p.Param != nil && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && !p.Excl && p.Names == 0:
				if !w.arithName(p.Param.Value, f, 0) {
					return false
				}
			case p.Param != nil && p.Index != nil:
				// An element of an array: its value is evaluated in turn.
				return false
			default:
				plain = false
			}
		case *syntax.Lit:
			if !w.arithText(p.Value, f, 0) {
				return false
			}
		default:
			plain = false
		}
	}
	if plain {
		return true
	}
	v := w.literal(word, f)
	return !v.Dynamic && w.arithText(v.Value, f, 0)
}

// arithText reports text that bash evaluates as arithmetic without
// running anything: numbers, operators and names of plain values. A
// subscript, a quote or an expansion in it is not read.
func (w *walker) arithText(s string, f *frame, depth int) bool {
	if depth > 8 || strings.ContainsAny(s, "[]$`\\\"'{}") {
		return false
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			// A number: 12, 0x1f, 16#ff, 2#101.
			for i < len(s) && (isAlnum(s[i]) || s[i] == '#' || s[i] == '@' || s[i] == '_') {
				i++
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (isAlnum(s[j]) || s[j] == '_') {
				j++
			}
			k := j
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			if k+1 < len(s) && s[k] == '=' && s[k+1] != '=' {
				// NAME = ...: assigned, not read.
				w.setsNumber(s[i:j], "arithmetic")
			} else if !w.arithName(s[i:j], f, depth+1) {
				return false
			}
			i = j
		default:
			i++
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// arithName reports a variable whose value, evaluated as arithmetic,
// runs nothing: one that holds a number, is unset, or holds known plain
// arithmetic.
func (w *walker) arithName(name string, f *frame, depth int) bool {
	switch name {
	case "#", "?", "$", "!", "RANDOM", "SRANDOM", "LINENO", "SECONDS", "BASHPID", "PPID", "UID", "EUID",
		"EPOCHSECONDS", "EPOCHREALTIME", "COLUMNS", "LINES", "SHLVL", "OPTIND", "HISTCMD":
		return true
	}
	if w.numeric[name] {
		return true
	}
	val, set, ok := w.lookup(name, f)
	switch {
	case !ok:
		return false
	case !set || len(val) == 0:
		return true
	case val[0].Dynamic:
		return false
	}
	return w.arithText(val[0].Value, f, depth)
}

// testArith checks the operands of [[ ]] that bash evaluates as
// arithmetic (-eq, -lt...) or as a variable name (-v, -R).
func (w *walker) testArith(x syntax.TestExpr, f *frame) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			w.arith(x.X.(syntax.ArithmExpr), f)
			w.arith(x.Y.(syntax.ArithmExpr), f)
		default:
			w.testArith(x.X, f)
			w.testArith(x.Y, f)
		}
	case *syntax.UnaryTest:
		if (x.Op == syntax.TsVarSet || x.Op == syntax.TsRefVar) && !w.nameWord(x.X, f) {
			w.problem(ProblemShellState, fmt.Sprintf("[[ %s ]] reads a variable whose subscript the analysis cannot prove plain", f.text(x)))
		}
		w.testArith(x.X, f)
	case *syntax.ParenTest:
		w.testArith(x.X, f)
	}
}

// nameWord reports a word that names a variable plainly: NAME, or
// NAME[subscript] with a plain arithmetic subscript.
func (w *walker) nameWord(x syntax.Node, f *frame) bool {
	wd, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	v := w.literal(wd, f)
	return !v.Dynamic && w.plainName(v.Value, f)
}

// plainName reports text that names a variable without running
// anything: a name, or a name and a plain arithmetic subscript.
func (w *walker) plainName(s string, f *frame) bool {
	name, sub, hasSub := strings.Cut(s, "[")
	if !hasSub {
		return validName(name)
	}
	sub, ok := strings.CutSuffix(sub, "]")
	return ok && validName(name) && (sub == "@" || sub == "*" || w.arithText(sub, f, 0))
}

func validName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}

// paramState checks a parameter expansion that evaluates text: a
// subscript or slice (arithmetic), an indirect name (${!x}), a prompt
// (${x@P}); ${x:=word} sets x.
func (w *walker) paramState(p *syntax.ParamExp, f *frame) {
	if p.Param == nil {
		return
	}
	name := p.Param.Value
	if p.Index != nil && !w.assoc[name] {
		if wd, ok := p.Index.(*syntax.Word); !ok || !(len(wd.Parts) == 1 && isLit(wd.Parts[0], "@", "*")) {
			w.arith(p.Index, f)
		}
	}
	if p.Slice != nil {
		w.arith(p.Slice.Offset, f)
		w.arith(p.Slice.Length, f)
	}
	if p.Excl && p.Names == 0 && p.Index == nil {
		val, set, ok := w.lookup(name, f)
		if !ok || set && len(val) > 0 && (val[0].Dynamic || !w.plainName(val[0].Value, f)) {
			w.problem(ProblemShellState, fmt.Sprintf("${!%s} reads a variable named at run time", name))
		}
	}
	if p.Exp == nil {
		return
	}
	switch p.Exp.Op {
	case syntax.OtherParamOps:
		if p.Exp.Word != nil && strings.Contains(f.text(p.Exp.Word), "P") {
			val, _, ok := w.lookup(name, f)
			if !ok || p.Index != nil || len(val) > 0 && (val[0].Dynamic || strings.ContainsAny(val[0].Value, "$`\\")) {
				w.problem(ProblemShellState, fmt.Sprintf("${%s@P} expands a prompt the analysis cannot read", name))
			}
		}
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		w.setsVar(name, w.literal(p.Exp.Word, f), "${"+name+":=...}")
		if p.Exp.Word != nil {
			// : ${x:=$TOKEN} makes x a copy of the token.
			w.copies(name, f.text(p.Exp.Word))
		}
		// Set only when it was unset or empty: either value may hold.
		w.setVar(name, Arg{Dynamic: true})
	}
}

func isLit(p syntax.WordPart, vals ...string) bool {
	l, ok := p.(*syntax.Lit)
	return ok && contains(vals, l.Value)
}

// builtinState checks the builtins that name variables or run text:
// read, mapfile, printf -v, getopts, unset, wait -p set or read the
// variables they name (a subscript there is arithmetic); mapfile -C and
// jobs -x run a command; hash -p and enable -f change what a name runs.
func (w *walker) builtinState(cmd *Command, f *frame) {
	names := func(args []Arg) {
		for _, a := range args {
			if a.Dynamic || !w.plainName(a.Value, f) {
				w.problem(ProblemShellState, fmt.Sprintf("%s names the variable %q, which the analysis cannot read", cmd.Name, a.Value))
				continue
			}
			w.setsVar(a.Value, Arg{Dynamic: true}, cmd.Name)
			w.copies(a.Value, cmd.Text)
		}
	}
	if len(cmd.Args) == 0 {
		return
	}
	args := cmd.Args[1:]
	switch cmd.Name {
	case "shopt":
		// Options that change what a word matches or a name runs:
		// globs (dotglob, nocaseglob, extglob, globstar...), aliases,
		// cd's reading of variables. shopt with no -s or -u only prints.
		for _, a := range args {
			if a.Value == "-s" || a.Value == "-u" || a.Dynamic {
				w.problem(ProblemShellState, "shopt "+a.Value+" changes how the shell reads what follows")
				break
			}
		}
	case "set":
		for i, a := range args {
			if a.Dynamic || (a.Value == "-o" || a.Value == "+o") && i+1 < len(args) && (args[i+1].Dynamic || args[i+1].Value == "posix") {
				w.problem(ProblemShellState, "set "+a.Value+" changes how the shell reads what follows")
				break
			}
		}
	case "read":
		opts, rest := splitOpts(args, "adinNptu")
		names(rest)
		names(optValues(opts, "a"))
		if len(rest) == 0 {
			w.setsVar("REPLY", Arg{Dynamic: true}, "read")
		}
	case "mapfile", "readarray":
		opts, rest := splitOpts(args, "dnOsuCc")
		if hasOpt(opts, "C") {
			w.problem(ProblemShellState, cmd.Name+" -C runs a command for the lines it reads")
		}
		names(rest)
	case "printf":
		opts, _ := splitOpts(args, "v")
		names(optValues(opts, "v"))
	case "getopts":
		if len(args) > 1 {
			names(args[1:2])
		}
	case "unset":
		opts, rest := splitOpts(args, "")
		if hasOpt(opts, "f") {
			break // functions
		}
		for _, a := range rest {
			if a.Dynamic || !w.plainName(a.Value, f) {
				w.problem(ProblemShellState, fmt.Sprintf("unset names the variable %q, which the analysis cannot read", a.Value))
			}
		}
	case "wait":
		opts, _ := splitOpts(args, "p")
		names(optValues(opts, "p"))
	case "jobs":
		if opts, _ := splitOpts(args, ""); hasOpt(opts, "x") {
			w.problem(ProblemShellState, "jobs -x runs a command")
		}
	case "hash":
		if opts, _ := splitOpts(args, "p"); hasOpt(opts, "p") {
			w.problem(ProblemShellState, "hash -p changes the program a name runs")
		}
	case "enable":
		if opts, _ := splitOpts(args, "f"); hasOpt(opts, "f") {
			w.problem(ProblemShellState, "enable -f loads a builtin from a file")
		}
	}
}

// splitOpts splits a builtin's words into its option words (-r, -a NAME)
// and the rest, after -- or the first word that is no option. The value
// of an option that takes one (a letter of valued) follows it among the
// option words. A dynamic word may be any option: options end there.
func splitOpts(args []Arg, valued string) (opts, rest []Arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Value == "--":
			return args[:i], args[i+1:]
		case a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-":
			return args[:i], args[i:]
		}
		for j := 1; j < len(a.Value); j++ {
			if strings.IndexByte(valued, a.Value[j]) >= 0 {
				if j == len(a.Value)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return args, nil
}

// optValues returns the values of a one-letter option among a builtin's
// option words (split by splitOpts): -v NAME, -vNAME, -rv NAME.
func optValues(opts []Arg, letter string) []Arg {
	var out []Arg
	for i := 0; i < len(opts); i++ {
		a := opts[i]
		j := strings.Index(a.Value, letter)
		if !strings.HasPrefix(a.Value, "-") || j < 1 {
			continue
		}
		if j == len(a.Value)-1 {
			if i+1 < len(opts) {
				out = append(out, opts[i+1])
			}
			i++
			continue
		}
		out = append(out, Arg{Value: a.Value[j+1:], Dynamic: a.Dynamic})
	}
	return out
}

// hasOpt reports a one-letter option among a builtin's option words.
func hasOpt(opts []Arg, letter string) bool {
	for _, a := range opts {
		if strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value[1:], letter) {
			return true
		}
	}
	return false
}

// declareInteger records a variable declared -i: what is assigned to it
// later is evaluated as arithmetic.
func (w *walker) declareInteger(name string) {
	if w.integer == nil {
		w.integer = map[string]bool{}
	}
	w.integer[name] = true
}

// intValue checks a value assigned to a variable: one declared -i (now or
// before) evaluates it as arithmetic; an arithmetic expansion makes it a
// number.
func (w *walker) intValue(name string, word *syntax.Word, integer bool, f *frame) {
	if integer {
		w.declareInteger(name)
	}
	if word == nil {
		return
	}
	if w.integer[name] {
		w.arith(word, f)
	}
	if len(word.Parts) == 1 {
		if _, ok := word.Parts[0].(*syntax.ArithmExp); ok {
			w.setsNumber(name, "an assignment")
		}
	}
}

// runsHere reports a program word that runs code in this shell, which
// sees the variables set for it: a function defined in the string, eval,
// source and the dot.
func (w *walker) runsHere(prog *syntax.Word, f *frame) bool {
	a := w.literal(prog, f)
	if a.Dynamic {
		return true
	}
	switch a.Value {
	case "eval", "source", ".", "trap":
		return true
	}
	_, ok := w.funcDefs[a.Value]
	return ok
}

// evaluates checks the nodes of a word or command in which bash
// evaluates text: arithmetic, [[ ]], subscripts and other parameter
// expansions.
func (w *walker) evaluates(nodes []syntax.Node, f *frame) {
	for _, node := range nodes {
		switch s := node.(type) {
		case *syntax.ArithmExp:
			w.arith(s.X, f)
		case *syntax.ArithmCmd:
			w.arith(s.X, f)
		case *syntax.LetClause:
			for _, x := range s.Exprs {
				w.arith(x, f)
			}
		case *syntax.CStyleLoop:
			w.arith(s.Init, f)
			w.arith(s.Cond, f)
			w.arith(s.Post, f)
		case *syntax.TestClause:
			w.testArith(s.X, f)
		case *syntax.ParamExp:
			w.paramState(s, f)
		case *syntax.ArrayElem:
			if !w.inAssoc {
				w.arith(s.Index, f)
			}
		}
	}
}

// declareAssoc records an array declared -A: its subscripts are strings.
func (w *walker) declareAssoc(name string) {
	if w.assoc == nil {
		w.assoc = map[string]bool{}
	}
	w.assoc[name] = true
}
