package governance

// IndexMisses returns, for each subject of req (its simple commands and
// the files they touch), the rules that apply to it and match it but
// that the rule index does not offer: it must be empty.
func IndexMisses(e *Engine, req *Request) []string {
	ev := newEvaluation(e, req)
	subjects, _ := ev.subjects()
	x := newRuleIndex(e.Policy.Rules)
	var out []string
	for _, s := range subjects {
		offered := map[int]bool{}
		for _, i := range x.candidates(s, e.Policy.Rules, nil) {
			offered[i] = true
		}
		for i, r := range e.Policy.Rules {
			if !offered[i] && r.appliesTo(s.kind, ev.agent, ev.scope) && r.matches(s, ev.pc) {
				out = append(out, s.display+": "+r.ID)
			}
		}
	}
	return out
}

// LiteralRun is literalRun.
var LiteralRun = literalRun
