package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// fieldBuilder accumulates the fields a word expands to. Field splitting is
// only done where the analysis knows a value (a variable assigned earlier in
// the same string, or $IFS); everything else stays one field.
type fieldBuilder struct {
	fields []Arg
	cur    Arg
	// val is the value of cur while it is one piece of text, which most
	// words are: it is then used as it is, without a copy. strb holds the
	// value once a second piece joins.
	val  string
	strb strings.Builder
	open bool // cur has content (even empty quoted content)
	// whole is the value of cur when a parameter wholly of input ("$1"
	// under xargs sh -c) made it: it stays wholly input while nothing
	// joins.
	whole string
	// nosplit turns field splitting off, as for assignment values and
	// redirect targets.
	nosplit bool
}

// markInput replaces the input marker that xargs, parallel and find
// substitute into code strings, and marks the field as input.
func (b *fieldBuilder) markInput(s string) string {
	if !strings.Contains(s, inputMark) {
		return s
	}
	b.cur.Dynamic, b.cur.Input = true, true
	return strings.ReplaceAll(s, inputMark, "{input}")
}

func (b *fieldBuilder) add(s string) {
	b.open = true
	switch {
	case s == "":
	case b.strb.Len() > 0:
		b.strb.WriteString(s)
	case b.val == "":
		b.val = s
	default:
		b.strb.Grow(len(b.val) + len(s))
		b.strb.WriteString(b.val)
		b.strb.WriteString(s)
	}
}

// value returns the text of the current field.
func (b *fieldBuilder) value() string {
	if b.strb.Len() > 0 {
		return b.strb.String()
	}
	return b.val
}

// addValue adds an expanded value; unless quoted, blanks in it split
// fields, as the shell does.
func (b *fieldBuilder) addValue(v string, quoted bool) {
	if quoted || !strings.ContainsAny(v, " \t\n") {
		if !quoted && strings.ContainsAny(v, "*?[") {
			// An unquoted expansion is globbed too: x=.e*; cat $x.
			b.cur.Glob = true
		}
		b.add(v)
		return
	}
	pieces := strings.Fields(v)
	if len(pieces) == 0 {
		b.split()
		return
	}
	if strings.ContainsAny(v[:1], " \t\n") {
		b.split()
	}
	for i, piece := range pieces {
		if i > 0 {
			b.split()
		}
		if strings.ContainsAny(piece, "*?[") {
			b.cur.Glob = true
		}
		b.add(piece)
	}
	if strings.ContainsAny(v[len(v)-1:], " \t\n") {
		b.split()
	}
}

func (b *fieldBuilder) split() {
	if b.open {
		b.cur.Value = b.value()
		b.cur.WholeInput = b.cur.WholeInput && b.cur.Value == b.whole
		b.fields = append(b.fields, b.cur)
	}
	b.cur = Arg{}
	b.whole = ""
	b.val = ""
	b.strb.Reset()
	b.open = false
}

// appendFields evaluates a word into the fields it expands to and
// appends them to dst. An unquoted expansion that is known to be empty
// vanishes: it appends nothing.
func (w *walker) appendFields(dst []Arg, word *syntax.Word, f *frame) []Arg {
	if words, ok := braceWords(word); ok {
		if words == nil {
			// More words than anyone can list: one word that may be
			// anything.
			return append(dst, Arg{Value: f.text(word), Dynamic: true})
		}
		for _, wd := range words {
			dst = w.appendWordFields(dst, wd, f)
		}
		return dst
	}
	return w.appendWordFields(dst, word, f)
}

// appendWordFields evaluates a word with no brace expansion left.
func (w *walker) appendWordFields(dst []Arg, word *syntax.Word, f *frame) []Arg {
	b := fieldBuilder{fields: dst}
	for i, part := range word.Parts {
		w.part(&b, part, f, false, i == 0)
	}
	b.split()
	return b.fields
}

// literal evaluates a word into a single value with no field splitting,
// as for assignment values, redirect targets and heredoc bodies.
func (w *walker) literal(word *syntax.Word, f *frame) Arg {
	if word == nil {
		return Arg{}
	}
	b := fieldBuilder{nosplit: true}
	for i, part := range word.Parts {
		w.part(&b, part, f, false, i == 0)
	}
	b.cur.Value = b.value()
	b.cur.WholeInput = b.cur.WholeInput && b.cur.Value == b.whole
	return b.cur
}

// heredocBody returns the text of a here-document. Its parts are raw text
// and expansions; expansions make the body dynamic.
func (w *walker) heredocBody(word *syntax.Word, f *frame) (string, bool) {
	if word == nil {
		return "", false
	}
	var sb strings.Builder
	dynamic := false
	for _, part := range word.Parts {
		if lit, ok := part.(*syntax.Lit); ok {
			sb.WriteString(lit.Value)
			continue
		}
		if p, ok := part.(*syntax.ParamExp); ok {
			// A variable the analysis knows expands in the body.
			if vals, ok := w.param(p, f); ok && len(vals) == 1 && !vals[0].Dynamic {
				sb.WriteString(vals[0].Value)
				continue
			}
		}
		dynamic = true
		sb.WriteString(f.text(part))
	}
	return sb.String(), dynamic
}

