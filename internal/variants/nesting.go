package variants

import (
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The nesting transforms run a command, or one simple command of it,
// inside another construct: a shell given the code, eval, a command
// substitution, a subshell, a block, a function, an if or a for. A
// simple command is nested only when its text can be moved as a piece:
// no here-document, comment or &.

// blanks are the characters that separate words for the shell; others,
// such as \v or \r, are parts of words.
const blanks = " \t\n"

// target is a piece of a command's text to nest: the whole command, or
// one simple command.
type target struct {
	start, end int
	text       string
	whole      bool
	k          *call
}

// targets returns the whole command and the simple commands that ok
// accepts.
func (c *Command) targets(ok func(k *call) bool) []target {
	var out []target
	if c.wholeOK() {
		text := strings.Trim(c.Text, blanks)
		start := strings.Index(c.Text, text)
		out = append(out, target{start: start, end: start + len(text), text: text, whole: true})
	}
	for _, k := range c.calls {
		t := c.stmtText(k.stmt)
		if t == "" || len(out) > 0 && t == out[0].text || !ok(k) {
			continue
		}
		out = append(out, target{start: off(k.stmt.Pos()), end: stmtEnd(k.stmt), text: t, k: k})
	}
	return out
}

// wholeOK reports whether the whole command may be nested: it has a
// statement, and does not end with a backslash, which would escape what
// follows it.
func (c *Command) wholeOK() bool {
	return len(c.file.Stmts) > 0 && !strings.HasSuffix(strings.Trim(c.Text, blanks), `\`)
}

// nest replaces each target with what wrap makes of its text. A space
// keeps a ( that follows another from making (( or $(( (arithmetic).
func (c *Command) nest(ts []target, wrap func(t target) string) []string {
	var out []string
	for _, t := range ts {
		w := wrap(t)
		if w == "" {
			continue
		}
		if w[0] == '(' && t.start > 0 && c.Text[t.start-1] == '(' {
			w = " " + w
		}
		out = append(out, c.splice(edit{t.start, t.end, w}))
	}
	return out
}

// multiline reports whether the whole command must end with a newline
// before a closing word: it has a here-document or a comment.
func (c *Command) multiline() bool { return c.heredoc || c.comment }

// closer returns what separates a target's code from a closing word (},
// fi, done) that needs a command terminator before it.
func (c *Command) closer(t target) string {
	switch {
	case t.whole && c.multiline():
		return "\n"
	case terminated(t.text):
		return " "
	}
	return "; "
}

// terminated reports whether code ends with a ; or & that ends its last
// command (not an escaped one, a word of find -exec).
func terminated(code string) bool {
	n := len(code)
	return n > 0 && (code[n-1] == ';' || code[n-1] == '&') && (n < 2 || code[n-2] != '\\')
}

// end returns what separates a target's code from a closing parenthesis
// or quote.
func (c *Command) end(t target) string {
	if t.whole && c.multiline() {
		return "\n"
	}
	return ""
}

// sameShell accepts the simple commands that any construct of the same
// shell may hold.
func sameShell(*call) bool { return true }

// childShell accepts the simple commands that mean the same in a child
// shell: not builtins that change the shell, nor functions the command
// defines (which may run them), nor assignments alone.
func (c *Command) childShell(k *call) bool {
	name := k.name()
	return name != "" && !stateBuiltins[name] && !c.funcs[name]
}

// codeString accepts the simple commands that mean the same as code given
// to a new shell: as in a child shell, and with no expansion (the new
// shell knows only exported variables) or function the command defines.
func (c *Command) codeString(k *call) bool {
	if !c.childShell(k) || c.aliases {
		return false
	}
	t := c.stmtText(k.stmt)
	return !strings.ContainsAny(t, "$`")
}

// bashC runs code with bash -c, in single or double quotes: bash -c 'cmd'.
// For a single simple command, see codeString.
func bashC(c *Command) []string {
	ts := c.targets(c.codeString)
	out := c.nest(ts, func(t target) string { return "bash -c " + singleQuote(t.text+c.end(t)) })
	return append(out, c.nest(ts, func(t target) string { return "bash -c " + doubleQuote(t.text+c.end(t)) })...)
}

// shC runs code with sh -c: sh -c "cmd". sh may be dash: it applies only
// to code that sh reads as bash does (see posixSafe).
func shC(c *Command) []string {
	ts := c.targets(c.codeString)
	return c.nest(ts, func(t target) string {
		if !posixSafe(t.text) {
			return ""
		}
		return "sh -c " + doubleQuote(t.text+c.end(t))
	})
}

// eval runs code with eval, in the same shell: eval 'cmd'.
func eval(c *Command) []string {
	ts := c.targets(sameShell)
	out := c.nest(ts, func(t target) string { return "eval " + singleQuote(t.text+c.end(t)) })
	return append(out, c.nest(ts, func(t target) string { return "eval " + doubleQuote(t.text+c.end(t)) })...)
}

// cmdSubst prints a command's output through a command substitution:
// echo "$(cmd)". Output is never run. For the whole command, it does not
// apply when something runs in the background (the substitution would
// wait for it); the command's exit status becomes echo's. For a simple
// command, only at top level, when its output goes to no pipe, and the
// command reads no $? and uses no set (whose -e would stop on a failure
// the substitution hides); not to builtins that change the shell.
func cmdSubst(c *Command) []string {
	ts := c.targets(func(k *call) bool {
		return k.top && !k.pipeOut && !c.exitStatus && !c.setBuiltin && c.childShell(k)
	})
	if c.background && len(ts) > 0 && ts[0].whole {
		ts = ts[1:]
	}
	return c.nest(ts, func(t target) string {
		if t.text[0] == '(' {
			return `echo "$( ` + t.text + c.end(t) + `)"`
		}
		return `echo "$(` + t.text + c.end(t) + `)"`
	})
}

// subshell runs code in a subshell: ( cmd ). For a simple command, not
// builtins that change the shell.
func subshell(c *Command) []string {
	return c.nest(c.targets(c.childShell), func(t target) string { return "( " + t.text + c.end(t) + " )" })
}

// braces groups code in a block of the same shell: { cmd; }.
func braces(c *Command) []string {
	return c.nest(c.targets(sameShell), func(t target) string { return "{ " + t.text + c.closer(t) + "}" })
}

// ifTrue runs code in an if whose condition holds:
// if true; then cmd; fi.
func ifTrue(c *Command) []string {
	return c.nest(c.targets(sameShell), func(t target) string {
		return "if true; then " + t.text + c.closer(t) + "fi"
	})
}

// forOne runs code in a for loop over one word:
// for _v in 1; do cmd; done. It does not apply to code with break or
// continue, which the loop would catch.
func forOne(c *Command) []string {
	for _, k := range c.calls {
		if n := k.name(); n == "break" || n == "continue" {
			return nil
		}
	}
	v := c.fresh("_v")
	return c.nest(c.targets(sameShell), func(t target) string {
		return "for " + v + " in 1; do " + t.text + c.closer(t) + "done"
	})
}

// function defines a function that runs code, then calls it:
// _f() { cmd; }; _f. A simple command's function is defined at the start.
// It does not apply to code that reads positional parameters or
// $LINENO, declares variables (local to a function), sets a trap (RETURN
// traps run when a function returns), or runs return, shift or caller.
func function(c *Command) []string {
	if c.positional || c.declares || c.trap || strings.Contains(c.Text, "LINENO") {
		return nil
	}
	for _, k := range c.calls {
		switch k.name() {
		case "return", "shift", "caller", "local", "declare", "typeset":
			return nil
		}
	}
	f := c.fresh("_f")
	var out []string
	for _, t := range c.targets(sameShell) {
		def := f + "() { " + t.text + c.closer(t) + "}"
		if t.whole {
			out = append(out, c.splice(edit{t.start, t.end, def + "\n" + f}))
			continue
		}
		out = append(out, def+"\n"+c.splice(edit{t.start, t.end, f}))
	}
	return out
}

// heredoc gives the whole command to bash on its standard input:
// bash <<'EOF' ... EOF. The code is bash's input, so a command in it that
// reads its input would read the code after it: it applies only to code
// of one line, where that input is empty, as an agent's shell gives; and
// not when a command of it runs code from that input (see stdin.go).
func heredoc(c *Command) []string {
	if !c.wholeOK() {
		return nil
	}
	text := strings.Trim(c.Text, blanks)
	if strings.Contains(text, "\n") || c.inputCode() {
		return nil
	}
	delim := "EOF"
	for i := 2; strings.Contains(text, delim); i++ {
		delim = "EOF" + strconv.Itoa(i)
	}
	return []string{"bash <<'" + delim + "'\n" + text + "\n" + delim}
}

// hereString gives the whole command to bash or sh on its standard
// input: bash <<< 'cmd'. As heredoc, only for code of one line; sh only
// for code it reads as bash does.
func hereString(c *Command) []string {
	if !c.wholeOK() {
		return nil
	}
	text := strings.Trim(c.Text, blanks)
	if strings.Contains(text, "\n") || c.inputCode() {
		return nil
	}
	out := []string{"bash <<< " + singleQuote(text)}
	if posixSafe(text) {
		out = append(out, "sh <<< "+singleQuote(text))
	}
	return out
}

// cdHere runs the whole command after a cd to its own working directory:
// cd . && cmd, cd "$PWD" && cmd, cd /abs/cwd && cmd, and ~, $HOME and
// ../name spellings of it. A cd elsewhere would change what relative
// paths name. It does not apply to a command that reads the previous
// directory (cd -, ~-, $OLDPWD), which the cd sets.
var oldpwd = regexp.MustCompile(`OLDPWD|~-|(^|[^A-Za-z0-9_.-])cd\s+(-[LPe@]+\s+)*-($|[\s;&|)])`)

func cdHere(c *Command) []string {
	if !c.wholeOK() || oldpwd.MatchString(c.Text) {
		return nil
	}
	text := strings.TrimLeft(c.Text, blanks)
	cwd, home := c.Env.Cwd, c.Env.Home
	dirs := []string{".", `"$PWD"`, cwd, "../" + lastElem(cwd)}
	if rel, ok := under(cwd, home); ok && rel != "" {
		dirs = append(dirs, "~/"+rel, "$HOME/"+rel)
	}
	if len(c.file.Stmts) > 1 || c.file.Stmts[0].Background {
		// cd d && a; b makes a alone depend on cd: the group keeps the
		// whole command after it.
		text = "{\n" + text + "\n}"
	}
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = "cd " + d + " && " + text
	}
	return out
}

// fresh returns a name, from base, that the command's text does not
// hold.
func (c *Command) fresh(base string) string {
	name := base
	for i := 2; strings.Contains(c.Text, name); i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// posixSafe reports whether sh (dash) runs code as bash does: it parses
// the same as POSIX shell code, and uses none of what dash lacks or does
// otherwise: a bash-only builtin or keyword, set (-o pipefail), trap
// (ERR), options of echo other than -n, of read other than -r, of type or
// export, printf's %q and -v, $” or $"" quoting, brace expansion, a
// backslash (dash's echo reads escapes), ==, &>, a glob that starts with
// a dot (dash's .* matches . and ..), ++, -- or ** in arithmetic, or a
// variable only bash sets.
func posixSafe(code string) bool {
	if strings.ContainsAny(code, "\\{") || strings.Contains(code, "==") || strings.Contains(code, "&>") ||
		strings.Contains(code, "%q") || dotGlob.MatchString(code) {
		return false
	}
	bash, err := newParser().Parse(strings.NewReader(code), "")
	if err != nil {
		return false
	}
	posix, err := syntax.NewParser(syntax.Variant(syntax.LangPOSIX), syntax.KeepComments(true)).Parse(strings.NewReader(code), "")
	if err != nil || printed(bash) != printed(posix) {
		return false
	}
	safe := true
	syntax.Walk(bash, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				safe = safe && posixCall(n.Args)
			}
		case *syntax.SglQuoted:
			safe = safe && !n.Dollar
		case *syntax.DblQuoted:
			safe = safe && !n.Dollar
		case *syntax.DeclClause:
			safe = safe && (n.Variant.Value == "readonly" || n.Variant.Value == "local" || n.Variant.Value == "export")
			for _, a := range n.Args {
				if a.Naked && a.Value != nil {
					v, _ := staticValue(a.Value)
					safe = safe && !strings.HasPrefix(v, "-")
				}
			}
		case *syntax.Redirect:
			if n.Op == syntax.DplOut || n.Op == syntax.DplIn {
				v, _ := staticValue(n.Word)
				safe = safe && (v == "-" || isDigits(v))
			}
		case *syntax.ParamExp:
			safe = safe && (n.Param == nil || !bashVars[n.Param.Value])
		case *syntax.UnaryArithm:
			safe = safe && n.Op != syntax.Inc && n.Op != syntax.Dec
		case *syntax.BinaryArithm:
			safe = safe && n.Op != syntax.Pow
		case *syntax.TestClause, *syntax.ArithmCmd, *syntax.LetClause, *syntax.TimeClause, *syntax.CoprocClause,
			*syntax.ProcSubst, *syntax.ExtGlob:
			safe = false
		}
		return safe
	})
	return safe
}

