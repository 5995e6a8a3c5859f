package programs

import (
	"strings"
	"unicode/utf8"

	"github.com/agentgov/governance/internal/shell"
)

// Call is one simple command read with what is known about its program:
// its options, its subcommands and its operands.
type Call struct {
	// Cmd is the command as the analysis found it.
	Cmd *shell.Command
	// Name is the program's base name.
	Name string
	// Prog is the program's model, nil for a program nobody modelled.
	Prog *Program
	// Nodes are the program and the subcommands the call went through,
	// outermost first (git, then push); empty when Prog is nil.
	Nodes []*Node
	// Opts are the options given, in order.
	Opts []Opt
	// Pos are the positional words: subcommand words first (NSub of
	// them), then the operands.
	Pos  []shell.Arg
	NSub int
	// DashDash is the index in Pos where a -- separator stood, or -1.
	DashDash int
	// UnknownSub is an operand that stood where a subcommand was
	// expected and names none.
	UnknownSub string
	// Help reports an option that prints help or a version, so that the
	// program does nothing else.
	Help bool
	// unknown lists the options nobody modelled.
	unknown []string
	text    string
	fx      *Effects
}

// Opt is one option as given.
type Opt struct {
	// Spec is the option's entry in the program's table; nil for an
	// option the table does not have (or any option of a program with no
	// model).
	Spec *OptSpec
	// Typed is the option as written, without an attached value: "-f"
	// for f given in a cluster such as -rf, "--for" for an abbreviation.
	Typed string
	// Value is the option's value, when HasValue.
	Value    shell.Arg
	HasValue bool
	// Level is the index in Nodes of the node whose option it is: 0 for
	// the program's own (git -C), 1 for a subcommand's (git branch -D).
	Level int
	// Loose marks an option the table does not list, accepted because the
	// node is Loose.
	Loose bool
	// Off marks an option turned off rather than on: +n for a shell (see
	// Node.Plus). Typed is then spelled with the +.
	Off bool
}

// exact reports whether the deepest node takes long options only as
// spelled in full.
func (c *Call) exact() bool {
	n := c.Node()
	return n != nil && n.Exact
}

// flags reports whether the deepest node takes options it does not list
// as flags.
func (c *Call) flags() bool {
	n := c.Node()
	return n != nil && n.Flags
}

// looseShort reports whether the deepest node accepts short options it
// does not list, as parameters.
func (c *Call) looseShort() bool {
	n := c.Node()
	return n != nil && n.Loose && n.LooseShort
}

// loose reports whether the deepest node accepts options it does not
// list.
func (c *Call) loose() bool {
	n := c.Node()
	return n != nil && n.Loose
}

// Parse reads a simple command with the model of its program.
func Parse(cmd *shell.Command) *Call {
	c := new(Call)
	c.Reset(cmd, nil)
	return c
}

// Reset reads cmd into c, reusing c's storage. The positional words go
// into pos when it has room for them all (a caller may hand out one
// array for many commands); nil lets Reset allocate.
func (c *Call) Reset(cmd *shell.Command, pos []shell.Arg) {
	*c = Call{Cmd: cmd, Name: cmd.Name, DashDash: -1}
	var args []shell.Arg
	if len(cmd.Args) > 0 {
		args = normalizeDashes(cmd.Args[1:])
	}
	if cap(pos) >= len(args) {
		c.Pos = pos[:0]
	} else {
		c.Pos = make([]shell.Arg, 0, len(args))
	}
	c.Prog = Lookup(cmd.Name)
	c.read(args)
}

// read reads the words after the program name with c.Prog's model.
func (c *Call) read(args []shell.Arg) {
	if c.Prog == nil {
		c.parseUnknown(args)
		return
	}
	c.Nodes = append(make([]*Node, 0, 3), &c.Prog.Node)
	if c.Prog.Parse != nil {
		c.Prog.Parse(c, args)
	} else {
		c.parse(args)
	}
	if len(c.Cmd.Assigns) > 0 {
		c.readEnv()
	}
}