func (w *walker) part(b *fieldBuilder, part syntax.WordPart, f *frame, inDouble, first bool) {
	switch p := part.(type) {
	case *syntax.Lit:
		v := p.Value
		if first && strings.HasPrefix(v, "~") {
			v = w.tilde(b, v)
		}
		s, glob := unescapeUnquoted(v)
		if glob {
			b.cur.Glob = true
		}
		b.add(b.markInput(s))
	case *syntax.SglQuoted:
		b.cur.Quoted = true
		if p.Dollar {
			v := ansiC(p.Value)
			if i := strings.IndexByte(v, 0); i >= 0 {
				// bash ends the string at a NUL ($'.env\0x' is .env).
				v = v[:i]
			}
			b.add(b.markInput(v))
		} else {
			b.add(b.markInput(p.Value))
		}
	case *syntax.DblQuoted:
		b.cur.Quoted = true
		b.open = true
		for _, q := range p.Parts {
			if lit, ok := q.(*syntax.Lit); ok {
				b.add(b.markInput(unescapeDouble(lit.Value)))
				continue
			}
			w.part(b, q, f, true, false)
		}
	case *syntax.ParamExp:
		vals, ok := w.param(p, f)
		if !ok {
			b.cur.Dynamic = true
			b.add(f.text(p))
			return
		}
		for i, v := range vals {
			if i > 0 {
				// "$@": each positional parameter is its own field.
				b.split()
			}
			whole := v.WholeInput && b.value() == ""
			b.cur.Dynamic = b.cur.Dynamic || v.Dynamic
			b.cur.Input = b.cur.Input || v.Input
			b.addValue(v.Value, inDouble || b.nosplit || v.Dynamic)
			if whole {
				b.cur.WholeInput, b.whole = true, v.Value
			}
		}
	case *syntax.ArithmExp:
		b.cur.Dynamic = true
		b.add(f.text(p))
	case *syntax.CmdSubst:
		sub := w.substOf[p]
		b.cur.setup = (len(b.cur.Subst) == 0 || b.cur.setup) && sub.out.setupOnly()
		b.cur.Subst = append(b.cur.Subst, sub.cmds...)
		if v, ok := sub.out.known(); ok {
			// The shell removes trailing newlines, and NUL bytes.
			v = strings.ReplaceAll(strings.TrimRight(v, "\n"), "\x00", "")
			b.cur.Folded = true
			if !strings.Contains(b.value(), "=") {
				b.cur.FoldedName = true
			}
			b.addValue(v, inDouble || b.nosplit)
			return
		}
		b.cur.Dynamic = true
		b.add(f.text(p))
	case *syntax.ProcSubst:
		b.cur.Dynamic = true
		sub := w.substOf[p]
		b.cur.setup = (len(b.cur.Subst) == 0 || b.cur.setup) && sub.out.setupOnly()
		b.cur.Subst = append(b.cur.Subst, sub.cmds...)
		b.add(f.text(p))
	case *syntax.ExtGlob:
		b.cur.Glob = true
		if text := f.text(p); foreignCode("zsh", text) {
			// The harness may run the command in the user's zsh,
			// where *(e:'cmd':) and *(+fn) run code for each file
			// the glob finds; bash reads an extended glob.
			w.problem(ProblemUnknownCode, "zsh runs the code of the glob qualifier in "+text)
		}
		b.add(f.text(p))
	case *syntax.BraceExp:
		b.add(f.text(p))
	default:
		b.cur.Dynamic = true
		b.add(f.text(part))
	}
}

// tilde expands a leading ~ or ~/ to the home directory when it is known.
func (w *walker) tilde(b *fieldBuilder, v string) string {
	rest := v[1:]
	if (rest == "+" || strings.HasPrefix(rest, "+/")) && w.pwd != "" {
		// ~+ is $PWD.
		return w.pwd + rest[1:]
	}
	if rest != "" && rest[0] != '/' {
		// ~user or ~+ and friends: not known.
		b.cur.Dynamic = true
		return v
	}
	if w.opts.Home == "" {
		b.cur.Dynamic = true
		return v
	}
	return w.opts.Home + rest
}

// dynamicValue marks a variable whose value is not known.
const dynamicValue = "\x00dynamic"

// unescapeUnquoted removes backslash escapes from unquoted text and reports
// whether unescaped glob metacharacters remain.
func unescapeUnquoted(s string) (string, bool) {
	glob := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			return unescapeFrom(s)
		case '*', '?', '[':
			glob = true
		}
	}
	// Nothing escaped: the text is the word itself.
	return s, glob
}

// unescapeFrom is unescapeUnquoted for text with a backslash.
func unescapeFrom(s string) (string, bool) {
	var sb strings.Builder
	glob := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				sb.WriteByte(s[i])
			}
		case c == '*' || c == '?' || c == '[':
			glob = true
			sb.WriteByte(c)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), glob
}

// unescapeDouble removes the backslash escapes that are special inside
// double quotes.
func unescapeDouble(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				sb.WriteByte(s[i+1])
				i++
				continue
			case '\n':
				i++
				continue
			}
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// ansiC decodes the escapes of a $'...' string.
func ansiC(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			sb.WriteByte('\a')
		case 'b':
			sb.WriteByte('\b')
		case 'e', 'E':
			sb.WriteByte(0x1b)
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'v':
			sb.WriteByte('\v')
		case '\\', '\'', '"', '?':
			sb.WriteByte(e)
		case 'c':
			if i+1 < len(s) {
				i++
				sb.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			j := i + 1
			for j < len(s) && j-i-1 < max && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				sb.WriteByte('\\')
				sb.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				sb.WriteByte(byte(n))
			} else if utf8.ValidRune(rune(n)) {
				sb.WriteRune(rune(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			sb.WriteByte(byte(n))
			i = j - 1
		default:
			sb.WriteByte('\\')
			sb.WriteByte(e)
		}
	}
	return sb.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
