package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// tr, expand, unexpand, fold, fmt, nl, rev and tsort transform the text
// they read and print it. tr reads only its input: its operands are sets
// of characters.

// trProgram has GNU tr's options and BSD's -u (unbuffered).
var trProgram = &Program{Names: []string{"tr"}, Node: Node{Opts: `
-c -C --complement
-d --delete
-s --squeeze-repeats
-t --truncate-set1
-u
` + gnuHelp, Effects: printsOnly}}

var expandProgram = &Program{Names: []string{"expand"}, Digits: true, Node: Node{Opts: `
-i --initial
-t --tabs=LIST
` + gnuHelp, Effects: readsFiles}}

var unexpandProgram = &Program{Names: []string{"unexpand"}, Digits: true, Node: Node{Opts: `
-a --all
--first-only
-t --tabs=LIST
` + gnuHelp, Effects: readsFiles}}

var foldProgram = &Program{Names: []string{"fold"}, Digits: true, Node: Node{Opts: `
-b --bytes
-s --spaces
-w --width=WIDTH
` + gnuHelp, Effects: readsFiles}}

// fmtProgram has GNU fmt's options and BSD's (-m -n -d -l). BSD's -p and
// -t are flags where GNU's take a value; -t is a flag here, and the
// value of -p is also read as a file, which it is on BSD.
var fmtProgram = &Program{Names: []string{"fmt"}, Digits: true, Node: Node{Opts: `
-c --crown-margin
-p --prefix=STRING
-s --split-only
-t --tagged-paragraph
-u --uniform-spacing
-w --width=WIDTH
-g --goal=WIDTH
-m
-n
-d=CHARS
-l=NUM
` + gnuHelp, Effects: func(c *Call, fx *Effects) {
	for _, v := range c.ValueArgs("-p") {
		if v.Value != "-" {
			fx.Read(v)
		}
	}
	readOperands(c, fx)
}}}

// nlProgram has GNU nl's options; BSD's are the same letters.
var nlProgram = &Program{Names: []string{"nl"}, Node: Node{Opts: `
-b --body-numbering=STYLE
-d --section-delimiter=CC
-f --footer-numbering=STYLE
-h --header-numbering=STYLE
-i --line-increment=NUMBER
-l --join-blank-lines=NUMBER
-n --number-format=FORMAT
-p --no-renumber
-s --number-separator=STRING
-v --starting-line-number=NUMBER
-w --number-width=NUMBER
` + gnuHelp, Effects: readsFiles}}

var revProgram = &Program{Names: []string{"rev"}, Fold: foldRev, Node: Node{Opts: `
-0 --zero
-h --help       help
-V --version    help
`, Effects: readsFiles}}

// foldRev: rev of known input prints each of its lines reversed.
func foldRev(c *shell.Simple, _ shell.Machine) (string, bool) {
	if !c.StdinKnown || len(c.Args) != 1 {
		return "", false
	}
	lines := strings.Split(strings.TrimSuffix(c.Stdin, "\n"), "\n")
	for i, l := range lines {
		r := []rune(l)
		for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
			r[a], r[b] = r[b], r[a]
		}
		lines[i] = string(r)
	}
	return strings.Join(lines, "\n") + "\n", true
}

var tsortProgram = &Program{Names: []string{"tsort"}, Node: Node{Opts: `
-d
-l
-q
` + gnuHelp, Effects: readsFiles}}