// readEnv adds the options the command's variables set (Node.Env),
// before those of the command line.
func (c *Call) readEnv() {
	var env []Opt
	for level, n := range c.Nodes {
		for line := range strings.SplitSeq(n.Env, "\n") {
			name, opt, ok := strings.Cut(strings.TrimSpace(line), " ")
			v, set := envValue(c, name)
			if !ok || !set {
				continue
			}
			opt = strings.TrimSpace(opt)
			spec, _ := c.grammarAt(level).lookupLong(strings.TrimPrefix(opt, "--"))
			if spec == nil {
				continue
			}
			o := Opt{Spec: spec, Typed: opt, Level: level}
			if spec.Arity == NoValue {
				switch strings.ToLower(v) {
				case "", "0", "false", "no", "off":
					continue
				}
			} else {
				o.Value, o.HasValue = shell.Arg{Value: v, Dynamic: strings.ContainsAny(v, "$`")}, true
			}
			env = append(env, o)
		}
	}
	if len(env) > 0 {
		c.Opts = append(env, c.Opts...)
	}
}

// parse reads the words of a modelled program.
func (c *Call) parse(args []shell.Arg) {
	p := c.Prog
	node := &p.Node
	level := 0
	optionsOver := p.NoOptions
	// subsOpen reports that the next operand may name a subcommand of
	// node.
	subsOpen := len(node.subs()) > 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case optionsOver:
			c.Pos = append(c.Pos, a)
		case v == "--" && !a.Dynamic && subsOpen && level == 0 && c.NSub == 0 && len(c.Pos) == 0:
			// Before the subcommand, -- only ends the program's own
			// options (git -- reset).
		case v == "--" && !a.Dynamic:
			c.DashDash = len(c.Pos)
			c.Pos = append(c.Pos, args[i+1:]...)
			i = len(args)
		case a.Dynamic && strings.HasPrefix(v, "-") && !staticLongName(v):
			// A word computed at run time in option position may be any
			// option.
			c.Opts = append(c.Opts, Opt{Typed: v, Level: level})
			if !node.Inert {
				c.unknown = append(c.unknown, v)
			}
		case p.GoFlags && strings.HasPrefix(v, "-") && len(v) > 1:
			i = c.goFlag(args, i, level)
		case strings.HasPrefix(v, "--") && len(v) > 2:
			i = c.long(args, i, level)
			optionsOver = c.lastOpt()
		case strings.HasPrefix(v, "-") && len(v) > 1 && !(p.Digits && isDigits(v[1:])):
			if p.SingleDash {
				name, _, _ := strings.Cut(v[1:], "=")
				if spec := c.lookupLong(name, true); spec != nil {
					i = c.single(spec, args, i, level)
					continue
				}
			}
			i = c.short(args, i, level)
			optionsOver = c.lastOpt()
		case node.Plus && strings.HasPrefix(v, "+") && len(v) > 1 && !a.Dynamic:
			// +n, +o noexec: the options turned off again.
			from := len(c.Opts)
			i = c.short(args, i, level)
			for j := from; j < len(c.Opts); j++ {
				c.Opts[j].Off = true
				c.Opts[j].Typed = "+" + c.Opts[j].Typed[1:]
			}
		case p.Digits && strings.HasPrefix(v, "-") && isDigits(v[1:]):
			c.Opts = append(c.Opts, Opt{Spec: digitsSpec, Typed: v, Level: level})
		default:
			if !optionsOver && runTimeStart(a) && !subsOpen && !c.noInput(a) && !node.Inert {
				// A word whose start is only known at run time may
				// expand to any option (X=--pre=sh; rg foo "$X").
				c.unknown = append(c.unknown, "the word "+v+" is computed at run time and may be any option")
			}
			if subsOpen {
				if s := node.sub(v); s != nil && !a.Dynamic {
					node = s.Node
					level++
					c.Nodes = append(c.Nodes, node)
					c.Pos = append(c.Pos, a)
					c.NSub++
					subsOpen = len(node.subs()) > 0
					continue
				}
				subsOpen = false
				if !node.Operands {
					c.UnknownSub = v
				}
			}
			c.Pos = append(c.Pos, a)
			if node.POSIX {
				optionsOver = true
			}
		}
	}
}

