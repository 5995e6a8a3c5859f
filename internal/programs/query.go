package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Has reports whether the option is present. want is written as in a
// rule: "--" (a -- separator before operands), "-f" (a short option, also
// inside a cluster such as -rf), "--force" (a long option, or an
// abbreviation of it as typed), or "-delete" (a single-dash word, or any
// spelling the table gives the same option: --json for -json). An
// option of the program's table matches any of its spellings, so a rule
// that names --force also sees -f when the table says they are one.
func (c *Call) Has(want string) bool { return c.HasAny(want) }

// HasAny reports whether any of the alternatives in "a|b|c" is on once
// every option is read, the alternatives being spellings of one option:
// the last of it and a later --no- form of any of its long spellings (or
// an abbreviation of one: git's --no-li for --no-list) wins (git rm -f
// --no-force forces nothing), as does a later +x for a program that reads
// one (bash -n +n runs the script) and a pflag flag given false.
func (c *Call) HasAny(alts string) bool {
	// On the stack: a model asks this many times for each call.
	var buf [8]string
	wants := buf[:0]
	for rest, more := alts, true; more; {
		var a string
		a, rest, more = strings.Cut(rest, "|")
		a = strings.TrimSpace(a)
		if a == "--" {
			if c.DashDash >= 0 {
				return true
			}
			continue
		}
		wants = append(wants, a)
	}
	return c.on(wants, false)
}

// on reports whether the option wants spell is on once every option is
// read; local counts only the options given after the first subcommand
// word.
func (c *Call) on(wants []string, local bool) bool {
	found := false
	var negations []string
	for i := range c.Opts {
		o := &c.Opts[i]
		if local && o.Level == 0 && c.NSub > 0 {
			continue
		}
		if want, ok := c.namesAny(o, wants); ok {
			found = !o.Off && !c.givenFalse(o)
			negations = negations[:0]
			for _, n := range slices.Concat(wants, []string{want, o.Typed}, specNames(o)) {
				if strings.HasPrefix(n, "--") && !strings.HasPrefix(n, "--no-") {
					negations = append(negations, "--no-"+n[2:])
				}
			}
		} else if found && c.negates(o, negations) {
			found = false
		}
	}
	return found
}

// givenFalse reports a pflag flag given the value false (--dry-run=false).
func (c *Call) givenFalse(o *Opt) bool {
	if c.Prog == nil || !c.Prog.Pflag || !o.HasValue || o.Spec != nil && o.Spec.Arity != NoValue {
		return false
	}
	switch o.Value.Value {
	case "false", "False", "FALSE", "f", "F", "0":
		return true
	}
	return false
}

// namesAny returns the alternative that names the option o.
func (c *Call) namesAny(o *Opt, wants []string) (string, bool) {
	for _, w := range wants {
		if c.names(o, w) {
			return w, true
		}
	}
	return "", false
}

// names reports whether the option o is the one want names.
func (c *Call) names(o *Opt, want string) bool {
	switch {
	case strings.HasPrefix(want, "--"):
		return o.Typed == want || o.Spec != nil && o.Spec.Is(want) ||
			// An abbreviation of an option the table does not list.
			o.Spec == nil && strings.HasPrefix(o.Typed, "--") && !strings.HasPrefix(o.Typed, "--no-") && len(o.Typed) >= 4 && strings.HasPrefix(want, o.Typed) ||
			c.Prog != nil && c.Prog.SingleDash && o.Typed == "-"+want[2:]
	case len(want) == 2 && want[0] == '-':
		return o.Typed == want || o.Spec != nil && o.Spec.Is(want)
	case strings.HasPrefix(want, "-"):
		// Any spelling of the option (--json for -json, or an
		// abbreviation the table resolved), or the word as typed.
		if o.Spec != nil && o.Spec.Is(want) {
			return true
		}
		t := o.Typed
		return strings.HasPrefix(t, want) && (len(t) == len(want) || t[len(want)] == '=')
	}
	return false
}

// specNames returns the spellings of o's option in the table.
func specNames(o *Opt) []string {
	if o.Spec == nil {
		return nil
	}
	return o.Spec.Names
}

// negates reports whether o is one of the --no- forms, or an
// abbreviation of one that the table does not read as another option
// (git and getopt_long take --no-li for --no-list, and refuse an
// abbreviation that could be several).
func (c *Call) negates(o *Opt, negations []string) bool {
	abbrev := len(o.Typed) > len("--no-") && strings.HasPrefix(o.Typed, "--no-") && !c.exact() &&
		(c.Prog == nil || !c.Prog.Pflag)
	for _, n := range negations {
		if o.Typed == n || o.Spec != nil && o.Spec.Is(n) {
			return true
		}
		if abbrev && strings.HasPrefix(n, o.Typed) && (o.Spec == nil || o.Spec.Is(n)) {
			return true
		}
	}
	return false
}

// Last returns which of the options in "a|b|c" was given last, as its
// alternative is written, or "" when none was. Programs that keep one
// mode take the last option that sets it (xz -t -z compresses, bzip2 -t
// -d decompresses, zstd --rm -k keeps the file): a model asks Last of
// its mode options, not whether a harmless one is present.
func (c *Call) Last(alts string) string {
	last := ""
	for i := range c.Opts {
		for a := range strings.SplitSeq(alts, "|") {
			if a = strings.TrimSpace(a); c.names(&c.Opts[i], a) {
				last = a
				break
			}
		}
	}
	return last
}

// HasLocal is HasAny for options given after the first subcommand word
// (git -C dir branch -C copies: only the second -C is branch's). Its
// alternatives may be different options: each is on or off by itself,
// a --no- form cancelling only the option it names.
func (c *Call) HasLocal(alts string) bool {
	for a := range strings.SplitSeq(alts, "|") {
		if c.on([]string{strings.TrimSpace(a)}, true) {
			return true
		}
	}
	return false
}

// Values returns the values given to an option (any of "a|b"), in order.
func (c *Call) Values(alts string) []string {
	var out []string
	for _, a := range c.ValueArgs(alts) {
		out = append(out, a.Value)
	}
	return out
}

// ValueArgs is Values with the words themselves.
func (c *Call) ValueArgs(alts string) []shell.Arg {
	var out []shell.Arg
	for i := range c.Opts {
		o := &c.Opts[i]
		if !o.HasValue {
			continue
		}
		for a := range strings.SplitSeq(alts, "|") {
			if o.Typed == a || o.Spec != nil && o.Spec.Is(a) {
				out = append(out, o.Value)
				break
			}
		}
	}
	return out
}

// Value returns the last value given to an option, and whether one was.
func (c *Call) Value(alts string) (string, bool) {
	vs := c.ValueArgs(alts)
	if len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1].Value, true
}

// DynamicOption reports a word computed at run time in option position,
// which may be any option.
func (c *Call) DynamicOption() bool {
	for i := range c.Opts {
		if c.Opts[i].Spec == nil && c.isDynamicOpt(&c.Opts[i]) {
			return true
		}
	}
	return false
}

func (c *Call) isDynamicOpt(o *Opt) bool {
	return strings.ContainsAny(o.Typed, "$`")
}

// Operand returns the i-th operand (after the subcommands), or "".
func (c *Call) Operand(i int) string {
	args := c.Args()
	if i < 0 || i >= len(args) {
		return ""
	}
	return args[i].Value
}
