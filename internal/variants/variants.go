// Package variants makes metamorphic variants of labelled shell commands:
// commands that run the same way as the original (sudo rm -rf /,
// bash -c 'rm -rf /', rm -r -f /, 'rm' -rf /, ...), each labelled with
// what the policy must decide about it. A policy that denies the original
// and allows a variant has a hole.
//
// The transforms (see [Transforms]), by family:
//
//   - wrappers: sudo (only for commands that must not be allowed), env,
//     env-assign (X=1 cmd as env X=1 cmd), timeout 30, nice, nice -n 5,
//     command, exec (the last command only), time, nohup, stdbuf -oL,
//     xargs (echo ARGS | xargs PROGRAM);
//   - nesting: bash -c, sh -c, eval, echo "$(cmd)", ( cmd ), { cmd; },
//     a function, if true, a for over one word, bash <<'EOF', bash <<<
//     and sh <<<, cd to the working directory first;
//   - option spellings, for the programs of a table: split and combined
//     clusters, reordered options, long and short forms, abbreviations of
//     GNU long options, synonyms (rm -R, git branch -d -f), -- before the
//     operands;
//   - quoting of the program and of the arguments;
//   - path spellings: ./x, absolute, ../project/x, ~ and $HOME, redundant
//     // and /./;
//   - cancel-mode, which alone changes what runs: the option that turns
//     a harmless mode off again appended to it (bash -n +n, git rm -n
//     --no-dry-run, git config -l --no-li). Its variants are made for
//     every command it applies to, besides the sample, and labelled
//     not-allow.
//
// Harmless transforms keep an allowed command allowed: env, env-assign,
// timeout, nice, nice-n, command, time, stdbuf, subshell, braces, the
// option, quoting and path spellings. The others run the command through
// another program or construct that a policy may fairly ask about; an
// allowed command's variant made with one is labelled not-deny.
//
// Each transform states where it does not apply, so that a variant keeps
// the meaning of its original; the generator composes a few of them at
// random, from a fixed seed, and checks that every variant parses. The
// tests run variants in bash with stubbed programs, and option spellings
// with the real programs, to check that they run alike.
package variants

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"

	"github.com/agentgov/governance/internal/engine"
)

// Assert is what a label asks of the policy's outcome.
type Assert string

// The labels of the corpus.
const (
	// Deny: the policy must block (deny or abort).
	Deny Assert = "deny"
	// NotAllow: the policy must ask or block.
	NotAllow Assert = "not-allow"
	// NotDeny: the policy must allow or ask.
	NotDeny Assert = "not-deny"
	// Allow: the policy must allow without asking.
	Allow Assert = "allow"
)

// Asserts lists the labels in the order the figures are reported.
var Asserts = []Assert{Deny, NotAllow, NotDeny, Allow}

// Figure names the failure of an assertion as the accuracy measurement
// counts it.
func (a Assert) Figure() string {
	switch a {
	case Deny:
		return "safety misses"
	case NotAllow:
		return "dangerous allows"
	case NotDeny:
		return "over-blocks"
	case Allow:
		return "friction"
	}
	return string(a)
}

// allowed reports whether an outcome lets the call run (warn does).
func allowed(o engine.Outcome) bool { return o == engine.Allow || o == engine.Warn }

// Fails reports whether an outcome fails the assertion. Defer counts as
// ask, warn as allow.
func (a Assert) Fails(o engine.Outcome) bool {
	switch a {
	case Deny:
		return !o.Blocks()
	case NotAllow:
		return allowed(o)
	case NotDeny:
		return o.Blocks()
	case Allow:
		return !allowed(o)
	}
	return false
}

// Case is a labelled command of the corpus.
type Case struct {
	Cmd      string `json:"cmd"`
	Assert   Assert `json:"assert"`
	Category string `json:"category"`
	Peer     string `json:"peer"`
}

// ReadCases reads labelled commands, one JSON object a line, as in
// testdata/corpus/commands.jsonl.
func ReadCases(r io.Reader) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var c Case
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if c.Cmd != "" {
			out = append(out, c)
		}
	}
	return out, sc.Err()
}

// Step is one transform applied, with the command it made.
type Step struct {
	Transform string
	Cmd       string
}