// lastOpt reports that the option just read ends the options.
func (c *Call) lastOpt() bool {
	n := len(c.Opts)
	return n > 0 && c.Opts[n-1].Spec != nil && c.Opts[n-1].Spec.Last
}

// staticLongName reports a word --name=VALUE whose name is plain text, so
// that only its value is computed at run time (--include=$(x)): the
// source text of a run-time part ($X, $(cmd), `cmd`, <(cmd)) always
// holds a character a plain name does not.
func staticLongName(v string) bool {
	i := strings.IndexByte(v, '=')
	if !strings.HasPrefix(v, "--") || i <= 2 {
		return false
	}
	for j := 2; j < i; j++ {
		b := v[j]
		if !(b == '-' || b == '_' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9') {
			return false
		}
	}
	return true
}

// digitsSpec stands for the -NUM option of programs with Digits.
var digitsSpec = &OptSpec{Names: []string{"-NUM"}}

// grammars yields the option tables in force at the current level: the
// deepest node's, then those above it while nodes inherit.
func (c *Call) lookupLong(name string, exact bool) *OptSpec {
	for i := len(c.Nodes) - 1; i >= 0; i-- {
		g := c.grammarAt(i)
		if c.Prog.Pflag && !exact {
			// pflag knows no abbreviations.
			if spec, _ := g.lookupLong(name); spec != nil && spec.Is("--"+name) {
				return spec
			}
		} else if exact {
			if spec, _ := g.lookupLong(name); spec != nil && spec.Is("-"+name) {
				return spec
			}
		} else if spec, ambiguous := g.lookupLong(name); spec != nil || ambiguous {
			return spec
		}
		if !c.Nodes[i].Inherit {
			break
		}
	}
	return nil
}

func (c *Call) lookupShort(b byte) *OptSpec {
	for i := len(c.Nodes) - 1; i >= 0; i-- {
		if spec := c.grammarAt(i).lookupShort(b); spec != nil {
			return spec
		}
		if !c.Nodes[i].Inherit {
			break
		}
	}
	return nil
}

// long reads the long option at args[i] and returns the index of its last
// word.
func (c *Call) long(args []shell.Arg, i, level int) int {
	v := args[i].Value
	name, val, hasVal := strings.Cut(v[2:], "=")
	o := Opt{Typed: v[:2+len(name)], Level: level}
	o.Spec = c.lookupLong(name, false)
	if o.Spec != nil && !o.Spec.Is("--"+name) && (c.exact() || (c.flags() || c.loose()) && o.Spec.Tag == TagNone) {
		// A node that does not list all its options cannot tell an
		// abbreviation from an option it does not list (git switch
		// --force is not --force-create): only an abbreviation of an
		// option that does something is read as that option. A program
		// that takes no abbreviations reads none.
		o.Spec = nil
	}
	if o.Spec == nil {
		if c.loose() {
			o.Loose = true
			switch {
			case hasVal:
				o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: args[i].Dynamic, Glob: args[i].Glob}, true
			case i+1 < len(args) && looseValue(args[i+1]):
				i++
				o.Value, o.HasValue = args[i], true
			}
		} else if c.flags() {
			o.Loose = true
			if hasVal {
				o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: args[i].Dynamic, Glob: args[i].Glob}, true
			}
		} else {
			c.unknown = append(c.unknown, o.Typed)
		}
		c.Opts = append(c.Opts, o)
		return i
	}
	switch {
	case hasVal && o.Spec.Arity == NoValue && c.Prog.Pflag:
		// --all=false: pflag's flags take an attached value.
		o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: args[i].Dynamic, Glob: args[i].Glob}, true
	case hasVal && o.Spec.Arity == NoValue:
		// getopt refuses a value given to a flag; so does the model.
		c.unknown = append(c.unknown, v)
		o.Spec = nil
	case hasVal:
		o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: args[i].Dynamic, Glob: args[i].Glob}, true
	case o.Spec.Arity == Optional && i+1 < len(args) && o.Spec.takesNext(args[i+1].Value):
		i++
		o.Value, o.HasValue = args[i], true
	case o.Spec.Arity == Required:
		if i+1 < len(args) {
			i++
			o.Value, o.HasValue = args[i], true
		} else {
			c.unknown = append(c.unknown, o.Typed+" (no value)")
		}
	}
	if o.Spec != nil && o.Spec.Tag == TagHelp {
		c.Help = true
	}
	c.Opts = append(c.Opts, o)
	return i
}

