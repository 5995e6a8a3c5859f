package shell

import (
	"slices"
	"strings"
)

// The JavaScript sublanguage: statements separated by ; (a newline is
// only white space, so no automatic semicolon insertion is relied on),
// let and const declarations of plain names, expressions with the usual
// operators, calls, member access by name or by integer literal, array and
// object literals with plain keys and spread, template literals whose
// embedded expressions are parsed in turn, arrow functions with plain
// parameters and an expression or block body (return), and new of Set,
// Map, Date and Array. Not in it: comments of any kind (<!-- and -->
// included), #!, regular expression literals, ++ and --, var and
// undeclared assignment (a global accessor ignores them and keeps its
// value), this, function, class, getters and methods, destructuring,
// computed keys, tagged templates, and escapes it does not decode.

// jsTok is a JavaScript token. kind is one of: n (name), 0 (number), s
// (string), t (template without substitution), t{ (template head), }t{
// (template middle), }t (template tail), p (punctuator), $ (end).
type jsTok struct {
	kind, text string
	nl         bool // a line terminator precedes it
}

// jsPunct lists the punctuators the sublanguage reads, longest first.
var jsPunct = []string{">>>=", "...", "===", "!==", "**=", ">>>", "<<=", ">>=", "&&=", "||=", "??=",
	"=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "**", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"<<", ">>", "{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "!",
	"~", "?", ":", "=", "."}

// jsLex splits code into tokens, or fails on any lexical form it does not
// read exactly.
func jsLex(code string) ([]jsTok, bool) {
	out := make([]jsTok, 0, len(code)/3+2)
	var braces []bool // true: the brace closes a template substitution
	nl := false
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\n' || c == '\r':
			nl = true
			i++
			continue
		case c == '"' || c == '\'':
			j, val, ok := jsString(code, i+1, c)
			if !ok {
				return nil, false
			}
			out = append(out, jsTok{"s", val, nl})
			i = j
		case c == '`' || c == '}' && len(braces) > 0 && braces[len(braces)-1]:
			kind := "t"
			if c == '}' {
				braces = braces[:len(braces)-1]
				kind = "}t"
			}
			j, open, ok := jsTemplate(code, i+1)
			if !ok {
				return nil, false
			}
			if open {
				kind += "{"
				braces = append(braces, true)
			}
			out = append(out, jsTok{kind, "", nl})
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(code) && code[i+1] >= '0' && code[i+1] <= '9':
			j, ok := numberEnd(code, i)
			if !ok || c == '0' && j > i+1 && code[i+1] >= '0' && code[i+1] <= '9' {
				// 010 is a legacy octal literal.
				return nil, false
			}
			out = append(out, jsTok{"0", code[i:j], nl})
			i = j
		case isNameStart(c):
			j := i + 1
			for j < len(code) && isNameByte(code[j]) {
				j++
			}
			if j < len(code) && (code[j] == '\\' || code[j] >= 0x80) {
				return nil, false
			}
			out = append(out, jsTok{"n", code[i:j], nl})
			i = j
		default:
			rest := code[i:]
			if strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "/*") || strings.HasPrefix(rest, "<!--") ||
				strings.HasPrefix(rest, "--") || strings.HasPrefix(rest, "++") {
				// Comments (-->, ends of HTML-like ones, starts with --),
				// and the increments that would need them told apart.
				return nil, false
			}
			p := ""
			for _, q := range jsPunct {
				if q[0] == c && strings.HasPrefix(rest, q) {
					p = q
					break
				}
			}
			if p == "" {
				// #, @, \, non-ASCII text and control characters.
				return nil, false
			}
			if p == "?." && len(rest) > 2 && rest[2] >= '0' && rest[2] <= '9' {
				p = "?" // a ? .5 : b
			}
			switch p {
			case "{":
				braces = append(braces, false)
			case "}":
				if len(braces) == 0 {
					return nil, false
				}
				braces = braces[:len(braces)-1]
			}
			out = append(out, jsTok{"p", p, nl})
			i += len(p)
		}
		nl = false
	}
	if len(braces) > 0 {
		return nil, false
	}
	return append(out, jsTok{"$", "", nl}), true
}