// dotGlob matches a glob that starts with a dot.
var dotGlob = regexp.MustCompile(`(^|[\s/=])\.[*?\[]`)

// bashVars are variables bash sets and dash does not.
var bashVars = setOf(`BASH BASHOPTS BASHPID BASH_ALIASES BASH_ARGC BASH_ARGV BASH_CMDS BASH_COMMAND BASH_LINENO
	BASH_SOURCE BASH_SUBSHELL BASH_VERSINFO BASH_VERSION DIRSTACK EPOCHREALTIME EPOCHSECONDS EUID FUNCNAME GROUPS
	HISTCMD HOSTNAME HOSTTYPE MACHTYPE OSTYPE PIPESTATUS RANDOM SECONDS SHELLOPTS SHLVL SRANDOM UID`)

// posixCall reports whether dash runs a simple command as bash does, as
// far as its program and options tell.
func posixCall(args []*syntax.Word) bool {
	name, _ := staticValue(args[0])
	if bashOnly[name] || name == "set" || name == "trap" || name == "ulimit" || name == "wait" {
		return false
	}
	for _, w := range args[1:] {
		v, ok := staticValue(w)
		if !ok || !strings.HasPrefix(v, "-") {
			break
		}
		switch {
		case name == "echo" && v != "-n", name == "read" && v != "-r", name == "printf", name == "type",
			name == "export", name == "kill" && v != "-9" && v != "-s":
			return false
		}
	}
	return true
}
