package shell

import (
	"slices"
	"strings"
)

// The Python sublanguage: lines of ;-separated simple statements (an
// expression, an assignment to plain names, an augmented assignment,
// pass), or a for or if whose body is on the same line; no indented
// blocks and no line continuation. Expressions are Python's: operators,
// comparisons, conditional expressions, lambdas, calls with keyword and
// star arguments, attribute access by allowed name, subscripts and
// slices, list, tuple, dict and set displays and comprehensions, and
// f-strings whose fields are parsed in turn. Not in it: def, class,
// import, decorators, with, del, global, the walrus, annotations, any
// name with __, and comments that could declare an encoding.
//
// Python looks a module-level name up in the builtins while the module
// has not bound it: a name the code assigns is its own only after an
// unconditional assignment has run (open = print; open(1) stays open
// until then). Lambda parameters and comprehension targets are local to
// their function, and a comprehension's first iterable is evaluated
// outside it.

// pyTok is a Python token. kind is one of: n (name), 0 (number), s
// (string), f (f-string: its fields' code in fields), p (operator), NL
// (end of a logical line), $ (end).
type pyTok struct {
	kind, text string
	fields     []string
	plain      bool // s: no backslash and no prefix but u (its {} fields can be read)
}

// pyOps lists Python's operators and delimiters, longest first.
var pyOps = []string{"**=", "//=", ">>=", "<<=", "...", "**", "//", "==", "!=", "<=", ">=", "->", ":=", "+=",
	"-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "<<", ">>", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";",
	"@", "=", "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">"}

// pyLex splits code into tokens, or fails on any lexical form it does not
// read exactly: indentation, backslashes outside strings, non-ASCII text
// outside strings, comments that mention an encoding.
func pyLex(code string) ([]pyTok, bool) {
	out := make([]pyTok, 0, len(code)/3+2)
	depth := 0
	lineStart := true
	for i := 0; i < len(code); {
		c := code[i]
		if lineStart && depth == 0 {
			// A line that starts with white space is indented, unless
			// it is blank or a comment.
			j := i
			for j < len(code) && (code[j] == ' ' || code[j] == '\t') {
				j++
			}
			if j > i && j < len(code) && code[j] != '\n' && code[j] != '\r' && code[j] != '#' {
				return nil, false
			}
			lineStart = false
		}
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '\n' || c == '\r':
			if depth == 0 && len(out) > 0 && out[len(out)-1].kind != "NL" {
				out = append(out, pyTok{kind: "NL"})
			}
			lineStart = depth == 0
			i++
		case c == '#':
			j := strings.IndexAny(code[i:], "\r\n")
			if j < 0 {
				j = len(code) - i
			}
			if strings.Contains(strings.ToLower(code[i:i+j]), "coding") {
				return nil, false
			}
			i += j
		case c == '"' || c == '\'':
			t, j, ok := pyString(code, i, "")
			if !ok {
				return nil, false
			}
			out = append(out, t)
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(code) && code[i+1] >= '0' && code[i+1] <= '9':
			j, ok := numberEnd(code, i)
			if !ok {
				return nil, false
			}
			out = append(out, pyTok{kind: "0", text: code[i:j]})
			i = j
		case isNameStart(c) && c != '$':
			j := i + 1
			for j < len(code) && isNameByte(code[j]) && code[j] != '$' {
				j++
			}
			word := code[i:j]
			if j < len(code) && (code[j] == '"' || code[j] == '\'') && len(word) <= 2 {
				t, k, ok := pyString(code, j, strings.ToLower(word))
				if !ok {
					return nil, false
				}
				out = append(out, t)
				i = k
				continue
			}
			if j < len(code) && (code[j] == '$' || code[j] >= 0x80) {
				return nil, false
			}
			out = append(out, pyTok{kind: "n", text: word})
			i = j
		default:
			p := ""
			for _, q := range pyOps {
				if q[0] == c && strings.HasPrefix(code[i:], q) {
					p = q
					break
				}
			}
			if p == "" {
				return nil, false // \, !, $, ?, `, non-ASCII text, control characters
			}
			switch p {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
				if depth < 0 {
					return nil, false
				}
			}
			out = append(out, pyTok{kind: "p", text: p})
			i += len(p)
		}
	}
	if depth != 0 {
		return nil, false
	}
	return append(out, pyTok{kind: "$"}), true
}

