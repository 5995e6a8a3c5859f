package agentfile

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/yamlx"
	"go.yaml.in/yaml/v3"
)

// Parse reads an agent file written in format. name is the agent's name
// when the frontmatter does not give one.
func Parse(file string, data []byte, format agents.Format, name string) (*agents.Agent, error) {
	top, offset, err := frontmatter(file, data)
	if err != nil {
		return nil, err
	}
	a := &agents.Agent{Name: name, Format: format, Source: file}
	if top == nil {
		return a, nil
	}
	shift(top, offset)
	pairs, err := yamlx.Map(file, top)
	if err != nil {
		return nil, err
	}
	switch format {
	case agents.FormatGovernance:
		err = parseGovernance(a, file, pairs)
	case agents.FormatOpenCode:
		err = parseOpenCode(a, file, pairs)
	case agents.FormatClaude:
		err = parseClaude(a, file, pairs)
	default:
		err = fmt.Errorf("%s: unknown agent format %q", file, format)
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

// frontmatter returns the YAML between the leading --- lines and the line
// number of its first line.
func frontmatter(file string, data []byte) (*yaml.Node, int, error) {
	body, ok := Frontmatter(data)
	if !ok {
		return nil, 0, &yamlx.Error{File: file, Line: 1, Msg: "the frontmatter starts with --- but never ends", Hint: "close it with a line holding only ---"}
	}
	if body == nil {
		return nil, 0, nil
	}
	top, err := yamlx.Parse(file, body)
	if err != nil {
		if e, ok := err.(*yamlx.Error); ok && e.Line > 0 {
			e.Line++
		}
		return nil, 0, err
	}
	return top, 1, nil
}

// Frontmatter returns the YAML of an agent file's frontmatter: the lines
// between a first line "---" and the next line that starts with "---",
// read past a byte-order mark and with CRLF line ends as LF. It is nil
// for a file with no frontmatter or an empty one; ok is false for a
// frontmatter that never ends.
func Frontmatter(data []byte) (body []byte, ok bool) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	rest, found := bytes.CutPrefix(data, []byte("---\n"))
	if !found || bytes.HasPrefix(rest, []byte("---")) {
		return nil, true
	}
	end := bytes.Index(rest, []byte("\n---"))
	if end < 0 {
		return nil, false
	}
	return rest[:end+1], true
}

func shift(n *yaml.Node, by int) {
	n.Line += by
	for _, c := range n.Content {
		shift(c, by)
	}
}

// kindKeys returns the kinds a permission key covers, or nil. Write and
// edit are one family in agent permissions.
func kindKeys(key string) []string {
	switch key {
	case "*":
		return []string{"*"}
	case "shell", "bash":
		return []string{"shell"}
	case "read", "glob", "grep", "list":
		return []string{"read"}
	case "write", "edit", "patch", "apply_patch":
		return []string{"write", "edit"}
	case "web", "webfetch", "websearch", "codesearch":
		return []string{"web"}
	case "agent", "task":
		return []string{"agent"}
	case "mcp":
		return []string{"mcp"}
	case "other", "todowrite", "todoread", "question", "lsp", "skill", "doom_loop":
		return []string{"other"}
	}
	return nil
}

func parseAction(file string, n *yaml.Node) (agents.Action, error) {
	s, err := yamlx.String(file, n)
	if err != nil {
		return "", err
	}
	switch a := agents.Action(s); a {
	case agents.Allow, agents.Ask, agents.Deny:
		return a, nil
	}
	return "", yamlx.At(file, n, "unknown action %q", s).WithHint("use allow, ask or deny")
}

// parsePermission reads a permission value: an action for everything, or a
// map of kinds to an action or a map of patterns to actions. unknownKey
// decides what a key that is not a kind means; it returns the kinds and
// pattern it stands for, or an error.
func parsePermission(a *agents.Agent, file string, n *yaml.Node, unknownKey func(p yamlx.Pair) ([]string, string, error)) error {
	if n.Kind == yaml.ScalarNode {
		act, err := parseAction(file, n)
		if err != nil {
			return err
		}
		a.Rules = append(a.Rules, agents.Rule{Kinds: []string{"*"}, Action: act, Line: n.Line})
		return nil
	}
	pairs, err := yamlx.Map(file, n)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		kinds, pattern := kindKeys(p.Key), ""
		if kinds == nil {
			kinds, pattern, err = unknownKey(p)
			if err != nil {
				return err
			}
		}
		if p.Value.Kind == yaml.ScalarNode {
			act, err := parseAction(file, p.Value)
			if err != nil {
				return err
			}
			a.Rules = append(a.Rules, agents.Rule{Kinds: kinds, Pattern: pattern, Action: act, Line: p.KeyN.Line})
			continue
		}
		pats, err := yamlx.Map(file, p.Value)
		if err != nil {
			return err
		}
		for _, pp := range pats {
			act, err := parseAction(file, pp.Value)
			if err != nil {
				return err
			}
			a.Rules = append(a.Rules, agents.Rule{Kinds: kinds, Pattern: pp.Key, Action: act, Line: pp.KeyN.Line})
		}
	}
	return nil
}

