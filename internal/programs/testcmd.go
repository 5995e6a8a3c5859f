package programs

import "strings"

// test and [ evaluate an expression: file tests look at a file's
// metadata (Stat), the others compare words. -v and -R name a variable;
// bash evaluates a subscript in that name (a[$(cmd)] runs cmd), so a name
// with one is not a plain test, nor is a word computed at run time
// followed by one (it may be -v).
//
// [[ is bash's conditional: the analysis hands over no words of it, so
// there is nothing to judge. Its arithmetic comparisons (-eq, -lt...)
// evaluate their operands, and a value such as a[$(cmd)] runs cmd: a
// hole that only the analysis of [[ can close.

var testProgram = &Program{Names: []string{"test"}, NoOptions: true, Node: Node{Effects: testEffects}}

var bracketProgram = &Program{Names: []string{"["}, NoOptions: true, Node: Node{Effects: testEffects}}

var doubleBracketProgram = &Program{Names: []string{"[["}, NoOptions: true, Node: Node{Effects: printsOnly}}

// testFileOps are the unary tests whose operand is a file (-t takes a
// descriptor).
const testFileOps = "-a -b -c -d -e -f -g -G -h -k -L -N -O -p -r -s -S -u -w -x"

func testEffects(c *Call, fx *Effects) {
	args := c.Args()
	if n := len(args); c.Name == "[" && n > 0 && args[n-1].Value == "]" && !args[n-1].Dynamic {
		args = args[:n-1]
	}
	stat := func(i int) {
		// A file named at run time is not looked at here: a test only
		// learns whether it exists or what kind it is, and "$f" tests
		// are everywhere.
		if i >= 0 && i < len(args) && !args[i].Dynamic {
			fx.Stat(args[i])
		}
	}
	for i, a := range args {
		if a.Dynamic {
			// A word computed at run time may be -v, and the next word
			// a name with a subscript. (An unquoted one may split into
			// both, [ $(cat f) ]: a gap, left open for the many tests
			// of a file name computed at run time.)
			if i+1 < len(args) && (args[i+1].Dynamic || strings.ContainsAny(args[i+1].Value, "[$`")) {
				fx.Unknown("the word " + a.Value + " is computed at run time where " + c.Name + " may read -v NAME")
			}
			continue
		}
		if i+1 >= len(args) {
			continue
		}
		switch v := a.Value; {
		case v == "-nt" || v == "-ot" || v == "-ef":
			stat(i - 1)
			stat(i + 1)
		case v == "-v" || v == "-R":
			if next := args[i+1]; next.Dynamic || strings.ContainsAny(next.Value, "[$`") {
				fx.Exec("sh", "", "test "+v+" evaluates the subscript of "+next.Value)
			}
		case len(v) == 2 && strings.Contains(testFileOps, v):
			stat(i + 1)
		}
	}
}