// pyString reads the string literal whose quote is at code[i], with the
// lower-cased prefix before it: r, b, u, f and their pairs. An f-string's
// fields are returned as code to parse.
func pyString(code string, i int, prefix string) (pyTok, int, bool) {
	switch prefix {
	case "", "r", "u", "b", "br", "rb", "f", "rf", "fr":
	default:
		return pyTok{}, 0, false
	}
	q := code[i : i+1]
	if strings.HasPrefix(code[i:], strings.Repeat(q, 3)) {
		q = strings.Repeat(q, 3)
	}
	start := i + len(q)
	end := -1
	for j := start; j < len(code); j++ {
		switch {
		case code[j] == '\\':
			j++
		case strings.HasPrefix(code[j:], q):
			end = j
		case len(q) == 1 && (code[j] == '\n' || code[j] == '\r'):
			return pyTok{}, 0, false
		}
		if end >= 0 {
			break
		}
	}
	if end < 0 {
		return pyTok{}, 0, false
	}
	body := code[start:end]
	t := pyTok{kind: "s", text: body, plain: (prefix == "" || prefix == "u") && !strings.Contains(body, "\\")}
	if strings.Contains(prefix, "f") {
		fields, ok := fstringFields(body, q[0])
		if !ok {
			return pyTok{}, 0, false
		}
		t = pyTok{kind: "f", fields: fields}
	}
	return t, end + len(q), true
}

// fstringFields returns the code of an f-string's replacement fields,
// those nested in format specifications included. A field's code may not
// hold the string's quote, a backslash or a #: Python before 3.12 and
// after read such fields differently. A backslash before a brace or an N
// in the literal text is refused too (\N{...} is a character name, not a
// field, only where escapes are read).
func fstringFields(body string, quote byte) ([]string, bool) {
	var fields []string
	var scan func(i int, spec bool) (int, bool)
	scan = func(i int, spec bool) (int, bool) {
		for i < len(body) {
			c := body[i]
			switch {
			case c == '\\':
				if i+1 < len(body) && strings.IndexByte("{}N", body[i+1]) >= 0 {
					return 0, false
				}
				i += 2
				continue
			case c == '{' && !spec && i+1 < len(body) && body[i+1] == '{', c == '}' && !spec && i+1 < len(body) && body[i+1] == '}':
				i += 2
				continue
			case c == '}' && spec:
				return i, true
			case c == '}':
				return 0, false
			case c == '{':
				j, ok := fstringField(body, i+1, quote, &fields)
				if !ok {
					return 0, false
				}
				// A conversion, then a format specification with fields
				// of its own.
				if j < len(body) && body[j] == '!' {
					if j+1 >= len(body) || strings.IndexByte("rsa", body[j+1]) < 0 {
						return 0, false
					}
					j += 2
				}
				if j < len(body) && body[j] == ':' {
					k, ok := scan(j+1, true)
					if !ok {
						return 0, false
					}
					j = k
				}
				if j >= len(body) || body[j] != '}' {
					return 0, false
				}
				i = j + 1
				continue
			}
			i++
		}
		return i, !spec
	}
	_, ok := scan(0, false)
	return fields, ok
}

// fstringField reads the expression of a field from body[i] to the !, :
// or } that ends it at bracket depth 0 (a = before them asks for the
// expression's text too), and appends it to fields.
func fstringField(body string, i int, quote byte, fields *[]string) (int, bool) {
	depth := 0
	start := i
	for ; i < len(body); i++ {
		c := body[i]
		switch {
		case c == quote || c == '\\' || c == '#' || c == '\n' || c == '\r':
			return 0, false
		case c == '\'' || c == '"':
			j := strings.IndexByte(body[i+1:], c)
			if j < 0 {
				return 0, false
			}
			i += j + 1
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}' && depth > 0:
			depth--
		case depth > 0:
		case c == '}' || c == ':' || c == '!' && (i+1 >= len(body) || body[i+1] != '='):
			expr := body[start:i]
			if t := strings.TrimRight(expr, " "); strings.HasSuffix(t, "=") && !strings.HasSuffix(t, "==") &&
				!strings.HasSuffix(t, "!=") && !strings.HasSuffix(t, "<=") && !strings.HasSuffix(t, ">=") {
				expr = strings.TrimSuffix(t, "=")
			}
			if strings.TrimSpace(expr) == "" {
				return 0, false
			}
			*fields = append(*fields, expr)
			return i, true
		}
	}
	return 0, false
}