// Variant is a command made from a labelled one by transforms that keep
// its meaning.
type Variant struct {
	// Case is the original.
	Case Case
	Cmd  string
	// Steps are the transforms applied, in order; the last one made Cmd.
	Steps []Step
	// Assert is the variant's label: the original's, but an allowed
	// command's variant is labelled not-deny once a transform that is not
	// harmless has been applied, and not-allow once one that cancels a
	// harmless mode has.
	Assert Assert
	// Cancelled reports a transform that turned a harmless mode off: the
	// variant does what its original does not.
	Cancelled bool
}

// Label returns the label of a command made from one labelled a by the
// transforms ts.
func Label(a Assert, ts []*Transform) Assert {
	if a != Deny && cancels(ts) {
		return NotAllow
	}
	if a != Allow {
		return a
	}
	for _, t := range ts {
		if !t.Harmless {
			return NotDeny
		}
	}
	return Allow
}

// cancels reports a transform among ts that turns a harmless mode off.
func cancels(ts []*Transform) bool {
	for _, t := range ts {
		if t.Cancels {
			return true
		}
	}
	return false
}

// Violation names a property of variants that an outcome breaks.
type Violation string

// The properties a variant's outcome must have.
const (
	// Allowed: a deny- or not-allow-labelled variant is allowed.
	Allowed Violation = "allowed"
	// Weaker: a deny-labelled variant gets a less strict outcome than its
	// original.
	Weaker Violation = "weaker"
	// NotAllowed: an allow-labelled variant (made by harmless transforms)
	// is not allowed.
	NotAllowed Violation = "not-allowed"
	// Denied: a not-deny-labelled variant is denied.
	Denied Violation = "denied"
)

// Check returns the property that a variant's outcome breaks, given the
// original's, or "" when it breaks none.
func (v *Variant) Check(orig, got engine.Outcome) Violation {
	switch v.Assert {
	case Deny:
		if allowed(got) {
			return Allowed
		}
		if got < orig {
			return Weaker
		}
	case NotAllow:
		if allowed(got) {
			return Allowed
		}
	case Allow:
		if !allowed(got) {
			return NotAllowed
		}
	case NotDeny:
		if got.Blocks() {
			return Denied
		}
	}
	return ""
}

// Inherited reports whether the original breaks the same property
// itself, so that the variant's failure is the original's. A variant that
// cancelled a harmless mode does what its original does not: its failure
// is its own.
func (v *Variant) Inherited(viol Violation, orig engine.Outcome) bool {
	switch viol {
	case Allowed:
		return allowed(orig) && !v.Cancelled
	case NotAllowed:
		return !allowed(orig)
	case Denied:
		return orig.Blocks()
	}
	return false
}

// Generator makes variants of labelled commands.
type Generator struct {
	// Env is where the commands run; the zero value is DefaultEnv.
	Env Env
	// Transforms are those to compose; nil means all.
	Transforms []*Transform
	// PerCase is the number of distinct variants to make of each
	// command (fewer when the transforms do not make so many).
	PerCase int
	// MaxSteps is the most transforms composed in one variant.
	MaxSteps int
	// Seed fixes the random choices: the same seed makes the same
	// variants.
	Seed uint64
}

// ErrBroken is matched by a BrokenError.
var ErrBroken = errors.New("variants: a transform made a command that does not parse")

// BrokenError is a command a transform made that does not parse: a bug in
// the transform, or a command the parser reads otherwise than bash.
type BrokenError struct {
	// Transform made Made of From; Err is the parser's error.
	Transform, From, Made string
	Err                   error
}

func (e *BrokenError) Error() string {
	return fmt.Sprintf("variants: %s made %q of %q, which does not parse: %v", e.Transform, e.Made, e.From, e.Err)
}

// Is reports whether target is ErrBroken.
func (e *BrokenError) Is(target error) bool { return target == ErrBroken }

