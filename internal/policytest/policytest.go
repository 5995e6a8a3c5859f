// Package policytest reads a team's policy test cases and checks them
// against a policy: each case is a tool call, optionally by an agent,
// with the decision it must get.
//
// A case file is YAML:
//
//	cases:
//	  - name: force pushes are blocked
//	    command: git push --force origin main
//	    expect: deny
//	    rule: git-push-force          # optional: the deciding rule
//	  - tool: Read                    # a harness tool name or a kind
//	    input: {file_path: .env}
//	    expect: deny
//	  - agent: reviewer
//	    command: go test ./...
//	    cwd: services/api             # relative to the project root
//	    expect: allow
//
// or JSON lines with the same keys ("cmd" is accepted for "command"). An
// expectation is an outcome (allow, warn, ask, defer, deny, abort), or
// not-allow (anything but allow and warn) or not-deny (anything but deny
// and abort).
package policytest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/yamlx"
)

// Case is one test case.
type Case struct {
	// File and Line say where the case is written.
	File string
	Line int
	Name string
	// Command is a shell command; otherwise Tool and Input give the call.
	Command    string
	Tool       string
	Input      map[string]any
	Agent, Cwd string
	Unattended bool
	// Expect is the expected decision; Rule, when set, the deciding rule.
	Expect, Rule string
}

// Where returns file:line.
func (c *Case) Where() string { return fmt.Sprintf("%s:%d", c.File, c.Line) }

// Title names the case in reports.
func (c *Case) Title() string {
	if c.Name != "" {
		return c.Name
	}
	return c.Call()
}

// Call describes the tool call.
func (c *Case) Call() string {
	s := ""
	if c.Command != "" {
		s = "shell: " + c.Command
	} else {
		in, _ := json.Marshal(c.Input)
		s = c.Tool + " " + string(in)
	}
	if c.Agent != "" {
		s += " (agent " + c.Agent + ")"
	}
	if c.Cwd != "" {
		s += " (in " + c.Cwd + ")"
	}
	return s
}

// expectations are the words an expectation may use.
var expectations = []string{"allow", "warn", "ask", "defer", "deny", "abort", "not-allow", "not-deny"}

// Pass reports whether a decision meets the case's expectation.
func (c *Case) Pass(d *engine.Decision) bool {
	if c.Rule != "" && d.Rule != c.Rule {
		return false
	}
	o := d.Outcome
	switch c.Expect {
	case "not-allow":
		return o != engine.Allow && o != engine.Warn
	case "not-deny":
		return !o.Blocks()
	}
	return o.String() == c.Expect
}

// Want describes the expectation.
func (c *Case) Want() string {
	if c.Rule != "" {
		return c.Expect + " by " + c.Rule
	}
	return c.Expect
}

// ToolCall returns the case's tool call.
func (c *Case) ToolCall() engine.Tool {
	if c.Command != "" {
		return engine.Tool{Kind: engine.KindShell, Name: "shell", Input: engine.Input{Command: c.Command}}
	}
	// Harness tool names (Read, read_file, view) and kinds (read) both
	// work.
	return engine.ToolCall(c.Tool, c.Input)
}

// ParseFile reads a case file: JSON lines when its name ends in .jsonl,
// YAML otherwise.
func ParseFile(name string, data []byte) ([]Case, error) {
	if strings.HasSuffix(name, ".jsonl") {
		return parseJSONL(name, data)
	}
	return parseYAML(name, data)
}

var caseKeys = []string{"name", "command", "cmd", "tool", "input", "agent", "cwd", "unattended", "expect", "rule"}

func parseYAML(name string, data []byte) ([]Case, error) {
	items, err := yamlx.Items(name, data, "cases", "start each case with `- command: ...` or `- tool: ...`")
	if err != nil {
		return nil, err
	}
	var out []Case
	var errs []error
	for _, n := range items {
		c, err := parseYAMLCase(name, n)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, c)
	}
	return out, errors.Join(errs...)
}