// pyScope is the module's scope (names bound so far, checked at once) or
// a function's (a lambda's or a comprehension's: its local names, and
// the uses resolved when it closes).
type pyScope struct {
	parent *pyScope
	names  map[string]bool
	refs   []string
}

type pyParser struct {
	toks  []pyTok
	pos   int
	scope *pyScope
	ok    bool
	depth int
}

// purePython reports whether code parses under the Python sublanguage and
// uses only allowed names and attributes.
func purePython(code string) bool {
	toks, ok := pyLex(code)
	if !ok {
		return false
	}
	p := &pyParser{toks: toks, ok: true, scope: &pyScope{names: map[string]bool{}}}
	for p.ok && p.tok().kind != "$" {
		if p.tok().kind == "NL" {
			p.next()
			continue
		}
		p.line()
		if p.tok().kind != "NL" && p.tok().kind != "$" {
			p.fail()
		}
	}
	return p.ok
}

func (p *pyParser) tok() pyTok { return p.toks[p.pos] }

func (p *pyParser) peek(n int) pyTok {
	if p.pos+n < len(p.toks) {
		return p.toks[p.pos+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *pyParser) is(s string) bool {
	t := p.tok()
	return (t.kind == "p" || t.kind == "n") && t.text == s
}

func (p *pyParser) fail() { p.ok = false }

func (p *pyParser) next() pyTok {
	t := p.tok()
	if t.kind != "$" {
		p.pos++
	}
	return t
}

func (p *pyParser) expect(s string) {
	if !p.is(s) {
		p.fail()
		return
	}
	p.next()
}

// ref records a use of a name: in the module it must be bound already or
// an allowed builtin; in a function it is resolved when the scope closes.
func (p *pyParser) ref(name string) {
	if strings.Contains(name, "__") || slices.Contains(pyKeywords, name) {
		p.fail()
		return
	}
	sc := p.scope
	if sc.parent != nil {
		sc.refs = append(sc.refs, name)
		return
	}
	if !sc.names[name] && !slices.Contains(pyBuiltins, name) {
		p.fail()
	}
}

// bind binds a name in the current scope.
func (p *pyParser) bind(name string) {
	if strings.Contains(name, "__") || slices.Contains(pyKeywords, name) {
		p.fail()
		return
	}
	p.scope.names[name] = true
}

// open starts a function scope; close resolves its uses.
func (p *pyParser) open() { p.scope = &pyScope{parent: p.scope, names: map[string]bool{}} }

func (p *pyParser) close() {
	sc := p.scope
	p.scope = sc.parent
	for _, r := range sc.refs {
		if !sc.names[r] {
			p.ref(r)
		}
	}
}

// line parses a logical line: simple statements, or a for or if with its
// body on the line. The names the body binds are not bound after it (it
// may not run).
func (p *pyParser) line() {
	if p.is("for") || p.is("if") {
		saved := make(map[string]bool, len(p.scope.names))
		for k, v := range p.scope.names {
			saved[k] = v
		}
		if p.next().text == "for" {
			targets := p.targetNames("in")
			p.expect("in")
			p.exprList()
			for _, t := range targets {
				p.bind(t)
			}
		} else {
			p.test()
		}
		p.expect(":")
		p.simpleStatements()
		p.scope.names = saved
		return
	}
	p.simpleStatements()
}

func (p *pyParser) simpleStatements() {
	for p.ok {
		p.small()
		if !p.is(";") {
			return
		}
		p.next()
		if p.tok().kind == "NL" || p.tok().kind == "$" {
			return
		}
	}
}

// small parses pass, an assignment to plain names (a, b = ...; a = b =
// ...), an augmented assignment to a name, or an expression.
func (p *pyParser) small() {
	if p.is("pass") {
		p.next()
		return
	}
	if t := p.tok(); t.kind == "n" && p.peek(1).kind == "p" && strings.HasSuffix(p.peek(1).text, "=") &&
		len(p.peek(1).text) >= 2 && !slices.Contains([]string{"==", "!=", "<=", ">=", ":="}, p.peek(1).text) {
		// x += 1 reads x first.
		p.ref(t.text)
		p.next()
		p.next()
		p.exprList()
		p.bind(t.text)
		return
	}
	var bound []string
	for p.assignAhead() {
		bound = append(bound, p.targetNames("=")...)
		p.expect("=")
	}
	p.exprList()
	if p.is("=") {
		p.fail() // a target that is not a plain name
	}
	for _, n := range bound {
		p.bind(n)
	}
}

// assignAhead reports whether plain names separated by commas and then =
// start here.
func (p *pyParser) assignAhead() bool {
	for i := p.pos; ; i += 2 {
		if p.toks[i].kind != "n" || slices.Contains(pyKeywords, p.toks[i].text) {
			return false
		}
		n := p.toks[i+1]
		if n.kind != "p" {
			return false
		}
		switch n.text {
		case "=":
			return true
		case ",":
			continue
		}
		return false
	}
}

// targetNames reads plain names separated by commas up to the token end.
func (p *pyParser) targetNames(end string) []string {
	var names []string
	for p.ok {
		t := p.next()
		if t.kind != "n" || strings.Contains(t.text, "__") || slices.Contains(pyKeywords, t.text) {
			p.fail()
			return nil
		}
		names = append(names, t.text)
		if p.is(end) {
			return names
		}
		p.expect(",")
	}
	return names
}

// exprList parses expressions (starred ones too) separated by commas.
func (p *pyParser) exprList() {
	for p.ok {
		if p.is("*") {
			p.next()
		}
		p.test()
		if !p.is(",") {
			return
		}
		p.next()
		if p.tok().kind == "NL" || p.tok().kind == "$" || p.is(";") || p.is("=") || p.is(")") || p.is(":") {
			return
		}
	}
}

// test parses a lambda, or a disjunction with an optional conditional.
func (p *pyParser) test() {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 200 {
		p.fail()
		return
	}
	if p.is("lambda") {
		p.lambda()
		return
	}
	p.binary(0)
	if p.is("if") {
		p.next()
		p.binary(0)
		p.expect("else")
		p.test()
	}
}

// lambda parses a lambda: its defaults are evaluated where it is made,
// its body in a scope of its own.
func (p *pyParser) lambda() {
	p.next()
	var params []string
	for p.ok && !p.is(":") {
		switch {
		case p.is("*") || p.is("**"):
			p.next()
			if p.is(",") || p.is(":") {
				break
			}
			fallthrough
		default:
			t := p.next()
			if t.kind != "n" {
				p.fail()
				return
			}
			params = append(params, t.text)
			if p.is("=") {
				p.next()
				p.test()
			}
		case p.is("/"):
			p.next()
		}
		if !p.is(":") {
			p.expect(",")
		}
	}
	p.expect(":")
	p.open()
	for _, n := range params {
		p.bind(n)
	}
	p.test()
	p.close()
}

// pyBinary gives a Python binary operator its precedence; comparisons
// share one, chained.
func pyBinary(op string) (int, bool) {
	switch op {
	case "or":
		return 1, true
	case "and":
		return 2, true
	case "in", "is", "<", ">", "==", "!=", "<=", ">=":
		return 4, true
	case "|":
		return 5, true
	case "^":
		return 6, true
	case "&":
		return 7, true
	case "<<", ">>":
		return 8, true
	case "+", "-":
		return 9, true
	case "*", "/", "//", "%", "@":
		return 10, true
	}
	return 0, false
}

func (p *pyParser) binary(min int) {
	p.unary()
	for p.ok {
		t := p.tok()
		op := t.text
		if t.kind == "n" && op == "not" && p.peek(1).text == "in" {
			op = "in"
		}
		prec, isOp := pyBinary(op)
		if t.kind != "p" && t.kind != "n" || !isOp || prec <= min {
			return
		}
		p.next()
		if t.text == "not" {
			p.next()
		} else if t.text == "is" && p.is("not") {
			p.next()
		}
		p.binary(prec)
	}
}

// unary parses not, signs and ~, then a power.
func (p *pyParser) unary() {
	switch {
	case p.is("not"):
		p.next()
		p.binary(2)
	case p.is("-") || p.is("+") || p.is("~"):
		p.next()
		p.unary()
	default:
		p.postfix()
		if p.is("**") {
			p.next()
			p.unary()
		}
	}
}

// postfix parses an atom, then attribute accesses by allowed name, calls
// and subscripts. A string literal's format method is allowed when its
// fields only name or number arguments.
func (p *pyParser) postfix() {
	first := p.tok()
	fmtOK := p.atom()
	codec := first.kind == "n" && (first.text == "str" || first.text == "bytes") && p.is("(")
	value := codec
	for p.ok {
		switch {
		case p.is("."):
			p.next()
			t := p.next()
			switch {
			case t.kind != "n":
				p.fail()
			case t.text == "format" && fmtOK:
			case t.text == "encode" || t.text == "decode":
				codec, value = p.is("("), false
				if !codec {
					p.fail()
				}
				continue
			case !slices.Contains(pyMembers, t.text):
				p.fail()
			}
		case p.is("(") && codec:
			p.next()
			p.codecArgs(value)
		case p.is("("):
			p.next()
			p.args(")")
		case p.is("["):
			p.next()
			p.subscript()
		default:
			return
		}
		fmtOK, codec = false, false
	}
}

// codecArgs parses the arguments of str(x, encoding), bytes(x, encoding)
// (value) or of encode and decode: an encoding is looked up by name, and
// one not loaded at start imports its module, and the modules that one
// imports, from the folder python runs in first ("idna" imports
// stringprep). Only the encodings Python has built in are allowed.
func (p *pyParser) codecArgs(value bool) {
	if value && !p.is(")") {
		p.test()
		if !p.is(",") {
			p.expect(")")
			return
		}
		p.next()
	}
	if !p.is(")") {
		t := p.next()
		switch strings.ToLower(t.text) {
		case "utf-8", "utf8", "ascii", "latin-1", "latin1":
		default:
			p.fail()
		}
		if t.kind != "s" || !t.plain {
			p.fail()
		}
	}
	p.expect(")")
}

// args parses call arguments: positional, keyword, * and ** ones, or a
// single generator expression.
func (p *pyParser) args(end string) {
	first := true
	for p.ok && !p.is(end) {
		switch {
		case p.is("*") || p.is("**"):
			p.next()
			p.test()
		case p.tok().kind == "n" && p.peek(1).kind == "p" && p.peek(1).text == "=":
			if strings.Contains(p.next().text, "__") {
				p.fail()
			}
			p.next()
			p.test()
		case first:
			p.comprehensionAfter(p.test)
		default:
			p.test()
		}
		first = false
		if !p.is(end) {
			p.expect(",")
		}
	}
	p.expect(end)
}

// subscript parses an index or slices, separated by commas, and the ].
func (p *pyParser) subscript() {
	if p.is("]") {
		p.fail()
	}
	for p.ok && !p.is("]") {
		if !p.is(":") {
			p.test()
		}
		for i := 0; i < 2 && p.is(":"); i++ {
			p.next()
			if !p.is(":") && !p.is("]") && !p.is(",") {
				p.test()
			}
		}
		if !p.is("]") {
			p.expect(",")
		}
	}
	p.expect("]")
}

// comprehensionAfter parses an element with elem in a scope of its own;
// if a for follows, the element is a comprehension's and the scope is
// its; otherwise the element's uses go to the enclosing scope. It reports
// a comprehension.
func (p *pyParser) comprehensionAfter(elem func()) bool {
	p.open()
	elem()
	if !p.is("for") {
		p.close()
		return false
	}
	first := true
	for p.ok && (p.is("for") || p.is("if")) {
		if p.next().text == "if" {
			p.binary(0)
			continue
		}
		targets := p.targetNames("in")
		p.expect("in")
		if first {
			// The first iterable is evaluated outside.
			inner := p.scope
			p.scope = inner.parent
			p.binary(0)
			p.scope = inner
			first = false
		} else {
			p.binary(0)
		}
		for _, t := range targets {
			p.bind(t)
		}
	}
	p.close()
	return true
}

// atom parses a name, a number, strings, ..., or a parenthesised, list,
// dict or set display. It reports strings that may be formatted: no
// f-string, no backslash or prefix, and plain fields.
func (p *pyParser) atom() bool {
	t := p.next()
	switch t.kind {
	case "n":
		p.ref(t.text)
	case "0":
	case "s", "f":
		format := true
		for {
			format = format && t.kind == "s" && t.plain && formatFieldsPlain(t.text)
			for _, f := range t.fields {
				p.field(f)
			}
			if k := p.tok().kind; k != "s" && k != "f" {
				return format
			}
			t = p.next()
		}
	case "p":
		switch t.text {
		case "...":
		case "(":
			p.display(")")
		case "[":
			p.display("]")
		case "{":
			p.dict()
		default:
			p.fail()
		}
	default:
		p.fail()
	}
	return false
}

// formatFieldsPlain reports whether the {} fields of a string only name
// or number arguments, with a conversion and a specification without
// fields of their own ({0!r:>10}, never {0.attr} or {0[key]}).
func formatFieldsPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			if i+1 < len(s) && s[i+1] == '{' {
				i++
				continue
			}
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return false
			}
			f := s[i+1 : i+j]
			name, spec, _ := strings.Cut(f, ":")
			name, conv, hasConv := strings.Cut(name, "!")
			if hasConv && conv != "r" && conv != "s" && conv != "a" || strings.ContainsAny(spec, "{") ||
				strings.Contains(name, "__") {
				return false
			}
			for k := 0; k < len(name); k++ {
				if !isNameByte(name[k]) || name[k] == '$' {
					return false
				}
			}
			i += j
		}
	}
	return true
}

