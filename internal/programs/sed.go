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
	// GNU sed reads its -e scripts as one: the text of an a, i, c or e
	// command that ends with a backslash goes on in the next -e.
	var joined []string
	for _, s := range scripts {
		if s.Dynamic {
			fx.Unknown("sed's script is only known at run time (" + s.Value + ")")
			continue
		}
		joined = append(joined, s.Value)
	}
	if len(joined) > 0 {
		sedScript(strings.Join(joined, "\n"), sandbox, fx)
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
	cmds := p.parse()
	if p.err != "" {
		fx.Unknown("sed's script is not one the model can read: " + p.err)
		return
	}
	if sandbox {
		return
	}
	for _, c := range cmds {
		switch c.cmd {
		case 'w', 'W':
			if c.arg != "/dev/stdout" && c.arg != "/dev/stderr" {
				fx.Write(shell.Arg{Value: c.arg}, "sed "+string(c.cmd))
			}
		case 'r', 'R':
			if c.arg != "/dev/stdin" {
				fx.Read(shell.Arg{Value: c.arg})
			}
		case 'e':
			if strings.TrimSpace(c.arg) != "" {
				fx.Exec("sh", c.arg, "sed e")
			} else {
				fx.Exec("sh", "", "sed e runs the text it reads as a command")
			}
		case 's':
			if c.sExec {
				fx.Exec("sh", "", "sed s///e runs the text it makes as a command")
			}
			if c.sWrite != "" && c.sWrite != "/dev/stdout" && c.sWrite != "/dev/stderr" {
				fx.Write(shell.Arg{Value: c.sWrite}, "sed s///w")
			}
		}
	}
}

// sedCmd is one command of a sed script.
type sedCmd struct {
	cmd byte
	// arg is a command's argument: a file (r, R, w, W), the command line
	// of e (with sed's escapes applied, as it runs), a label or text.
	arg string
	// sWrite and sExec are the w and e flags of an s command.
	sWrite string
	sExec  bool
}

// sedParser reads a sed script as GNU sed 4.9 compiles it (compile.c):
// the same characters end a label, a file name, a text or a regular
// expression, so that what the model sees as a command is what sed runs.
// A script sed would refuse is an error; sed runs none of it.
type sedParser struct {
	s     string
	i     int
	err   string
	depth int
}

// eof is what inchar returns at the end of the script.
const eof = -1

func (p *sedParser) inchar() int {
	if p.i >= len(p.s) {
		return eof
	}
	p.i++
	return int(p.s[p.i-1])
}

// savchar puts back the character inchar returned.
func (p *sedParser) savchar(ch int) {
	if ch != eof {
		p.i--
	}
}

func isBlank(ch int) bool { return ch == ' ' || ch == '\t' }

func isSpace(ch int) bool {
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r'
}

func isDigit(ch int) bool { return ch >= '0' && ch <= '9' }

func (p *sedParser) inNonblank() int {
	ch := p.inchar()
	for isBlank(ch) {
		ch = p.inchar()
	}
	return ch
}

// inInteger reads the digits starting with ch.
func (p *sedParser) inInteger(ch int) {
	for isDigit(ch) {
		ch = p.inchar()
	}
	p.savchar(ch)
}

func (p *sedParser) fail(why string) {
	if p.err == "" {
		p.err = why
	}
}

