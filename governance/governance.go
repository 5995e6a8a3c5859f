package governance

import (
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
)

// A request: one tool call and who makes it.
type (
	// Request is one tool call to decide, in canonical form.
	Request = engine.Request
	// Tool is the tool a request calls: its kind, name and input.
	Tool = engine.Tool
	// Input is a tool's input in canonical form.
	Input = engine.Input
	// Kind is the canonical kind of a tool.
	Kind = engine.Kind
)

// Tool kinds.
const (
	KindShell = engine.KindShell
	KindRead  = engine.KindRead
	KindWrite = engine.KindWrite
	KindEdit  = engine.KindEdit
	KindWeb   = engine.KindWeb
	KindAgent = engine.KindAgent
	KindMCP   = engine.KindMCP
	KindOther = engine.KindOther
)

// A decision: what happens to the call, and why.
type (
	// Outcome is what a layer, a rule or the engine decides about a tool
	// call; a larger value is stricter.
	Outcome = engine.Outcome
	// Decision is the engine's answer to a request.
	Decision = engine.Decision
	// Step is one verdict in a decision's trace.
	Step = engine.Step
)

// Outcomes, from no opinion to the strictest.
const (
	NoOpinion = engine.NoOpinion
	Allow     = engine.Allow
	Confined  = engine.Confined
	Warn      = engine.Warn
	Defer     = engine.Defer
	Ask       = engine.Ask
	Deny      = engine.Deny
	Abort     = engine.Abort
)

// What a decision's Err wraps when no decision could be reached; the
// decision then blocks the call. Compare with errors.Is.
var (
	ErrConfig    = engine.ErrConfig
	ErrEvaluator = engine.ErrEvaluator
	ErrInternal  = engine.ErrInternal
	ErrTimeout   = engine.ErrTimeout
)

// Deciding: a policy, an engine over it, and evaluators of one's own.
type (
	// Policy is what an engine decides against: settings, rules, roles.
	Policy = engine.Policy
	// Engine decides requests against a policy; Engine.Decide is the
	// one way to decide.
	Engine = engine.Engine
	// Evaluator decides calls that the deterministic layers leave
	// undecided; it returns a Verdict with NoOpinion to pass.
	Evaluator = engine.Evaluator
	// Verdict is one layer's or one evaluator's answer to a request.
	Verdict = engine.Verdict
)

// NewEngine returns an engine for a policy, in the environment of the
// current process.
func NewEngine(p *Policy) *Engine { return engine.NewEngine(p) }

// BuiltinPolicy returns the built-in policy with its default settings:
// what governance decides in a project with no configuration of its own.
func BuiltinPolicy() *Policy {
	return &Policy{Settings: engine.DefaultSettings(),
		Rules: engine.CompileAllTrusted(template.Policy, engine.ScopeBuiltin, nil)}
}

// FindSecret returns what kind of credential text holds ("an AWS access
// key"), or "" when it holds none that governance recognises.
func FindSecret(text string) string { return engine.FindSecret(text) }
