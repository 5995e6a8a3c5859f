package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// sed runs a script over its input files. Its options say where the
// script comes from and whether the files are edited in place; the script
// itself is a small language whose w, W, r, R and e commands (and the w
// and e flags of s) write files, read files and run commands. The script
// is parsed, as GNU sed parses it: addresses (/re/, \cREc, lines, ranges,
// first~step), ! negation, { } blocks, and each command's arguments.

var sedProgram = &Program{Names: []string{"sed", "gsed"}, Node: Node{Opts: `
-n --quiet --silent
--debug
-e --expression=SCRIPT
-f --file=FILE        read
--follow-symlinks
-i --in-place[=SUFFIX]
-l --line-length=N
--posix
-E -r --regexp-extended
-s --separate
--sandbox
-u --unbuffered
-z --null-data
` + gnuHelp, Effects: sedEffects}}

func sedEffects(c *Call, fx *Effects) {
	scripts := c.ValueArgs("-e")
	files := c.Args()
	fromFile := c.Has("-f")
	if len(scripts) == 0 && !fromFile {
		if len(files) == 0 {
			fx.Unknown("sed has no script")
			return
		}
		scripts, files = files[:1], files[1:]
	}
	if fromFile {
		fx.Unknown("sed runs a script from a file (-f), which the model does not read")
	}
	sandbox := c.Has("--sandbox")
	for _, s := range scripts {
		if s.Dynamic {
			fx.Unknown("sed's script is only known at run time (" + s.Value + ")")
			continue
		}
		sedScript(s.Value, sandbox, fx)
	}
	inPlace := c.Has("-i")
	for _, f := range files {
		if f.Value == "-" {
			continue
		}
		fx.Read(f)
		if inPlace {
			fx.Write(f, "sed -i")
		}
	}
}

// sedScript records the effects of a sed script's commands. With sandbox
// (--sandbox), sed refuses e, r and w, so they do nothing.
func sedScript(script string, sandbox bool, fx *Effects) {
	p := sedParser{s: script}
	for p.next() {
		if p.err != "" {
			fx.Unknown("sed's script is not one the model can read: " + p.err)
			return
		}
		if sandbox {
			continue
		}
		switch p.cmd {
		case 'w', 'W':
			if p.arg != "/dev/stdout" && p.arg != "/dev/stderr" {
				fx.Write(shell.Arg{Value: p.arg}, "sed "+string(p.cmd))
			}
		case 'r', 'R':
			if p.arg != "/dev/stdin" {
				fx.Read(shell.Arg{Value: p.arg})
			}
		case 'e':
			if p.arg != "" {
				fx.Exec("sh", p.arg, "sed e")
			} else {
				fx.Exec("sh", "", "sed e runs the text it reads as a command")
			}
		case 's':
			if p.sExec {
				fx.Exec("sh", "", "sed s///e runs the text it makes as a command")
			}
			if p.sWrite != "" && p.sWrite != "/dev/stdout" && p.sWrite != "/dev/stderr" {
				fx.Write(shell.Arg{Value: p.sWrite}, "sed s///w")
			}
		}
	}
	if p.err != "" {
		fx.Unknown("sed's script is not one the model can read: " + p.err)
	}
}

// sedParser reads a sed script one command at a time.
type sedParser struct {
	s   string
	i   int
	cmd byte
	// arg is a command's argument: a file (r, R, w, W), a command line
	// (e), a label or text.
	arg string
	// sWrite and sExec are the w and e flags of an s command.
	sWrite string
	sExec  bool
	err    string
	depth  int
}

// next reads the next command; it returns false at the end of the script
// or at an error (err set).
func (p *sedParser) next() bool {
	p.cmd, p.arg, p.sWrite, p.sExec = 0, "", "", false
	for {
		p.skip(" \t\n;")
		if p.i >= len(p.s) {
			if p.depth > 0 {
				p.err = "a { is not closed"
			}
			return false
		}
		if p.s[p.i] == '#' {
			p.toEOL()
			continue
		}
		if p.s[p.i] == '}' {
			p.depth--
			p.i++
			if p.depth < 0 {
				p.err = "a } closes nothing"
				return false
			}
			continue
		}
		break
	}
	if !p.address() {
		return false
	}
	p.skip(" \t")
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
		p.skip(" \t")
		if !p.address() {
			return false
		}
	}
	p.skip(" \t")
	for p.i < len(p.s) && p.s[p.i] == '!' {
		p.i++
		p.skip(" \t")
	}
	if p.i >= len(p.s) {
		p.err = "an address has no command"
		return false
	}
	p.cmd = p.s[p.i]
	p.i++
	switch p.cmd {
	case '{':
		p.depth++
	case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
	case 'l', 'L', 'q', 'Q':
		p.skip(" \t")
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
	case ':':
		p.skip(" \t")
		p.arg = p.label()
		if p.arg == "" {
			p.err = "a : has no label"
			return false
		}
	case 'b', 't', 'T', 'v':
		p.skip(" \t")
		p.arg = p.label()
	case 'a', 'i', 'c':
		p.text()
	case 'r', 'R', 'w', 'W':
		p.skip(" \t")
		p.arg = p.toEOL()
		if p.arg == "" && p.cmd != 'r' {
			p.err = "a " + string(p.cmd) + " command has no file name"
			return false
		}
	case 'e':
		p.skip(" \t")
		p.arg = strings.TrimSpace(p.toEOL())
	case 's':
		return p.substitute()
	case 'y':
		delim, ok := p.delim()
		if !ok {
			return false
		}
		if !p.part(delim, false) || !p.part(delim, false) {
			return false
		}
	default:
		p.err = "unknown command " + string(p.cmd)
		return false
	}
	return true
}

