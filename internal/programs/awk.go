package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// awk runs a program over its input files. The options say where the
// program comes from (the first operand, -f files, gawk's -e, -i and -l);
// the program is awk code, read here token by token: system(), pipes to
// and from commands and coprocesses run programs, print > and >> write
// files, getline < reads them, ENVIRON reads the environment, assigning
// ARGV changes which files are read, and @load and @include load code.
// Operands of the form var=value are assignments, the others input files.
// The options end at the first operand, the program (gawk and mawk stop
// there: awk 'PROG' --version runs PROG with a file named --version).

var awkProgram = &Program{Names: []string{"awk", "gawk", "mawk", "nawk"}, Launch: launchAwk, Node: Node{POSIX: true, Opts: `
-f --file=PROGFILE                      read
-F --field-separator=FS
-v --assign=VAR
-b --characters-as-bytes
-c --traditional
-C --copyright                           help
-d --dump-variables[=FILE]               write
-D --debug[=FILE]                        unknown
-e --source=PROGRAM
-E --exec=FILE                           code
-g --gen-pot
-h --help --usage                        help
-i --include=FILE                        code
-I --trace
-k --csv
-l --load=LIBRARY                        code
-L --lint[=VALUE]
-M --bignum
-N --use-lc-numeric
-n --non-decimal-data
-o --pretty-print[=FILE]                 write
-O --optimize
-p --profile[=FILE]                      write
-P --posix
-r --re-interval
-s --no-optimize
-S --sandbox
-t --lint-old
-V --version                             help
-W=OPTION
`, Effects: awkEffects}}

func awkEffects(c *Call, fx *Effects) {
	for _, w := range c.ValueArgs("-W") {
		switch name, _, _ := strings.Cut(w.Value, "="); name {
		case "version", "v", "usage", "help", "dump", "interactive", "posix_space", "sprintf", "random", "i", "p", "s", "r":
		default:
			// mawk -W exec FILE runs a program file.
			fx.Unknown("mawk -W " + w.Value + " is not modelled")
		}
	}
	programs := c.ValueArgs("-e")
	operands := c.Args()
	if !c.Has("-f") && len(programs) == 0 && !c.Has("-E") {
		if len(operands) == 0 {
			fx.Unknown("awk has no program")
			return
		}
		programs, operands = operands[:1], operands[1:]
	}
	if c.Has("-f") {
		fx.Unknown("awk runs a program from a file (-f), which the model does not read")
	}
	sandbox := c.Has("-S")
	for _, p := range programs {
		if p.Dynamic {
			fx.Unknown("awk's program is only known at run time (" + p.Value + ")")
			continue
		}
		awkCode(p.Value, sandbox, fx)
	}
	for _, a := range operands {
		if a.Value == "-" || shell.IsAssign(a.Value) {
			continue
		}
		fx.Read(a)
	}
}

// awkCode records the effects of an awk program. With sandbox (gawk
// --sandbox), system(), redirections and extensions are refused.
func awkCode(code string, sandbox bool, fx *Effects) {
	toks := awkTokens(code)
	var pr awkPrint
	lit := func(i int) (string, bool) {
		if i >= 0 && i < len(toks) && len(toks[i]) >= 1 && toks[i][0] == '"' && !strings.Contains(toks[i], "\\") {
			return toks[i][1:], true
		}
		return "", false
	}
	// A string is the whole command or file name only when nothing is
	// joined to it: awk concatenates what stands beside it ("cat" x,
	// "-" $0), so the token after it (or, before | getline, the one
	// before it) must end or start the expression.
	ends := func(i int) bool {
		if i >= len(toks) {
			return true
		}
		switch toks[i] {
		case ";", "}", "\n", ")", "||", "&&", ",":
			return true
		}
		return false
	}
	starts := func(i int) bool {
		if i < 0 {
			return true
		}
		switch toks[i] {
		case ";", "{", "}", "\n", "(", "||", "&&", ",", "!", "=":
			return true
		}
		return false
	}
	after := func(i int) (string, bool) {
		if !ends(i + 1) {
			return "", false
		}
		return lit(i)
	}
	for i, t := range toks {
		redirect := pr.redirects(t)
		switch {
		case strings.HasPrefix(t, "@") && t != "@namespace":
			// @load and @include load code; @name() calls a function
			// chosen at run time, system() among them.
			fx.Unknown("awk loads code or calls a function by name with " + t)
		case t == "ENVIRON":
			if i+2 < len(toks) && toks[i+1] == "[" {
				if name, ok := lit(i + 2); ok && i+3 < len(toks) && toks[i+3] == "]" {
					fx.Env(name)
					continue
				}
			}
			fx.Env("")
		case t == "ARGV" || t == "ARGC":
			if awkAssigns(toks[i+1:]) {
				fx.Unknown("awk changes " + t + ", and so which files it reads")
			}
		case sandbox:
		case t == "system" && i+1 < len(toks) && toks[i+1] == "(":
			if cmd, ok := lit(i + 2); ok && i+3 < len(toks) && toks[i+3] == ")" {
				fx.Exec("sh", cmd, "awk system()")
			} else {
				fx.Exec("sh", "", "awk system() runs a command made at run time")
			}
		case t == "|&":
			fx.Exec("sh", "", "awk talks to a coprocess")
		case t == "|":
			if cmd, ok := lit(i - 1); ok && starts(i-2) && i+1 < len(toks) && toks[i+1] == "getline" {
				fx.Exec("sh", cmd, "awk \"cmd\" | getline")
			} else if cmd, ok := after(i + 1); ok && pr.in {
				// The command reads what awk prints into it.
				fx.Runs(cmd, "awk print | \"cmd\"", false, true)
			} else {
				fx.Exec("sh", "", "awk pipes to or from a command made at run time")
			}
		case redirect:
			if f, ok := after(i + 1); ok {
				if f != "/dev/stdout" && f != "/dev/stderr" && f != "-" {
					fx.Write(shell.Arg{Value: f}, "awk print "+t)
				}
			} else {
				fx.Unknown("awk writes a file named at run time with print " + t)
			}
		case t == "<" && awkAfterGetline(toks[:i]):
			if f, ok := after(i + 1); ok {
				if f != "/dev/stdin" && f != "-" {
					fx.Read(shell.Arg{Value: f})
				}
			} else {
				fx.Unknown("awk reads a file named at run time with getline <")
			}
		}
	}
}

