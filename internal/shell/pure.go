package shell

import (
	"strings"
)

// Interpreter code is read-only in two cases the analysis can prove: an
// awk program that only computes and prints, and a Python or JavaScript
// one-liner that a parser of a small sublanguage reads completely and in
// which every construct is on an allow-list.
//
// The parsers are hand-written recursive descent over a subset of each
// language, not a general parser library: the hook links this code and
// starts for every command, and a full JavaScript or Python parser (with
// its keyword and unicode tables, built at package initialisation) would
// add size and start-up work for grammar this check refuses anyway. A
// subset parser also fails closed by construction: whatever it does not
// know (regular expression literals, comments where the language and a
// scanner could disagree, unicode escapes in names, line continuations,
// decorators, classes, imports, getters, computed keys) does not parse,
// and code that does not parse is not pure.
//
// Soundness rests on three rules, for both languages:
//   - the accepted token sequences are a subset of what the language
//     accepts, read the same way: every lexical form is read exactly or
//     refused (a / is division only; an operand cannot start with it, so
//     a regular expression literal never parses);
//   - every name resolves, by the language's scoping, either to a binding
//     the code itself makes before it can be used (let and const, arrow
//     and lambda parameters, comprehension targets, unconditional
//     top-level assignments in Python) or to an allowed global;
//   - every member access names an allowed, non-reflective property
//     (never constructor, prototype, a dunder, call/apply/bind), and
//     computed access is refused in JavaScript unless the key is an
//     integer literal, which cannot name such a property.
//
// Code that passes can only build values from literals and allowed
// builtins and print them: it has no way to a function constructor, a
// module loader, the process or the file system.

// PureCode reports whether a Python or JavaScript one-liner only computes
// and prints: it parses completely under the sublanguage grammar and uses
// only allowed names and members (see pureJS and purePython).
func PureCode(lang, code string) bool {
	if strings.TrimSpace(code) == "" || len(code) > 4000 {
		return false
	}
	switch lang {
	case "javascript":
		return pureJS(code)
	case "python":
		return purePython(code)
	}
	return false
}

// numberEnd returns the index after the number literal that starts at
// code[i]: 0x, 0o and 0b digits, or digits with one point and an
// exponent, then a suffix (JavaScript's n, Python's j). A number followed
// at once by a point or a letter (1..constructor, 1.5.x, 1if) hides an
// attribute access or a keyword: it is not read.
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
	if j < len(code) && strings.IndexByte("nNjJ", code[j]) >= 0 {
		j++
	}
	if j < len(code) && (code[j] == '.' || isNameByte(code[j]) || code[j] >= 0x80) {
		return 0, false
	}
	return j, true
}

// isNameStart reports a byte that starts an ASCII Python or JavaScript
// name ($ is JavaScript's only).
func isNameStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// isNameByte reports a byte of an ASCII name.
func isNameByte(c byte) bool {
	return isNameStart(c) || c >= '0' && c <= '9'
}

// isDecimal reports a token that is a plain decimal integer literal.
func isDecimal(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