// jsString reads a string literal whose body starts at code[i], and
// returns the index after its closing quote and its decoded value.
func jsString(code string, i int, q byte) (int, string, bool) {
	var sb strings.Builder
	for i < len(code) {
		c := code[i]
		switch {
		case c == q:
			return i + 1, sb.String(), true
		case c == '\n' || c == '\r':
			return 0, "", false
		case c == '\\':
			j, ok := jsEscape(code, i+1, &sb)
			if !ok {
				return 0, "", false
			}
			i = j
			continue
		}
		sb.WriteByte(c)
		i++
	}
	return 0, "", false
}

// jsTemplate reads the text of a template literal from code[i] to its
// closing backquote, or to the ${ of a substitution (open).
func jsTemplate(code string, i int) (int, bool, bool) {
	var sb strings.Builder
	for i < len(code) {
		switch c := code[i]; {
		case c == '`':
			return i + 1, false, true
		case c == '$' && i+1 < len(code) && code[i+1] == '{':
			return i + 2, true, true
		case c == '\\':
			j, ok := jsEscape(code, i+1, &sb)
			if !ok {
				return 0, false, false
			}
			i = j
			continue
		case c == '\r':
			return 0, false, false
		}
		i++
	}
	return 0, false, false
}

// jsEscape decodes the escape sequence after a backslash at code[i-1]:
// single characters, \xHH, \uHHHH, and a 0 not followed by a digit. Line
// continuations, \u{...}, legacy octal escapes and \8 \9 are refused.
func jsEscape(code string, i int, sb *strings.Builder) (int, bool) {
	if i >= len(code) {
		return 0, false
	}
	hex := func(n int) (int, bool) {
		if i+1+n > len(code) {
			return 0, false
		}
		v := 0
		for _, c := range []byte(code[i+1 : i+1+n]) {
			if !isHex(c) {
				return 0, false
			}
			v = v*16 + strings.IndexByte("0123456789abcdef", c|0x20)
		}
		sb.WriteRune(rune(v))
		return i + 1 + n, true
	}
	switch c := code[i]; {
	case c == 'x':
		return hex(2)
	case c == 'u':
		return hex(4)
	case c == '0' && (i+1 >= len(code) || code[i+1] < '0' || code[i+1] > '9'):
		sb.WriteByte(0)
	case c >= '0' && c <= '9' || c == '\n' || c == '\r' || c >= 0x80:
		return 0, false
	default:
		if j := strings.IndexByte("nrtbfv", c); j >= 0 {
			c = "\n\r\t\b\f\v"[j]
		}
		sb.WriteByte(c)
	}
	return i + 1, true
}

// jsScope is a scope of bindings the code makes: the script's, or an
// arrow function's. A name used in it and not bound there is resolved in
// the enclosing scope when it closes (let and const are hoisted: a use
// before the declaration throws and does nothing else).
type jsScope struct {
	parent *jsScope
	names  map[string]bool
	refs   []jsRef
}

// jsRef is a use of a name: read (member ""), assigned (member "="),
// constructed (member "new") or with a member read (.member).
type jsRef struct{ name, member string }

type jsParser struct {
	toks  []jsTok
	pos   int
	scope *jsScope
	ok    bool
	depth int
}

// pureJS reports whether code parses under the JavaScript sublanguage and
// uses only allowed names and members.
func pureJS(code string) bool {
	toks, ok := jsLex(code)
	if !ok {
		return false
	}
	p := &jsParser{toks: toks, ok: true, scope: &jsScope{names: map[string]bool{}}}
	p.statements("")
	return p.ok && p.tok().kind == "$" && p.close()
}

func (p *jsParser) tok() jsTok { return p.toks[p.pos] }

// is reports whether the current token is the punctuator or name s.
func (p *jsParser) is(s string) bool {
	t := p.tok()
	return (t.kind == "p" || t.kind == "n") && t.text == s
}

