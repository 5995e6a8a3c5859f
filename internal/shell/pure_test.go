package shell

import "testing"

// TestPureCode: a one-liner is pure only when every byte of it is read
// as the interpreter reads it. A comment or a regular expression literal
// holds quotes that are no string, so code after them can hide in what
// the tokenizer would take for a string.
func TestPureCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, code string
		want       bool
	}{
		// Pure computations.
		{"javascript", `console.log(1+2)`, true},
		{"javascript", `console.log(10 / 2)`, true},
		{"javascript", `const x = 6; console.log(x / 2, x/3)`, true},
		{"javascript", `console.log((1 + 2) / 3, [4] / 2)`, true},
		{"javascript", `console.log("a" / 1, 0x1f / 1, 1e3 / 2, .5 / 1, 10n)`, true},
		{"javascript", `let y = 4; y /= 2; console.log(y)`, true},
		{"javascript", `console.log('it\'s', "a'b")`, true},
		{"python", `print(7 // 2, 1_000, 1.5e-3, 0xff, 2j)`, true},
		{"python", `print("""a'b""") # comment`, true},
		{"python", `print(1) # ' import os`, true},
		// Regular expression literals: a quote inside is no string.
		{"javascript", `console.log(/'/, require("fs").writeFileSync("pwn1","x"), /'/)`, false},
		{"javascript", `console.log(/"/, 1, /"/)`, false},
		{"javascript", `console.log(/x/)`, false},
		{"javascript", `console.log(1,/'/)`, false},
		{"javascript", `let r = /'/; console.log(r)`, false},
		{"javascript", `console.log(typeof /'/)`, false},
		{"javascript", `/'/; console.log(1)`, false},
		{"javascript", `console.log(1 + /'/ + 1)`, false},
		// Comments.
		{"javascript", "console.log(1) // '\nrequire(\"child_process\").execSync(\"touch pwn2\")\n// '", false},
		{"javascript", "console.log(1) /* ' */; require('fs') /* ' */", false},
		{"javascript", "console.log(1)//x", false},
		{"javascript", "console.log(1)\n<!-- '\nprocess.exit()\n<!-- '", false},
		{"javascript", "console.log(1)\n--> '\nprocess.exit()\n--> '", false},
		{"javascript", "#!/usr/bin/env node\nconsole.log(1)", false},
		{"javascript", "console.log(1) # '", false},
		// A number glued to a point or a name hides an attribute access.
		{"javascript", `console.log(1..constructor)`, false},
		{"javascript", `console.log(1.5.toFixed(1))`, false},
		{"python", `print(1 .real)`, true}, // an allowed attribute
		{"python", `print(1 .__class__)`, false},
		{"python", `print(1..hex())`, false},
		{"python", `print(1if 1 else 2)`, false},
	}
	for _, tt := range tests {
		if got := PureCode(tt.lang, tt.code); got != tt.want {
			t.Errorf("PureCode(%s, %q) = %v, want %v", tt.lang, tt.code, got, tt.want)
		}
	}
}