// Generate returns the variants of a labelled command. The error wraps
// ErrParse when the command itself does not parse; otherwise it joins a
// BrokenError for each command a transform made that does not parse,
// which is left out of the variants.
func (g *Generator) Generate(c Case) ([]Variant, error) {
	env := g.Env
	if env == (Env{}) {
		env = DefaultEnv
	}
	orig, err := Parse(c.Cmd, env)
	if err != nil {
		return nil, err
	}
	var ts, cancelling []*Transform
	for _, t := range g.transforms() {
		switch {
		case t.Cancels:
			cancelling = append(cancelling, t)
		case !t.Escalating || c.Assert == Deny || c.Assert == NotAllow:
			ts = append(ts, t)
		}
	}
	h := fnv.New64a()
	h.Write([]byte(c.Cmd))
	rng := rand.New(rand.NewPCG(g.Seed, h.Sum64()))
	maxSteps := max(g.MaxSteps, 1)
	seen := map[string]bool{c.Cmd: true}
	var out []Variant
	var broken []error
	for tries := 0; len(out) < g.PerCase && tries < 6*g.PerCase; tries++ {
		cur := orig
		var steps []Step
		var used []*Transform
		for n := 1 + rng.IntN(maxSteps); len(steps) < n; {
			t, text := pick(rng, ts, cur)
			if t == nil {
				break
			}
			next, err := Parse(text, env)
			if err != nil {
				if !seen[text] {
					seen[text] = true
					broken = append(broken, &BrokenError{Transform: t.Name, From: cur.Text, Made: text, Err: err})
				}
				break
			}
			steps = append(steps, Step{Transform: t.Name, Cmd: text})
			used = append(used, t)
			cur = next
		}
		if len(steps) == 0 {
			if len(broken) > 0 {
				continue
			}
			break
		}
		if seen[cur.Text] {
			continue
		}
		seen[cur.Text] = true
		out = append(out, Variant{Case: c, Cmd: cur.Text, Steps: steps, Assert: Label(c.Assert, used)})
	}
	// Every variant that turns a harmless mode off, besides the sample:
	// they are few, and drawing them would change the sample of the
	// others.
	for _, t := range cancelling {
		for _, text := range t.Apply(orig) {
			if seen[text] {
				continue
			}
			seen[text] = true
			if _, err := Parse(text, env); err != nil {
				broken = append(broken, &BrokenError{Transform: t.Name, From: c.Cmd, Made: text, Err: err})
				continue
			}
			out = append(out, Variant{Case: c, Cmd: text, Steps: []Step{{t.Name, text}}, Assert: Label(c.Assert, []*Transform{t}),
				Cancelled: true})
		}
	}
	return out, errors.Join(broken...)
}

// Singles returns every variant that one transform makes of a labelled
// command, for every transform: a complete map of where the transforms
// apply, where Generate samples compositions. Errors are as Generate's.
func (g *Generator) Singles(c Case) ([]Variant, error) {
	env := g.Env
	if env == (Env{}) {
		env = DefaultEnv
	}
	orig, err := Parse(c.Cmd, env)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{c.Cmd: true}
	var out []Variant
	var broken []error
	for _, t := range g.transforms() {
		if t.Escalating && c.Assert != Deny && c.Assert != NotAllow {
			continue
		}
		for _, text := range t.Apply(orig) {
			if seen[text] {
				continue
			}
			seen[text] = true
			if _, err := Parse(text, env); err != nil {
				broken = append(broken, &BrokenError{Transform: t.Name, From: c.Cmd, Made: text, Err: err})
				continue
			}
			out = append(out, Variant{Case: c, Cmd: text, Steps: []Step{{t.Name, text}}, Assert: Label(c.Assert, []*Transform{t}),
				Cancelled: t.Cancels})
		}
	}
	return out, errors.Join(broken...)
}

func (g *Generator) transforms() []*Transform {
	if g.Transforms != nil {
		return g.Transforms
	}
	return Transforms()
}

// pick applies a transform chosen at random, a family first, among those
// that apply, and returns one of its variants chosen at random.
func pick(rng *rand.Rand, ts []*Transform, c *Command) (*Transform, string) {
	var families []Family
	byFamily := map[Family][]*Transform{}
	for _, t := range ts {
		if byFamily[t.Family] == nil {
			families = append(families, t.Family)
		}
		byFamily[t.Family] = append(byFamily[t.Family], t)
	}
	for _, f := range rng.Perm(len(families)) {
		fts := byFamily[families[f]]
		for _, i := range rng.Perm(len(fts)) {
			if vs := fts[i].Apply(c); len(vs) > 0 {
				return fts[i], vs[rng.IntN(len(vs))]
			}
		}
	}
	return nil, ""
}
