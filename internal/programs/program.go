package programs

import (
	"strings"
	"sync"

	"github.com/agentgov/governance/internal/shell"
)

// Node is a program or one of its subcommands: its options, the
// subcommands below it, and the effects of a call that ends there.
type Node struct {
	// Opts is the option table (see the package comment).
	Opts string
	// MakeOpts, when set, makes the option table on first use instead
	// (tables computed from lists: ag's file types).
	MakeOpts func() string
	// Subs are the subcommands, in the order they are tried when Prefix
	// is set.
	Subs []*Sub
	// MakeSubs, when set, makes Subs on first use instead: a process that
	// never meets the program never builds its tables.
	MakeSubs func() []*Sub
	subsOnce sync.Once
	// Effects adds the effects of a call whose deepest subcommand is this
	// node. A node without Effects uses the nearest one above it; a
	// program with none has an unknown effect.
	Effects func(c *Call, fx *Effects)
	// Inherit keeps the options of the node above valid after this
	// subcommand's word (kubectl's global flags, docker compose's).
	Inherit bool
	// Prefix accepts any prefix of a subcommand name, the first
	// subcommand in Subs order that starts with it winning, as ip reads
	// `ip r a` as `ip route add`.
	Prefix bool
	// Operands accepts, when the first operand names no subcommand, that
	// operand as an ordinary one; otherwise it is an unknown subcommand.
	Operands bool
	// POSIX stops reading options at the first operand after this node's
	// word (env, xargs, ssh; docker run IMAGE ARGS...); otherwise options
	// are read anywhere before --, as GNU getopt does.
	POSIX bool
	// Loose accepts long options the table does not list, as parameters
	// of an API (aws ec2 describe-instances --instance-ids i-1): such an
	// option takes its attached value (--x=v), or else the next word
	// unless that word starts with - (and has no space). Their values are the Effects function's to judge.
	Loose bool
	// LooseShort extends Loose to short options: an unlisted -c takes
	// the rest of its word or the next word as its value (az storage blob
	// show -c box), as argparse and pflag parameters do.
	LooseShort bool
	// Inert says that no option of the node does more than change what
	// is printed, or which of the operands are read: a word computed at
	// run time that may be any option (xargs head -5 fed file names) is
	// no unknown. It is for programs whose every option is known to be
	// so (head, stat), not for tables that merely list no tags.
	Inert bool
	// Flags accepts options the table does not list as flags that only
	// change what is printed (a value only when attached: --format=x).
	// It is for programs with more output options than can be listed,
	// where every option that does more than print is in the table with
	// its tag (git log's diff and revision options).
	Flags bool
	// Exact takes long options only as spelled in full: no abbreviations
	// (git's own options, before the subcommand).
	Exact bool
	// Plus reads a word +abc before the operands as short options turned
	// off: a shell's +n undoes -n, +o noexec undoes -o noexec.
	Plus bool
	// Env names the variables of the environment the program reads as
	// long options of this node, one "NAME --option" a line
	// (RUFF_OUTPUT_FILE --output-file): a call that sets one (NAME=v
	// prog, env NAME=v prog) is read as if it gave the option before
	// those of its command line, which override it. A flag is set by any
	// value but "", 0, false, no and off.
	Env string
	g   lazyGrammar
}

// Sub is a subcommand: its names ("remove|rm") and its node. A name with
// * is a pattern ("describe-*"), tried after every exact name.
type Sub struct {
	Name string
	*Node
}

// names returns the subcommand's names.
func (s *Sub) names() []string { return strings.Split(s.Name, "|") }

// grammar returns the node's option table.
func (n *Node) grammar() *grammar { return n.grammarOf(false) }

// grammarOf returns the node's option table; with subHelp, --help tagged
// help is added to a table without one (see [Program.SubHelp]). A node
// belongs to one program, so it is always read the same way.
func (n *Node) grammarOf(subHelp bool) *grammar {
	if n.MakeOpts == nil && !subHelp {
		return n.g.get(n.Opts)
	}
	return n.g.make(func() string {
		text := n.Opts
		if n.MakeOpts != nil {
			text = n.MakeOpts()
		}
		if subHelp && !strings.Contains(text, "--help") {
			text += "\n--help  help\n"
		}
		return text
	})
}

// grammarAt returns the option table of the call's i-th node.
func (c *Call) grammarAt(i int) *grammar { return c.Nodes[i].grammarOf(i > 0 && c.Prog.SubHelp) }

// subs returns the node's subcommands.
func (n *Node) subs() []*Sub {
	if n.MakeSubs != nil {
		n.subsOnce.Do(func() { n.Subs = n.MakeSubs() })
	}
	return n.Subs
}

// sub finds the subcommand named word.
func (n *Node) sub(word string) *Sub {
	for _, s := range n.subs() {
		for _, name := range s.names() {
			if name == word {
				return s
			}
		}
	}
	for _, s := range n.subs() {
		for _, name := range s.names() {
			if strings.Contains(name, "*") && starMatch(name, word) {
				return s
			}
		}
	}
	if n.Prefix && word != "" {
		for _, s := range n.subs() {
			for _, name := range s.names() {
				if strings.HasPrefix(name, word) {
					return s
				}
			}
		}
	}
	return nil
}

