package engine

// ToolListing returns the policy that decides whether an MCP tool is shown
// to a caller before any call is made, when its arguments are not known:
// the same policy, with every rule that looks at arguments made to assume
// the most permissive arguments. A matcher that tests arguments is dropped
// from a rule that does not allow, so that a tool denied only for some
// arguments stays listed; an allow rule's argument tests are
// removed, so that a tool allowed for some arguments is listed under a
// default that would deny it. Deciding a request without arguments with
// this policy blocks it only when no arguments could make the call pass.
//
// The result shares everything else with p; p is not changed.
func (p *Policy) ToolListing() *Policy {
	out := *p
	// Filed rules are shell rules, which decide no MCP tool: their
	// stand-ins stay, matching nothing, at places of their own.
	out.Filed = nil
	out.Rules = make([]*Rule, 0, len(p.Rules))
	for _, r := range p.Rules {
		if !readsArguments(r) {
			out.Rules = append(out.Rules, r)
			continue
		}
		spec := *r.RuleSpec
		spec.Match = nil
		for _, m := range r.Match {
			if len(m.more().Arguments) == 0 && len(m.more().NotArguments) == 0 {
				spec.Match = append(spec.Match, m)
				continue
			}
			if r.outcome != Allow {
				continue
			}
			// The conditions are shared with r: change a copy.
			more := *m.More
			more.Arguments, more.NotArguments = nil, nil
			if len(more.Server) == 0 && len(more.MCPTool) == 0 {
				// Only arguments narrowed it: any MCP call may pass.
				more.Server = []string{"*"}
			}
			m.More = &more
			spec.Match = append(spec.Match, m)
		}
		if len(spec.Match) == 0 {
			continue
		}
		out.Rules = append(out.Rules, CompileTrusted(spec, r.Scope))
	}
	return &out
}

// readsArguments reports whether a matcher of the rule tests MCP
// arguments.
func readsArguments(r *Rule) bool {
	for i := range r.Match {
		if m := r.Match[i].more(); len(m.Arguments) > 0 || len(m.NotArguments) > 0 {
			return true
		}
	}
	return false
}
