package main

import (
	"encoding/json"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/agentgov/governance/governance"
)

// Input is the input document of a call, as the policies see it.
type Input struct {
	Harness        string   `json:"harness"`
	Event          string   `json:"event"`
	SessionID      string   `json:"session_id,omitempty"`
	Agent          string   `json:"agent,omitempty"`
	AgentID        string   `json:"agent_id,omitempty"`
	Role           string   `json:"role,omitempty"`
	Depth          int      `json:"depth"`
	Chain          []string `json:"chain,omitempty"`
	Tool           Tool     `json:"tool"`
	Cwd            string   `json:"cwd"`
	ProjectRoot    string   `json:"project_root"`
	Justification  string   `json:"justification,omitempty"`
	PermissionMode string   `json:"permission_mode,omitempty"`
	Unattended     bool     `json:"unattended"`
	// Commands are the simple commands of a shell call, each as its
	// words (those known before it runs), for policies that match
	// programs and arguments rather than the command string.
	Commands [][]string `json:"commands,omitempty"`
}

// Tool is the tool a call uses.
type Tool struct {
	// Kind is shell, read, write, edit, web, agent, mcp or other; Name
	// the harness's own name (Bash, Write, mcp__github__create_issue).
	Kind  string    `json:"kind"`
	Name  string    `json:"name"`
	Input ToolInput `json:"input"`
}

// ToolInput is the tool's input; only the fields of its kind are set.
type ToolInput struct {
	Command   string   `json:"command,omitempty"`
	Paths     []string `json:"paths,omitempty"`
	Content   string   `json:"content,omitempty"`
	URL       string   `json:"url,omitempty"`
	Query     string   `json:"query,omitempty"`
	Subagent  string   `json:"subagent,omitempty"`
	Prompt    string   `json:"prompt,omitempty"`
	Server    string   `json:"server,omitempty"`
	MCPTool   string   `json:"mcp_tool,omitempty"`
	Arguments any      `json:"arguments,omitempty"`
}

// NewInput builds the input document of a request.
func NewInput(r *governance.Request) Input {
	in := r.Tool.Input
	out := Input{Harness: r.Harness, Event: r.Event, SessionID: r.SessionID, Agent: r.Agent, AgentID: r.AgentID,
		Role: r.Role, Depth: r.Depth, Chain: r.Chain, Cwd: r.Cwd, ProjectRoot: r.ProjectRoot,
		Justification: r.Justification, PermissionMode: r.PermissionMode, Unattended: r.Unattended,
		Tool: Tool{Kind: string(r.Tool.Kind), Name: r.Tool.Name, Input: ToolInput{Command: in.Command, Paths: in.Paths,
			Content: in.Content, URL: in.URL, Query: in.Query, Subagent: in.Subagent, Prompt: in.Prompt,
			Server: in.Server, MCPTool: in.MCPTool}}}
	if len(in.Arguments) > 0 {
		var args any
		if json.Unmarshal(in.Arguments, &args) == nil {
			out.Tool.Input.Arguments = args
		}
	}
	if in.Command != "" {
		out.Commands = commands(in.Command)
	}
	return out
}

// commands lists the simple commands of a shell command string, each as
// its literal words; a word only known at run time ($VAR, $(...)) is
// left as written. A command that does not parse has none.
func commands(cmd string) [][]string {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil
	}
	var out [][]string
	p := syntax.NewPrinter()
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		words := make([]string, 0, len(call.Args))
		for _, w := range call.Args {
			if lit, ok := literal(w); ok {
				words = append(words, lit)
				continue
			}
			var b strings.Builder
			p.Print(&b, w)
			words = append(words, b.String())
		}
		out = append(out, words)
		return true
	})
	return out
}

// literal is a word's value when it has no expansions: quotes removed.
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}
