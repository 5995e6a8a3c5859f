package variants

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The option transforms respell the options of the programs in the
// table (programs.go), and only when every option word of the command
// line is known: an unknown option might take a value, and what follows
// it would be misread. Only words that are plain unquoted literals are
// rewritten.

// cmdline is a parsed command line of a program in the table.
type cmdline struct {
	call *call
	p    *program
	c    *compiled
	args []*syntax.Word
	opts []*optWord
	// operands are the indexes in args of the operands.
	operands []int
	// dashdash is the index of "--" in args, or -1.
	dashdash int
	// optAfterOperand reports an option after the first operand.
	optAfterOperand bool
	// globOperand reports an operand that starts with a glob: it may
	// expand to a word that looks like an option.
	globOperand bool
	// elsewhere reports that the program reads relative paths from
	// another folder than the shell's (git -C).
	elsewhere bool
}

// optWord is a word of options: a cluster of short ones or a long one.
type optWord struct {
	i    int
	text string
	long bool
	// opts are the options the word holds; name is the long option as
	// written, which may be an abbreviation or a negation.
	opts    []*option
	name    string
	negated bool
	// attached is a value in the same word (after '=' or the letter).
	attached    string
	hasAttached bool
	// valueWord is the index in args of the word that holds the value,
	// or -1.
	valueWord int
	plain     bool
}

// last returns the index of the last word of the option and its value.
func (o *optWord) last() int { return max(o.i, o.valueWord) }

// skipWrappers returns the index of the program word after the wrappers
// the transforms themselves put in front of a command.
func skipWrappers(args []*syntax.Word) int {
	i := 0
	for i < len(args)-1 {
		v, ok := staticValue(args[i])
		if !ok {
			return i
		}
		next, _ := staticValue(args[i+1])
		switch v {
		case "sudo", "command", "exec", "nohup":
			if strings.HasPrefix(next, "-") {
				return i
			}
			i++
		case "env":
			i++
			for i < len(args)-1 {
				a, ok := staticValue(args[i])
				if !ok || !strings.Contains(a, "=") || strings.HasPrefix(a, "-") {
					break
				}
				i++
			}
		case "nice":
			i++
			if next == "-n" {
				i += 2
			}
		case "timeout":
			if next == "" || strings.HasPrefix(next, "-") {
				return i
			}
			i += 2
		case "stdbuf":
			i++
			for i < len(args)-1 {
				a, _ := staticValue(args[i])
				if len(a) < 3 || a[0] != '-' || strings.IndexByte("ioe", a[1]) < 0 {
					break
				}
				i++
			}
		default:
			return i
		}
	}
	return i
}

// gitGlobal lists git's options before the subcommand: '=' marks those
// that take the next word as value.
var gitGlobal = setOf("-C= -c= --git-dir= --work-tree= --namespace= --config-env= --no-pager -P -p --paginate --bare " +
	"--no-replace-objects --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --no-optional-locks")

// resolve finds the program a simple command runs, in the table: it
// returns the program and the index of its first argument. elsewhere
// reports options before the subcommand that make relative paths name
// other files (git -C).
func resolve(args []*syntax.Word) (p *program, start int, elsewhere bool) {
	i := skipWrappers(args)
	name, ok := staticValue(args[i])
	if !ok {
		return nil, 0, false
	}
	base := path.Base(name)
	switch base {
	case "git":
		j := i + 1
		for j < len(args) {
			v, ok := staticValue(args[j])
			if !ok || !strings.HasPrefix(v, "-") {
				break
			}
			opt, _, eq := strings.Cut(v, "=")
			switch {
			case gitGlobal[opt+"="] && !eq:
				j += 2
			case gitGlobal[opt+"="] || gitGlobal[v]:
				j++
			default:
				return nil, 0, false
			}
			elsewhere = elsewhere || gitGlobal[opt+"="]
		}
		if j >= len(args) {
			return nil, 0, false
		}
		sub, ok := staticValue(args[j])
		if p := programs["git "+sub]; ok && p != nil {
			return p, j + 1, elsewhere
		}
		return nil, 0, false
	case "docker", "kubectl":
		if i+1 >= len(args) {
			return nil, 0, false
		}
		sub, _ := staticValue(args[i+1])
		if i+2 < len(args) {
			sub2, _ := staticValue(args[i+2])
			if p := programs[base+" "+sub+" "+sub2]; p != nil {
				return p, i + 3, false
			}
		}
		if p := programs[base+" "+sub]; p != nil {
			return p, i + 2, false
		}
		return nil, 0, false
	}
	return programs[base], i + 1, false
}

