package shell

import (
	"strconv"
	"strings"
)

// Some commands print what the analysis can know: the builtins echo and
// printf of constant text, pwd, and command -v or type -P of a program's
// name; and programs whose models know what they print (basename of a
// constant, base64 -d of known text; see Launcher.Fold). A command
// substitution whose commands print only such text (see stream.go) holds
// that value, as the kernel will see it: `cat "$(echo .env)"` reads .env,
// and so does `echo .env | xargs cat`.

// fold returns what a command prints when it is known: a builtin's output
// or, for a program, its model's answer. A word known only at run time
// makes it not known, and so does a glob word: the shell replaces it with
// the names it matches at run time (echo .e* prints .env), names nobody
// has seen, which may hold blanks, quotes or shell code, so a reader of
// the output (xargs, a substitution, sh) must not take the pattern for
// what it reads.
func (w *walker) fold(c *Command) (string, bool) {
	for _, a := range c.Args[1:] {
		if a.Dynamic || a.Glob {
			return "", false
		}
	}
	if out, ok := w.builtinOutput(c); ok {
		return out, true
	}
	text, known := stdinText(c)
	w.simple = Simple{Name: c.Name, Args: c.Args, Assigns: c.Assigns, Cwd: c.Cwd, Origin: c.Origin, Stdin: text, StdinKnown: known}
	return w.opts.Launcher.Fold(&w.simple, (*machine)(w))
}

// builtinOutput returns what a builtin whose words are all known prints,
// when it is known.
func (w *walker) builtinOutput(c *Command) (string, bool) {
	if out, ok := output(c); ok {
		return out, true
	}
	switch c.Name {
	case "pwd":
		if len(c.Args) == 1 && c.Cwd != "" {
			return c.Cwd + "\n", true
		}
	case "command", "type":
		// The file a name runs: command -v NAME, type -P NAME.
		if len(c.Args) == 3 && (c.Name == "command" && c.Args[1].Value == "-v" || c.Name == "type" && c.Args[1].Value == "-P") {
			if p := (*machine)(w).LookPath(c.Args[2].Value); p != "" {
				return p + "\n", true
			}
		}
	}
	return "", false
}

// machine answers what a model asks of the machine from the walker's
// Options (see Machine).
type machine walker

func (m *machine) LookPath(name string) string {
	w := (*walker)(m)
	if name == "" || strings.HasPrefix(name, "-") || strings.Contains(name, "/") || w.opts.LookPath == nil ||
		w.funcDefs[name] != nil || w.aliases[name] != "" {
		return ""
	}
	return w.opts.LookPath(name)
}

func (m *machine) Toplevel(dir string) string {
	w := (*walker)(m)
	if dir != w.opts.Cwd || w.opts.Toplevel == nil {
		// The top of the repository of the folder the command string
		// runs in, not of one it moved to.
		return ""
	}
	return w.opts.Toplevel()
}

// output returns what echo or printf, their words all known, write when
// it is known statically.
func output(p *Command) (string, bool) {
	switch p.Name {
	case "echo":
		args, newline := p.Args[1:], "\n"
		for len(args) > 0 && echoFlags(args[0].Value) {
			if strings.Contains(args[0].Value, "n") {
				newline = ""
			}
			args = args[1:]
		}
		words := make([]string, len(args))
		for j, a := range args {
			if strings.Contains(a.Value, `\`) {
				// Escapes: bash's echo prints them, dash's and zsh's
				// decode them.
				return "", false
			}
			words[j] = a.Value
		}
		return strings.Join(words, " ") + newline, true
	case "printf":
		if len(p.Args) < 2 {
			return "", false
		}
		return printf(p.Args[1].Value, p.Words()[2:])
	}
	return "", false
}

// echoFlags reports a word of echo's options: -n, -e, -E or a cluster of
// them.
func echoFlags(v string) bool {
	return len(v) > 1 && v[0] == '-' && strings.Trim(v[1:], "neE") == ""
}

// printf renders the common subset of printf formats that every shell's
// printf renders alike: %s, %b and %d of plain arguments, %%, and the POSIX
// backslash escapes; the format is reused while arguments remain. It
// reports false for anything else (widths, other conversions, \x, \c),
// which it does not guess.
func printf(format string, args []string) (string, bool) {
	if strings.HasPrefix(format, "-") {
		return "", false // printf -v var, printf --
	}
	var b strings.Builder
	for first := true; first || len(args) > 0; first = false {
		used := false
		for i := 0; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '\\' && i+1 < len(format):
				i++
				switch e := format[i]; e {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case 'r':
					b.WriteByte('\r')
				case 'a':
					b.WriteByte('\a')
				case 'b':
					b.WriteByte('\b')
				case 'f':
					b.WriteByte('\f')
				case 'v':
					b.WriteByte('\v')
				case '\\':
					b.WriteByte('\\')
				case '0', '1', '2', '3', '4', '5', '6', '7':
					n := 0
					for k := 0; k < 3 && i < len(format) && format[i] >= '0' && format[i] <= '7'; k++ {
						n = n*8 + int(format[i]-'0')
						i++
					}
					i--
					b.WriteByte(byte(n))
				default:
					return "", false
				}
			case c == '%' && i+1 < len(format):
				i++
				arg := ""
				if format[i] != '%' && len(args) > 0 {
					arg, args, used = args[0], args[1:], true
				}
				switch format[i] {
				case '%':
					b.WriteByte('%')
				case 's':
					b.WriteString(arg)
				case 'b':
					if strings.Contains(arg, `\`) {
						return "", false
					}
					b.WriteString(arg)
				case 'd', 'i':
					if arg == "" {
						arg = "0"
					}
					if n, err := strconv.Atoi(arg); err != nil || strconv.Itoa(n) != arg {
						return "", false
					}
					b.WriteString(arg)
				default:
					return "", false
				}
			case c == '\\' || c == '%':
				return "", false
			default:
				b.WriteByte(c)
			}
		}
		if !used {
			break
		}
	}
	return b.String(), true
}
