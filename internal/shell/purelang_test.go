package shell

import "testing"

// TestPureCodeParsed: the parsers accept ordinary pure one-liners and
// refuse every construct outside the sublanguage or the allow-list, in
// the spellings attackers use where a scanner and the language disagree.
func TestPureCodeParsed(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, code string
		want       bool
	}{
		// Ordinary pure JavaScript.
		{"javascript", `[1,2].map(x=>x*2)`, true},
		{"javascript", `"a,b".split(",").length`, true},
		{"javascript", `console.log([3,1,2].sort((a, b) => a - b).join(" "))`, true},
		{"javascript", `const xs = [1, 2, 3]; console.log(xs.reduce((a, b) => a + b, 0))`, true},
		{"javascript", "console.log(`sum: ${1 + 2} and ${[1].length}`)", true},
		{"javascript", `console.log(Object.keys({a: 1, "b": 2, 3: 4}), Object.entries({a: 1}))`, true},
		{"javascript", `JSON.stringify({a: [1, 2], b: "x"}, null, 2)`, true},
		{"javascript", `new Set([1, 1, 2]).size`, true},
		{"javascript", `const m = new Map(); m.set("a", 1); console.log(m.get("a"))`, true},
		{"javascript", `"abc".toUpperCase().padStart(5, "-")`, true},
		{"javascript", `"a,b".split(",")[0]`, true},
		{"javascript", `[..."abc"].reverse().join("")`, true},
		{"javascript", `Array.from({length: 3}, (_, i) => i * i)`, true},
		{"javascript", `const f = (a, b = 2, ...r) => { const s = a + b; return s + r.length }; f(1)`, true},
		{"javascript", `new Date().toISOString()`, true},
		{"javascript", `Date.now() > 0 ? "yes" : "no"`, true},
		{"javascript", `({a: 1}).a === undefined`, false}, // a is no allowed member
		{"javascript", `let n = 1; n += 2; n ??= 3; console.log(n, typeof n, !n, -n, 2 ** 3 ** 2)`, true},
		{"javascript", `[1, 2].filter(Boolean).map(String)`, true},
		{"javascript", `Math.max(...[1, 2]) + Math.PI`, true},
		{"javascript", "console.log(1);\nconsole.log(2)", true},
		{"javascript", `console.log("caf\u00e9 ✓", 'a\x41\n')`, true},
		{"javascript", `[1,2]?.at(-1)`, true},
		{"javascript", `Object.entries({a: 1}).map(([k, v]) => k + "=" + v).join("&")`, true},
		{"javascript", `const [first, , ...rest] = "abcd"; console.log(first, rest)`, true},
		{"javascript", `const [a = require("fs")] = []`, false},
		{"javascript", `const [{constructor: c}] = [""]`, false},
		{"javascript", `const [a, [b]] = [1, [2]]`, false},
		// Reflection: constructor, prototype, __proto__, call/apply/bind.
		{"javascript", `const {constructor: {constructor: F}} = []; F("return process")()`, false},
		{"javascript", `({constructor: c} = ""); c`, false},
		{"javascript", `let c; ({constructor: c} = ""); c.constructor("return 1")()`, false},
		{"javascript", `[].constructor.constructor("return process")()`, false},
		{"javascript", `[]["constructor"]`, false},
		{"javascript", `const k = "constructor"; [][k]`, false},
		{"javascript", `[][("con" + "structor")]`, false},
		{"javascript", `"".__proto__`, false},
		{"javascript", `({__proto__: null})`, false},
		{"javascript", `({"__proto__": []})`, false},
		{"javascript", `({"\x5f_proto__": []})`, false},
		{"javascript", `Object.getPrototypeOf(() => 0)`, false},
		{"javascript", `Math.max.call(null, 1)`, false},
		{"javascript", `[].map.bind(1)`, false},
		{"javascript", `Array.prototype`, false},
		{"javascript", `const O = Object; O.getPrototypeOf(1)`, false},
		{"javascript", `Object.assign({}, {})`, false},
		{"javascript", `({get x() { return 1 }}).x`, false},
		{"javascript", `({x() { return 1 }})`, false},
		{"javascript", `({[1 + 1]: 2})`, false},
		// Unicode escapes in names, and escapes not decoded.
		{"javascript", `[]["\u0063onstructor"]`, false},
		{"javascript", `[].\u0063onstructor`, false},
		{"javascript", `const \u0061 = 1`, false},
		{"javascript", `"\u{63}"`, false},
		{"javascript", `"\101"`, false},
		{"javascript", "\"a\\\nb\"", false},
		{"javascript", "`a\\\nb`", false},
		// Globals that reach the process, modules or code.
		{"javascript", `require("fs")`, false},
		{"javascript", `import("fs")`, false},
		{"javascript", `process.exit(1)`, false},
		{"javascript", `globalThis.process`, false},
		{"javascript", `eval("1")`, false},
		{"javascript", `Function("return 1")()`, false},
		{"javascript", `new Function("return 1")()`, false},
		{"javascript", `Reflect.ownKeys({})`, false},
		{"javascript", `new Proxy({}, {})`, false},
		{"javascript", `Symbol.iterator`, false},
		{"javascript", `this.constructor`, false},
		{"javascript", `with (Math) max(1)`, false},
		{"javascript", `fetch("http://x")`, false},
		{"javascript", `Buffer.from("x")`, false},
		{"javascript", `arguments[1]`, false},
		{"javascript", `__dirname`, false},
		{"javascript", `console.Console`, false},
		{"javascript", `String.raw` + "`x`", false},
		// Scoping: a parameter's name is the code's only inside.
		{"javascript", `(require => 0); require("fs")`, false},
		{"javascript", `const f = (process) => process; f(1)`, true},
		{"javascript", `const require = () => 1; require("fs")`, true},
		{"javascript", `var fetch; fetch("http://x")`, false},
		{"javascript", `fetch = 1; fetch("http://x")`, false},
		{"javascript", `let x = 1; x = require`, false},
		// A name $ is no end of the code.
		{"javascript", `$; process.exit(3)`, false},
		{"javascript", "$`x`; process.exit(3)", false},
		{"javascript", `const $ = 1; console.log($ + 1)`, true},
		// Lexical forms where a scanner and the language disagree.
		{"javascript", `console.log(/'/, require("fs"), /'/)`, false},
		{"javascript", `let r = 1; r = /x/g`, false},
		{"javascript", "console.log(1)\n<!-- '\nprocess.exit()", false},
		{"javascript", "console.log(1)\n--> '\nprocess.exit()", false},
		{"javascript", "let a = 2; a-->0", false},
		{"javascript", "#!/usr/bin/env node\n1", false},
		{"javascript", "1 // '\nprocess.exit()", false},
		{"javascript", "1 /* ' */; process.exit()", false},
		{"javascript", "console.log(1)\u2028process", false},
		{"javascript", "console.log(1)\vprocess", false},
		{"javascript", "`${`${require('fs')}`}`", false},
		{"javascript", "[].map`x`", false},
		{"javascript", "{ a: 1 }", false},
		{"javascript", "x: console.log(1)", false},
		{"javascript", "@dec\n1", false},
		{"javascript", "010", false},
		{"javascript", "1..toString()", false},
		{"javascript", "(() => { return\nrequire('fs') })()", false},
		{"javascript", "function f() {}", false},
		{"javascript", "class A {}", false},
		{"javascript", "async () => 1", false},
		// Ordinary pure Python.
		{"python", `print(sorted(set([3, 1, 3])))`, true},
		{"python", `print(len("abc".upper()))`, true},
		{"python", `x = [1, 2]; print(sorted(set(x)))`, true},
		{"python", `print(",".join(str(i) for i in range(3)))`, true},
		{"python", `print({k: v for k, v in {"a": 1}.items() if v}, {i for i in "ab"})`, true},
		{"python", `print(f"{1 + 2:>5} {'x'!r} {[1][0]=}")`, true},
		{"python", `print("{} and {!r:>3}".format(1, 2))`, true},
		{"python", `print(len("é".encode()), b"a".decode("utf-8"), str(b"a", "ascii"), bytes("a", "utf8"), str(1))`, true},
		// A codec not built in imports modules from the folder python runs
		// in ("idna" imports stringprep).
		{"python", `print("x".encode("idna"))`, false},
		{"python", `print(str(b"x", "idna"))`, false},
		{"python", `print(bytes("x", encoding="idna"))`, false},
		{"python", `e = "idna"; print("x".encode(e))`, false},
		{"python", `e = "idna"; s = "x"; print(s.encode(e))`, false},
		{"python", `s = "x"; print(s.encode("utf-8"), [s][0].encode())`, true},
		{"python", `print("x".encode)`, false},
		{"python", `f = lambda a, b=2, *r, **k: a + b; print(f(1), sum(map(lambda x: x * 2, [1])))`, true},
		{"python", `print("a b".split()[0], "abc"[::-1], [1, 2, 3][1:])`, true},
		{"python", `for i in range(3): print(i, end=" ")`, true},
		{"python", `a, b = 1, 2; a += b; print(a if a > b else b, a not in [1], a is not None)`, true},
		{"python", "x = 1\nif x: print(x)\nprint(-x ** 2)", true},
		{"python", `print(*[1, 2], sep=", ")`, true},
		{"python", `d = {"a": 1}; print(d["a"], d.get("b", 0), {**d})`, true},
		{"python", `print(max([3, 1], key=abs), 7 // 2 % 3, not 1)`, true},
		{"python", `print([[j for j in range(i)] for i in range(3)])`, true},
		// Python reflection and builtins that reach code, files or input.
		{"python", `print(().__class__.__base__.__subclasses__())`, false},
		{"python", `print(getattr((), "__cl" + "ass__"))`, false},
		{"python", `print(type(1))`, false},
		{"python", `print(vars(), globals(), locals(), dir())`, false},
		{"python", `eval("1")`, false},
		{"python", `exec("import os")`, false},
		{"python", `compile("1", "x", "eval")`, false},
		{"python", `open("x").read()`, false},
		{"python", `__import__("os")`, false},
		{"python", `breakpoint()`, false},
		{"python", `input()`, false},
		{"python", `help(len)`, false},
		{"python", `print("{0.__class__}".format(1))`, false},
		{"python", `print("{0.real}".format(1))`, false},
		{"python", `print("{0[0]}".format("a"))`, false},
		{"python", `print("{}" "{0.__class__}".format(1))`, false},
		{"python", `print("{0\x2e__class__}".format(1))`, false},
		{"python", `print(f"{{0.__class__}}".format(1))`, false},
		{"python", `print("{}".format_map({}))`, false},
		{"python", `print(str.format("{0.__class__}", 1))`, false},
		{"python", `print(f"{open('x')}")`, false},
		{"python", `print(f"{1:{open('x')}}")`, false},
		{"python", `print(f"\{open('x')}")`, false},
		{"python", `print(f"{"a"}")`, false},
		{"python", `print(f"{1#}")`, false},
		{"python", `print(f"{x}" for x in [1])`, true},
		// Scoping: builtins until an unconditional assignment.
		{"python", `open = print; open(1)`, true},
		{"python", `if 0: open = print` + "\nopen('x')", false},
		{"python", `for open in []: pass` + "\nopen('x')", false},
		{"python", `print([open for open in open("x")])`, false},
		{"python", `f = lambda: x; x = 1; f()`, false},
		{"python", `f = lambda open: open(1); f(print)`, true},
		{"python", `f = lambda x=open: x`, false},
		{"python", `print(x := 1)`, false},
		{"python", `x: open("f") = 1`, false},
		{"python", `x.y = 1`, false},
		{"python", `del x`, false},
		// Lexical forms.
		{"python", "import os", false},
		{"python", "from os import system", false},
		{"python", "@dec\ndef f(): pass", false},
		{"python", "def f(): pass", false},
		{"python", "class A: pass", false},
		{"python", "print(1); \\\nimport os", false},
		{"python", "# coding: rot13\nprint(1)", false},
		{"python", "print(1)\n  print(2)", false},
		{"python", "print(1)\nif 1:\n    import os", false},
		{"python", "print(1, \n  2)", true},
		{"python", "ｐrint(1)", false},
		{"python", "print(1if 1 else 2)", false},
		{"python", "with open('x') as f: pass", false},
		{"python", "print(`1`)", false},
		{"python", "lambda: (yield)", false},
	}
	for _, tt := range tests {
		if got := PureCode(tt.lang, tt.code); got != tt.want {
			t.Errorf("PureCode(%s, %q) = %v, want %v", tt.lang, tt.code, got, tt.want)
		}
	}
}

// FuzzPureCode: the parsers never panic; code they accept stays accepted
// with a newline after it, and a forbidden call before or after it makes
// it refused (no part of accepted code is skipped unread).
func FuzzPureCode(f *testing.F) {
	for _, s := range []string{"[1,2].map(x=>x*2)", "console.log(`a${1}b${[2].length}`)", "({a: 1, ...b})",
		`print(f"{1:{2}}", "{0!r}".format(1))`, "for i in range(3): print(i)", "[x for x in [1] if x]",
		"lambda *a, **k: (a, k)", "x = 1\nif x: print(x)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, lang := range []string{"javascript", "python"} {
			if !PureCode(lang, code) {
				continue
			}
			if !PureCode(lang, code+"\n") {
				t.Errorf("PureCode(%s, %q) but not with a newline after", lang, code)
			}
			bad := "open('x')"
			if lang == "javascript" {
				bad = "require('x');"
			}
			if PureCode(lang, code+"\n"+bad) || PureCode(lang, bad+"\n"+code) {
				t.Errorf("PureCode(%s, %q) with %s before or after it", lang, code, bad)
			}
		}
	})
}
