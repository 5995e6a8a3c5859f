package engine

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"
)

// RuleSpec is a rule as written in a rules file. It is plain data so that
// the built-in policy can be compiled into the binary.
type RuleSpec struct {
	// ID names the rule; it is unique within its scope.
	ID string
	// Tools lists the tool kinds the rule applies to. Empty means the
	// kinds its matchers can match.
	Tools []Kind
	// Match lists alternative matchers: the rule applies when any matches.
	Match []MatchSpec
	// Decision is what the rule decides.
	Decision Outcome
	// Severity "warn" turns a deny or ask into a warning; "block" (the
	// default) keeps it.
	Severity string
	// Message says why; Suggestion says what to do instead.
	Message, Suggestion string
	// Agents limits the rule to these agents (globs; "main" is the main
	// thread); Scopes to agents of these scopes (meta, project, bridge).
	Agents, Scopes []string
	// Examples are checked when the rule is loaded.
	Examples Examples
	// Source is where the rule is written, as file:line.
	Source string
}

// Examples are tool calls that a rule must match, and must not match.
// For shell rules they are commands; for file rules paths; for web rules
// URLs; for MCP rules "server tool {json arguments}"; for agent rules
// subagent types.
type Examples struct {
	Match, NotMatch []string
}

// MatchSpec is one matcher of a rule. Every field that is set must match.
//
// The conditions most matchers use are fields; the others are in More. The
// built-in policy is static data that every hook process's runtime scans
// as it starts, and a matcher with all its conditions inline was 660 bytes,
// mostly empty lists.
type MatchSpec struct {
	// Shell: the program's base name (globs), its subcommand words, options
	// that must all be present (each entry lists alternatives "-f|--force"),
	// options that must be absent, positional arguments (globs, any), the
	// path classes of positional arguments (any), whether it runs as
	// another user, and regular expressions over the whole simple command
	// (any).
	Program    []string
	Subcommand []string
	Flags      []string
	NotFlags   []string
	Args       []string
	// MinArgs is the least number of positional arguments after the
	// subcommand (git checkout main file.txt has two).
	MinArgs    int
	Targets    []string
	Privileged bool
	// RunsInput matches commands that execute code nobody can see
	// beforehand (a script read from a pipe or named at run time).
	RunsInput bool
	// Env globs over NAME=value assignments (prefixes, env, export) that
	// must be present.
	Env   []string
	Regex []string
	// Files: path globs (gitignore-like: a pattern without a slash matches a
	// base name anywhere) that must match.
	Paths []string
	// More holds the other conditions; nil when the matcher sets none.
	More *MatchMore
}

// MatchMore holds the conditions of a matcher that few matchers use.
type MatchMore struct {
	// Shell: subcommands that must be absent, the programs feeding the
	// command's input (globs, any), environment assignments that must be
	// absent, and globs over the whole simple command (any).
	NotSubcommand []string
	// Options lists options ("-c|--config-env") with globs one of their
	// values must match.
	Options   []OptionMatch
	InputFrom []string
	NotEnv    []string
	// Dynamic lists where a word computed at run time must appear:
	// "option" (anywhere options are read), "argument", or "input" (a word
	// that xargs, parallel or find supply, where options are read).
	Dynamic []string
	Command []string
	// FlagsWithin, when set, requires every option the command gives to
	// be one of these (alternatives "-f|--force"; a short option counts
	// inside a cluster); TargetsWithin requires every path argument's
	// classes to be among these. Learned entries use them so that a
	// pattern never covers an option or a kind of path nobody approved.
	FlagsWithin, TargetsWithin []string
	// Positionals, when not nil, requires the positional arguments after
	// the subcommand to be exactly as many as its places, each fitting
	// its place (see positionalKinds); an empty list requires none.
	// Learned entries use it so that an argument nobody approved is not
	// covered.
	Positionals []string
	// Contents, when set, requires the files to hold what they held when
	// a person approved the command for good (see FileDigest): the
	// script, the makefile the command runs. A learned entry made of an
	// approval binds them, so that it does not allow a rewritten script.
	Contents []FileContent
	// Prefix matches the command's words from the program on, one entry
	// per word listing its alternatives, as Codex prefix rules do: the
	// words are literal and the command may have more words after them.
	// PrefixPaths are the absolute program paths that count as the first
	// word (Codex host_executable); any other path to a program of that
	// name counts only for rules that do not allow.
	Prefix      [][]string
	PrefixPaths []string
	// Files: path globs that must not match.
	NotPaths []string
	// Web: domains (a leading *. matches subdomains) and URL globs.
	Domains, URLs []string
	// MCP: server and tool name globs, argument globs by key that must
	// match, and ones that must not (a missing argument matches none).
	Server, MCPTool []string
	Arguments       []ArgumentMatch
	NotArguments    []ArgumentMatch
	// Agent: subagent type globs.
	Subagent []string
}

