package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// layer1 runs the deterministic layers on one subject: invariants, rules,
// the agent's permissions and scope, and the read-only safe set. The
// strictest verdict wins; NoOpinion means nothing decided.
//
// A warn is a note on the call, not a decision: the warnings come back
// apart from the verdict, which is what the subject gets without them, so
// that a warn rule never turns a call the harness would have asked about
// into an allow.
func (ev *evaluation) layer1(s *subject) (Verdict, []Verdict) {
	v, warns := ev.judge(s)
	if s.kind != KindShell {
		return v, warns
	}
	if ev.analysisOnly && ev.unseen == "" {
		ev.unseen = ev.unseenCode(s.cl)
	}
	// A command spelled through substitutions whose output is known
	// ($(printf r)m, git reset $(printf --hard)) is judged as what it
	// runs. The spelling hides it from a reader and from whoever wrote
	// the rule that matched, so what would be allowed is asked, and a
	// denial says what the command is.
	c := s.cl.cmd
	switch {
	case v.Outcome == Allow && ev.plantedProgram(s.cl):
		// The safe set or a rule allows the program its name names; what
		// runs is a file planted on PATH: nothing here decides it.
		ev.step(Verdict{Outcome: NoOpinion, Layer: v.Layer, Rule: v.Rule, Subject: s.display},
			"runs a program planted on PATH, not the one allowed")
		v = Verdict{}
	case v.Outcome == Deny && folded(c, false):
		v.Message = strings.TrimSpace("The command spells its words through command substitutions; as it would run, it is `" +
			s.display + "`. " + v.Message)
	case v.Outcome == Allow && folded(c, true):
		v.Outcome = Ask
		v.Message = "The command spells its words through command substitutions; as it would run, it is `" + s.display + "`."
		v.Suggestion = "Write the command in plain words."
		ev.step(v, "spelled through substitutions")
	}
	return v, warns
}

// folded reports words of a command that are the known output of a
// substitution: any word, or with commandOnly only the program and words
// in option position.
func folded(c *shell.Command, commandOnly bool) bool {
	for i, a := range c.Args {
		if a.Folded && (!commandOnly || i == 0 || a.FoldedName && strings.HasPrefix(a.Value, "-")) {
			return true
		}
	}
	return false
}

// judge is layer 1's verdict on a subject, and the warnings on it.
func (ev *evaluation) judge(s *subject) (Verdict, []Verdict) {
	var win Verdict
	var warns []Verdict
	take := func(v Verdict) {
		if v.Outcome == NoOpinion {
			return
		}
		if v.Subject == "" {
			v.Subject = s.display
		}
		ev.step(v, "")
		if v.Outcome == Warn {
			warns = append(warns, v)
			return
		}
		if v.stricter(win) {
			win = v
		}
	}
	if v := ev.invariants(s); v.Outcome != NoOpinion {
		take(v)
		if v.Outcome.Blocks() {
			return win, warns
		}
	}
	if v := ev.neverExposedVerdict(s); v.Outcome != NoOpinion {
		take(v)
		return win, warns
	}
	help := s.kind == KindShell && helpOnly(s.cl)
	allowedByRule := false
	rules := ev.e.Policy.Rules
	var buf [64]int
	var cands []int
	if ev.index == nil && ev.e.Policy.Filed != nil {
		cands = filedScan(s, rules, ev.e.Policy.Filed, buf[:0])
	} else {
		cands = ev.index.candidates(s, rules, buf[:0])
	}
	for _, i := range cands {
		r := ev.e.Policy.rule(i)
		if help && r.outcome > Allow {
			// Asking a program for help runs nothing it would run otherwise.
			continue
		}
		if !r.appliesTo(s, ev.agent, ev.scope) || ev.analysisOnly && r.outcome == Allow {
			continue
		}
		m := r.matched(s, ev.pc, ev.index != nil)
		if m < 0 {
			continue
		}
		take(Verdict{Outcome: r.outcome, Layer: LayerRules, Rule: r.ID, Source: r.Source,
			Message: r.message(m, s), Suggestion: r.Suggestion})
		allowedByRule = allowedByRule || r.outcome == Allow
	}
	ev.checkVerdicts(s, func(v Verdict) {
		if !help || v.Outcome <= Allow {
			take(v)
		}
	})
	if s.tree && !s.stat && s.kind == KindRead && win.Outcome < Deny {
		take(ev.treeVerdict(s))
	}
	if s.tree && s.op == programs.Delete && win.Outcome < Ask {
		take(ev.treeDeleteVerdict(s))
	}
	if s.kind == KindRead && !s.stat && !s.tree && win.Outcome < Ask && (s.values || ev.credentialConfig(s.file.abs)) {
		take(ev.valuesVerdict(s))
	}
	take(ev.delegationVerdict(s))
	take(ev.roleVerdict(s))
	take(ev.projectVerdict(s, allowedByRule))
	take(ev.agentVerdict(s))
	take(ev.scopeVerdict(s))
	if win.Outcome == NoOpinion && !ev.e.Policy.Settings.NoSafeSet {
		if ok, why := ev.safe(s); ok {
			take(Verdict{Outcome: Allow, Layer: LayerSafeSet, Rule: why})
		}
	}
	return win, warns
}