// parse parses the command line of a simple command whose program is in
// the table; ok is false when the program is not, or a word is not
// understood.
func (k *call) parse() (*cmdline, bool) {
	p, start, elsewhere := resolve(k.x.Args)
	if p == nil {
		return nil, false
	}
	cl := &cmdline{call: k, p: p, c: p.compile(), args: k.x.Args, dashdash: -1, elsewhere: elsewhere}
	args := k.x.Args
	for i := start; i < len(args); i++ {
		w := args[i]
		if cl.dashdash >= 0 {
			cl.operands = append(cl.operands, i)
			continue
		}
		v, static := staticValue(w)
		if !static {
			b, known := firstByte(w)
			switch {
			case known && b != '-':
			case !known && globStart(w):
				cl.globOperand = true
			default:
				return nil, false
			}
			cl.operands = append(cl.operands, i)
			continue
		}
		if v == "--" {
			cl.dashdash = i
			continue
		}
		if len(v) < 2 || v[0] != '-' {
			cl.operands = append(cl.operands, i)
			continue
		}
		if len(cl.operands) > 0 {
			cl.optAfterOperand = true
		}
		ow := &optWord{i: i, text: v, valueWord: -1}
		_, ow.plain = plainWord(w)
		if name, ok := strings.CutPrefix(v, "--"); ok {
			name, val, eq := strings.Cut(name, "=")
			o, negated := cl.long(name)
			if o == nil {
				return nil, false
			}
			ow.long, ow.name, ow.negated, ow.opts = true, name, negated, []*option{o}
			ow.attached, ow.hasAttached = val, eq
			kind := o.lval
			if negated {
				kind = noValue
			}
			switch {
			case kind == noValue && eq:
				return nil, false
			case kind == required && !eq:
				if i+1 >= len(args) {
					return nil, false
				}
				i++
				ow.valueWord = i
			}
			cl.opts = append(cl.opts, ow)
			continue
		}
		for j := 1; j < len(v); j++ {
			o := cl.c.shorts[v[j]]
			if o == nil {
				return nil, false
			}
			ow.opts = append(ow.opts, o)
			if o.sval == noValue {
				continue
			}
			if j+1 < len(v) {
				ow.attached, ow.hasAttached = v[j+1:], true
			} else if o.sval == required {
				if i+1 >= len(args) {
					return nil, false
				}
				i++
				ow.valueWord = i
			}
			break
		}
		cl.opts = append(cl.opts, ow)
	}
	return cl, true
}

func globStart(w *syntax.Word) bool {
	l, ok := w.Parts[0].(*syntax.Lit)
	return ok && l.Value != "" && strings.IndexByte("*?[", l.Value[0]) >= 0
}

// long finds a long option by the name written: exact, a negation, or an
// unambiguous abbreviation of a GNU program's option.
func (cl *cmdline) long(name string) (o *option, negated bool) {
	if o := cl.c.longs[name]; o != nil {
		return o, false
	}
	if rest, ok := strings.CutPrefix(name, "no-"); ok && cl.p.negations {
		if o := cl.c.longs[rest]; o != nil {
			return o, true
		}
	}
	if !cl.p.gnu || name == "" {
		return nil, false
	}
	var found *option
	for full, o := range cl.c.longs {
		if strings.HasPrefix(full, name) {
			if found != nil {
				return nil, false
			}
			found = o
		}
	}
	return found, false
}

// uniquePrefix returns the length of the shortest prefix of a long option
// that no other long option of the program shares.
func (cl *cmdline) uniquePrefix(name string) int {
	for n := 1; n <= len(name); n++ {
		others := 0
		for full := range cl.c.longs {
			if full != name && strings.HasPrefix(full, name[:n]) {
				others++
			}
		}
		if others == 0 {
			return n
		}
	}
	return len(name)
}

// pathOperands returns the indexes in args of the operands that name
// files.
func (cl *cmdline) pathOperands() []int {
	if cl.p.afterDashdash {
		if cl.dashdash < 0 {
			return nil
		}
		var out []int
		for _, i := range cl.operands {
			if i > cl.dashdash {
				out = append(out, i)
			}
		}
		return out
	}
	if cl.p.paths < 0 || cl.p.paths >= len(cl.operands) {
		return nil
	}
	return cl.operands[cl.p.paths:]
}