// Program is what is known about one program (or a family that shares a
// command line, such as grep, egrep and fgrep).
type Program struct {
	Node
	// Names are the names the program is called by.
	Names []string
	// SingleDash programs spell long options with one dash (find -name,
	// java -jar).
	SingleDash bool
	// Digits programs read -NUM as an option (head -5).
	Digits bool
	// GoFlags programs read options as Go's flag package does: each word
	// is one option, -name or --name, never a cluster or an abbreviation,
	// with its value attached by = or in the next word (go vet
	// -vettool=prog, gofmt -r 'a -> b'). Their tables spell names of more
	// than one letter with one dash.
	GoFlags bool
	// NoOptions programs read no options: every word is an operand (echo).
	NoOptions bool
	// Pflag programs read options as Go's pflag package does (the CLIs
	// built with cobra: docker, kubectl, gh, helm): a long option is
	// never abbreviated; a flag accepts an attached value (--all=false,
	// -a=false); a short option's value may be attached with =
	// (-o=yaml); and an option whose value is optional takes it only
	// after =, so that in a cluster it is a flag (-it).
	Pflag bool
	// Parse, when set, reads the words after the program name in place of
	// the option tables (find's expression): it fills the call's Opts and
	// Pos.
	Parse func(c *Call, args []shell.Arg)
	// HelpEffects, when set, adds what the program does to print its help
	// (git runs man, which keeps a cache); without it, help prints and
	// does nothing else.
	HelpEffects func(c *Call, fx *Effects)
	// Helpers are the programs every call runs on its own (gunzip is a
	// script that runs gzip), and Caches the places of the tool's own
	// files that every call may write: both are added before Start.
	Helpers, Caches []string
	// SubHelp gives every subcommand --help, tagged help, when its
	// table has none (git SUBCOMMAND --help shows its manual).
	SubHelp bool
	// SubStart, when set, adds what every call of a subcommand does
	// before the subcommand's own effects (git's -c and the repository
	// it finds).
	SubStart func(c *Call, fx *Effects)
	// Start, when set, adds what every call does before it reads its
	// command, help and version included: the tool's own files it writes
	// (configuration, logs, caches), the helpers it runs to start, the
	// requests it makes on its own (a check for a newer version).
	Start func(c *Call, fx *Effects)
	// Words, when set, is the Effects of a program that reads no options
	// and whose words are all known: it is given them (macOS's tools that
	// take verbs: defaults read, diskutil list).
	Words func(c *Call, fx *Effects, words []string)
	// Launch, when set, says what a call runs (see shell.Launcher): the
	// command timeout, sudo or env run, with what they add to it. A call
	// it runs nothing for (sudo -l, nice alone) is judged by the rest of
	// the model.
	Launch func(c *shell.Simple) (shell.Launched, bool)
	// OwnSub, when set, reports a subcommand the call itself defines (git
	// -c alias.NAME=...): its Launch expands it, and the analysis judges
	// what it expands to, so the name is no unknown subcommand.
	OwnSub func(c *Call, sub string) bool
	// Lists, when set, returns a glob for each kind of file name a call
	// prints, one to a line, for a program that reads them (find, fd; see
	// shell.Launcher).
	Lists func(c *shell.Simple) ([]string, bool)
	// Fold, when set, returns what a call whose words are all known
	// prints, when that is known before it runs (basename a/b prints b,
	// base64 -d decodes the text known to flow into it; see
	// shell.Launcher).
	Fold func(c *shell.Simple, m shell.Machine) (string, bool)
	// Downloads, when set, says that the program saves what it fetches
	// from the network, and returns the files a call names for it (curl
	// -o, wget's naming by the address; see shell.Launcher).
	Downloads func(c *shell.Simple) []string
	// Copies, when set, says that the program writes the text of its
	// standard input to its standard output, and returns the files a
	// call also writes it to (tee's operands; see shell.Launcher).
	Copies func(c *shell.Simple) []string
	// IgnoresStdin programs never read their standard input (basename;
	// see shell.Launcher).
	IgnoresStdin bool
	// Lang, when set, names the language of the code the program runs
	// (python, javascript): the walker reads the value of each of
	// CodeOpts (python -c, node -e, or a subcommand: deno eval), and a
	// here-document or pipe fed to the program, as code of that language
	// (see shell.Launcher).
	Lang     string
	CodeOpts []string
	// Setup lists, separated by spaces, the first words after the
	// program's name with which a call prints shell set-up code (pyenv
	// init -, kubectl completion bash; see shell.Launcher); a word that
	// ends in * stands for the words it begins (conda shell.*).
	Setup string
	// wraps, when set, is the option grammar of a program that runs its
	// operands as a command (timeout 5 make), read in place of Launch.
	wraps *wrapper
	// LaunchOnly programs are modelled for what they run only: a call
	// that runs nothing the walker follows (nohup alone, timeout --help)
	// is judged as a program nobody modelled, and Lookup does not return
	// them.
	LaunchOnly bool
}