// goFlag reads an option as Go's flag package does (see
// Program.GoFlags) and returns the index of its last word.
func (c *Call) goFlag(args []shell.Arg, i, level int) int {
	a := args[i]
	name, val, hasVal := strings.Cut(strings.TrimPrefix(a.Value[1:], "-"), "=")
	o := Opt{Typed: "-" + name, Level: level}
	switch {
	case len(name) == 1:
		o.Spec = c.lookupShort(name[0])
	case len(name) > 1:
		o.Spec = c.lookupLong(name, true)
	}
	switch {
	case o.Spec == nil && c.loose():
		// A parameter of an API-style command: its value is attached,
		// or the next word.
		o.Loose = true
		switch {
		case hasVal:
			o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}, true
		case i+1 < len(args) && looseValue(args[i+1]):
			i++
			o.Value, o.HasValue = args[i], true
		}
	case o.Spec == nil:
		c.unknown = append(c.unknown, o.Typed)
	case hasVal && o.Spec.Arity == NoValue:
		c.unknown = append(c.unknown, a.Value)
		o.Spec = nil
	case hasVal:
		o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}, true
	case o.Spec.Arity == Required:
		if i+1 < len(args) {
			i++
			o.Value, o.HasValue = args[i], true
		} else {
			c.unknown = append(c.unknown, o.Typed+" (no value)")
		}
	}
	if o.Spec != nil && o.Spec.Tag == TagHelp {
		c.Help = true
	}
	c.Opts = append(c.Opts, o)
	return i
}

// single reads a single-dash long option (find -name x).
func (c *Call) single(spec *OptSpec, args []shell.Arg, i, level int) int {
	a := args[i]
	typed, val, hasVal := strings.Cut(a.Value, "=")
	o := Opt{Spec: spec, Typed: typed, Level: level}
	switch {
	case hasVal && spec.Arity == NoValue:
		c.unknown = append(c.unknown, a.Value)
		o.Spec = nil
	case hasVal:
		o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}, true
	case spec.Arity == Required:
		if i+1 < len(args) {
			i++
			o.Value, o.HasValue = args[i], true
		} else {
			c.unknown = append(c.unknown, o.Typed+" (no value)")
		}
	}
	if o.Spec != nil && o.Spec.Tag == TagHelp {
		c.Help = true
	}
	c.Opts = append(c.Opts, o)
	return i
}

