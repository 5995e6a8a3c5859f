package shell

import (
	"encoding/base64"
	"encoding/hex"
	"path"
	"strconv"
	"strings"
)

// Some commands print what the analysis can know: echo or printf of
// constant text, the current folder, the top of the repository, basename
// and dirname of a constant, and known text decoded by base64 -d, xxd -r
// -p or reversed by rev. A command substitution whose commands print only
// such text (see stream.go) holds that value, as the kernel will see it:
// `cat "$(echo .env)"` reads .env, and so does `echo .env | xargs cat`.

// produce returns what a command that reads no input prints, when it is
// known.
func (w *walker) produce(c *Command) (string, bool) {
	if out, ok := output(c); ok {
		return out, true
	}
	switch c.Name {
	case "pwd", "basename", "dirname", "git", "which", "command", "type":
	default:
		return "", false
	}
	for _, a := range c.Args[1:] {
		if a.Dynamic || a.Glob {
			return "", false
		}
	}
	words := c.Words()[1:]
	switch c.Name {
	case "pwd":
		if len(words) == 0 && c.Cwd != "" {
			return c.Cwd + "\n", true
		}
	case "basename":
		if len(words) == 1 {
			return path.Base(words[0]) + "\n", true
		}
		if len(words) == 2 && !strings.HasPrefix(words[1], "-") {
			return strings.TrimSuffix(path.Base(words[0]), words[1]) + "\n", true
		}
	case "dirname":
		if len(words) == 1 {
			return path.Dir(words[0]) + "\n", true
		}
	case "which", "command", "type":
		// The file a name runs: which NAME, command -v NAME, type -P
		// NAME, for a name that is no function or alias of the string.
		name := ""
		switch {
		case c.Name == "which" && len(words) == 1:
			name = words[0]
		case c.Name == "command" && len(words) == 2 && words[0] == "-v", c.Name == "type" && len(words) == 2 && words[0] == "-P":
			name = words[1]
		}
		if name == "" || strings.HasPrefix(name, "-") || strings.Contains(name, "/") || w.opts.LookPath == nil ||
			w.funcDefs[name] != nil || w.aliases[name] != "" {
			return "", false
		}
		if p := w.opts.LookPath(name); p != "" {
			return p + "\n", true
		}
	case "git":
		// The top of the repository of the folder the command string
		// runs in, not of one it moved to.
		if len(words) == 2 && words[0] == "rev-parse" && words[1] == "--show-toplevel" && w.opts.Toplevel != nil &&
			c.Cwd == w.opts.Cwd {
			if top := w.opts.Toplevel(); top != "" {
				return top + "\n", true
			}
		}
	}
	return "", false
}

// filter returns what a command prints for the input in, when it is
// known.
func filter(c *Command, in string) (string, bool) {
	switch c.Name {
	case "base64", "xxd", "rev", "cat":
	default:
		return "", false
	}
	for _, a := range c.Args[1:] {
		if a.Dynamic || a.Glob {
			return "", false
		}
	}
	words := c.Words()[1:]
	switch c.Name {
	case "base64":
		if len(words) == 1 && (words[0] == "-d" || words[0] == "-D" || words[0] == "--decode") {
			b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(in), ""))
			if err != nil {
				return "", false
			}
			return string(b), true
		}
	case "xxd":
		if len(words) == 2 && (words[0] == "-r" && words[1] == "-p" || words[0] == "-p" && words[1] == "-r") ||
			len(words) == 1 && (words[0] == "-rp" || words[0] == "-pr") {
			b, err := hex.DecodeString(strings.Join(strings.Fields(in), ""))
			if err != nil {
				return "", false
			}
			return string(b), true
		}
	case "rev":
		if len(words) == 0 {
			lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
			for i, l := range lines {
				r := []rune(l)
				for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
					r[a], r[b] = r[b], r[a]
				}
				lines[i] = string(r)
			}
			return strings.Join(lines, "\n") + "\n", true
		}
	case "cat":
		if len(words) == 0 || len(words) == 1 && words[0] == "-" {
			return in, true
		}
	}
	return "", false
}

// output returns what a producer writes when it is known statically: a
// literal echo or printf, or cat of a literal here-document. A glob word
// is not known text: the shell replaces it with the names it matches at
// run time (echo .e* prints .env), names nobody has seen, which may hold
// blanks, quotes or shell code, so a reader of the output (xargs, a
// substitution, sh) must not take the pattern for what it reads.
func output(p *Command) (string, bool) {
	for _, a := range p.Args[1:] {
		if a.Dynamic || a.Glob {
			return "", false
		}
	}
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
	case "cat":
		if len(p.Args) == 1 && (p.Stdin.Kind == StdinHeredoc || p.Stdin.Kind == StdinHereString) && !p.Stdin.Dynamic {
			return p.Stdin.Body, true
		}
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
