package governance

// IndexMisses returns, for each simple command of req, the rules that
// match it but that the rule index does not offer: it must be empty.
func IndexMisses(e *Engine, req *Request) []string {
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	x := newRuleIndex(e.Policy.Rules)
	var out []string
	for _, s := range subjects {
		if s.kind != KindShell || s.cl == nil {
			continue
		}
		offered := map[int]bool{}
		for _, i := range x.candidates(s, e.Policy.Rules, nil) {
			offered[i] = true
		}
		for i, r := range e.Policy.Rules {
			if !offered[i] && r.matches(s, ev.pc) {
				out = append(out, s.display+": "+r.ID)
			}
		}
	}
	return out
}

// SubjectKinds counts the subjects of req by kind.
func SubjectKinds(e *Engine, req *Request) map[Kind]int {
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	out := map[Kind]int{}
	for _, s := range subjects {
		out[s.kind]++
	}
	return out
}

// LiteralRun is literalRun.
var LiteralRun = literalRun