// address reads an optional address: a line number, $, first~step, 0,
// /re/ or \cREc with its I and M flags, +N and ~N after a comma.
func (p *sedParser) address() bool {
	if p.i >= len(p.s) {
		return true
	}
	switch c := p.s[p.i]; {
	case c >= '0' && c <= '9' || c == '+' || c == '~':
		p.i++
		for p.i < len(p.s) && (p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '~') {
			p.i++
		}
	case c == '$':
		p.i++
	case c == '/' || c == '\\':
		delim := byte('/')
		p.i++
		if c == '\\' {
			if p.i >= len(p.s) || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
				p.err = "bad address delimiter"
				return false
			}
			delim = p.s[p.i]
			p.i++
		}
		if !p.part(delim, true) {
			return false
		}
		for p.i < len(p.s) && (p.s[p.i] == 'I' || p.s[p.i] == 'M') {
			p.i++
		}
	}
	return true
}

// delim reads the delimiter of s or y.
func (p *sedParser) delim() (byte, bool) {
	if p.i >= len(p.s) || p.s[p.i] == '\n' || p.s[p.i] == '\\' {
		p.err = "bad delimiter"
		return 0, false
	}
	d := p.s[p.i]
	p.i++
	return d, true
}

// part reads up to and past an unescaped delimiter. In a regular
// expression, the delimiter inside a bracket expression is literal.
func (p *sedParser) part(delim byte, regex bool) bool {
	bracket := false
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '\\':
			p.i += 2
			continue
		case regex && !bracket && c == '[':
			bracket = true
			// []...] and [^]...]: the first ] is literal.
			if p.i+1 < len(p.s) && p.s[p.i+1] == '^' {
				p.i++
			}
			if p.i+1 < len(p.s) && p.s[p.i+1] == ']' {
				p.i++
			}
		case bracket && c == ']':
			bracket = false
		case !bracket && c == delim:
			p.i++
			return true
		case c == '\n' && !regex && delim != '\n':
			// A newline in a replacement must be escaped.
			p.err = "an unterminated s command"
			return false
		}
		p.i++
	}
	p.err = "an unterminated expression"
	return false
}

// substitute reads s/re/replacement/flags.
func (p *sedParser) substitute() bool {
	delim, ok := p.delim()
	if !ok {
		return false
	}
	if !p.part(delim, true) || !p.part(delim, false) {
		return false
	}
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == 'g' || c == 'p' || c == 'i' || c == 'I' || c == 'm' || c == 'M' || c >= '0' && c <= '9':
			p.i++
		case c == 'e':
			p.sExec = true
			p.i++
		case c == 'w':
			p.i++
			p.skip(" \t")
			p.sWrite = p.toEOL()
			if p.sWrite == "" {
				p.err = "s///w has no file name"
				return false
			}
			return true
		case c == ';' || c == '\n' || c == '}' || c == ' ' || c == '\t' || c == '#':
			return true
		default:
			p.err = "unknown s flag " + string(c)
			return false
		}
	}
	return true
}

// label reads a label, which ends at a newline or a semicolon.
func (p *sedParser) label() string {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != '\n' && p.s[p.i] != ';' {
		p.i++
	}
	return strings.TrimSpace(p.s[start:p.i])
}

// text reads the text of a, i and c: the rest of the line, and the lines
// after while they end with a backslash.
func (p *sedParser) text() {
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '\\' {
			p.i += 2
			continue
		}
		if c == '\n' {
			return
		}
		p.i++
	}
}

// toEOL returns the rest of the line (file names run to the end of it).
func (p *sedParser) toEOL() string {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != '\n' {
		p.i++
	}
	return p.s[start:p.i]
}

func (p *sedParser) skip(set string) {
	for p.i < len(p.s) && strings.IndexByte(set, p.s[p.i]) >= 0 {
		p.i++
	}
}
