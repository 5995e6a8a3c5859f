// Package governance is the public face of the governance engine: the
// types a plugin or a program that embeds governance needs, and one way
// to decide a tool call.
//
// A [Request] describes one tool call of an AI agent (a shell command, a
// file read or write, a web fetch, a subagent spawn or an MCP tool call)
// and who makes it. An [Engine] decides it against a [Policy]:
//
//	e := governance.NewEngine(governance.BuiltinPolicy())
//	d := e.Decide(ctx, req)
//	if d.Outcome.Blocks() { ... }
//
// The [Decision] names the [Outcome] (allow, warn, defer, ask, deny or
// abort), the layer and rule that decided, a message and a suggestion.
// Engine.Decide never fails: a broken configuration or a failing
// evaluator becomes a decision that does not allow the call, whose Err
// wraps [ErrConfig], [ErrEvaluator], [ErrInternal] or [ErrTimeout].
//
// An [Evaluator] decides what the deterministic layers leave open; set it
// in Engine.Evaluators. A plugin that runs as its own program implements
// plugins.Evaluator instead (package plugins).
//
// The names here are aliases of the engine's own types, which live under
// internal/ and may change; this package keeps its list of names small on
// purpose (its test pins the list).
package governance
