package shell

import (
	"slices"
	"strings"
)

// Interpreter code is read-only in two cases a token-level check can
// prove: an awk program that only computes and prints, and a Python or
// JavaScript one-liner made only of literals, operators, a few pure
// builtins and names it assigns itself. Everything else is code the
// analysis cannot judge.

// PureCode reports whether a Python or JavaScript one-liner only computes
// and prints: literals, operators, the pure builtins of the language
// (print, len, range, sum...; console.log, Math.*, JSON.stringify...) and
// names the code assigns itself. There is no import or require, no
// attribute access beyond the allowed ones, no subscript of a value in
// JavaScript (""["constructor"] reaches Function), no f-string or
// template literal (they embed code), and no dunder name.
func PureCode(lang, code string) bool {
	if strings.Contains(code, "__") || strings.TrimSpace(code) == "" || len(code) > 2000 {
		return false
	}
	toks, ok := pureTokens(code, lang)
	if !ok {
		return false
	}
	assigned := assignedNames(toks)
	for _, n := range assigned {
		if lang == "python" && slices.Contains(pythonBuiltins(), n) && !slices.Contains(pythonPure(), n) {
			// open = ... would make open( look like a name of the code.
			return false
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !isIdentStart(t[0]) {
			if t == "." || lang == "javascript" && t == "[" && i > 0 && jsOperand(toks[i-1]) || t == "=>" {
				// Attribute access, or a subscript of a value in
				// JavaScript; arrow functions are not tracked.
				return false
			}
			continue
		}
		switch {
		case lang == "python" && slices.Contains(pythonPure(), t):
		case lang == "javascript" && slices.Contains(jsPure(), t):
		case lang == "javascript" && t == "console" && i+3 < len(toks) && toks[i+1] == "." &&
			slices.Contains([]string{"log", "error", "info", "warn"}, toks[i+2]) && toks[i+3] == "(":
			i += 2
		case lang == "javascript" && t == "Math" && i+2 < len(toks) && toks[i+1] == "." && isIdentStart(toks[i+2][0]):
			i += 2
		case lang == "javascript" && t == "JSON" && i+3 < len(toks) && toks[i+1] == "." &&
			(toks[i+2] == "stringify" || toks[i+2] == "parse") && toks[i+3] == "(":
			i += 2
		case slices.Contains(assigned, t):
		default:
			return false
		}
	}
	return true
}

// pythonBuiltins lists Python's builtin functions and constants.
func pythonBuiltins() []string {
	return []string{"abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes",
		"callable", "chr", "classmethod", "compile", "complex", "copyright", "credits", "delattr", "dict", "dir", "divmod",
		"enumerate", "eval", "exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr",
		"hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass", "iter", "len", "license", "list", "locals",
		"map", "max", "memoryview", "min", "next", "object", "oct", "open", "ord", "pow", "print", "property", "quit",
		"range", "repr", "reversed", "round", "set", "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super",
		"tuple", "type", "vars", "zip"}
}

// pythonPure lists the Python names a pure one-liner may use: keywords of
// expressions and comprehensions, constants, and builtins that compute.
func pythonPure() []string {
	return []string{"False", "None", "True", "abs", "and", "bin", "bool", "chr", "dict", "divmod", "else", "end",
		"enumerate", "float", "for", "hex", "if", "in", "int", "is", "len", "list", "max", "min", "not", "oct", "or",
		"ord", "pow", "print", "range", "repr", "reversed", "round", "sep", "set", "sorted", "str", "sum", "tuple", "zip"}
}

// jsPure lists the JavaScript names a pure one-liner may use.
func jsPure() []string {
	return []string{"Boolean", "Infinity", "NaN", "Number", "String", "const", "false", "isFinite", "isNaN", "let",
		"null", "parseFloat", "parseInt", "true", "typeof", "undefined", "var"}
}

// assignedNames returns the names code assigns: NAME = (not ==), loop and
// comprehension targets (for NAME in), and declarations (let NAME).
func assignedNames(toks []string) []string {
	var out []string
	for i, t := range toks {
		if !isIdentStart(t[0]) {
			continue
		}
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		prev := ""
		if i > 0 {
			prev = toks[i-1]
		}
		if prev != "." && (next == "=" || prev == "for" || prev == "let" || prev == "const" || prev == "var") {
			out = append(out, t)
		}
	}
	return out
}

// jsOperand reports a token after which [ subscripts a value.
func jsOperand(t string) bool {
	return t == ")" || t == "]" || t == "\"\"" || isIdentStart(t[0]) && t != "typeof" || t[0] >= '0' && t[0] <= '9'
}

// isIdentStart reports a byte that starts a Python or JavaScript name.
func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// pureTokens splits Python or JavaScript code into identifiers, numbers,
// operators, and string literals reduced to a placeholder. It fails on
// what it cannot read exactly: f-strings, template literals, unclosed
// strings, backslashes outside strings, non-ASCII text outside strings,
// and in JavaScript comments (// and /* */, <!-- and --> lines, #!) and
// regular expression literals, in which a quote is no string: a / is
// read only where it can only divide, after a number, a name, a string,
// ) or ].
func pureTokens(code, lang string) ([]string, bool) {
	js := lang == "javascript"
	if js && (strings.Contains(code, "<!--") || strings.Contains(code, "-->")) {
		return nil, false
	}
	var out []string
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '#' && lang == "python":
			for i < len(code) && code[i] != '\n' {
				i++
			}
			continue
		case c == '#' && js:
			// A private name (#x) or a hashbang comment.
			return nil, false
		case c == '/' && js:
			if i+1 < len(code) && (code[i+1] == '/' || code[i+1] == '*') || len(out) == 0 || !jsDivides(out[len(out)-1]) {
				// A comment, or a regular expression literal.
				return nil, false
			}
		case c == '`':
			return nil, false
		case c == '"' || c == '\'':
			j, ok := stringEnd(code, i, lang == "python")
			if !ok {
				return nil, false
			}
			out = append(out, "\"\"")
			i = j
			continue
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(code) && code[i+1] >= '0' && code[i+1] <= '9':
			j, ok := numberEnd(code, i)
			if !ok {
				return nil, false
			}
			out = append(out, "0")
			i = j - 1
			continue
		case isIdentStart(c):
			j := i + 1
			for j < len(code) && (isIdentStart(code[j]) || code[j] >= '0' && code[j] <= '9') {
				j++
			}
			word := code[i:j]
			if lang == "python" && j < len(code) && (code[j] == '"' || code[j] == '\'') {
				// A string prefix: r, b, u, rb and br are plain strings;
				// f embeds code.
				if strings.ContainsAny(word, "fF") || len(word) > 2 || strings.Trim(strings.ToLower(word), "rbu") != "" {
					return nil, false
				}
				continue
			}
			out = append(out, word)
			i = j - 1
			continue
		case c == '\\' || c >= 0x80:
			return nil, false
		}
		tok := string(c)
		if i+1 < len(code) {
			switch two := code[i : i+2]; two {
			case "==", "!=", "<=", ">=", "=>", "**", "//", "+=", "-=", "*=", "/=", ":=", "&&", "||", "++", "--":
				tok = two
				i++
			}
		}
		if tok == ":=" {
			return nil, false // names bound inside expressions are not tracked
		}
		out = append(out, tok)
	}
	return out, true
}