// commandLines returns the parsed command lines of the command's simple
// commands whose programs are in the table.
func (c *Command) commandLines() []*cmdline {
	var out []*cmdline
	for _, k := range c.calls {
		if cl, ok := k.parse(); ok {
			out = append(out, cl)
		}
	}
	return out
}

// wordEdit replaces the text of args[i].
func (cl *cmdline) wordEdit(i int, text string) edit {
	w := cl.args[i]
	return edit{off(w.Pos()), off(w.End()), text}
}

// splitOptions splits clusters of short options: rm -rf becomes
// rm -r -f. A value attached to the last letter stays attached.
func splitOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		for _, ow := range cl.opts {
			if ow.long || !ow.plain || len(ow.opts) < 2 {
				continue
			}
			parts := make([]string, len(ow.opts))
			for j, o := range ow.opts {
				parts[j] = "-" + string(o.letter)
			}
			parts[len(parts)-1] += ow.attached
			out = append(out, c.splice(cl.wordEdit(ow.i, strings.Join(parts, " "))))
		}
	}
	return out
}

// combineOptions joins two adjacent words of short options into one:
// rm -r -f becomes rm -rf. It does not apply when a letter of the first
// takes a value.
func combineOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		for j := 1; j < len(cl.opts); j++ {
			a, b := cl.opts[j-1], cl.opts[j]
			if a.long || b.long || !a.plain || !b.plain || b.i != a.i+1 || a.hasAttached || a.valueWord >= 0 {
				continue
			}
			ok := true
			for _, o := range a.opts {
				ok = ok && o.sval == noValue
			}
			if !ok {
				continue
			}
			w := cl.args[a.i]
			out = append(out, c.splice(edit{off(w.Pos()), off(cl.args[b.i].End()), a.text + b.text[1:]}))
		}
	}
	return out
}

// reorderOptions swaps two adjacent options (each with its value). It
// does not swap two spellings of one option, nor options that override
// or exclude each other (rm -f and -i: the last one wins), nor options
// with a redirection between them.
func reorderOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		for j := 1; j < len(cl.opts); j++ {
			a, b := cl.opts[j-1], cl.opts[j]
			if b.i != a.last()+1 || !commute(a, b) {
				continue
			}
			aStart, aEnd := off(cl.args[a.i].Pos()), off(cl.args[a.last()].End())
			bStart, bEnd := off(cl.args[b.i].Pos()), off(cl.args[b.last()].End())
			if redirBetween(cl.call.stmt, aStart, bEnd) {
				continue
			}
			text := c.Text[bStart:bEnd] + c.Text[aEnd:bStart] + c.Text[aStart:aEnd]
			out = append(out, c.splice(edit{aStart, bEnd, text}))
		}
	}
	return out
}

func commute(a, b *optWord) bool {
	for _, x := range a.opts {
		for _, y := range b.opts {
			if x.canon() == y.canon() || x.conflict != 0 && x.conflict == y.conflict {
				return false
			}
		}
	}
	return true
}

func redirBetween(s *syntax.Stmt, start, end int) bool {
	for _, r := range s.Redirs {
		if p := off(r.Pos()); start <= p && p < end {
			return true
		}
	}
	return false
}

// longOptions writes a short option in its long form: rm -r becomes
// rm --recursive, and rm -rf becomes rm --recursive -f. An option whose
// value may only be attached is not written long when its value is a
// word of its own.
func longOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		for _, ow := range cl.opts {
			if ow.long || !ow.plain {
				continue
			}
			for j, o := range ow.opts {
				if o.long == "" {
					continue
				}
				long := "--" + o.long
				last := j == len(ow.opts)-1
				switch {
				case last && ow.hasAttached && o.lval != noValue:
					long += "=" + ow.attached
				case last && ow.valueWord >= 0 && o.lval == required:
				case o.sval == noValue && o.lval != required:
				case last && !ow.hasAttached && o.sval == optional && o.lval == optional:
				default:
					continue
				}
				var parts []string
				if j > 0 {
					parts = append(parts, "-"+letters(ow.opts[:j]))
				}
				parts = append(parts, long)
				if !last {
					parts = append(parts, "-"+letters(ow.opts[j+1:])+ow.attached)
				}
				out = append(out, c.splice(cl.wordEdit(ow.i, strings.Join(parts, " "))))
			}
		}
	}
	return out
}

