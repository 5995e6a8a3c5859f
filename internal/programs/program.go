package programs

import (
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// Node is a program or one of its subcommands: its options, the
// subcommands below it, and the effects of a call that ends there.
type Node struct {
	// Opts is the option table (see the package comment).
	Opts string
	// Subs are the subcommands, in the order they are tried when Prefix
	// is set.
	Subs []*Sub
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
	// Loose accepts options the table does not list, as parameters of
	// an API (aws ec2 describe-instances --instance-ids i-1, az storage
	// blob show -c box): such an option takes its attached value (--x=v,
	// -cv), or else the next word unless that word starts with - (and
	// has no space). Their values are the Effects function's to judge.
	Loose bool
	g     lazyGrammar
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
func (n *Node) grammar() *grammar { return n.g.get(n.Opts) }

// sub finds the subcommand named word.
func (n *Node) sub(word string) *Sub {
	for _, s := range n.Subs {
		for _, name := range s.names() {
			if name == word {
				return s
			}
		}
	}
	for _, s := range n.Subs {
		for _, name := range s.names() {
			if strings.Contains(name, "*") && starMatch(name, word) {
				return s
			}
		}
	}
	if n.Prefix && word != "" {
		for _, s := range n.Subs {
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
	// NoOptions programs read no options: every word is an operand (echo).
	NoOptions bool
	// Parse, when set, reads the words after the program name in place of
	// the option tables (find's expression): it fills the call's Opts and
	// Pos.
	Parse func(c *Call, args []shell.Arg)
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
		return registry[lo].prog
	}
	if strings.HasPrefix(name, "python") && isVersion(name[len("python"):]) {
		return Lookup("python")
	}
	return nil
}

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

// entry is a row of the registry.
type entry struct {
	name string
	prog *Program
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