// numberEnd returns the index after the number literal that starts at
// code[i]: 0x, 0o and 0b digits, or digits with one point and an
// exponent, then a suffix (JavaScript's n, Python's j). A number followed
// at once by a point or a letter (1..constructor, 1.5.x) hides an
// attribute access: it is not read.
func numberEnd(code string, i int) (int, bool) {
	j := i
	digits := func(hex bool) {
		for j < len(code) && (code[j] >= '0' && code[j] <= '9' || code[j] == '_' || hex && isHex(code[j])) {
			j++
		}
	}
	if code[j] == '0' && j+1 < len(code) && strings.IndexByte("xXoObB", code[j+1]) >= 0 {
		j += 2
		digits(true)
	} else {
		digits(false)
		if j < len(code) && code[j] == '.' {
			j++
			digits(false)
		}
		if j < len(code) && (code[j] == 'e' || code[j] == 'E') {
			j++
			if j < len(code) && (code[j] == '+' || code[j] == '-') {
				j++
			}
			digits(false)
		}
	}
	if j < len(code) && strings.IndexByte("nNjJlL", code[j]) >= 0 {
		j++
	}
	if j < len(code) && (code[j] == '.' || isIdentByte(code[j])) {
		return 0, false
	}
	return j, true
}

// jsDivides reports a JavaScript token after which / divides: a number,
// a name that is no keyword, a string, ) or ]. After anything else (an
// operator, a bracket that opens, a keyword such as typeof, a }) it
// starts a regular expression literal.
func jsDivides(prev string) bool {
	switch {
	case prev == ")" || prev == "]" || prev == "\"\"" || prev == "0":
		return true
	case isIdentStart(prev[0]):
		return !slices.Contains(jsKeywords(), prev)
	}
	return false
}

// jsKeywords lists JavaScript's reserved words and the contextual
// keywords after which an expression, not an operator, follows.
func jsKeywords() []string {
	return []string{"await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
		"do", "else", "enum", "export", "extends", "finally", "for", "function", "if", "import", "in", "instanceof",
		"let", "new", "of", "return", "static", "super", "switch", "throw", "try", "typeof", "var", "void", "while",
		"with", "yield"}
}

// stringEnd returns the index of the quote that closes the string
// starting at code[i] (Python's triple quotes included when triple).
func stringEnd(code string, i int, triple bool) (int, bool) {
	q := code[i : i+1]
	if triple && strings.HasPrefix(code[i:], strings.Repeat(q, 3)) {
		q = strings.Repeat(q, 3)
	}
	for j := i + len(q); j < len(code); j++ {
		if code[j] == '\\' {
			j++
			continue
		}
		if strings.HasPrefix(code[j:], q) {
			return j + len(q) - 1, true
		}
	}
	return 0, false
}

// isIdentByte reports a byte of a name, a number or a field ($1, NR,
// 3.5).
func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
}
