package programs

import (
	"encoding/hex"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// od, hexdump, xxd and strings print the bytes of the files they read in
// another form. xxd writes a second operand (its output file); strings
// reads more options, and file names, from an @FILE operand.

// odProgram has GNU od's options and BSD od's letters.
var odProgram = &Program{Names: []string{"od"}, Node: Node{Opts: `
-A --address-radix=RADIX
--endian=ORDER
-j --skip-bytes=BYTES
-N --read-bytes=BYTES
-S --strings[=BYTES]
-t --format=TYPE
-v --output-duplicates
-w --width[=BYTES]
--traditional
-a
-b
-c
-d
-f
-i
-l
-o
-s
-x
-B
-D
-e
-F
-H
-I
-L
-O
-X
` + gnuHelp, Effects: readsFiles}}

// hexdumpProgram has util-linux's hexdump options (BSD's are a subset);
// -f reads a file of formats.
var hexdumpProgram = &Program{Names: []string{"hexdump"}, Node: Node{Opts: `
-b --one-byte-octal
-X --one-byte-hex
-c --one-byte-char
-C --canonical
-d --two-bytes-decimal
-o --two-bytes-octal
-x --two-bytes-hex
-L --color[=MODE]
-e --format=FORMAT
-f --format-file=FILE     read
-n --length=LENGTH
-s --skip=OFFSET
-v --no-squeezing
-h --help                 help
-V --version              help
`, Effects: readsFiles}}

// stringsProgram has binutils strings' options. An
// operand @FILE is a file of more options and files.
var stringsProgram = &Program{Names: []string{"strings"}, Digits: true, Node: Node{Opts: `
-a --all
-d --data
-f --print-file-name
-n --bytes=MIN
-t --radix=RADIX
-w --include-all-whitespace
-o
-T --target=BFDNAME
-e --encoding=ENCODING
-U --unicode=HOW
-s --output-separator=STRING
-h --help                 help
-v -V --version           help
`, Effects: func(c *Call, fx *Effects) {
	for _, a := range c.Args() {
		if strings.HasPrefix(a.Value, "@") {
			fx.Read(shell.Arg{Value: a.Value[1:], Dynamic: a.Dynamic, Glob: a.Glob})
			fx.Unknown("strings " + a.Value + " reads options and files from a file")
			continue
		}
		if a.Value != "-" || a.Dynamic {
			fx.Read(a)
		}
	}
}}}

// xxd dumps a file (or turns a dump back into bytes with -r, patching
// its output at the offsets the dump names) to its second operand, or to
// standard output. Its options are words of their
// own that xxd matches by their first letter (-c, -cols, -c8), some with
// a value attached or in the next word; options end at the first
// operand. Its table is xxdLetters, read by parseXxd.
var xxdProgram = &Program{Names: []string{"xxd"}, Parse: parseXxd, Fold: foldXxd, Node: Node{Effects: xxdEffects}}

// foldXxd: xxd -r -p prints the bytes the known hex text of its input
// spells.
func foldXxd(c *shell.Simple, _ shell.Machine) (string, bool) {
	if !c.StdinKnown {
		return "", false
	}
	args := c.Args[1:]
	if len(args) == 2 && (args[0].Value == "-r" && args[1].Value == "-p" || args[0].Value == "-p" && args[1].Value == "-r") ||
		len(args) == 1 && (args[0].Value == "-rp" || args[0].Value == "-pr") {
		b, err := hex.DecodeString(strings.Join(strings.Fields(c.Stdin), ""))
		if err != nil {
			return "", false
		}
		return string(b), true
	}
	return "", false
}

// xxdLetter is one of xxd's options, named by its letter.
type xxdLetter struct {
	spec *OptSpec
	// long is the rest of the long spelling whose value is the next
	// word ("ols" for -cols); value says whether the option takes one.
	long  string
	value bool
}

var xxdLetters = lazy[map[byte]xxdLetter]{make: func() map[byte]xxdLetter {
	m := map[byte]xxdLetter{}
	flag := func(c byte, tag Tag) {
		m[c] = xxdLetter{spec: &OptSpec{Names: []string{"-" + string(c)}, Tag: tag}}
	}
	valued := func(c byte, long string) {
		m[c] = xxdLetter{spec: &OptSpec{Names: []string{"-" + string(c)}, Arity: Required}, long: long, value: true}
	}
	for _, c := range []byte("abeupiCdrE") {
		flag(c, TagNone)
	}
	flag('v', TagHelp)
	flag('h', TagHelp)
	valued('c', "ols")
	valued('g', "roup")
	valued('o', "ffset")
	valued('s', "eek")
	valued('l', "en")
	valued('n', "ame")
	valued('R', "")
	return m
}}

// parseXxd reads xxd's words: options (a leading -- is one dash, as in
// --revert), then the input and output files.
func parseXxd(c *Call, args []shell.Arg) {
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic && (v == "" || v[0] == '-' || v[0] == '$' || v[0] == '`') {
			// A word computed at run time may be an option.
			c.unknown = append(c.unknown, v)
			continue
		}
		if v == "--" {
			c.DashDash = 0
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		w := v
		if strings.HasPrefix(w, "--") && len(w) > 2 {
			w = w[1:]
		}
		l, ok := xxdLetters.get()[w[1]]
		if !ok {
			c.unknown = append(c.unknown, v)
			continue
		}
		o := Opt{Spec: l.spec, Typed: v}
		rest := w[2:]
		switch {
		case w[1] == 'c' && strings.HasPrefix(rest, "apitalize"):
			o.Spec = xxdLetters.get()['C'].spec
		case w[1] == 's' && strings.HasPrefix(rest, "kip"):
			o.Value, o.HasValue = c.xxdNext(args, &i)
		case l.value && rest != "" && (l.long == "" || !strings.HasPrefix(rest, l.long)):
			o.Value, o.HasValue = shell.Arg{Value: rest, Dynamic: a.Dynamic}, true
		case l.value:
			o.Value, o.HasValue = c.xxdNext(args, &i)
		}
		if l.spec.Tag == TagHelp {
			c.Help = true
		}
		c.Opts = append(c.Opts, o)
	}
	c.Pos = append(c.Pos, args[i:]...)
}

// xxdNext takes the word after args[*i] as an option's value.
func (c *Call) xxdNext(args []shell.Arg, i *int) (shell.Arg, bool) {
	if *i+1 >= len(args) {
		c.unknown = append(c.unknown, args[*i].Value+" (no value)")
		return shell.Arg{}, false
	}
	*i++
	return args[*i], true
}

func xxdEffects(c *Call, fx *Effects) {
	args := c.Args()
	if len(args) > 0 && !(args[0].Value == "-" && !args[0].Dynamic) {
		fx.Read(args[0])
	}
	if len(args) > 1 {
		writeUnlessNotFile(fx, args[1], "xxd writes to its second operand")
	}
	if c.Has("-r") {
		// It writes raw bytes at the offsets the dump gives, seeking in
		// its output: into a file it patches it in place.
		fx.Unknown("xxd -r writes raw bytes, patching its output in place")
	}
	if len(args) > 2 {
		fx.Unknown("xxd takes at most two files")
	}
}
