package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.yaml.in/yaml/v3"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/proposals"
)

// The policy servers: a reader (resources) for every principal, a
// proposer for agents, and an approver for the human principal alone.
// Their tools are named like an upstream's, under the reserved server
// name, so that rules and roles govern them the same way.
const (
	policyScheme    = "governance"
	uriPolicy       = policyScheme + "://policy"
	uriApprovals    = policyScheme + "://approvals"
	uriProposals    = policyScheme + "://proposals"
	toolPropose     = ReservedServer + "_propose_rule"
	toolDecide      = ReservedServer + "_decide"
	toolApprove     = ReservedServer + "_approve"
	toolDeny        = ReservedServer + "_deny"
	toolAccept      = ReservedServer + "_accept_proposal"
	toolReject      = ReservedServer + "_reject_proposal"
	approverBy      = "mcp-proxy approver"
	proposalsFile   = "proposals.yaml"
	jsonContentType = "application/json"
)

// addReader adds the reader's resources: the active policy, the calls
// waiting for approval and the pending proposals. Secrets in the calls
// are masked, as in the decision log.
func (p *Proxy) addReader(s *mcp.Server) {
	add := func(uri, name, desc string, read func() (any, error)) {
		s.AddResource(&mcp.Resource{URI: uri, Name: name, Description: desc, MIMEType: jsonContentType},
			func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				v, err := read()
				if err != nil {
					return nil, err
				}
				data, err := json.MarshalIndent(v, "", "  ")
				if err != nil {
					return nil, err
				}
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: jsonContentType, Text: string(data)}}}, nil
			})
	}
	add(uriPolicy, "policy", "The active governance policy: its mode, default, roles and rules.", p.policySummary)
	add(uriApprovals, "approvals", "Tool calls waiting for a person's approval.", p.pendingApprovals)
	add(uriProposals, "proposals", "Rules that agents proposed, waiting for a person's review.", func() (any, error) {
		list, err := p.proposals.List(proposals.Pending)
		if list == nil {
			list = []*proposals.Proposal{}
		}
		return list, err
	})
}

type ruleSummary struct {
	ID         string `json:"id"`
	Decision   string `json:"decision"`
	Scope      string `json:"scope"`
	Source     string `json:"source,omitempty"`
	Message    string `json:"message,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
}

type roleSummary struct {
	Name         string   `json:"name"`
	AllowedTools []string `json:"allowed_tools,omitempty"`
	DeniedTools  []string `json:"denied_tools,omitempty"`
}

func (p *Proxy) policySummary() (any, error) {
	pol, _ := p.currentPolicy()
	out := struct {
		Project      string        `json:"project"`
		Mode         string        `json:"mode"`
		Default      string        `json:"default"`
		Error        string        `json:"error,omitempty"`
		NeverExposed []string      `json:"never_exposed,omitempty"`
		Roles        []roleSummary `json:"roles"`
		Rules        []ruleSummary `json:"rules"`
	}{Project: p.paths.ProjectRoot, Mode: pol.Settings.Mode(), Default: pol.Settings.Default.String(),
		NeverExposed: pol.Settings.NeverExposed, Roles: []roleSummary{}, Rules: []ruleSummary{}}
	if out.Default == engine.NoOpinion.String() {
		out.Default = engine.Defer.String()
	}
	if pol.Err != nil {
		out.Error = pol.Err.Error()
	}
	for _, r := range pol.Roles {
		out.Roles = append(out.Roles, roleSummary{Name: r.Name, AllowedTools: r.AllowedTools, DeniedTools: r.DeniedTools})
	}
	for _, r := range pol.Rules {
		out.Rules = append(out.Rules, ruleSummary{ID: r.ID, Decision: r.Outcome().String(), Scope: r.Scope, Source: r.Source,
			Message: r.Message, Suggestion: r.Suggestion})
	}
	return out, nil
}

type approvalSummary struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Summary string    `json:"summary"`
	Input   string    `json:"input,omitempty"`
	Reason  string    `json:"reason,omitempty"`
	Rule    string    `json:"rule,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	Harness string    `json:"harness,omitempty"`
}

func (p *Proxy) pendingApprovals() (any, error) {
	items, err := p.approvals.List(approvals.Pending)
	out := []approvalSummary{}
	for _, it := range items {
		sum, _ := decisionlog.Mask(it.Summary)
		input, _ := decisionlog.Mask(it.Whole())
		out = append(out, approvalSummary{ID: it.ID, Created: it.Created, Summary: sum, Input: input, Reason: it.Reason, Rule: it.Rule,
			Agent: it.Agent, Harness: it.Harness})
	}
	return out, err
}

type proposeIn struct {
	Rule   map[string]any `json:"rule" jsonschema:"the rule as a rules file writes it: id, match, decision, message, suggestion and examples"`
	Reason string         `json:"reason" jsonschema:"why the rule is needed, for the person who reviews it"`
}