// noMore is the MatchMore of a matcher without one. It is never written.
var noMore MatchMore

// more returns the matcher's other conditions, empty when it has none.
func (m *MatchSpec) more() *MatchMore {
	if m.More != nil {
		return m.More
	}
	return &noMore
}

// OptionMatch requires a value of an option (alternatives "a|b") to match
// one of the globs. Matchers hold slices rather than maps so that the
// built-in policy compiles to static data.
type OptionMatch struct {
	Option string
	Values []string
}

// ArgumentMatch requires an MCP argument to match a glob.
type ArgumentMatch struct {
	Key, Glob string
}

// kinds returns the tool kinds a matcher can apply to.
func (m *MatchSpec) kinds() kindSet {
	var ks kindSet
	more := m.more()
	if len(m.Program) > 0 || len(m.Subcommand) > 0 || len(more.NotSubcommand) > 0 || m.MinArgs > 0 ||
		len(m.Flags) > 0 || len(m.NotFlags) > 0 || len(m.Args) > 0 || len(more.Options) > 0 ||
		len(more.InputFrom) > 0 || m.Privileged || len(more.Command) > 0 || len(m.Regex) > 0 || m.RunsInput ||
		len(m.Env) > 0 || len(more.NotEnv) > 0 || len(more.Dynamic) > 0 || len(more.Prefix) > 0 || len(more.FlagsWithin) > 0 ||
		more.Positionals != nil {
		ks |= KindShell.bit()
	}
	if len(m.Paths) > 0 || len(more.NotPaths) > 0 {
		ks |= KindRead.bit() | modifySet
	}
	if len(m.Targets) > 0 && ks == 0 {
		ks |= KindShell.bit() | KindRead.bit() | modifySet
	}
	if len(more.Domains) > 0 || len(more.URLs) > 0 {
		ks |= KindWeb.bit()
	}
	if len(more.Server) > 0 || len(more.MCPTool) > 0 || len(more.Arguments) > 0 || len(more.NotArguments) > 0 {
		ks |= KindMCP.bit()
	}
	if len(more.Subagent) > 0 {
		ks |= KindAgent.bit()
	}
	return ks
}

// Rule is a compiled rule. It points at its spec, which must not change
// afterwards: compiling the built-in policy on every hook call then costs
// one small array.
type Rule struct {
	*RuleSpec
	// Scope is where the rule comes from: builtin, global or repo.
	Scope   string
	kinds   kindSet
	outcome Outcome
	// preps holds, per matcher, what matching needs worked out, computed
	// on first use.
	prepOnce sync.Once
	preps    []matchPrep
	// paths holds, per matcher, the literal runs of its path patterns,
	// made on first use even where preps are not (see pathLits).
	pathsOnce sync.Once
	paths     []pathLits
	// slot marks the stand-in for filed rules (see [FiledSlot]).
	slot bool
}

// matchPrep is what matching a matcher needs that depends on the matcher
// alone: worked out once rather than for every subject.
type matchPrep struct {
	kinds kindSet
	// programs are the Program patterns; subcommands and notSubcommands
	// the Subcommand and NotSubcommand patterns of one word.
	programs, subcommands, notSubcommands foldSet
}

// prep returns what matching matcher i needs.
func (r *Rule) prep(i int) *matchPrep {
	r.prepOnce.Do(func() {
		r.preps = make([]matchPrep, len(r.Match))
		for j := range r.Match {
			m, p := &r.Match[j], &r.preps[j]
			p.kinds = m.kinds()
			p.programs = newFoldSet(m.Program)
			p.subcommands = newFoldSet(oneWord(m.Subcommand))
			p.notSubcommands = newFoldSet(oneWord(m.more().NotSubcommand))
		}
	})
	return &r.preps[i]
}

