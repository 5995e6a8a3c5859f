package engine

import "cmp"

// IndexMisses returns, for each subject of req (its simple commands and
// the files they touch), the rules that apply to it and match it but
// that the rule index does not offer, and candidates offered out of policy
// order: it must be empty.
func IndexMisses(e *Engine, req *Request) []string {
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	x := newRuleIndex(e.Policy.Rules, e.Policy.Filed)
	var out []string
	for _, s := range subjects {
		offered := map[int]bool{}
		cands := x.candidates(s, e.Policy.Rules, nil)
		for k, i := range cands {
			offered[i] = true
			if k > 0 && cands[k-1] >= i {
				out = append(out, s.display+": candidates out of policy order")
			}
		}
		for i, r := range e.Policy.Rules {
			if !offered[i] && r.appliesTo(s, ev.agent, ev.scope) && r.matches(s, ev.pc, false) {
				out = append(out, s.display+": "+r.ID)
			}
		}
	}
	return out
}

// LiteralRun is literalRun.
var LiteralRun = literalRun

// BytePairs is bytePairs.
var BytePairs = bytePairs

// MatchPath reports whether the path pattern pat matches file as the
// engine matches a file the request names, in a project at root with the
// home directory home. It also returns the text that the literal-run
// prefilter of anyPathLit looks in.
func MatchPath(pat, file, root, home string) (bool, string) {
	pc := &pathContext{cwd: root, root: root, home: home}
	p := pc.resolve(file, false, false, root)
	return matchPath(pat, p, pc, false), cmp.Or(p.abs, p.raw)
}

// MatchPathFold matches a path pattern ignoring case as rules that hold
// calls back do: through the prefilter of prepared literal runs and
// byte pairs (prepared), through that of the literal run alone
// (unprepared), and by the pattern alone (plain).
func MatchPathFold(pat, file, root, home string) (prepared, unprepared, plain bool) {
	pc := &pathContext{cwd: root, root: root, home: home}
	p := pc.resolve(file, false, false, root)
	lits := newPathLits([]string{pat}, true)
	return anyPathLit([]string{pat}, &lits, p, nil, pc, true), anyPathLit([]string{pat}, nil, p, nil, pc, true),
		matchPath(pat, p, pc, true)
}

// FoldMatch matches s against pats as rules match program names: through
// a prepared foldSet, and with anyGlobFold, which the set must agree with.
func FoldMatch(pats []string, s string) (prepared, plain bool) {
	fs := newFoldSet(pats)
	lower, _ := asciiLower(s)
	return fs.match(s, lower), anyGlobFold(pats, s)
}

// PreparedDisagreements returns, for each subject of req, the rules that
// match it with their prepared matchers but not without, or the other way
// round: it must be empty.
func PreparedDisagreements(e *Engine, req *Request) []string {
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	var out []string
	for _, s := range subjects {
		for _, r := range e.Policy.Rules {
			if r.matches(s, ev.pc, true) != r.matches(s, ev.pc, false) {
				out = append(out, s.display+": "+r.ID)
			}
		}
	}
	return out
}

// ProgramNames are the programs the protected set names.
var ProgramNames = programNames

// GlobLead is globLead.
var GlobLead = globLead