// field parses the code of an f-string field as an expression.
func (p *pyParser) field(code string) {
	toks, ok := pyLex("(" + code + ")")
	if !ok {
		p.fail()
		return
	}
	sub := &pyParser{toks: toks, ok: true, scope: p.scope, depth: p.depth}
	sub.test()
	if sub.tok().kind != "$" {
		sub.fail()
	}
	if !sub.ok {
		p.fail()
	}
}

// display parses a parenthesised expression, a tuple or a list, or a
// generator or list comprehension, up to end.
func (p *pyParser) display(end string) {
	if p.is(end) {
		p.next()
		return
	}
	if !p.comprehensionAfter(func() { p.star() }) {
		for p.ok && p.is(",") {
			p.next()
			if p.is(end) {
				break
			}
			p.star()
		}
	}
	p.expect(end)
}

func (p *pyParser) star() {
	if p.is("*") {
		p.next()
	}
	p.test()
}

// dict parses a dict or set display or comprehension after its {.
func (p *pyParser) dict() {
	if p.is("}") {
		p.next()
		return
	}
	entry := func() {
		switch {
		case p.is("**"):
			p.next()
			p.binary(0)
		case p.is("*"):
			p.next()
			p.test()
		default:
			p.test()
			if p.is(":") {
				p.next()
				p.test()
			}
		}
	}
	if !p.comprehensionAfter(entry) {
		for p.ok && p.is(",") {
			p.next()
			if p.is("}") {
				break
			}
			entry()
		}
	}
	p.expect("}")
}

