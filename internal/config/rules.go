package config

import (
	"fmt"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
	"go.yaml.in/yaml/v3"
)

// ParseRules reads a rules file. name is the file name shown in errors
// and rule sources. Each rule is compiled and its examples checked.
func ParseRules(name string, data []byte, scope string) ([]*engine.Rule, error) {
	specs, err := ParseRuleSpecs(name, data)
	var rules []*engine.Rule
	var errs Errors
	errs = flatten(errs, err)
	for _, s := range specs {
		r, err := compileSpec(s, scope)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rules = append(rules, r)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return rules, nil
}

// compileSpec compiles a rule and checks its examples, reporting errors at
// the rule's position.
func compileSpec(s engine.RuleSpec, scope string) (*engine.Rule, error) {
	file, line := splitSource(s.Source)
	r, err := engine.CompileRule(s, scope)
	if err != nil {
		return nil, &yamlx.Error{File: file, Line: line, Msg: err.Error(), Hint: compileHint(err.Error())}
	}
	if err := r.CheckExamples(); err != nil {
		return nil, &yamlx.Error{File: file, Line: line, Msg: err.Error(),
			Hint: "fix the matcher or the example; examples are checked every time the file loads"}
	}
	return r, nil
}

func compileHint(msg string) string {
	switch {
	case strings.Contains(msg, "catch-all"):
		return "deny specific commands or paths; to limit an agent to a few tools, give it an allow-list in its agent file"
	case strings.Contains(msg, "message and a suggestion"):
		return "say why the call is blocked (message) and what to do instead (suggestion)"
	}
	return ""
}

func splitSource(src string) (string, int) {
	i := strings.LastIndex(src, ":")
	if i < 0 {
		return src, 0
	}
	var n int
	if _, err := fmt.Sscanf(src[i+1:], "%d", &n); err != nil {
		return src, 0
	}
	return src[:i], n
}

var ruleKeys = []string{"id", "description", "tool", "tools", "match", "decision", "severity", "message",
	"suggestion", "agents", "scopes", "examples"}

var matchKeys = []string{"program", "subcommand", "not_subcommand", "min_args", "options", "flags", "not_flags", "args", "targets", "input_from",
	"privileged", "runs_input", "env", "not_env", "dynamic", "command", "regex", "paths", "not_paths", "domains",
	"urls", "server", "mcp_tool", "arguments", "not_arguments", "subagent", "prefix", "flags_within", "targets_within", "positionals"}

// ParseRuleSpecs reads the rule specs of a rules file without compiling
// them. Duplicate ids within the file are an error. It returns the specs
// that could be read along with the errors of the others.
func ParseRuleSpecs(name string, data []byte) ([]engine.RuleSpec, error) {
	items, err := yamlx.Items(name, data, "rules", "start each rule with `- id: ...`")
	if err != nil {
		return nil, err
	}
	var specs []engine.RuleSpec
	var errs Errors
	seen := map[string]int{}
	for _, n := range items {
		s, err := parseRule(name, n)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if prev, ok := seen[s.ID]; ok {
			errs = append(errs, yamlx.At(name, n, "duplicate rule id %q (first at line %d)", s.ID, prev).
				WithHint("give each rule its own id"))
			continue
		}
		seen[s.ID] = n.Line
		specs = append(specs, s)
	}
	if len(errs) > 0 {
		return specs, errs
	}
	return specs, nil
}

func parseRule(file string, n *yaml.Node) (engine.RuleSpec, error) {
	var s engine.RuleSpec
	s.Source = fmt.Sprintf("%s:%d", file, n.Line)
	pairs, err := yamlx.Map(file, n)
	if err != nil {
		return s, err
	}
	if err := yamlx.CheckKeys(file, pairs, ruleKeys...); err != nil {
		return s, err
	}
	for _, p := range pairs {
		var err error
		v := p.Value
		switch p.Key {
		case "id":
			s.ID, err = yamlx.String(file, v)
		case "tool", "tools":
			var names []string
			names, err = yamlx.Strings(file, v)
			for _, k := range names {
				kind, ok := engine.ParseKind(k)
				if !ok {
					return s, yamlx.At(file, v, "unknown tool kind %q", k).
						WithHint("use shell, read, write, edit, web, agent, mcp or other")
				}
				s.Tools = append(s.Tools, kind)
			}
		case "match":
			s.Match, err = parseMatches(file, v)
		case "decision":
			var d string
			if d, err = yamlx.String(file, v); err == nil {
				s.Decision, err = engine.ParseOutcome(d)
				if err != nil {
					err = yamlx.At(file, v, "%v", err)
				}
			}
		case "severity":
			s.Severity, err = yamlx.String(file, v)
		case "message":
			s.Message, err = yamlx.String(file, v)
		case "suggestion":
			s.Suggestion, err = yamlx.String(file, v)
		case "agents":
			s.Agents, err = yamlx.Strings(file, v)
		case "scopes":
			s.Scopes, err = yamlx.Strings(file, v)
		case "examples":
			err = parseExamples(file, v, &s.Examples)
		}
		if err != nil {
			return s, err
		}
	}
	if s.ID == "" {
		return s, yamlx.At(file, n, "a rule needs an id").WithHint("add `id: some-name`")
	}
	if s.Decision == engine.NoOpinion {
		return s, yamlx.At(file, n, "rule %s needs a decision", s.ID).WithHint("add `decision: deny` (or allow, warn, ask, abort)")
	}
	return s, nil
}

func parseMatches(file string, n *yaml.Node) ([]engine.MatchSpec, error) {
	if n.Kind == yaml.SequenceNode {
		var out []engine.MatchSpec
		for _, c := range n.Content {
			m, err := parseMatch(file, c)
			if err != nil {
				return nil, err
			}
			out = append(out, m)
		}
		return out, nil
	}
	m, err := parseMatch(file, n)
	if err != nil {
		return nil, err
	}
	return []engine.MatchSpec{m}, nil
}

func parseMatch(file string, n *yaml.Node) (engine.MatchSpec, error) {
	var m engine.MatchSpec
	pairs, err := yamlx.Map(file, n)
	if err != nil {
		return m, err
	}
	if len(pairs) == 0 {
		return m, yamlx.At(file, n, "an empty match matches nothing").WithHint("name a program, paths, domains, an MCP server or a subagent")
	}
	if err := yamlx.CheckKeys(file, pairs, matchKeys...); err != nil {
		return m, err
	}
	// The conditions few matchers use go to m.More, set only when one is.
	var more engine.MatchMore
	lists := map[string]*[]string{
		"program": &m.Program, "subcommand": &m.Subcommand, "flags": &m.Flags, "not_flags": &m.NotFlags,
		"args": &m.Args, "targets": &m.Targets, "regex": &m.Regex, "paths": &m.Paths, "env": &m.Env,
	}
	moreLists := map[string]*[]string{
		"not_subcommand": &more.NotSubcommand, "input_from": &more.InputFrom, "command": &more.Command,
		"not_paths": &more.NotPaths, "domains": &more.Domains, "urls": &more.URLs,
		"server": &more.Server, "mcp_tool": &more.MCPTool, "subagent": &more.Subagent,
		"not_env": &more.NotEnv, "dynamic": &more.Dynamic,
		"flags_within": &more.FlagsWithin, "targets_within": &more.TargetsWithin,
	}
	for _, p := range pairs {
		var err error
		v := p.Value
		switch p.Key {
		case "privileged":
			m.Privileged, err = yamlx.Bool(file, v)
		case "runs_input":
			m.RunsInput, err = yamlx.Bool(file, v)
		case "min_args":
			m.MinArgs, err = yamlx.Int(file, v)
		case "options":
			m.More = &more
			var opts []yamlx.Pair
			if opts, err = yamlx.Map(file, v); err != nil {
				break
			}
			for _, o := range opts {
				var globs []string
				if globs, err = yamlx.Strings(file, o.Value); err != nil {
					break
				}
				more.Options = append(more.Options, engine.OptionMatch{Option: o.Key, Values: globs})
			}
		case "positionals":
			// An empty list is a condition too: no positional arguments.
			m.More = &more
			if more.Positionals, err = yamlx.Strings(file, v); err == nil && more.Positionals == nil {
				more.Positionals = []string{}
			}
		case "prefix":
			m.More = &more
			more.Prefix, err = parsePrefix(file, v)
		case "arguments", "not_arguments":
			m.More = &more
			dst := &more.Arguments
			if p.Key == "not_arguments" {
				dst = &more.NotArguments
			}
			var args []yamlx.Pair
			args, err = yamlx.Map(file, v)
			for _, a := range args {
				var s string
				if s, err = yamlx.String(file, a.Value); err != nil {
					break
				}
				*dst = append(*dst, engine.ArgumentMatch{Key: a.Key, Glob: s})
			}
		default:
			list, ok := lists[p.Key]
			if !ok {
				m.More, list = &more, moreLists[p.Key]
			}
			*list, err = yamlx.Strings(file, v)
		}
		if err != nil {
			return m, err
		}
	}
	return m, nil
}

// parsePrefix reads a prefix: a list of words, each a string or a list of
// alternatives.
func parsePrefix(file string, n *yaml.Node) ([][]string, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, yamlx.At(file, n, "prefix must be a non-empty list of words").WithHint(`for example [git, [push, fetch]]`)
	}
	var out [][]string
	for _, w := range n.Content {
		alts, err := yamlx.Strings(file, w)
		if err != nil {
			return nil, err
		}
		if len(alts) == 0 {
			return nil, yamlx.At(file, w, "a prefix word needs at least one alternative")
		}
		out = append(out, alts)
	}
	return out, nil
}

func parseExamples(file string, n *yaml.Node, ex *engine.Examples) error {
	pairs, err := yamlx.Map(file, n)
	if err != nil {
		return err
	}
	if err := yamlx.CheckKeys(file, pairs, "match", "not_match"); err != nil {
		return err
	}
	for _, p := range pairs {
		list, err := yamlx.Strings(file, p.Value)
		if err != nil {
			return err
		}
		if p.Key == "match" {
			ex.Match = list
		} else {
			ex.NotMatch = list
		}
	}
	return nil
}