func parseYAMLCase(file string, n *yaml.Node) (Case, error) {
	c := Case{File: file, Line: n.Line}
	pairs, err := yamlx.Map(file, n)
	if err != nil {
		return c, err
	}
	if err := yamlx.CheckKeys(file, pairs, caseKeys...); err != nil {
		return c, err
	}
	for _, p := range pairs {
		var err error
		switch p.Key {
		case "name":
			c.Name, err = yamlx.String(file, p.Value)
		case "command", "cmd":
			c.Command, err = yamlx.String(file, p.Value)
		case "tool":
			c.Tool, err = yamlx.String(file, p.Value)
		case "input":
			if p.Value.Kind != yaml.MappingNode {
				return c, yamlx.At(file, p.Value, "input must be a map of the tool's input fields")
			}
			err = p.Value.Decode(&c.Input)
		case "agent":
			c.Agent, err = yamlx.String(file, p.Value)
		case "cwd":
			c.Cwd, err = yamlx.String(file, p.Value)
		case "unattended":
			c.Unattended, err = yamlx.Bool(file, p.Value)
		case "expect":
			c.Expect, err = yamlx.String(file, p.Value)
		case "rule":
			c.Rule, err = yamlx.String(file, p.Value)
		}
		if err != nil {
			return c, err
		}
	}
	if msg, hint := c.problem(); msg != "" {
		return c, yamlx.At(file, n, "%s", msg).WithHint("%s", hint)
	}
	return c, nil
}

// problem reports what makes a case unusable.
func (c *Case) problem() (msg, hint string) {
	switch {
	case c.Command == "" && c.Tool == "":
		return "a case needs a command or a tool", "write `command: ...` for a shell command, or `tool:` with `input:`"
	case c.Command != "" && c.Tool != "":
		return "a case has either a command or a tool, not both", "use `tool: Bash` with `input: {command: ...}`, or `command:` alone"
	case c.Expect == "":
		return "a case needs an expect", "expect one of " + strings.Join(expectations, ", ")
	}
	for _, e := range expectations {
		if c.Expect == e {
			return "", ""
		}
	}
	return fmt.Sprintf("unknown expectation %q", c.Expect), "expect one of " + strings.Join(expectations, ", ")
}

// jsonCase is a case as a JSON line.
type jsonCase struct {
	Name       string         `json:"name"`
	Command    string         `json:"command"`
	Cmd        string         `json:"cmd"`
	Tool       string         `json:"tool"`
	Input      map[string]any `json:"input"`
	Agent      string         `json:"agent"`
	Cwd        string         `json:"cwd"`
	Unattended bool           `json:"unattended"`
	Expect     string         `json:"expect"`
	Rule       string         `json:"rule"`
}

func parseJSONL(name string, data []byte) ([]Case, error) {
	var out []Case
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 || text[0] == '#' {
			continue
		}
		var j jsonCase
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&j); err != nil {
			errs = append(errs, &yamlx.Error{File: name, Line: line, Msg: "not a case: " + err.Error(),
				Hint: `write {"command": "...", "expect": "deny"}`})
			continue
		}
		c := Case{File: name, Line: line, Name: j.Name, Command: j.Command, Tool: j.Tool, Input: j.Input,
			Agent: j.Agent, Cwd: j.Cwd, Unattended: j.Unattended, Expect: j.Expect, Rule: j.Rule}
		if c.Command == "" {
			c.Command = j.Cmd
		}
		if msg, hint := c.problem(); msg != "" {
			errs = append(errs, &yamlx.Error{File: name, Line: line, Msg: msg, Hint: hint})
			continue
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", name, err))
	}
	return out, errors.Join(errs...)
}

// CaseFile reports whether a file name is a case file.
func CaseFile(name string) bool {
	switch filepath.Ext(name) {
	case ".yaml", ".yml", ".jsonl":
		return true
	}
	return false
}