func (p *jsParser) fail() { p.ok = false }

func (p *jsParser) next() jsTok {
	t := p.tok()
	if t.kind != "$" {
		p.pos++
	}
	return t
}

func (p *jsParser) expect(s string) {
	if !p.is(s) {
		p.fail()
		return
	}
	p.next()
}

// close resolves the uses of the current scope: a name bound there is the
// code's own, whose members must be allowed ones; any other goes up, and
// at the top must be an allowed global with an allowed member.
func (p *jsParser) close() bool {
	sc := p.scope
	for _, r := range sc.refs {
		switch {
		case sc.names[r.name]:
			if r.member == "new" || r.member != "" && r.member != "=" && !slices.Contains(jsMembers, r.member) {
				return false
			}
		case sc.parent != nil:
			sc.parent.refs = append(sc.parent.refs, r)
		case !jsGlobalUse(r):
			return false
		}
	}
	if sc.parent != nil {
		p.scope = sc.parent
	}
	return true
}

// declare binds a plain name in the current scope.
func (p *jsParser) declare(name string) {
	if !jsBindable(name) {
		p.fail()
		return
	}
	p.scope.names[name] = true
}

// binding parses a name a declaration or a parameter binds, or an array
// pattern of names ([k, v], [, second], [first, ...rest]): it reads by
// iteration, not by property name. Object patterns ({constructor: c})
// read properties by name, and defaults inside patterns are not parsed.
func (p *jsParser) binding() {
	if !p.is("[") {
		t := p.next()
		if t.kind != "n" {
			p.fail()
			return
		}
		p.declare(t.text)
		return
	}
	p.next()
	for p.ok && !p.is("]") {
		if p.is(",") {
			p.next()
			continue
		}
		rest := p.is("...")
		if rest {
			p.next()
		}
		t := p.next()
		if t.kind != "n" {
			p.fail()
			return
		}
		p.declare(t.text)
		if rest {
			break
		}
		if !p.is("]") {
			p.expect(",")
		}
	}
	p.expect("]")
}

// jsBindable reports a name code may bind: no keyword (async, let and of
// included) and no name with __.
func jsBindable(name string) bool {
	return !strings.Contains(name, "__") && !slices.Contains(jsReserved, name)
}

// atEnd reports the end of the statements: the punctuator end, or with
// end "" the end of the code (a name $ is no end).
func (p *jsParser) atEnd(end string) bool {
	if end == "" {
		return p.tok().kind == "$"
	}
	return p.tok().kind == "p" && p.tok().text == end
}

// statements parses ;-separated statements up to the token end ("": the
// end of the code).
func (p *jsParser) statements(end string) {
	for p.ok {
		switch {
		case p.atEnd(end):
			return
		case p.is(";"):
			p.next()
			continue
		}
		p.statement()
		if !p.is(";") && !p.atEnd(end) {
			p.fail()
		}
	}
}

// statement parses a declaration, a return (in an arrow's block) or an
// expression. A { at the start of a statement opens a block (a labelled
// statement inside it would read like an object): it is refused.
func (p *jsParser) statement() {
	switch {
	case p.is("let") || p.is("const"):
		p.next()
		for p.ok {
			p.binding()
			if p.is("=") {
				p.next()
				p.assign()
			}
			if !p.is(",") {
				return
			}
			p.next()
		}
	case p.is("return") && p.scope.parent != nil:
		p.next()
		if p.tok().nl {
			p.fail() // return, then a line break, returns nothing
			return
		}
		if !p.is(";") && !p.is("}") {
			p.expression()
		}
	case p.is("{"):
		p.fail()
	default:
		p.expression()
	}
}

func (p *jsParser) expression() {
	p.assign()
	for p.ok && p.is(",") {
		p.next()
		p.assign()
	}
}

// jsAssignOps are the assignment operators.
var jsAssignOps = []string{"=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=",
	"&&=", "||=", "??="}

