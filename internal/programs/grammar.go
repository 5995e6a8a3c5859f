package programs

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Tag says what an option does beyond changing what the program prints.
type Tag uint8

// Tags of options, written after an option's spellings in a grammar.
const (
	TagNone    Tag = iota // only changes what is printed, or how
	TagRead               // read: the value is a file the program reads
	TagWrite              // write: the value is a file the program creates or changes
	TagExec               // exec: the value is a command line the program runs, adding words and data of its own
	TagCode               // code: the value is code in a language the model does not read
	TagNet                // net: the program reaches the network
	TagChange             // change: the program changes state (a setting, a service, a remote)
	TagUnknown            // unknown: the option exists but its effect is not modelled
	TagHelp               // help: the program prints help or its version and does nothing else
	TagDir                // dir: the value is a folder the program works in
	TagFilter             // filter: the value is a command line the program runs with its output on the standard input and no words added (a pager, tar --to-command)
)

var tagNames = [...]string{TagNone: "", TagRead: "read", TagWrite: "write", TagExec: "exec", TagCode: "code",
	TagNet: "net", TagChange: "change", TagUnknown: "unknown", TagHelp: "help", TagDir: "dir", TagFilter: "filter"}

func (t Tag) String() string { return tagNames[t] }

// Arity says whether an option takes a value.
type Arity uint8

// Arities of options.
const (
	NoValue  Arity = iota // a flag
	Required              // the value is attached (-ofile, --output=file) or the next word
	Optional              // a value only when attached (--color=always, -i.bak)
)

// OptSpec is one option of a program, with all its spellings.
type OptSpec struct {
	// Names are the spellings as declared: "-a", "--all", or "-name" for
	// a program that spells long options with one dash.
	Names []string
	Arity Arity
	Tag   Tag
	// Last ends the options: the words after it (and its value) are
	// operands, whatever they look like.
	Last bool
	// Enum lists, for an Optional option, the values it also takes from
	// the next word ("#" for a number): --track direct is --track=direct
	// when the table says [=direct|inherit].
	Enum []string
}

// takesNext reports whether an Optional option takes next as its value.
func (o *OptSpec) takesNext(next string) bool {
	for _, e := range o.Enum {
		if e == next || e == "#" && isDigits(next) {
			return true
		}
	}
	return false
}

// Is reports whether name is one of the option's spellings.
func (o *OptSpec) Is(name string) bool { return slices.Contains(o.Names, name) }

// IsAny reports whether the option is one of alts, names joined by |.
func (o *OptSpec) IsAny(alts string) bool {
	for _, a := range strings.Split(alts, "|") {
		if o.Is(a) {
			return true
		}
	}
	return false
}

// String returns the option's spellings joined by "|".
func (o *OptSpec) String() string { return strings.Join(o.Names, "|") }

// grammar is a parsed option table.
type grammar struct {
	opts  []*OptSpec
	short [128]*OptSpec
	// long holds every long spelling without its dashes, sorted, for
	// exact and abbreviated lookups.
	long []longName
}

type longName struct {
	name string
	spec *OptSpec
}

// parseGrammar reads an option table (see the package comment).
func parseGrammar(text string) (*grammar, error) {
	g := new(grammar)
	for n, line := range strings.Split(text, "\n") {
		// A comment starts with # at the start of a word.
		if strings.HasPrefix(line, "#") {
			line = ""
		} else if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		o := new(OptSpec)
		for _, f := range fields {
			if f == "last" {
				o.Last = true
				continue
			}
			if !strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "+") {
				t := slices.Index(tagNames[:], f)
				if t <= 0 {
					return nil, fmt.Errorf("line %d: unknown tag %q", n+1, f)
				}
				if o.Tag != TagNone {
					return nil, fmt.Errorf("line %d: two tags", n+1)
				}
				o.Tag = Tag(t)
				continue
			}
			name := f
			if i := strings.Index(f, "[="); i > 0 && strings.HasSuffix(f, "]") {
				name, o.Arity = f[:i], Optional
				// [=a|b] lists the values (not a placeholder in capitals)
				// that may also come as the next word.
				if v := f[i+2 : len(f)-1]; strings.ToUpper(v) != v || strings.Contains(v, "|") || v == "#" {
					o.Enum = strings.Split(v, "|")
				}
			} else if i := strings.IndexByte(f, '='); i > 0 {
				name, o.Arity = f[:i], Required
			}
			o.Names = append(o.Names, name)
		}
		if len(o.Names) == 0 {
			return nil, fmt.Errorf("line %d: an option needs a spelling", n+1)
		}
		for _, name := range o.Names {
			// -# is curl's and mysql's spelling of an option; a # elsewhere
			// is a comment that lost its space.
			if strings.ContainsAny(name, "[]=# \t") && name != "-#" {
				return nil, fmt.Errorf("line %d: bad spelling %q", n+1, name)
			}
			switch {
			case len(name) == 2 && name[0] == '-' && name[1] < 128:
				if g.short[name[1]] != nil {
					return nil, fmt.Errorf("line %d: %s twice", n+1, name)
				}
				g.short[name[1]] = o
			case strings.HasPrefix(name, "--"):
				g.long = append(g.long, longName{name[2:], o})
			case len(name) > 2:
				// A single-dash long spelling (-name).
				g.long = append(g.long, longName{name[1:], o})
			default:
				return nil, fmt.Errorf("line %d: bad spelling %q", n+1, name)
			}
		}
		g.opts = append(g.opts, o)
	}
	slices.SortFunc(g.long, func(a, b longName) int { return strings.Compare(a.name, b.name) })
	for i := 1; i < len(g.long); i++ {
		if g.long[i].name == g.long[i-1].name {
			return nil, fmt.Errorf("--%s twice", g.long[i].name)
		}
	}
	return g, nil
}

// lookupLong finds a long option by its name (without dashes and
// =value): the exact spelling, or an abbreviation that only one option
// starts with, as getopt_long, git and argparse accept. ambiguous reports
// a prefix of several options.
func (g *grammar) lookupLong(name string) (spec *OptSpec, ambiguous bool) {
	if g == nil || name == "" {
		return nil, false
	}
	i, found := slices.BinarySearchFunc(g.long, name, func(l longName, n string) int { return strings.Compare(l.name, n) })
	if found {
		return g.long[i].spec, false
	}
	for j := i; j < len(g.long) && strings.HasPrefix(g.long[j].name, name); j++ {
		if spec != nil && spec != g.long[j].spec {
			return nil, true
		}
		spec = g.long[j].spec
	}
	return spec, false
}

// lookupShort finds a short option by its letter.
func (g *grammar) lookupShort(c byte) *OptSpec {
	if g == nil || c >= 128 {
		return nil
	}
	return g.short[c]
}

// lazyGrammar parses a grammar text on first use: a process that judges
// one command parses only the tables of the programs in it.
type lazyGrammar struct {
	once sync.Once
	g    *grammar
	err  error
}

func (l *lazyGrammar) get(text string) *grammar {
	return l.make(func() string { return text })
}

// make parses the text that text returns, on first use.
func (l *lazyGrammar) make(text func() string) *grammar {
	l.once.Do(func() {
		if t := text(); strings.TrimSpace(t) != "" {
			l.g, l.err = parseGrammar(t)
		}
	})
	if l.err != nil {
		// The tables are checked by the package's tests; a broken one
		// reads as no options at all, which makes every option unknown.
		return nil
	}
	return l.g
}