func letters(opts []*option) string {
	b := make([]byte, len(opts))
	for i, o := range opts {
		b[i] = o.letter
	}
	return string(b)
}

// shortOptions writes a long option in its short form: rm --force
// becomes rm -f. A negation (--no-verify of git) has no short form; an
// empty attached value (--message=) is not moved.
func shortOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		for _, ow := range cl.opts {
			if !ow.long || !ow.plain || ow.negated {
				continue
			}
			o := ow.opts[0]
			for _, s := range sortedShorts(cl.c) {
				if s.long == "" || s.long != o.long {
					continue
				}
				short := "-" + string(s.letter)
				switch {
				case ow.hasAttached && ow.attached != "" && s.sval != noValue:
					short += ow.attached
				case ow.hasAttached:
					continue
				case ow.valueWord >= 0 && s.sval == required:
				case ow.valueWord < 0 && s.sval != required:
				default:
					continue
				}
				out = append(out, c.splice(cl.wordEdit(ow.i, short)))
			}
		}
	}
	return out
}

func sortedShorts(c *compiled) []*option {
	var out []*option
	for b := 0; b < 256; b++ {
		if o := c.shorts[byte(b)]; o != nil {
			out = append(out, o)
		}
	}
	return out
}

// abbreviateOptions shortens a long option of a GNU program to an
// unambiguous prefix of at least three letters: rm --recursive becomes
// rm --recur. rm's --no-preserve-root must be written in full, and is
// never shortened.
func abbreviateOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		if !cl.p.gnu {
			continue
		}
		for _, ow := range cl.opts {
			if !ow.long || !ow.plain || ow.negated || ow.name != ow.opts[0].long || ow.name == "no-preserve-root" {
				continue
			}
			rest := ""
			if ow.hasAttached {
				rest = "=" + ow.attached
			}
			for n := max(cl.uniquePrefix(ow.name), 3); n < len(ow.name); n++ {
				out = append(out, c.splice(cl.wordEdit(ow.i, "--"+ow.name[:n]+rest)))
			}
		}
	}
	return out
}

// synonymOptions writes an option with another letter that means the
// same (rm -r and -R), or a letter that stands for several as those
// (git branch -D as -d -f, -df or --delete --force).
func synonymOptions(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		for _, ow := range cl.opts {
			if ow.long || !ow.plain {
				continue
			}
			for j, o := range ow.opts {
				for _, s := range sortedShorts(cl.c) {
					if s != o && s.long != "" && s.long == o.long && s.sval == o.sval {
						text := []byte(ow.text)
						text[j+1] = s.letter
						out = append(out, c.splice(cl.wordEdit(ow.i, string(text))))
					}
				}
				exp, ok := cl.p.expand[o.letter]
				if !ok || len(ow.opts) != 1 || ow.hasAttached {
					continue
				}
				var each, long []string
				for k := 0; k < len(exp); k++ {
					each = append(each, "-"+exp[k:k+1])
					long = append(long, "--"+cl.c.shorts[exp[k]].long)
				}
				for _, text := range []string{strings.Join(each, " "), "-" + exp, strings.Join(long, " ")} {
					out = append(out, c.splice(cl.wordEdit(ow.i, text)))
				}
			}
		}
	}
	return out
}

// dashdash puts -- before the first operand of a program that takes it
// and reads its operands the same after it. It does not apply when an
// option follows an operand (-- would make it an operand), when an
// operand is a glob (it might expand to a word that looks like an
// option, which -- would turn into a file name), when an operand is -
// (cd - is the previous folder, cd -- - a folder named -), or when the
// command line already has --.
func dashdash(c *Command) []string {
	var out []string
	for _, cl := range c.commandLines() {
		if !cl.p.dashdash || cl.dashdash >= 0 || len(cl.operands) == 0 || cl.optAfterOperand || cl.globOperand {
			continue
		}
		if slices.ContainsFunc(cl.operands, func(i int) bool { v, _ := staticValue(cl.args[i]); return v == "-" }) {
			continue
		}
		p := off(cl.args[cl.operands[0]].Pos())
		out = append(out, c.splice(edit{p, p, "-- "}))
	}
	return out
}