// agentSubject is how a subject is presented to agent permission patterns.
func (ev *evaluation) agentSubject(s *subject) (kind, text string, ok bool) {
	switch s.kind {
	case KindShell:
		return "shell", s.cl.String(), true
	case KindRead:
		if s.via != "" {
			// Reads by shell commands are governed by the shell permission.
			return "", "", false
		}
		return "read", ev.relPath(s.file), true
	case KindWrite, KindEdit:
		return string(s.kind), ev.relPath(s.file), true
	case KindWeb:
		if s.url != "" {
			return "web", s.url, true
		}
		return "web", s.display, true
	case KindAgent:
		return "agent", s.subagent, true
	case KindMCP:
		return "mcp", s.server + "_" + s.tool, true
	}
	return "other", ev.req.Tool.Name, true
}

// matchAgentPattern matches an agent permission pattern: paths for file
// kinds, wildcards for everything else.
func (ev *evaluation) matchAgentPattern(kind, pattern, text string) bool {
	switch kind {
	case "read", "write", "edit":
		if strings.HasPrefix(pattern, "external:") {
			p := ev.pc.resolve(text, false, false, ev.req.Cwd)
			return p.is(ClassOutsideProject)
		}
		p := ev.pc.resolve(text, false, false, ev.pc.root)
		// Agent files are not checked like rules: an invalid glob
		// matches no path. An agent's patterns keep case: they allow
		// as well as deny.
		return doublestar.ValidatePattern(pattern) && matchPath(pattern, p, ev.pc, false) || glob(pattern, text)
	case "web":
		return glob(pattern, text) || anyDomain([]string{pattern}, hostOf(text))
	}
	return glob(pattern, text)
}

// agentVerdict applies the calling agent's permissions.
func (ev *evaluation) agentVerdict(s *subject) Verdict {
	if len(ev.defs) == 0 {
		return Verdict{}
	}
	kind, text, ok := ev.agentSubject(s)
	if !ok {
		return Verdict{}
	}
	var win Verdict
	for _, a := range ev.defs {
		c := a.Check(kind, text, ev.matchAgentPattern)
		var v Verdict
		switch c.Action {
		case agents.Deny:
			v = ev.agentDeny(a, c, kind, text)
		case agents.Ask:
			v = Verdict{Outcome: Ask, Layer: LayerAgent, Rule: "agent:" + a.Name, Source: source(a.Source, c.Line),
				Message:    ev.agentAskMessage(a, c, kind),
				Suggestion: "Approve it if it fits the agent's task."}
		case agents.Allow:
			// An allow only narrows: it leaves the decision to the policy.
			ev.trace = append(ev.trace, Step{Layer: LayerAgent, Subject: s.display, Outcome: NoOpinion,
				Rule: "agent:" + a.Name, Source: source(a.Source, c.Line), Note: "allowed by pattern " + c.Pattern})
		}
		if v.stricter(win) {
			win = v
		}
	}
	return win
}

// agentDeny builds the message for a call an agent may not make, naming
// what it may do and which agents could do this instead.
func (ev *evaluation) agentDeny(a *agents.Agent, c agents.Check, kind, text string) Verdict {
	v := Verdict{Outcome: Deny, Layer: LayerAgent, Rule: "agent:" + a.Name, Source: source(a.Source, c.Line)}
	if c.Implicit {
		v.Message = fmt.Sprintf("Agent %s has no permission for this %s call; its permissions allow only what they list.", a.Name, kind)
	} else {
		v.Message = fmt.Sprintf("Agent %s is denied this %s call by its permission %q.", a.Name, kind, c.Pattern)
	}
	if may := a.Allowed(); len(may) > 0 {
		v.Message += " It may use: " + strings.Join(may, "; ") + "."
	} else {
		v.Message += " It is allowed no tools."
	}
	others := ev.delegates(a.Name, kind, text)
	if len(others) > 0 {
		v.Suggestion = "Delegate this to " + strings.Join(others, " or ") + ", which may do it, or finish with the tools this agent has."
	} else {
		v.Suggestion = "Finish with the tools this agent has, or return to the caller and explain what is needed."
	}
	return v
}

