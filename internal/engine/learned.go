package engine

import "slices"

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
	// The files a command writes are subjects of their own. An entry
	// that allows a command with its exact arguments, within the path
	// classes it names, also allows the files of that command that no
	// rule decided, when each is within those classes: an approval of
	// touch build/stamp covers the stamp it writes. A rule's deny of a
	// file, self-protection and the invariants decided in layer 1 and
	// still win.
	var shapes map[string][]string
	var shapeRule map[string]string
	for _, s := range open {
		if s.kind != KindShell && s.via != "" && shapes != nil {
			if within, ok := shapes[s.via]; ok && s.file.abs != "" && s.file.classesWithin(within) {
				v := Verdict{Outcome: Allow, Layer: LayerLearned, Rule: shapeRule[s.via], Subject: s.display,
					Message: "Learned: written by a command a learned entry allows, within its path classes"}
				ev.step(v, "")
				decided = append(decided, v)
				continue
			}
		}
		var win Verdict
		var winRule *Rule
		for _, r := range ev.e.Policy.Learned {
			if !r.appliesTo(s, ev.agent, ev.scope) || !r.matches(s, ev.pc, ev.index != nil) {
				continue
			}
			v := Verdict{Outcome: r.outcome, Layer: LayerLearned, Rule: r.ID, Source: r.Source, Subject: s.display,
				Message: r.Message, Suggestion: r.Suggestion}
			ev.step(v, "")
			if v.stricter(win) {
				win, winRule = v, r
			}
		}
		if s.kind == KindShell && win.Outcome == Allow && ev.plantedProgram(s.cl) {
			// The entry was learned of the program its name names; what
			// runs is a file planted on PATH (see plantedProgram).
			ev.step(Verdict{Outcome: NoOpinion, Layer: LayerLearned, Rule: win.Rule, Subject: s.display},
				"runs a program planted on PATH, not the one the entry allows")
			win = Verdict{}
		}
		if s.kind == KindShell && win.Outcome == Allow {
			if within := winRule.exactShape(); within != nil {
				if shapes == nil {
					shapes, shapeRule = map[string][]string{}, map[string]string{}
				}
				shapes[s.display], shapeRule[s.display] = within, winRule.ID
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

// exactShape returns the path classes of a learned entry that names its
// command's positional arguments and the classes of its paths, or nil.
func (r *Rule) exactShape() []string {
	if len(r.Match) != 1 || r.Match[0].More == nil {
		return nil
	}
	more := r.Match[0].More
	if more.Positionals == nil || len(more.TargetsWithin) == 0 {
		return nil
	}
	return more.TargetsWithin
}

// classesWithin reports whether every class of a place is among within.
func (p place) classesWithin(within []string) bool {
	for _, c := range p.classes {
		if !slices.Contains(within, c) {
			return false
		}
	}
	return true
}