// Lookup returns the model of the program called name, or nil.
func Lookup(name string) *Program {
	lo, hi := 0, len(registry)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if registry[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(registry) && registry[lo].name == name {
		if p := *registry[lo].prog; !p.LaunchOnly {
			return p
		}
		return nil
	}
	// Versioned names (python3.12, pip3.12) are the program they version.
	for _, base := range versioned {
		if rest, ok := strings.CutPrefix(name, base); ok && isVersion(rest) {
			return Lookup(base)
		}
	}
	return nil
}

// versioned are the programs installed under versioned names as well.
var versioned = [...]string{"pip", "python"}

// isVersion reports a version suffix such as 3, 3.12 or 2.7.
func isVersion(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

// lazy is a value made on first use. The package's tables are static
// data the linker lays out, which costs a process nothing until it reads
// them; a table that must be computed (a map) would instead be built by
// every process as it starts, whether it meets the program or not.
type lazy[T any] struct {
	once sync.Once
	make func() T
	v    T
}

func (l *lazy[T]) get() T {
	l.once.Do(func() { l.v = l.make() })
	return l.v
}

//go:generate go run ../gen/registry -dir . -o registry.go

// entry is a row of the registry (registry.go, generated from every
// program's Names).
type entry struct {
	name string
	prog **Program
}

// starMatch reports whether s matches pattern, where * stands for any
// run of characters.
func starMatch(pattern, s string) bool {
	for {
		i := strings.IndexByte(pattern, '*')
		if i < 0 {
			return pattern == s
		}
		if !strings.HasPrefix(s, pattern[:i]) {
			return false
		}
		s, pattern = s[i:], pattern[i+1:]
		if pattern == "" {
			return true
		}
		for j := 0; j <= len(s); j++ {
			if starMatch(pattern, s[j:]) {
				return true
			}
		}
		return false
	}
}

// Names returns the names of every modelled program, sorted.
func Names() []string {
	out := make([]string, 0, len(registry))
	for _, e := range registry {
		if !(*e.prog).LaunchOnly {
			out = append(out, e.name)
		}
	}
	return out
}

// Options returns the options a program's table lists for its own node,
// or for the subcommand named by subs (git log), and the names of the
// subcommands below it: what a generator of command lines draws from.
func (p *Program) Options(subs ...string) (opts []*OptSpec, subcommands []string) {
	n := &p.Node
	for _, s := range subs {
		sub := n.sub(s)
		if sub == nil {
			return nil, nil
		}
		n = sub.Node
	}
	if g := n.grammarOf(len(subs) > 0 && p.SubHelp); g != nil {
		opts = g.opts
	}
	for _, s := range n.subs() {
		for _, name := range s.names() {
			if !strings.Contains(name, "*") {
				subcommands = append(subcommands, name)
			}
		}
	}
	return opts, subcommands
}

// EnvOption reports a variable that some model reads as an option that
// does more than choose what is printed (see Node.Env): a file it writes
// or reads, a program it runs. Exported earlier in a call (export
// RUFF_OUTPUT_FILE=~/.bashrc; ruff check), it reaches the program as
// that option would.
func EnvOption(name string) bool {
	envOptionsOnce.Do(func() {
		envOptionVars = map[string]bool{}
		seen := map[*Node]bool{}
		var walk func(n *Node)
		walk = func(n *Node) {
			if seen[n] {
				return
			}
			seen[n] = true
			for line := range strings.SplitSeq(n.Env, "\n") {
				v, opt, ok := strings.Cut(strings.TrimSpace(line), " ")
				if !ok {
					continue
				}
				spec, _ := n.grammarOf(false).lookupLong(strings.TrimPrefix(strings.TrimSpace(opt), "--"))
				if spec != nil && spec.Tag != TagNone && spec.Tag != TagHelp {
					envOptionVars[v] = true
				}
			}
			// Subcommands built on first use (MakeSubs) are left
			// unbuilt: a model that gives them Env lists them in Subs.
			for _, s := range n.Subs {
				walk(s.Node)
			}
		}
		for _, e := range registry {
			walk(&(*e.prog).Node)
		}
	})
	return envOptionVars[name]
}

var (
	envOptionsOnce sync.Once
	envOptionVars  map[string]bool
)

// ReadsEnv reports whether the call's model reads a variable as one of
// its options (Node.Env): the option's effects are then the call's own.
func (c *Call) ReadsEnv(name string) bool {
	for _, n := range c.Nodes {
		for line := range strings.SplitSeq(n.Env, "\n") {
			if v, _, ok := strings.Cut(strings.TrimSpace(line), " "); ok && v == name {
				return true
			}
		}
	}
	return false
}