// short reads a cluster of short options (-rf, -n5, -o file) and returns
// the index of its last word.
func (c *Call) short(args []shell.Arg, i, level int) int {
	a := args[i]
	cluster := a.Value[1:]
	for j := 0; j < len(cluster); j++ {
		b := cluster[j]
		o := Opt{Typed: "-" + string(b), Level: level}
		if j == 0 && len(cluster) == 1 {
			o.Typed = a.Value
		}
		o.Spec = c.lookupShort(b)
		if o.Spec == nil && j == 0 && c.looseShort() && b < utf8.RuneSelf {
			// A short parameter of an API-style command: the rest of
			// the word, or else the next word unless it is an option,
			// is its value.
			o.Loose = true
			switch {
			case len(cluster) > 1:
				o.Value, o.HasValue = shell.Arg{Value: cluster[1:], Dynamic: a.Dynamic, Glob: a.Glob}, true
			case i+1 < len(args) && looseValue(args[i+1]):
				i++
				o.Value, o.HasValue = args[i], true
			}
			c.Opts = append(c.Opts, o)
			return i
		}
		if o.Spec == nil && c.flags() && b < utf8.RuneSelf {
			o.Loose = true
			c.Opts = append(c.Opts, o)
			continue
		}
		if o.Spec == nil {
			c.unknown = append(c.unknown, o.Typed)
			if b >= utf8.RuneSelf {
				// A letter beyond ASCII: the rest is one unknown word.
				c.Opts = append(c.Opts, o)
				return i
			}
			c.Opts = append(c.Opts, o)
			continue
		}
		if o.Spec.Tag == TagHelp {
			c.Help = true
		}
		arity := o.Spec.Arity
		if c.Prog.Pflag {
			// pflag reads -a=false, -o=yaml and -o yaml; an optional value
			// only after =.
			if rest := cluster[j+1:]; strings.HasPrefix(rest, "=") {
				o.Value, o.HasValue = shell.Arg{Value: rest[1:], Dynamic: a.Dynamic, Glob: a.Glob}, true
				c.Opts = append(c.Opts, o)
				return i
			}
			if arity == Optional {
				arity = NoValue
			}
		}
		switch arity {
		case Required:
			if rest := cluster[j+1:]; rest != "" {
				o.Value, o.HasValue = shell.Arg{Value: rest, Dynamic: a.Dynamic, Glob: a.Glob}, true
			} else if i+1 < len(args) {
				i++
				o.Value, o.HasValue = args[i], true
			} else {
				c.unknown = append(c.unknown, o.Typed+" (no value)")
			}
			c.Opts = append(c.Opts, o)
			return i
		case Optional:
			if rest := cluster[j+1:]; rest != "" {
				o.Value, o.HasValue = shell.Arg{Value: rest, Dynamic: a.Dynamic, Glob: a.Glob}, true
			}
			c.Opts = append(c.Opts, o)
			return i
		}
		c.Opts = append(c.Opts, o)
	}
	return i
}

// parseUnknown reads the words of a program nobody modelled, as GNU getopt
// would with no option taking a value.
func (c *Call) parseUnknown(args []shell.Arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "--" && !a.Dynamic:
			c.DashDash = len(c.Pos)
			c.Pos = append(c.Pos, args[i+1:]...)
			return
		case strings.HasPrefix(v, "--") && len(v) > 2:
			name, val, has := strings.Cut(v[2:], "=")
			o := Opt{Typed: v[:2+len(name)]}
			if has {
				o.Value, o.HasValue = shell.Arg{Value: val, Dynamic: a.Dynamic, Glob: a.Glob}, true
			}
			c.Opts = append(c.Opts, o)
		case strings.HasPrefix(v, "-") && len(v) > 1 && !isNumber(v):
			if len(v) > 2 {
				// The word itself, for a rule that names it (-delete),
				// and its letters, for one that names a letter of a
				// cluster (-r in -rf).
				c.Opts = append(c.Opts, Opt{Typed: v})
			}
			for j := 1; j < len(v); j++ {
				c.Opts = append(c.Opts, Opt{Typed: "-" + v[j:j+1]})
			}
		default:
			c.Pos = append(c.Pos, a)
		}
	}
}

// Unknown returns the options the program's table does not have.
func (c *Call) Unknown() []string { return c.unknown }

// Node returns the deepest node the call reached: the subcommand's, or
// the program's; nil for a program nobody modelled.
func (c *Call) Node() *Node {
	if len(c.Nodes) == 0 {
		return nil
	}
	return c.Nodes[len(c.Nodes)-1]
}

