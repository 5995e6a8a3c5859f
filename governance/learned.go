package governance

// LayerLearned is layer 2: approved learned entries.
const LayerLearned = "learned"

// layer2 decides, with the approved learned entries, the subjects that
// layer 1 left undecided, and returns those still undecided. Entries of
// the user and the project both apply and the strictest wins, so that a
// project's entry never overrides a global deny.
func (ev *evaluation) layer2(open []*subject) (decided []Verdict, still []*subject) {
	if len(ev.e.Policy.Learned) == 0 {
		return nil, open
	}
	for _, s := range open {
		var win Verdict
		for _, r := range ev.e.Policy.Learned {
			if !r.appliesTo(s, ev.agent, ev.scope) || !r.matches(s, ev.pc, ev.index != nil) {
				continue
			}
			v := Verdict{Outcome: r.outcome, Layer: LayerLearned, Rule: r.ID, Source: r.Source, Subject: s.display,
				Message: r.Message, Suggestion: r.Suggestion}
			ev.step(v, "")
			if v.stricter(win) {
				win = v
			}
		}
		if win.Outcome == NoOpinion {
			still = append(still, s)
			continue
		}
		decided = append(decided, win)
	}
	return decided, still
}
