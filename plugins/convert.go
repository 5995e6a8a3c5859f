package plugins

import (
	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/pluginwire"
)

// The wire outcomes keep their own values (none, allow, warn, defer, ask,
// deny, abort: 0 to 6), whatever governance's outcomes become: a plugin
// built against another release reads them as it always did. An outcome
// a peer sends that the other side does not know (confined, which only
// the pipeline decides, or one a newer peer adds) is out of range and
// read as an error by the host.

// wireOutcomes are the wire values of governance's outcomes, by the
// outcome; one that has none is sent out of range.
var wireOutcomes = map[governance.Outcome]pluginwire.Outcome{
	governance.NoOpinion: pluginwire.Outcome_OUTCOME_NONE, governance.Allow: pluginwire.Outcome_OUTCOME_ALLOW,
	governance.Warn: pluginwire.Outcome_OUTCOME_WARN, governance.Defer: pluginwire.Outcome_OUTCOME_DEFER,
	governance.Ask: pluginwire.Outcome_OUTCOME_ASK, governance.Deny: pluginwire.Outcome_OUTCOME_DENY,
	governance.Abort: pluginwire.Outcome_OUTCOME_ABORT,
}

// outOfRange is what an outcome without a wire value is sent as, and
// what a wire value without an outcome is read as.
const outOfRange = 255

func outcomeToWire(o governance.Outcome) pluginwire.Outcome {
	if w, ok := wireOutcomes[o]; ok {
		return w
	}
	return outOfRange
}

func outcomeFromWire(w pluginwire.Outcome) governance.Outcome {
	for o, v := range wireOutcomes {
		if v == w {
			return o
		}
	}
	return outOfRange
}

func requestToWire(r *governance.Request) *pluginwire.Request {
	in := &r.Tool.Input
	return &pluginwire.Request{
		Harness: r.Harness, Event: r.Event, SessionId: r.SessionID, ParentSessionId: r.ParentSessionID,
		AgentId: r.AgentID, Agent: r.Agent, Role: r.Role, Depth: int32(r.Depth), Chain: r.Chain,
		Tool: &pluginwire.Tool{Kind: string(r.Tool.Kind), Name: r.Tool.Name, Input: &pluginwire.Input{
			Command: in.Command, Paths: in.Paths, Content: in.Content, Url: in.URL, Query: in.Query,
			Subagent: in.Subagent, Prompt: in.Prompt, Server: in.Server, McpTool: in.MCPTool, Arguments: in.Arguments,
		}},
		Cwd: r.Cwd, ProjectRoot: r.ProjectRoot, Home: r.Home, Justification: r.Justification, Safety: r.Safety,
		PermissionMode: r.PermissionMode, Unattended: r.Unattended, ToolUseId: r.ToolUseID,
	}
}

func requestFromWire(w *pluginwire.Request) *governance.Request {
	t, in := w.GetTool(), w.GetTool().GetInput()
	return &governance.Request{
		Harness: w.GetHarness(), Event: w.GetEvent(), SessionID: w.GetSessionId(), ParentSessionID: w.GetParentSessionId(),
		AgentID: w.GetAgentId(), Agent: w.GetAgent(), Role: w.GetRole(), Depth: int(w.GetDepth()), Chain: w.GetChain(),
		Tool: governance.Tool{Kind: governance.Kind(t.GetKind()), Name: t.GetName(), Input: governance.Input{
			Command: in.GetCommand(), Paths: in.GetPaths(), Content: in.GetContent(), URL: in.GetUrl(), Query: in.GetQuery(),
			Subagent: in.GetSubagent(), Prompt: in.GetPrompt(), Server: in.GetServer(), MCPTool: in.GetMcpTool(),
			Arguments: in.GetArguments(),
		}},
		Cwd: w.GetCwd(), ProjectRoot: w.GetProjectRoot(), Home: w.GetHome(), Justification: w.GetJustification(),
		Safety: w.GetSafety(), PermissionMode: w.GetPermissionMode(), Unattended: w.GetUnattended(), ToolUseID: w.GetToolUseId(),
	}
}

func verdictToWire(v Verdict) *pluginwire.Verdict {
	return &pluginwire.Verdict{Outcome: outcomeToWire(v.Outcome), Rule: v.Rule, Message: v.Message, Suggestion: v.Suggestion}
}

func verdictFromWire(w *pluginwire.Verdict) Verdict {
	return Verdict{Outcome: outcomeFromWire(w.GetOutcome()), Rule: w.GetRule(), Message: w.GetMessage(), Suggestion: w.GetSuggestion()}
}

func infoToWire(i Info) *pluginwire.Info {
	w := &pluginwire.Info{Name: i.Name, Version: i.Version}
	for _, k := range i.Kinds {
		w.Kinds = append(w.Kinds, string(k))
	}
	return w
}

func infoFromWire(w *pluginwire.Info) Info {
	i := Info{Name: w.GetName(), Version: w.GetVersion()}
	for _, k := range w.GetKinds() {
		i.Kinds = append(i.Kinds, governance.Kind(k))
	}
	return i
}