func parseGovernance(a *agents.Agent, file string, pairs []yamlx.Pair) error {
	if err := yamlx.CheckKeys(file, pairs, "name", "description", "scope", "role", "default", "permission",
		"model", "color", "mode", "temperature", "hidden", "disable", "tools"); err != nil {
		return err
	}
	for _, p := range pairs {
		var err error
		switch p.Key {
		case "name":
			a.Name, err = yamlx.String(file, p.Value)
		case "description":
			a.Description, err = yamlx.String(file, p.Value)
		case "role":
			a.Role, err = yamlx.String(file, p.Value)
		case "scope":
			a.Scope, err = yamlx.String(file, p.Value)
			if err == nil && a.Scope != agents.ScopeMeta && a.Scope != agents.ScopeProject && a.Scope != agents.ScopeBridge {
				err = yamlx.At(file, p.Value, "unknown scope %q", a.Scope).WithHint("use meta, project or bridge")
			}
		case "default":
			a.Default, err = parseAction(file, p.Value)
		case "permission":
			a.Declares = true
			err = parsePermission(a, file, p.Value, func(p yamlx.Pair) ([]string, string, error) {
				return nil, "", yamlx.At(file, p.KeyN, "unknown tool kind %q", p.Key).
					WithHint("use shell, read, write, edit, web, agent, mcp or other")
			})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func parseOpenCode(a *agents.Agent, file string, pairs []yamlx.Pair) error {
	for _, p := range pairs {
		var err error
		switch p.Key {
		case "description":
			a.Description, err = yamlx.String(file, p.Value)
		case "permission":
			a.Declares = true
			err = parsePermission(a, file, p.Value, func(p yamlx.Pair) ([]string, string, error) {
				if p.Key == "external_directory" {
					return []string{"read", "write", "edit"}, "external:*", nil
				}
				// Any other key is a tool name pattern, such as an MCP tool.
				return []string{"mcp"}, p.Key, nil
			})
		case "tools":
			// Deprecated boolean tool switches: false denies the tool.
			tools, merr := yamlx.Map(file, p.Value)
			if merr != nil {
				return merr
			}
			for _, t := range tools {
				on, berr := yamlx.Bool(file, t.Value)
				if berr != nil {
					return berr
				}
				kinds, pattern := kindKeys(t.Key), ""
				if kinds == nil {
					kinds, pattern = []string{"mcp"}, t.Key
				}
				act := agents.Allow
				if !on {
					act = agents.Deny
				}
				a.Rules = append(a.Rules, agents.Rule{Kinds: kinds, Pattern: pattern, Action: act, Line: t.KeyN.Line})
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func parseClaude(a *agents.Agent, file string, pairs []yamlx.Pair) error {
	for _, p := range pairs {
		var err error
		switch p.Key {
		case "name":
			a.Name, err = yamlx.String(file, p.Value)
		case "description":
			a.Description, err = yamlx.String(file, p.Value)
		case "tools":
			var list []string
			list, err = yamlx.Strings(file, p.Value)
			if err != nil {
				return err
			}
			a.Declares = true
			for _, item := range list {
				for _, t := range strings.Split(item, ",") {
					t = strings.TrimSpace(t)
					if t == "" {
						continue
					}
					a.Rules = append(a.Rules, claudeRule(t, p.Value.Line))
				}
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// claudeRule turns a tools entry (Bash, Bash(git diff:*), mcp__github) into
// an allow rule.
func claudeRule(t string, line int) agents.Rule {
	name, spec, hasSpec := strings.Cut(t, "(")
	spec = strings.TrimSuffix(spec, ")")
	if t == "*" {
		return agents.Rule{Kinds: []string{"*"}, Action: agents.Allow, Line: line}
	}
	kind := agents.ClaudeToolKind(name)
	pattern := ""
	switch {
	case kind == "mcp":
		rest := strings.TrimPrefix(name, "mcp__")
		server, tool, ok := strings.Cut(rest, "__")
		if !ok || tool == "" {
			tool = "*"
		}
		pattern = server + "_" + tool
	case hasSpec && kind == "shell":
		pattern = strings.ReplaceAll(spec, ":*", " *")
	case hasSpec:
		pattern = spec
	}
	kinds := []string{kind}
	if kind == "write" || kind == "edit" {
		kinds = []string{"write", "edit"}
	}
	return agents.Rule{Kinds: kinds, Pattern: pattern, Action: agents.Allow, Line: line}
}