// pathLits returns the literal runs of matcher i's path patterns. Every
// file a call names meets every rule of paths, and a call names several
// (a glob's matches, a link and its target), so they are made on first
// use and kept, even for a call of a few commands.
func (r *Rule) pathLits(i int) *pathLits {
	r.pathsOnce.Do(func() {
		r.paths = make([]pathLits, len(r.Match))
		for j := range r.Match {
			if len(r.Match[j].Paths) > 0 {
				r.paths[j] = newPathLits(r.Match[j].Paths, r.foldPaths())
			}
		}
	})
	return &r.paths[i]
}

// regexCache holds compiled rule expressions, so that a hook call pays
// only for the expressions it reaches, and each once.
var regexCache struct {
	sync.Mutex
	m map[string]*regexp.Regexp
}

// compiledRegex returns the compiled form of a checked expression.
func compiledRegex(expr string) *regexp.Regexp {
	regexCache.Lock()
	defer regexCache.Unlock()
	if re, ok := regexCache.m[expr]; ok {
		return re
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		// Never matches: checked rules cannot get here.
		re = regexp.MustCompile(`[^\x00-\x{10FFFF}]`)
	}
	if regexCache.m == nil {
		regexCache.m = map[string]*regexp.Regexp{}
	}
	regexCache.m[expr] = re
	return re
}

// Outcome returns what the rule decides once severity is applied.
func (r *Rule) Outcome() Outcome { return r.outcome }

// foldPaths reports whether the rule's path patterns are compared
// ignoring case: those of a rule that holds a call back, never of one
// that lets it through (see anyPath).
func (r *Rule) foldPaths() bool { return r.outcome > Allow }

// Rule scopes.
const (
	ScopeBuiltin = "builtin"
	ScopeGlobal  = "global"
	ScopeRepo    = "repo"
	// ScopeManaged is the managed (system) layer: its folder and the
	// policy bundle a machine pulls.
	ScopeManaged = "managed"
)

// CompileRule checks a rule spec and compiles it. It does not run the
// examples; see [Rule.CheckExamples].
func CompileRule(spec RuleSpec, scope string) (*Rule, error) {
	if spec.ID == "" {
		return nil, fmt.Errorf("a rule needs an id")
	}
	if len(spec.Match) == 0 {
		return nil, fmt.Errorf("rule %s: a rule needs a match", spec.ID)
	}
	switch spec.Decision {
	case Allow, Warn, Ask, Deny, Abort:
	case Defer:
		return nil, fmt.Errorf("rule %s: decision defer is not a rule decision (use allow, warn, ask, deny or abort)", spec.ID)
	default:
		return nil, fmt.Errorf("rule %s: a rule needs a decision (allow, warn, ask, deny or abort)", spec.ID)
	}
	switch spec.Severity {
	case "", "block", "warn":
	default:
		return nil, fmt.Errorf("rule %s: severity must be block or warn, not %q", spec.ID, spec.Severity)
	}
	if spec.Decision.Blocks() && (strings.TrimSpace(spec.Message) == "" || strings.TrimSpace(spec.Suggestion) == "") {
		return nil, fmt.Errorf("rule %s: a %s rule needs a message and a suggestion", spec.ID, spec.Decision)
	}
	for i := range spec.Match {
		m := &spec.Match[i]
		if err := checkMatch(m); err != nil {
			return nil, fmt.Errorf("rule %s: %w", spec.ID, err)
		}
		for _, expr := range m.Regex {
			if _, err := regexp.Compile(expr); err != nil {
				return nil, fmt.Errorf("rule %s: bad regex %q: %w", spec.ID, expr, err)
			}
		}
	}
	r := CompileTrusted(spec, scope)
	if r.kinds == 0 {
		return nil, fmt.Errorf("rule %s: the match says nothing the rule could match", spec.ID)
	}
	if spec.Decision.Blocks() && catchAll(spec) {
		return nil, fmt.Errorf("rule %s: a %s rule that matches everything is a catch-all; list what to allow instead (an agent allow-list), or name what to %s",
			spec.ID, spec.Decision, spec.Decision)
	}
	return r, nil
}

// CompileTrusted compiles a rule that was already checked, such as the
// built-in policy, which is checked when it is generated.
func CompileTrusted(spec RuleSpec, scope string) *Rule {
	r := &Rule{}
	r.init(&spec, scope)
	return r
}

