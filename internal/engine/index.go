package engine

import (
	"slices"
	"strings"
)

// ruleIndex narrows the rules a simple command can match to the ones that
// name its program (or a wrapper in front of it), plus those that match
// any program. A 30-line script has some 30 commands and the built-in
// policy about 50 rules: without the index most of the time goes to
// rules about other programs.
type ruleIndex struct {
	rules []*Rule // the slice the index was built for
	// byProgram maps a lower-case program name to the rules whose every
	// shell matcher names that program literally, in policy order.
	byProgram map[string][]int
	// anyProgram holds the rules with a shell matcher that may match any
	// program (a glob, or no program at all), in policy order.
	anyProgram []int
	// byKind holds, for each other tool kind, the rules that apply to it.
	byKind map[Kind][]int
	// filed finds the places of the rules kept encoded, which are shell
	// rules of named programs only.
	filed FiledRules
}

// indexFrom is the number of simple commands in a call from which the
// index pays for itself in a process that decides one call (the hook).
// An engine that decides more calls (the daemon, check, the MCP proxy)
// builds it once and uses it from its second call on, for every call.
const indexFrom = 4

func newRuleIndex(rules []*Rule, filed FiledRules) *ruleIndex {
	x := &ruleIndex{rules: rules, filed: filed, byProgram: map[string][]int{}, byKind: map[Kind][]int{}}
	for i := range rules {
		if rules[i].slot {
			continue // found through filed
		}
		for _, k := range Kinds {
			if k != KindShell && rules[i].kinds.has(k) {
				x.byKind[k] = append(x.byKind[k], i)
			}
		}
		keys, shell, any := []string(nil), false, false
		for j := range rules[i].Match {
			m := &rules[i].Match[j]
			if !m.kinds().has(KindShell) {
				continue
			}
			shell = true
			names, ok := literalPrograms(m)
			if !ok {
				any = true
				break
			}
			keys = append(keys, names...)
		}
		switch {
		case !shell:
		case any:
			x.anyProgram = append(x.anyProgram, i)
		default:
			slices.Sort(keys)
			for _, k := range slices.Compact(keys) {
				x.byProgram[k] = append(x.byProgram[k], i)
			}
		}
	}
	return x
}

// literalPrograms returns the lower-case program names a shell matcher
// requires, when it requires one of a known list.
func literalPrograms(m *MatchSpec) ([]string, bool) {
	var names []string
	prefix := m.more().Prefix
	switch {
	case len(m.Program) > 0:
		names = m.Program
	case len(prefix) > 0 && len(prefix[0]) > 0:
		// The first word, or a wrapper in front of the program.
		names = prefix[0]
	default:
		return nil, false
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		// A name beyond ASCII may fold onto an ASCII one its lower case
		// is not (ſ folds onto s): such a rule is tried for every program.
		if hasWildcard(n) || strings.ContainsAny(n, "[{") || !isASCII(n) {
			return nil, false
		}
		out = append(out, strings.ToLower(n))
	}
	return out, true
}

// candidates returns the indexes of the rules s may match, in policy
// order: for a simple command those the index finds, otherwise all. A nil
// index finds all, and so does a command named with letters beyond ASCII:
// matching folds case the Unicode way, which maps some letters onto ASCII
// ones (ſ onto s, the Kelvin sign onto k), so such a name may match rules
// the lower-case index files under another key.
func (x *ruleIndex) candidates(s *subject, rules []*Rule, buf []int) []int {
	switch {
	case x == nil || s.kind == KindShell && (s.cl == nil || !asciiNames(s.cl)):
		for i := range rules {
			buf = append(buf, i)
		}
		return buf
	case s.kind != KindShell:
		return x.byKind[s.kind]
	}
	return x.shellCandidates(s.cl, buf)
}

// shellCandidates returns the indexes of the rules cl may match, in policy
// order, appending to buf.
func (x *ruleIndex) shellCandidates(cl *cmdline, buf []int) []int {
	var lists [][]int
	var first [4][]int
	lists = first[:0]
	add := func(name, lower string) {
		if name == "" {
			return
		}
		if l := x.program(name); len(l) > 0 {
			lists = append(lists, l)
			return
		}
		if lower == "" {
			lower = strings.ToLower(name)
		}
		if lower == name {
			return // the same key again
		}
		if l := x.program(lower); len(l) > 0 {
			lists = append(lists, l)
		}
	}
	commandNames(cl, add)
	out := buf[:0]
	switch len(lists) {
	case 0:
		return append(out, x.anyProgram...)
	case 1:
		// The usual case: two lists in policy order, merged.
		return mergeSorted(out, x.anyProgram, lists[0])
	}
	out = append(out, x.anyProgram...)
	for _, l := range lists {
		out = append(out, l...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// program returns the places of the rules filed under a program name,
// the encoded ones included, in increasing order.
func (x *ruleIndex) program(name string) []int {
	l := x.byProgram[name]
	if x.filed == nil {
		return l
	}
	if f := x.filed.Places(name); len(f) > 0 {
		if len(l) == 0 {
			return f
		}
		return mergeSorted(nil, l, f)
	}
	return l
}

// commandNames calls f with the names rules of a program may be filed
// under for cl: its program's name (and lower case, when known), its
// first word when that is a path, and its wrappers.
func commandNames(cl *cmdline, f func(name, lower string)) {
	f(cl.name, cl.lname)
	if len(cl.cmd.Args) > 0 {
		// A program given by path matches prefix rules by its full path.
		if v := cl.cmd.Args[0].Value; v != cl.name {
			f(v, "")
		}
	}
	for _, w := range cl.cmd.Wrappers {
		f(w, "")
	}
}

// asciiNames reports whether the program, its path and its wrappers are
// all ASCII.
func asciiNames(cl *cmdline) bool {
	// lname is set exactly when the name is ASCII (and not empty).
	if cl.lname == "" && cl.name != "" || len(cl.cmd.Args) > 0 && !isASCII(cl.cmd.Args[0].Value) {
		return false
	}
	for _, w := range cl.cmd.Wrappers {
		if !isASCII(w) {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// mergeSorted appends the union of two increasing lists to out, in
// increasing order.
func mergeSorted(out, a, b []int) []int {
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	out = append(out, a...)
	return append(out, b...)
}

// index returns the rule index of the engine's policy, building it when
// the policy or its rules changed.
func (e *Engine) index() *ruleIndex {
	rules := e.Policy.Rules
	if x := e.idx.Load(); x != nil && sameRules(x.rules, rules) {
		return x
	}
	x := newRuleIndex(rules, e.Policy.Filed)
	e.idx.Store(x)
	return x
}

func sameRules(a, b []*Rule) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