type proposeOut struct {
	Proposal string `json:"proposal"`
	Status   string `json:"status"`
}

// addProposer adds governance_propose_rule: it checks a rule as a rules
// file would and records it for a human's review. Nothing else happens
// until a human accepts it.
func (p *Proxy) addProposer(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: toolPropose, Title: "Propose a policy rule",
		Description: "Record a rule for the governance policy, for a person to review. The rule is checked as a rules file " +
			"checks it (a deny needs a message and a suggestion; examples must hold). It changes nothing until a person accepts it.",
		Annotations: &mcp.ToolAnnotations{OpenWorldHint: new(false)}},
		func(ctx context.Context, req *mcp.CallToolRequest, in proposeIn) (*mcp.CallToolResult, proposeOut, error) {
			rule, id, err := p.checkProposal(in.Rule)
			if err != nil {
				return nil, proposeOut{}, err
			}
			if in.Reason == "" {
				return nil, proposeOut{}, errors.New("say why the rule is needed (reason)")
			}
			pr, err := p.proposals.Propose(proposals.Proposal{RuleID: id, Rule: rule, Reason: in.Reason, Agent: p.cfg.Agent,
				Session: p.sessionID(req.Session)})
			if err != nil {
				return nil, proposeOut{}, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(
					"Proposal %s records rule %s for a person to review. It changes nothing until a person accepts it.", pr.ID, id)}}},
				proposeOut{Proposal: pr.ID, Status: pr.Status}, nil
		})
	p.mu.Lock()
	p.tools[toolPropose] = toolRef{server: ReservedServer, name: "propose_rule"}
	p.mu.Unlock()
}

// checkProposal checks a proposed rule as a rules file would, and that
// its id is new; it returns the rule as YAML.
func (p *Proxy) checkProposal(rule map[string]any) (string, string, error) {
	if len(rule) == 0 {
		return "", "", errors.New("give the rule to propose")
	}
	data, err := yaml.Marshal(rule)
	if err != nil {
		return "", "", err
	}
	file, err := proposals.AppendRule(nil, string(data))
	if err != nil {
		return "", "", err
	}
	rules, err := config.ParseRules("proposed rule", file, engine.ScopeRepo)
	if err != nil {
		return "", "", err
	}
	if len(rules) != 1 {
		return "", "", errors.New("propose one rule at a time")
	}
	id := rules[0].ID
	pol, _ := p.currentPolicy()
	for _, r := range pol.Rules {
		if r.ID == id {
			return "", "", fmt.Errorf("a rule with id %q exists already (%s); choose another id", id, r.Source)
		}
	}
	return string(data), id, nil
}

type answerIn struct {
	ID      string `json:"id" jsonschema:"the approval's id"`
	Message string `json:"message,omitempty" jsonschema:"a note for the agent"`
	Always  bool   `json:"always,omitempty" jsonschema:"approve calls like this one from now on: the same command, or the same tool on the same paths with any content, or the same MCP tool with any arguments"`
}

type denyIn struct {
	ID      string `json:"id" jsonschema:"the approval's id"`
	Message string `json:"message,omitempty" jsonschema:"why, and what to do instead, for the agent"`
}

type proposalIn struct {
	ID      string `json:"id" jsonschema:"the proposal's id"`
	Message string `json:"message,omitempty" jsonschema:"a note on the decision"`
}

type answerOut struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	File   string `json:"file,omitempty"`
}

// addApprover adds the tools only a human principal has: answering the
// approvals queue, and accepting or rejecting proposed rules.
func (p *Proxy) addApprover(s *mcp.Server) {
	text := func(format string, args ...any) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}}
	}
	mcp.AddTool(s, &mcp.Tool{Name: toolApprove, Title: "Approve a waiting call",
		Description: "Approve a tool call waiting in the approvals queue (see " + uriApprovals + ")."},
		func(ctx context.Context, req *mcp.CallToolRequest, in answerIn) (*mcp.CallToolResult, answerOut, error) {
			it, err := p.approvals.Answer(in.ID, true, approverBy, in.Message, in.Always)
			if err != nil {
				return nil, answerOut{}, err
			}
			return text("Approved %s: %s", it.ID, it.Summary), answerOut{ID: it.ID, Status: it.Status}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: toolDeny, Title: "Deny a waiting call",
		Description: "Deny a tool call waiting in the approvals queue; the message tells the agent why."},
		func(ctx context.Context, req *mcp.CallToolRequest, in denyIn) (*mcp.CallToolResult, answerOut, error) {
			it, err := p.approvals.Answer(in.ID, false, approverBy, in.Message, false)
			if err != nil {
				return nil, answerOut{}, err
			}
			return text("Denied %s: %s", it.ID, it.Summary), answerOut{ID: it.ID, Status: it.Status}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: toolAccept, Title: "Accept a proposed rule",
		Description: "Write a proposed rule (see " + uriProposals + ") into the project's rules, where it takes effect."},
		func(ctx context.Context, req *mcp.CallToolRequest, in proposalIn) (*mcp.CallToolResult, answerOut, error) {
			pr, err := p.proposals.Accept(in.ID, approverBy, p.writeRule)
			if err != nil {
				return nil, answerOut{}, err
			}
			return text("Accepted %s: rule %s is now in %s.", pr.ID, pr.RuleID, pr.File),
				answerOut{ID: pr.ID, Status: pr.Status, File: pr.File}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: toolReject, Title: "Reject a proposed rule",
		Description: "Reject a proposed rule; nothing changes."},
		func(ctx context.Context, req *mcp.CallToolRequest, in proposalIn) (*mcp.CallToolResult, answerOut, error) {
			pr, err := p.proposals.Reject(in.ID, approverBy, in.Message)
			if err != nil {
				return nil, answerOut{}, err
			}
			return text("Rejected %s.", pr.ID), answerOut{ID: pr.ID, Status: pr.Status}, nil
		})
}