// pyBuiltins are the builtins a pure one-liner may use: constants and
// functions that compute, convert and print.
var pyBuiltins = []string{"True", "False", "None", "print", "len", "range", "sum", "min", "max", "abs", "round",
	"sorted", "reversed", "enumerate", "zip", "map", "filter", "list", "dict", "set", "frozenset", "tuple", "str",
	"int", "float", "bool", "complex", "chr", "ord", "hex", "oct", "bin", "divmod", "pow", "all", "any", "repr",
	"ascii", "hash", "isinstance", "iter", "next", "slice", "bytes"}

// pyMembers are the attributes a pure one-liner may use: methods of
// strings, bytes, lists, dicts, sets and numbers that compute. format is
// allowed only on a string literal with plain fields (see postfix).
var pyMembers = []string{"upper", "lower", "title", "capitalize", "casefold", "swapcase", "split", "rsplit",
	"splitlines", "join", "strip", "lstrip", "rstrip", "replace", "startswith", "endswith", "find", "rfind",
	"index", "rindex", "count", "center", "ljust", "rjust", "zfill", "partition", "rpartition", "isdigit",
	"isalpha", "isalnum", "isspace", "isupper", "islower", "istitle", "isdecimal", "isnumeric", "isidentifier",
	"isascii", "isprintable", "removeprefix", "removesuffix", "expandtabs", "maketrans",
	"translate", "hex", "fromhex", "append", "extend", "insert", "pop", "remove", "sort", "reverse", "copy",
	"clear", "keys", "values", "items", "get", "setdefault", "update", "popitem", "fromkeys", "add", "discard",
	"union", "intersection", "difference", "symmetric_difference", "issubset", "issuperset", "isdisjoint", "real",
	"imag", "conjugate", "bit_length", "bit_count", "is_integer", "as_integer_ratio", "numerator", "denominator",
	"start", "stop", "step"}

// pyKeywords are Python's keywords but its constants: never a name the
// code reads or binds.
var pyKeywords = []string{"and", "as", "assert", "async", "await", "break", "class",
	"continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
	"is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield"}