// parse reads the whole script and returns its commands; p.err says
// why sed would refuse it.
func (p *sedParser) parse() []sedCmd {
	var out []sedCmd
	for p.err == "" {
		ch := p.inchar()
		for ch == ';' || isSpace(ch) {
			ch = p.inchar()
		}
		if ch == eof {
			break
		}
		addressed := false
		if p.address(ch) {
			addressed = true
			ch = p.inNonblank()
			if ch == ',' {
				if !p.address(p.inNonblank()) {
					p.fail("unexpected ,")
				}
				ch = p.inNonblank()
			}
		}
		if ch == '!' {
			ch = p.inNonblank()
			if ch == '!' {
				p.fail("multiple !s")
			}
		}
		if p.err != "" {
			break
		}
		c := sedCmd{cmd: byte(ch)}
		switch ch {
		case '#':
			if addressed {
				p.fail("comments don't accept any addresses")
			}
			for ch != eof && ch != '\n' {
				ch = p.inchar()
			}
			continue
		case 'v':
			// An optional version, read as a label; no end of command.
			p.label()
			continue
		case '{':
			p.depth++
		case '}':
			if p.depth == 0 {
				p.fail("unexpected }")
			}
			if addressed {
				p.fail("} doesn't want any addresses")
			}
			p.depth--
			p.endOfCmd()
		case 'e':
			ch = p.inNonblank()
			if ch != eof && ch != '\n' {
				c.arg = p.textAfter(ch)
			}
		case 'a', 'i', 'c':
			ch = p.inNonblank()
			if ch == eof {
				p.fail("expected \\ after a, c or i")
			}
			c.arg = p.textAfter(ch)
		case ':':
			if addressed {
				p.fail(": doesn't want any addresses")
			}
			if c.arg = p.label(); c.arg == "" {
				p.fail("a : has no label")
			}
		case 'T', 'b', 't':
			c.arg = p.label()
		case 'Q', 'q', 'l':
			ch = p.inNonblank()
			if isDigit(ch) {
				p.inInteger(ch)
			} else {
				p.savchar(ch)
			}
			p.endOfCmd()
		case '=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x':
			p.endOfCmd()
		case 'r', 'R', 'w', 'W':
			if c.arg = p.filename(); c.arg == "" {
				p.fail("missing filename in r/R/w/W commands")
			}
		case 's':
			slash := p.inchar()
			if !p.matchSlash(slash, true) || !p.matchSlash(slash, false) {
				p.fail("unterminated s command")
				break
			}
			p.substFlags(&c)
		case 'y':
			slash := p.inchar()
			if !p.matchSlash(slash, false) || !p.matchSlash(slash, false) {
				p.fail("unterminated y command")
				break
			}
			p.endOfCmd()
		case eof:
			p.fail("missing command")
		default:
			p.fail("unknown command " + string(rune(ch)))
		}
		if p.err != "" {
			break
		}
		out = append(out, c)
	}
	if p.err == "" && p.depth > 0 {
		p.fail("a { is not closed")
	}
	return out
}

// address reads an address that starts with ch: /re/ or \cREc with
// their I and M flags, a line with an optional ~step, +N or ~N, or $.
// It reports false, having read nothing, when ch starts none.
func (p *sedParser) address(ch int) bool {
	switch {
	case ch == '/' || ch == '\\':
		if ch == '\\' {
			ch = p.inchar()
		}
		if !p.matchSlash(ch, true) {
			p.fail("unterminated address regex")
			return true
		}
		for {
			ch = p.inNonblank()
			if ch != 'I' && ch != 'M' {
				p.savchar(ch)
				return true
			}
		}
	case isDigit(ch):
		p.inInteger(ch)
		ch = p.inNonblank()
		if ch != '~' {
			p.savchar(ch)
		} else {
			p.inInteger(p.inNonblank())
		}
	case ch == '+' || ch == '~':
		p.inInteger(p.inNonblank())
	case ch == '$':
	default:
		return false
	}
	return true
}

// endOfCmd checks what follows a command: the end of the line or script,
// a ;, or a } or # that starts what comes next.
func (p *sedParser) endOfCmd() {
	ch := p.inNonblank()
	switch ch {
	case '}', '#':
		p.savchar(ch)
	case eof, '\n', ';':
	default:
		p.fail("extra characters after command")
	}
}

// label reads a label (of :, b, t, T, or v's version): after blanks, up
// to a blank, a newline, a ;, a } or a #.
func (p *sedParser) label() string {
	start := -1
	ch := p.inNonblank()
	if ch != eof {
		start = p.i - 1
	}
	for ch != eof && ch != '\n' && !isBlank(ch) && ch != ';' && ch != '}' && ch != '#' {
		ch = p.inchar()
	}
	p.savchar(ch)
	if start < 0 {
		return ""
	}
	return p.s[start:p.i]
}

// filename reads the file of r, R, w, W and s///w: after blanks, the
// rest of the line as it is.
func (p *sedParser) filename() string {
	ch := p.inNonblank()
	if ch == eof || ch == '\n' {
		return ""
	}
	start := p.i - 1
	for ch != eof && ch != '\n' {
		ch = p.inchar()
	}
	end := p.i
	if ch == '\n' {
		end--
	}
	return p.s[start:end]
}

