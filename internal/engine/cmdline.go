package engine

import (
	"iter"
	"strings"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// cmdline is a simple command split into options and positional arguments,
// using what is known about the program's options.
type cmdline struct {
	cmd  *shell.Command
	name string
	// lname is name in lower case when it is ASCII, else "".
	lname string
	// lsub is what lowerSub returns, once lsubSet.
	lsub    string
	lsubSet bool
	// short holds the short options present (from clusters such as -rf);
	// long the long options as typed, without -- and =value; single the
	// single-dash words (-delete, -exec) as typed.
	short byteSet
	// local holds the short options given after the subcommand, for
	// programs with global options (git -C dir branch -C copies).
	local  byteSet
	long   []string
	single []string
	// values are the options known to take a value, with their values,
	// in the order given; options are named as typed ("-m", "--git-dir").
	values []optValue
	// pos are the positional arguments; the first nsub of them are
	// subcommand words (git push, docker compose up).
	pos  []shell.Arg
	nsub int
	// dashdash is the index in pos where a -- separator appeared, or -1.
	dashdash int
	// help reports a --help (or a final --version) read as an option, not
	// as another option's value; helpAt is how many positional arguments
	// came before it.
	help   bool
	helpAt int
	text   string
	// call is the programs package's reading of the command: with the
	// program's model, or (Prog nil) as GNU getopt would read it.
	call *programs.Call
}

// optValue is an option given with a value.
type optValue struct{ opt, val string }

func parseCmdline(cmd *shell.Command) *cmdline {
	cl := new(cmdline)
	cl.parse(cmd, nil)
	return cl
}

// parse reads cmd into cl with its program's model. The positional
// arguments go into pos when it has room for them all (the caller may
// hand out one array for many commands); nil lets parse allocate.
func (cl *cmdline) parse(cmd *shell.Command, pos []shell.Arg) { cl.fromCall(cmd, pos) }

// lowerSub returns the first positional argument (the subcommand of most
// programs) in lower case when it is ASCII, else "".
func (cl *cmdline) lowerSub() string {
	if !cl.lsubSet && len(cl.pos) > 0 {
		cl.lsub, _ = asciiLower(cl.pos[0].Value)
	}
	cl.lsubSet = true
	return cl.lsub
}

func (cl *cmdline) addValue(opt, val string) {
	cl.values = append(cl.values, optValue{opt, val})
}

func isNumber(s string) bool {
	if len(s) < 2 {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// sub returns the first subcommand word (push in git push), or "" when
// there is none.
func (cl *cmdline) sub() string {
	if cl.nsub == 0 {
		return ""
	}
	return cl.pos[0].Value
}

// args returns the positional arguments after the subcommand words.
func (cl *cmdline) args() []shell.Arg { return cl.pos[cl.nsub:] }

// has reports whether the option is present. want is written as in a rule:
// "--" (a -- separator before paths),
// "-f" (a short option, also inside clusters such as -rf), "--force" (a long
// option; an unambiguous abbreviation as typed, --for, also counts), or
// "-delete" (a single-dash word).
func (cl *cmdline) has(want string) bool {
	switch {
	case want == "--":
		return cl.dashdash >= 0
	case strings.HasPrefix(want, "--"):
		// The last of --x and --no-x wins.
		name := want[2:]
		found := false
		for _, l := range cl.long {
			if l == name || len(l) >= 2 && strings.HasPrefix(name, l) {
				found = true
			} else if strings.HasPrefix(l, "no-") && l[3:] == name {
				found = false
			}
		}
		if found {
			return true
		}
		if cl.singleDash() {
			for _, s := range cl.single {
				if s[1:] == name {
					return true
				}
			}
		}
	case len(want) == 2 && want[0] == '-':
		return cl.short.has(want[1])
	case strings.HasPrefix(want, "-"):
		for _, s := range cl.single {
			if strings.HasPrefix(s, want) && (len(s) == len(want) || s[len(want)] == '=') {
				return true
			}
		}
	}
	return false
}

// hasAny reports whether any of the alternatives in "a|b|c" is present.
func (cl *cmdline) hasAny(alts string) bool {
	if cl.call != nil {
		// The alternatives are spellings of one option, and the last of
		// it and its --no- form wins.
		return cl.call.HasAny(alts)
	}
	for a := range strings.SplitSeq(alts, "|") {
		if cl.has(strings.TrimSpace(a)) {
			return true
		}
	}
	return false
}

// hasLocal is hasAny for options of the subcommand: a short option
// counts only when given after it.
func (cl *cmdline) hasLocal(alts string) bool {
	for a := range strings.SplitSeq(alts, "|") {
		if len(a) == 2 && a[0] == '-' {
			if cl.local.has(a[1]) {
				return true
			}
		} else if cl.has(a) {
			return true
		}
	}
	return false
}

// mayHave reports whether any of the alternatives in "a|b|c" is present or
// could be: a word computed at run time in option position may be any
// option. Deny rules match with it, so that rm -{} / is not missed.
func (cl *cmdline) mayHave(alts string) bool {
	return cl.hasAny(alts) || cl.dynOption(false) && cl.dynOptionWord()
}

// dynOptionWord reports a run-time word that starts like an option, or
// that came from input, where options are read (not inside find -exec).
func (cl *cmdline) dynOptionWord() bool {
	inExec := false
	for _, a := range cl.cmd.Args[1:] {
		if cl.name == "find" {
			switch a.Value {
			case "-exec", "-execdir", "-ok", "-okdir":
				inExec = true
				continue
			case ";", "+":
				inExec = false
				continue
			}
			if inExec {
				continue
			}
		}
		if a.Value == "--" && !a.Dynamic {
			return false
		}
		if a.Dynamic && (strings.HasPrefix(a.Value, "-") || a.Input) {
			return true
		}
	}
	return false
}

// value returns the values given to an option (any of "a|b").
func (cl *cmdline) value(alts string) []string {
	if len(cl.values) == 0 {
		return nil
	}
	var out []string
	for a := range strings.SplitSeq(alts, "|") {
		for _, ov := range cl.values {
			if ov.opt == a {
				out = append(out, ov.val)
			}
		}
	}
	return out
}

// String returns the command's words joined by spaces.
func (cl *cmdline) String() string {
	if cl.text == "" {
		cl.text = cl.cmd.String()
	}
	return cl.text
}

// assignments returns the NAME=value assignments a command makes: its
// prefixes (and env's), and the arguments of export and friends.
func (cl *cmdline) assignments() []string {
	out := cl.cmd.Assigns
	switch cl.name {
	case "export", "declare", "typeset", "local", "readonly", "set":
		out = append([]string(nil), out...)
		for _, a := range cl.cmd.Args[1:] {
			if strings.Contains(a.Value, "=") {
				out = append(out, a.Value)
			}
		}
	}
	return out
}

// dynOption reports a word computed at run time where an option could be:
// before a -- separator. With input, only words that come from the input
// of xargs, parallel or find count.
func (cl *cmdline) dynOption(input bool) bool {
	for i, a := range cl.cmd.Args {
		if i == 0 {
			continue
		}
		if a.Value == "--" && !a.Dynamic {
			return false
		}
		if a.Dynamic && (!input || a.Input) {
			return true
		}
	}
	return false
}

// dynArgument reports a positional argument computed at run time.
func (cl *cmdline) dynArgument() bool {
	for _, a := range cl.pos {
		if a.Dynamic {
			return true
		}
	}
	return false
}

// flagsWithin reports whether every option the command gives is one of
// the allowed ones (entries list alternatives, "-f|--force"). An option
// known only at run time is never within.
func (cl *cmdline) flagsWithin(allowed []string) bool {
	if cl.dynOption(false) && cl.dynOptionWord() {
		return false
	}
	ok := func(form string) bool {
		for _, a := range allowed {
			for alt := range strings.SplitSeq(a, "|") {
				if strings.TrimSpace(alt) == form {
					return true
				}
			}
		}
		return false
	}
	for _, l := range cl.long {
		if !ok("--" + l) {
			return false
		}
	}
	for c := range cl.short.all() {
		if !ok("-" + string(c)) {
			return false
		}
	}
	if cl.singleDash() || cl.name == "find" {
		for _, w := range cl.single {
			if len(w) > 2 && !ok(w) {
				return false
			}
		}
	}
	return true
}

// byteSet is a set of bytes: the option letters of a command line.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) empty() bool     { return s[0]|s[1]|s[2]|s[3] == 0 }

// all yields the bytes of the set in increasing order.
func (s *byteSet) all() iter.Seq[byte] {
	return func(yield func(byte) bool) {
		for c := 0; c < 256; c++ {
			if s.has(byte(c)) && !yield(byte(c)) {
				return
			}
		}
	}
}

// singleDash reports a program that spells long options with one dash.
func (cl *cmdline) singleDash() bool { return cl.call.Prog != nil && cl.call.Prog.SingleDash }

// modelled reports a program the programs package has a model of.
func (cl *cmdline) modelled() bool { return cl.call.Prog != nil }