// writeRule appends an accepted rule to proposals.yaml in the project's
// rules (the user's, for a project without .governance/), and takes it
// back when the configuration no longer loads with it.
func (p *Proxy) writeRule(pr *proposals.Proposal) (string, error) {
	dir, scope := filepath.Join(p.paths.RepoDir, "rules"), engine.ScopeRepo
	if fi, err := os.Stat(p.paths.RepoDir); err != nil || !fi.IsDir() {
		dir, scope = filepath.Join(p.paths.UserDir, "rules"), engine.ScopeGlobal
	}
	file := filepath.Join(dir, proposalsFile)
	old, err := os.ReadFile(file)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	data, err := proposals.AppendRule(old, pr.Rule)
	if err != nil {
		return "", err
	}
	if _, err := config.ParseRules(file, data, scope); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := atomicfile.Write(file, data, 0o644); err != nil {
		return "", err
	}
	if _, err := config.Load(p.paths); err != nil {
		// Another file makes the rule clash (a duplicate id): put the
		// file back as it was.
		if existed {
			err = errors.Join(err, atomicfile.Write(file, old, 0o644))
		} else {
			err = errors.Join(err, os.Remove(file))
		}
		return "", fmt.Errorf("the configuration does not load with the rule, so it was not added: %w", err)
	}
	return file, nil
}

type decideIn struct {
	Tool      string         `json:"tool" jsonschema:"a tool's name, as tools/list shows it"`
	Arguments map[string]any `json:"arguments,omitempty" jsonschema:"the arguments to decide on"`
}

type decideOut struct {
	// Decision is what the policy decides; Code the error the call would
	// get (0 when it would run).
	Decision   string `json:"decision"`
	Code       int64  `json:"code,omitempty"`
	Layer      string `json:"layer,omitempty"`
	Rule       string `json:"rule,omitempty"`
	Reason     string `json:"reason,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
}

// addDecide adds governance_decide: what the policy would decide for a
// call, without making it. It answers only for tools the caller can see;
// for any other name it answers as for a tool that does not exist.
func (p *Proxy) addDecide(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: toolDecide, Title: "Check a call against the policy",
		Description: "Ask what the governance policy would decide for a tool call, without making it.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(false)}},
		func(ctx context.Context, req *mcp.CallToolRequest, in decideIn) (*mcp.CallToolResult, decideOut, error) {
			var args json.RawMessage
			if in.Arguments != nil {
				// The gate checked these bytes as part of the call's own.
				var err error
				if args, err = json.Marshal(in.Arguments); err != nil {
					return nil, decideOut{}, err
				}
			}
			out, err := p.dryRun(ctx, req.Session, in.Tool, args)
			return nil, out, err
		})
	p.mu.Lock()
	p.tools[toolDecide] = toolRef{server: ReservedServer, name: "decide"}
	p.mu.Unlock()
}

// dryRun decides a call as gateCall would, without approvals, rate
// limits, the decision log or the call.
func (p *Proxy) dryRun(ctx context.Context, ss *mcp.ServerSession, name string, args json.RawMessage) (decideOut, error) {
	pol, listing := p.currentPolicy()
	ref, known := p.lookup(name)
	if !known || !p.visible(ctx, ss, listing, name) {
		return decideOut{}, unknownToolError(name)
	}
	if err := checkArguments(args); err != nil {
		return decideOut{}, err
	}
	d, werr := p.decide(ctx, pol, p.request(ss, name, ref, args))
	out := decideOut{Decision: d.Outcome.String(), Layer: d.Layer, Rule: d.Rule, Reason: engine.Sanitize(d.Message),
		Suggestion: engine.Sanitize(d.Suggestion)}
	switch {
	case werr != nil:
		out.Code = werr.Code
	case d.Outcome == engine.Abort:
		out.Code = CodeDenied
	case d.Outcome == engine.Deny:
		out.Code = CodeDeniedContinue
	}
	return out, nil
}