// assign parses an assignment expression: an arrow function, an
// assignment to a plain name, or a conditional expression.
func (p *jsParser) assign() {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 200 {
		p.fail()
		return
	}
	if p.arrowAhead() {
		p.arrow()
		return
	}
	name := p.conditional()
	if p.tok().kind == "p" && slices.Contains(jsAssignOps, p.tok().text) {
		if name == "" {
			p.fail()
			return
		}
		p.scope.refs = append(p.scope.refs, jsRef{name, "="})
		p.next()
		p.assign()
	}
}

// arrowAhead reports whether an arrow function starts here: a name then
// =>, or a parenthesised list whose ) is followed by =>.
func (p *jsParser) arrowAhead() bool {
	if p.tok().kind == "n" {
		return p.toks[p.pos+1].kind == "p" && p.toks[p.pos+1].text == "=>"
	}
	if !p.is("(") {
		return false
	}
	depth := 0
	for i := p.pos; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind != "p" {
			continue
		}
		switch t.text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				n := p.toks[i+1]
				return n.kind == "p" && n.text == "=>"
			}
		}
	}
	return false
}

// arrow parses an arrow function: plain parameters (with defaults and a
// rest parameter), =>, and an expression or a block body, in a scope of
// its own.
func (p *jsParser) arrow() {
	p.scope = &jsScope{parent: p.scope, names: map[string]bool{}}
	if p.tok().kind == "n" {
		p.declare(p.next().text)
	} else {
		p.expect("(")
		for p.ok && !p.is(")") {
			if p.is("...") {
				p.next()
			}
			p.binding()
			if p.is("=") {
				p.next()
				p.assign()
			}
			if !p.is(")") {
				p.expect(",")
			}
		}
		p.expect(")")
	}
	p.expect("=>")
	if p.is("{") {
		p.next()
		p.statements("}")
		p.expect("}")
	} else {
		p.assign()
	}
	if p.ok && !p.close() {
		p.fail()
	}
}

func (p *jsParser) conditional() string {
	name := p.binary(0)
	if p.is("?") {
		p.next()
		p.assign()
		p.expect(":")
		p.assign()
		return ""
	}
	return name
}

// jsBinary gives a binary operator its precedence (a switch, not a map:
// a package-level map is built when the hook starts).
func jsBinary(op string) (int, bool) {
	switch op {
	case "??":
		return 1, true
	case "||":
		return 2, true
	case "&&":
		return 3, true
	case "|":
		return 4, true
	case "^":
		return 5, true
	case "&":
		return 6, true
	case "==", "!=", "===", "!==":
		return 7, true
	case "<", ">", "<=", ">=", "in":
		return 8, true
	case "<<", ">>", ">>>":
		return 9, true
	case "+", "-":
		return 10, true
	case "*", "/", "%":
		return 11, true
	case "**":
		return 12, true
	}
	return 0, false
}

// binary parses operands joined by binary operators of at least the
// precedence min, and returns the name when the expression is a plain one.
func (p *jsParser) binary(min int) string {
	name := p.unary()
	for p.ok {
		t := p.tok()
		prec, isOp := jsBinary(t.text)
		if !isOp || t.kind == "s" || t.kind == "0" || prec <= min && !(t.text == "**" && prec == min) {
			return name
		}
		p.next()
		p.binary(prec)
		name = ""
	}
	return name
}

// unary parses prefix operators and a postfix expression.
func (p *jsParser) unary() string {
	if p.is("!") || p.is("-") || p.is("+") || p.is("~") || p.is("typeof") || p.is("void") {
		p.next()
		p.unary()
		return ""
	}
	return p.postfix()
}