// textAfter reads the text of a, i, c and e, whose first character ch
// was read: a backslash before it is dropped (a\ then a line, or a\text),
// the text runs to the end of the line, and a backslash carries it on to
// the next one. sed's escapes are then applied (\n, \t, \xHH, \dNNN,
// \oNNN, \cX; a backslash before any other character goes), and the
// text ends with a newline: it is what e hands the shell.
func (p *sedParser) textAfter(ch int) string {
	var b strings.Builder
	if ch == '\\' {
		ch = p.inchar()
	} else {
		p.savchar(ch)
		ch = '\n'
	}
	if ch == eof {
		return ""
	}
	if ch != '\n' {
		b.WriteByte(byte(ch))
	}
	ch = p.inchar()
	for ch != eof && ch != '\n' {
		if ch == '\\' {
			ch = p.inchar()
			if ch != eof {
				b.WriteByte('\\')
			}
		}
		if ch == eof {
			break
		}
		b.WriteByte(byte(ch))
		ch = p.inchar()
	}
	b.WriteByte('\n')
	text, ok := sedUnescape(b.String())
	if !ok {
		p.fail("recursive escaping after \\c not allowed")
	}
	// The shell gets a C string: it ends at a NUL byte.
	if i := strings.IndexByte(text, 0); i >= 0 {
		text = text[:i]
	}
	return text
}

// sedUnescape applies the escapes GNU sed applies to the text of a, i, c
// and e (normalize_text with TEXT_BUFFER).
func sedUnescape(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'a':
			b.WriteByte('\a')
		case 'f':
			b.WriteByte('\f')
		case '\n', 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case 'd', 'x', 'o':
			base := map[byte]int{'d': 10, 'x': 16, 'o': 8}[s[i]]
			n, j := 0, i+1
			for max := 1; j < len(s) && max <= 255; j, max = j+1, max*base {
				d := hexValue(s[j])
				if d < 0 || d >= base {
					break
				}
				n = n*base + d
			}
			if j == i+1 {
				b.WriteByte(s[i])
			} else {
				b.WriteByte(byte(n))
			}
			i = j - 1
		case 'c':
			if i+1 >= len(s) {
				// \c at the end: the backslash goes.
				continue
			}
			i++
			x := s[i]
			if x >= 'a' && x <= 'z' {
				x -= 'a' - 'A'
			}
			b.WriteByte(x ^ 0x40)
			if s[i] == '\\' {
				i++
				if i >= len(s) || s[i] != '\\' {
					return "", false
				}
			}
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// hexValue returns the value of a hexadecimal digit, or -1.
func hexValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// matchSlash reads up to and past the delimiter slash: a regular
// expression (regex) or a replacement or y string. A backslash takes the
// character after it, a newline included; a line break otherwise ends it
// unfinished. In a regular expression, a bracket expression is read as
// one, where a backslash is an ordinary character and the delimiter is
// literal.
func (p *sedParser) matchSlash(slash int, regex bool) bool {
	if slash == eof || slash >= 0x80 {
		return false
	}
	for {
		ch := p.inchar()
		switch {
		case ch == eof || ch == '\n':
			return false
		case ch == slash:
			return true
		case ch == '\\':
			if p.inchar() == eof {
				return false
			}
		case ch == '[' && regex:
			if p.charClass() != ']' {
				return false
			}
		}
	}
}

// charClass reads a bracket expression after its [, as snarf_char_class
// does, and returns the character it stopped at: ] at its end, or a
// newline or eof.
func (p *sedParser) charClass() int {
	ch := p.inchar()
	if ch == '^' {
		ch = p.inchar()
	}
	if ch == ']' {
		ch = p.inchar()
	}
	// 0 outside [. [: [=, 1 after their [, 2 inside them, 3 after their
	// closing . : or =.
	state, delim := 0, 0
	for ; ; ch = p.inchar() {
		switch ch {
		case eof, '\n':
			return ch
		case '.', ':', '=':
			if state == 1 {
				delim, state = ch, 2
				continue
			}
			if state == 2 && ch == delim {
				state = 3
				continue
			}
		case '[':
			if state == 0 {
				state = 1
			}
			continue
		case ']':
			if state == 0 || state == 1 {
				return ch
			}
			if state == 3 {
				state = 0
			}
		}
		state &^= 1
	}
}

// substFlags reads the flags of s: blanks may stand between them; w takes
// the rest of the line as a file name; a } or # ends them and starts
// what comes next.
func (p *sedParser) substFlags(c *sedCmd) {
	for {
		ch := p.inNonblank()
		switch {
		case ch == 'i' || ch == 'I' || ch == 'm' || ch == 'M' || ch == 'p' || ch == 'g':
		case ch == 'e':
			c.sExec = true
		case ch == 'w':
			if c.sWrite = p.filename(); c.sWrite == "" {
				p.fail("missing filename in s///w")
			}
			return
		case isDigit(ch):
			p.inInteger(ch)
		case ch == '}' || ch == '#':
			p.savchar(ch)
			return
		case ch == eof || ch == '\n' || ch == ';':
			return
		case ch == '\r':
			if p.inchar() == '\n' {
				return
			}
			p.fail("unknown option to s")
			return
		default:
			p.fail("unknown option to s")
			return
		}
	}
}