// delegates lists other agents whose permissions allow a call.
func (ev *evaluation) delegates(self, kind, text string) []string {
	if ev.e.Policy.Agents == nil {
		return nil
	}
	all, _ := ev.e.Policy.Agents.All()
	var out []string
	for _, o := range all {
		if o.Name == self || !o.Declares || slices.Contains(out, o.Name) {
			continue
		}
		if c := o.Check(kind, text, ev.matchAgentPattern); c.Action == agents.Allow {
			out = append(out, o.Name)
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// scopeVerdict applies an agent's scope to the files it changes.
func (ev *evaluation) scopeVerdict(s *subject) Verdict {
	if ev.scope == "" || !s.kind.modifies() {
		return Verdict{}
	}
	name := ev.agent
	v := Verdict{Outcome: Deny, Layer: LayerAgent, Rule: "scope:" + ev.scope, Subject: s.display}
	switch ev.scope {
	case agents.ScopeBridge:
		v.Message = fmt.Sprintf("Agent %s is a bridge agent: it plans and delegates, and writes no files.", name)
		v.Suggestion = ev.scopeSuggestion("write", ev.relPath(s.file), "Delegate the change to a project agent.")
		return v
	case agents.ScopeProject:
		if s.file.is(ClassGovernance) {
			v.Message = fmt.Sprintf("Agent %s is a project agent: it may not change the governance folder.", name)
			v.Suggestion = "Leave governance files to a meta agent or to a human."
			return v
		}
		if !s.file.is(ClassProject) && !s.file.is(ClassTemp) {
			v.Message = fmt.Sprintf("Agent %s is a project agent: it writes only inside the project.", name)
			v.Suggestion = "Write the file inside the project instead."
			return v
		}
	case agents.ScopeMeta:
		if !ev.brainPath(s.file) {
			v.Message = fmt.Sprintf("Agent %s is a meta agent: it writes only the governance runtime state (.governance/brain/).", name)
			v.Suggestion = ev.scopeSuggestion("write", ev.relPath(s.file), "Delegate project changes to a project agent.")
			return v
		}
	}
	return Verdict{}
}

func (ev *evaluation) scopeSuggestion(kind, text, fallback string) string {
	if others := ev.delegates(ev.agent, kind, text); len(others) > 0 {
		return "Delegate this change to " + strings.Join(others, " or ") + "."
	}
	return fallback
}

// brainPath reports whether p is inside the project's governance runtime
// state that meta agents may write.
func (ev *evaluation) brainPath(p place) bool {
	return p.abs != "" && ev.pc.root != "" && within(p.abs, ev.pc.root+"/.governance/brain") && !ev.hookOwned(p)
}

func source(file string, line int) string {
	if file == "" {
		return ""
	}
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}

// delegationVerdict denies starting a subagent below the deepest level
// the settings allow.
func (ev *evaluation) delegationVerdict(s *subject) Verdict {
	max := ev.e.Policy.Settings.MaxDelegationDepth
	if s.kind != KindAgent || max <= 0 || ev.req.Depth+1 <= max {
		return Verdict{}
	}
	chain := ev.req.Chain
	if len(chain) == 0 {
		chain = []string{"main"}
		for i := 0; i < ev.req.Depth; i++ {
			chain = append(chain, "subagent")
		}
	}
	shown := strings.Join(append(append([]string{}, chain...), s.subagent+" (refused)"), " -> ")
	return Verdict{Outcome: Deny, Layer: LayerRules, Rule: "max-delegation-depth", Subject: s.subagent,
		Message: fmt.Sprintf("Subagents may run at most %d levels below the main thread; this one would run at level %d: %s.",
			max, ev.req.Depth+1, shown),
		Suggestion: "Finish this task at the current level and report back to the agent that called you, which can delegate further if needed."}
}

// message is the rule's message for a subject its matcher m matched; a
// matcher of code nobody can see says how this command comes to run it.
func (r *Rule) message(m int, s *subject) string {
	if r.Match[m].RunsInput && s.kind == KindShell && s.cl.cmd.RunsInputWhy != "" {
		return r.Message + " Here " + s.cl.cmd.RunsInputWhy + "."
	}
	return r.Message
}

// agentAskMessage says why an agent must ask, naming the permission
// pattern that decided.
func (ev *evaluation) agentAskMessage(a *agents.Agent, c agents.Check, kind string) string {
	switch {
	case c.Implicit:
		return fmt.Sprintf("Agent %s must ask before this %s call: none of its %s permissions matches it.", a.Name, kind, kind)
	case c.Pattern == "":
		return fmt.Sprintf("Agent %s must ask before this %s call: its %s permission says ask.", a.Name, kind, kind)
	}
	return fmt.Sprintf("Agent %s must ask before this %s call by its permission %q.", a.Name, kind, c.Pattern)
}
