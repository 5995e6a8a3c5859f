package engine

import (
	"slices"
	"strings"
)

// Filed rules. A team's policy may hold a thousand rules, most of them
// about one program each (tool0042 deploys from CI only). The hook starts
// once per tool call, and decoding every rule in every process would cost
// more than the decision. A compiled snapshot therefore keeps such rules
// encoded, filed under the programs they name, and a process decodes a
// rule only when a shell command names one of its programs: the engine's
// rule index finds candidates by program name, and nothing else can match
// a rule whose every matcher is a shell matcher of named programs.

// FiledRules are the rules of a policy kept encoded. Each has its place in
// Policy.Rules, which holds a stand-in there (see [FiledSlot]).
type FiledRules interface {
	// Places returns, in increasing order, the places of the rules filed
	// under a lower-case program name.
	Places(program string) []int
	// Rule returns the rule at place i, decoded. A rule that cannot be
	// decoded denies the commands it was filed for, saying why.
	Rule(i int) *Rule
}

// FiledPrograms returns the lower-case names of the programs a rule
// applies to, when only shell commands of those programs can match it:
// every matcher is a shell matcher that names its programs literally, and
// none tests paths, agents or scopes. ok is false for any other rule,
// which must be decoded with the policy.
func FiledPrograms(r *Rule) (names []string, ok bool) {
	if r.kinds != KindShell.bit() || len(r.Match) == 0 || len(r.Agents) > 0 || len(r.Scopes) > 0 {
		return nil, false
	}
	for i := range r.Match {
		m := &r.Match[i]
		if m.kinds() != KindShell.bit() || len(m.Paths) > 0 {
			return nil, false
		}
		ns, ok := literalPrograms(m)
		if !ok {
			return nil, false
		}
		for _, n := range ns {
			if n == "" || strings.ContainsAny(n, " ,\t\n") {
				return nil, false
			}
		}
		names = append(names, ns...)
	}
	return names, true
}

// FiledSlot returns the stand-in for filed rules of scope in
// Policy.Rules: a shell rule with no matchers, so that whatever looks at
// every rule of a policy (path rules, secrets, counts by scope) finds in
// it what it would find in the rule. One stand-in serves every filed rule
// of its scope.
func FiledSlot(scope string) *Rule {
	return &Rule{RuleSpec: &RuleSpec{}, Scope: scope, kinds: KindShell.bit(), slot: true}
}

// FiledFailure is the rule that stands for a filed rule that cannot be
// decoded: it denies every command it is asked about, which are those of
// the programs it was filed under.
func FiledFailure(scope string, err error) *Rule {
	return CompileTrusted(RuleSpec{ID: "compiled-policy", Decision: Deny,
		Message:    "A rule of the compiled policy cannot be read (" + err.Error() + ").",
		Suggestion: "Run `governance compile` in the project.",
		Match:      []MatchSpec{{Program: []string{"*"}}}}, scope)
}

// filedScan returns the places of the rules s may match when no index is
// built (a call of few commands): every rule kept decoded, and the filed
// rules of the programs s names, in policy order. A command named beyond
// ASCII may match any rule (see [ruleIndex.candidates]): all, filed ones
// included.
func filedScan(s *subject, rules []*Rule, filed FiledRules, buf []int) []int {
	named := s.kind == KindShell && s.cl != nil && asciiNames(s.cl)
	if s.kind == KindShell && !named {
		for i := range rules {
			buf = append(buf, i)
		}
		return buf
	}
	for i, r := range rules {
		if !r.slot {
			buf = append(buf, i)
		}
	}
	if !named {
		return buf
	}
	var places []int
	commandNames(s.cl, func(name, lower string) {
		if l := filed.Places(name); len(l) > 0 {
			places = append(places, l...)
			return
		}
		if lower == "" {
			lower = strings.ToLower(name)
		}
		if lower != name {
			places = append(places, filed.Places(lower)...)
		}
	})
	if len(places) == 0 {
		return buf
	}
	buf = append(buf, places...)
	slices.Sort(buf)
	return slices.Compact(buf)
}

// rule returns the rule at place i of the policy, decoding a filed one. A
// place past the rules comes from a damaged index of filed rules, which
// decodes as a rule that denies.
func (p *Policy) rule(i int) *Rule {
	if i >= len(p.Rules) || p.Rules[i].slot {
		if p.Filed != nil {
			return p.Filed.Rule(i)
		}
	}
	return p.Rules[i]
}