// CompileAllTrusted compiles checked rules in one allocation, as the hook
// does for the built-in policy on every call. The rules point into specs.
func CompileAllTrusted(specs []RuleSpec, scope string, skip func(id string) bool) []*Rule {
	rules := make([]Rule, len(specs))
	out := make([]*Rule, 0, len(specs))
	for i := range specs {
		if skip != nil && skip(specs[i].ID) {
			continue
		}
		rules[i].init(&specs[i], scope)
		out = append(out, &rules[i])
	}
	return out
}

func (r *Rule) init(spec *RuleSpec, scope string) {
	r.RuleSpec, r.Scope, r.outcome = spec, scope, spec.Decision
	if spec.Severity == "warn" && r.outcome > Warn {
		r.outcome = Warn
	}
	for _, k := range spec.Tools {
		r.kinds |= k.bit()
	}
	if len(spec.Tools) == 0 {
		for i := range spec.Match {
			r.kinds |= spec.Match[i].kinds()
		}
	}
}

// checkMatch rejects matchers that cannot work.
func checkMatch(m *MatchSpec) error {
	more := m.more()
	for _, c := range append(append([]string{}, m.Targets...), more.TargetsWithin...) {
		if !slices.Contains(pathClasses, c) && !(c == ClassNone && slices.Contains(more.TargetsWithin, c)) {
			return fmt.Errorf("unknown path class %q in targets (want one of %s)", c, strings.Join(pathClasses, ", "))
		}
	}
	for _, pat := range append(append([]string{}, m.Paths...), more.NotPaths...) {
		if !doublestar.ValidatePattern(pat) {
			return fmt.Errorf("path pattern %q is not a valid glob (check its brackets and braces)", pat)
		}
	}
	if err := checkPositionals(more.Positionals); err != nil {
		return err
	}
	for _, d := range more.Dynamic {
		if d != "option" && d != "argument" && d != "input" {
			return fmt.Errorf("dynamic must list option, argument or input, not %q", d)
		}
	}
	for _, f := range append(append(append([]string{}, m.Flags...), m.NotFlags...), more.FlagsWithin...) {
		for _, alt := range strings.Split(f, "|") {
			if !strings.HasPrefix(strings.TrimSpace(alt), "-") {
				return fmt.Errorf("flag %q must start with -", alt)
			}
		}
	}
	return nil
}

// catchAll reports whether every matcher of the spec matches anything.
func catchAll(spec RuleSpec) bool {
	for _, m := range spec.Match {
		if !matchesEverything(&m) {
			return false
		}
	}
	return true
}

func matchesEverything(m *MatchSpec) bool {
	all := func(globs []string) bool {
		for _, g := range globs {
			if strings.Trim(g, "*/") == "" {
				return true
			}
		}
		return false
	}
	more := m.more()
	constrained := len(m.Subcommand) > 0 || len(more.NotSubcommand) > 0 || m.MinArgs > 0 || len(m.Flags) > 0 || len(more.Options) > 0 || len(m.NotFlags) > 0 || len(m.Args) > 0 ||
		len(m.Targets) > 0 || len(more.InputFrom) > 0 || m.Privileged || len(m.Regex) > 0 || len(more.NotPaths) > 0 ||
		len(more.Arguments) > 0 || len(more.NotArguments) > 0 || m.RunsInput || len(m.Env) > 0 || len(more.Dynamic) > 0 || len(more.Prefix) > 0 ||
		len(more.FlagsWithin) > 0 || len(more.TargetsWithin) > 0 || more.Positionals != nil
	if constrained {
		return false
	}
	for _, set := range [][]string{m.Program, more.Command, m.Paths, more.Domains, more.URLs, more.Server, more.MCPTool, more.Subagent} {
		if len(set) > 0 && !all(set) {
			return false
		}
	}
	return true
}

// appliesTo reports whether the rule applies to a subject's kind and
// caller.
func (r *Rule) appliesTo(s *subject, agent, scope string) bool {
	// Writes and edits are one family: a rule about either covers both.
	if !r.kinds.hasBit(s.kindBit()) {
		return false
	}
	if len(r.Agents) > 0 {
		name := agent
		if name == "" {
			name = "main"
		}
		if !anyGlob(r.Agents, name) {
			return false
		}
	}
	if len(r.Scopes) > 0 && !slices.Contains(r.Scopes, scope) {
		return false
	}
	return true
}
