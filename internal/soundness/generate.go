package soundness

import (
	"math/rand/v2"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// Generator makes command lines from the program models themselves: a
// program, a subcommand, options drawn from its table (with values), and
// operands drawn from the paths of a world (its secrets and protected
// files among them), sometimes in a pipeline or with a redirect. What the
// policy allows of them is then run against reality.
type Generator struct {
	// Paths are operands to draw from (relative to the world's project or
	// absolute).
	Paths []string
	// Names are the programs to draw from; empty means every model.
	Names []string
	rng   *rand.Rand
}

// NewGenerator returns a generator with a fixed seed.
func NewGenerator(seed uint64, paths []string) *Generator {
	return &Generator{Paths: paths, Names: programs.Names(), rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// values are option values to draw from.
var values = []string{"1", "5", "x", "json", "main", "HEAD", "never", "auto", "utf-8", "-", "/dev/null"}

// Command returns one generated command line.
func (g *Generator) Command() string {
	var b strings.Builder
	b.WriteString(g.simple())
	switch g.rng.IntN(6) {
	case 0:
		b.WriteString(" | " + g.simple())
	case 1:
		b.WriteString(" 2>/dev/null")
	case 2:
		b.WriteString(" && " + g.simple())
	}
	return b.String()
}

// simple returns one simple command.
func (g *Generator) simple() string {
	name := g.Names[g.rng.IntN(len(g.Names))]
	p := programs.Lookup(name)
	words := []string{name}
	var subs []string
	if p != nil {
		opts, subcommands := p.Options()
		if len(subcommands) > 0 && g.rng.IntN(4) > 0 {
			sub := subcommands[g.rng.IntN(len(subcommands))]
			subs = append(subs, sub)
			words = append(words, sub)
			opts, _ = p.Options(subs...)
		}
		for i := g.rng.IntN(3); i > 0 && len(opts) > 0; i-- {
			o := opts[g.rng.IntN(len(opts))]
			spelling := o.Names[g.rng.IntN(len(o.Names))]
			switch o.Arity {
			case programs.Required:
				words = append(words, spelling, g.value())
			case programs.Optional:
				if strings.HasPrefix(spelling, "--") && g.rng.IntN(2) == 0 {
					spelling += "=" + g.value()
				}
				words = append(words, spelling)
			default:
				words = append(words, spelling)
			}
		}
	}
	for i := g.rng.IntN(3); i > 0; i-- {
		words = append(words, g.Paths[g.rng.IntN(len(g.Paths))])
	}
	for i, w := range words {
		words[i] = quote(w)
	}
	return strings.Join(words, " ")
}

func (g *Generator) value() string {
	if g.rng.IntN(3) == 0 {
		return g.Paths[g.rng.IntN(len(g.Paths))]
	}
	return values[g.rng.IntN(len(values))]
}

// quote quotes a word for the shell when it needs it.
func quote(w string) string {
	if w != "" && strings.IndexFunc(w, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=+:@,%~", r))
	}) < 0 {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