// postfix parses a primary expression or new, then member accesses,
// integer subscripts and calls. A plain name's use is recorded with the
// member read from it (Math.max), or bare; it returns the name when the
// expression is a plain name.
func (p *jsParser) postfix() string {
	name := ""
	if p.is("new") {
		p.next()
		t := p.next()
		if t.kind != "n" || !p.is("(") {
			p.fail()
			return ""
		}
		p.scope.refs = append(p.scope.refs, jsRef{t.text, "new"})
	} else {
		name = p.primary()
	}
	pending, plain := name, true
	use := func(member string) {
		if pending != "" {
			p.scope.refs = append(p.scope.refs, jsRef{pending, member})
			pending = ""
		}
	}
	for p.ok {
		switch {
		case p.is(".") || p.is("?."):
			op := p.next().text
			if p.is("(") || p.is("[") {
				if op == "." {
					p.fail()
				}
				use("")
				continue
			}
			t := p.next()
			switch {
			case t.kind != "n":
				p.fail()
			case pending != "":
				use(t.text)
			case !slices.Contains(jsMembers, t.text):
				p.fail()
			}
		case p.is("("):
			use("")
			p.next()
			for p.ok && !p.is(")") {
				if p.is("...") {
					p.next()
				}
				p.assign()
				if !p.is(")") {
					p.expect(",")
				}
			}
			p.expect(")")
		case p.is("["):
			// Only an integer literal: no key computed at run time can
			// name constructor.
			use("")
			p.next()
			if t := p.next(); t.kind != "0" || !isDecimal(t.text) {
				p.fail()
			}
			p.expect("]")
		case p.tok().kind == "t" || p.tok().kind == "t{":
			p.fail() // a tagged template calls what precedes it
		default:
			use("")
			if plain {
				return name
			}
			return ""
		}
		plain = false
	}
	return ""
}

// primary parses a literal, a name, a parenthesised expression, an array
// or object literal, or a template literal, and returns the name when it
// is a plain one.
func (p *jsParser) primary() string {
	t := p.next()
	switch t.kind {
	case "0", "s", "t":
		return ""
	case "t{":
		for p.ok {
			p.expression()
			switch p.next().kind {
			case "}t":
				return ""
			case "}t{":
				continue
			default:
				p.fail()
			}
		}
		return ""
	case "n":
		switch t.text {
		case "true", "false", "null":
			return ""
		}
		if !jsBindable(t.text) {
			p.fail()
			return ""
		}
		return t.text
	case "p":
		switch t.text {
		case "(":
			p.expression()
			p.expect(")")
			return ""
		case "[":
			for p.ok && !p.is("]") {
				if p.is(",") {
					p.next()
					continue
				}
				if p.is("...") {
					p.next()
				}
				p.assign()
				if !p.is("]") {
					p.expect(",")
				}
			}
			p.expect("]")
			return ""
		case "{":
			p.object()
			return ""
		}
	}
	p.fail()
	return ""
}

// object parses an object literal after its {: plain keys (names,
// strings, numbers) with a value, shorthand names, and spread. A key
// __proto__ sets the prototype; methods, getters and computed keys are
// refused.
func (p *jsParser) object() {
	for p.ok && !p.is("}") {
		switch t := p.next(); {
		case t.kind == "p" && t.text == "...":
			p.assign()
		case t.kind == "n" && (p.is(",") || p.is("}")):
			if !jsBindable(t.text) {
				p.fail()
			}
			p.scope.refs = append(p.scope.refs, jsRef{t.text, ""})
		case t.kind == "n" || t.kind == "s" || t.kind == "0":
			if strings.Contains(t.text, "__") {
				p.fail()
			}
			p.expect(":")
			p.assign()
		default:
			p.fail()
		}
		if !p.is("}") {
			p.expect(",")
		}
	}
	p.expect("}")
}

// jsGlobalUse reports whether a use of a global name is allowed: a value
// that only computes, a namespace's listed member, or new of a listed
// constructor.
func jsGlobalUse(r jsRef) bool {
	switch r.member {
	case "":
		return slices.Contains(jsGlobals, r.name)
	case "=":
		return false
	case "new":
		return slices.Contains([]string{"Set", "Map", "Date", "Array"}, r.name)
	}
	if slices.Contains(jsNamespace(r.name), r.member) {
		return true
	}
	return slices.Contains(jsGlobals, r.name) && slices.Contains(jsMembers, r.member)
}