// awkAssigns reports whether the tokens after a name assign to it (ARGV[1]
// = "x", ARGC++, delete ARGV[1] is not seen here but changes nothing
// read), up to the end of the statement.
func awkAssigns(toks []string) bool {
	depth := 0
	for _, t := range toks {
		switch t {
		case "[", "(":
			depth++
		case "]", ")":
			depth--
		case "=", "+=", "-=", "*=", "/=", "%=", "^=", "++", "--":
			if depth <= 0 {
				return true
			}
		case ";", "\n", "}", "{", "&&", "||", "==", "!=", "<", ">", "<=", ">=":
			if depth <= 0 {
				return false
			}
		}
		if depth < 0 {
			return false
		}
	}
	return false
}

// awkAfterGetline reports whether the tokens end with getline, or with
// getline and a variable (getline line < "f"), so that a < after them
// redirects getline's input.
func awkAfterGetline(toks []string) bool {
	n := len(toks)
	if n >= 1 && toks[n-1] == "getline" {
		return true
	}
	return n >= 2 && toks[n-2] == "getline" && len(toks[n-1]) > 0 && isIdentByte(toks[n-1][0])
}

// awkPrint follows awk tokens to tell the > and >> that redirect a print
// or printf statement from comparisons.
type awkPrint struct {
	in    bool
	depth int // parentheses open in the current print statement
}

// redirects takes the next token and reports whether it redirects a
// print's output to a file.
func (p *awkPrint) redirects(t string) bool {
	switch {
	case t == "print" || t == "printf":
		p.in, p.depth = true, 0
	case t == ";" || t == "\n" || t == "}" || t == "{":
		p.in = false
	case t == "(":
		p.depth++
	case t == ")":
		p.depth--
	case t == ">" || t == ">>":
		return p.in && p.depth <= 0
	}
	return false
}

// awkTokens splits awk code into tokens: names, numbers and fields, string
// literals (with their opening quote), regular expressions (as ""),
// operators; comments and blanks are dropped, newlines kept.
func awkTokens(code string) []string {
	var out []string
	// operand reports that the previous token ends an operand, so that a
	// slash after it divides instead of starting a regular expression.
	operand := false
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case c == '\\' && i+1 < len(code) && code[i+1] == '\n':
			i++
			continue
		case c == '#':
			for i < len(code) && code[i] != '\n' {
				i++
			}
			i--
			continue
		case c == '"' || c == '/' && !operand:
			j := i + 1
			for j < len(code) && code[j] != c && code[j] != '\n' {
				if code[j] == '\\' {
					j++
				}
				j++
			}
			if c == '"' {
				// Keep the text of a string: print > "file" names a file.
				out = append(out, code[i:min(j, len(code))])
			} else {
				out = append(out, "\"\"")
			}
			operand = true
			i = j
			continue
		case isIdentByte(c) || c == '@' || c == '$':
			j := i + 1
			for j < len(code) && isIdentByte(code[j]) {
				j++
			}
			out = append(out, code[i:j])
			operand = true
			i = j - 1
			continue
		}
		tok := string(c)
		if i+1 < len(code) {
			switch two := code[i : i+2]; two {
			case "|&", "||", ">>", ">=", "==", "!=", "<=", "&&", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=":
				tok = two
				i++
			}
		}
		out = append(out, tok)
		operand = tok == ")" || tok == "]" || tok == "++" || tok == "--"
	}
	return out
}

// isIdentByte reports a byte of an awk name, field or number ($1, NR,
// 3.5).
func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// launchAwk finds the program awk runs, for the walker to read as it
// reads interpreter code; a program file (-f) is not seen.
func launchAwk(c *shell.Simple) (shell.Launched, bool) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic && (a.Input || i == 0) {
			return awkFromInput(a)
		}
		switch {
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "-f") && len(v) > 2:
			return shell.Launched{}, false
		case v == "-v" || v == "-F" || v == "--assign" || v == "--field-separator":
			i++
		case v == "--" || !strings.HasPrefix(v, "-"):
			if v == "--" {
				if i+1 >= len(args) {
					return shell.Launched{}, false
				}
				i++
				a = args[i]
			}
			if a.Dynamic {
				// A program computed at run time is not seen here.
				return awkFromInput(a)
			}
			return shell.Launched{Keep: true, Interpret: a.Value, Lang: "awk"}, true
		}
	}
	return shell.Launched{}, false
}

// awkFromInput is the launch of an awk whose program is a word computed
// at run time: code nobody has seen when it comes from input.
func awkFromInput(a shell.Arg) (shell.Launched, bool) {
	if !a.Input {
		return shell.Launched{}, false
	}
	return shell.Launched{Keep: true, RunsInputWhy: "its program comes from run-time input (" + a.Value + ")"}, true
}