// Sub returns the first subcommand word (push in git push), or "".
func (c *Call) Sub() string {
	if c.NSub == 0 {
		return ""
	}
	return c.Pos[0].Value
}

// SubPath returns the subcommand words joined by spaces ("stash list").
func (c *Call) SubPath() string {
	var b strings.Builder
	for i := 0; i < c.NSub; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Pos[i].Value)
	}
	return b.String()
}

// Args returns the operands: the positional words after the subcommands.
func (c *Call) Args() []shell.Arg { return c.Pos[c.NSub:] }

// String returns the command's words joined by spaces.
func (c *Call) String() string {
	if c.text == "" {
		c.text = c.Cmd.String()
	}
	return c.text
}

func isDigits(s string) bool {
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

// isNumber reports a negative number (-5), which is an operand, not an
// option, for a program that reads no options beyond its table.
func isNumber(s string) bool { return len(s) >= 2 && isDigits(s[1:]) }

// normalizeDashes turns look-alike dashes at the start of a word (U+2010 to
// U+2015, the minus sign, small and full-width hyphen-minus) into '-', so
// that an option spelled with them is seen as the option it imitates.
func normalizeDashes(args []shell.Arg) []shell.Arg {
	var out []shell.Arg
	for i, a := range args {
		v := a.Value
		changed := false
		for {
			r, size := utf8.DecodeRuneInString(v)
			if r != '\u2010' && r != '\u2011' && r != '\u2012' && r != '\u2013' && r != '\u2014' && r != '\u2015' &&
				r != '\u2212' && r != '\ufe63' && r != '\uff0d' {
				break
			}
			v = v[size:]
			changed = true
		}
		if !changed {
			continue
		}
		if out == nil {
			out = append([]shell.Arg(nil), args...)
		}
		prefix := strings.Repeat("-", utf8.RuneCountInString(a.Value)-utf8.RuneCountInString(v))
		out[i].Value = prefix + v
	}
	if out == nil {
		return args
	}
	return out
}

// looseValue reports whether a word after an option the table does not
// list is that option's value: a word that does not start with -, or one
// with a space in it, which argparse reads as a value too (--query-string
// '-- note\nSELECT 1').
func looseValue(a shell.Arg) bool {
	return !strings.HasPrefix(a.Value, "-") || strings.Contains(a.Value, " ")
}

// runTimeStart reports a word whose first characters are only known at
// run time: an expansion, a substitution, or words from input.
func runTimeStart(a shell.Arg) bool {
	if !a.Dynamic || a.Input && a.Hint != "" {
		// Words from a listing of files (find . | xargs, fd -x) are
		// paths under the folders listed.
		return false
	}
	v := a.Value
	for _, abs := range []string{"$PWD", "${PWD}", "$HOME", "${HOME}", "$OLDPWD", "$TMPDIR", "${TMPDIR}"} {
		if strings.HasPrefix(v, abs) {
			// Variables that hold an absolute path.
			return false
		}
	}
	return a.WholeInput || strings.HasPrefix(v, "$") || strings.HasPrefix(v, "`") || strings.HasPrefix(v, "{input}") ||
		strings.HasPrefix(v, "<(")
}

// noInput reports a word of input that is empty: a command of xargs (or
// parallel) whose standard input is the caller's, which an agent's
// harness leaves empty.
func (c *Call) noInput(a shell.Arg) bool { return NoInput(c.Cmd, a) }

// NoInput reports a word of input that cannot exist: xargs with the
// standard input it inherited, which a tool call's shell does not give,
// and no file to read (-a).
func NoInput(cmd *shell.Command, a shell.Arg) bool {
	return a.Input && !a.InputFile && cmd.Origin == "xargs" && cmd.Stdin.Kind == shell.StdinInherited && len(cmd.Upstream) == 0
}