// jsGlobals are the global values a pure one-liner may read.
var jsGlobals = []string{"undefined", "NaN", "Infinity", "parseInt", "parseFloat", "isNaN", "isFinite",
	"encodeURIComponent", "decodeURIComponent", "encodeURI", "decodeURI", "String", "Number", "Boolean", "BigInt",
	"Array", "Date"}

// jsNamespace lists the members of a global object a pure one-liner may
// use (Math's and JSON's, Object's that list and build plain data,
// console's printers).
func jsNamespace(name string) []string {
	switch name {
	case "console":
		return []string{"log", "error", "info", "warn", "debug", "table", "dir"}
	case "Math":
		return []string{"abs", "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil",
			"clz32", "cos", "cosh", "exp", "expm1", "floor", "fround", "hypot", "imul", "log", "log10",
			"log1p", "log2", "max", "min", "pow", "random", "round", "sign", "sin", "sinh", "sqrt", "tan",
			"tanh", "trunc", "E", "LN10", "LN2", "LOG10E", "LOG2E", "PI", "SQRT1_2", "SQRT2"}
	case "JSON":
		return []string{"stringify", "parse"}
	case "Object":
		return []string{"keys", "values", "entries", "fromEntries"}
	case "Array":
		return []string{"from", "isArray", "of"}
	case "Number":
		return []string{"isInteger", "isFinite", "isNaN", "isSafeInteger", "parseFloat", "parseInt",
			"EPSILON", "MAX_SAFE_INTEGER", "MIN_SAFE_INTEGER", "MAX_VALUE", "MIN_VALUE", "POSITIVE_INFINITY",
			"NEGATIVE_INFINITY"}
	case "String":
		return []string{"fromCharCode", "fromCodePoint"}
	case "Date":
		return []string{"now", "UTC"}
	}
	return nil
}

// jsMembers are the properties and methods a pure one-liner may use on
// any value: those of arrays, strings, numbers, sets, maps and dates that
// compute. None reaches a constructor, a prototype or a function's own
// machinery (call, apply, bind).
var jsMembers = []string{"length", "map", "filter", "reduce", "reduceRight", "forEach", "some", "every",
	"find", "findIndex", "findLast", "findLastIndex", "includes", "indexOf", "lastIndexOf", "join", "slice",
	"concat", "flat", "flatMap", "reverse", "sort", "toSorted", "toReversed", "at", "fill", "push", "pop", "shift",
	"unshift", "splice", "keys", "values", "entries", "split", "substring", "substr", "toUpperCase",
	"toLowerCase", "trim", "trimStart", "trimEnd", "padStart", "padEnd", "repeat", "replace", "replaceAll",
	"startsWith", "endsWith", "charAt", "charCodeAt", "codePointAt", "localeCompare", "normalize", "toFixed",
	"toPrecision", "toExponential", "toString", "size", "has", "get", "set", "add", "delete", "clear",
	"getTime", "getFullYear", "getMonth", "getDate", "getDay", "getHours", "getMinutes", "getSeconds",
	"getMilliseconds", "getTimezoneOffset", "getUTCFullYear", "getUTCMonth", "getUTCDate", "getUTCDay",
	"getUTCHours", "getUTCMinutes", "getUTCSeconds", "toISOString", "toJSON", "toDateString",
	"toLocaleDateString", "toLocaleTimeString", "toLocaleString", "toUTCString"}

// jsReserved are the names the sublanguage neither binds nor reads:
// reserved words, contextual keywords, and the names that reach the
// script's function or the global object.
var jsReserved = []string{"await", "break", "case", "catch", "class", "const", "continue", "debugger", "default",
	"delete", "do", "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
	"instanceof", "let", "new", "null", "of", "return", "static", "super", "switch", "this", "throw", "true", "try",
	"typeof", "var", "void", "while", "with", "yield", "async", "get", "set", "arguments", "eval",
	"implements", "interface", "package", "private", "protected", "public"}
