// Package engine decides whether an AI agent's tool call may run.
//
// A [Request] describes one tool call (a shell command, a file read or
// write, a web fetch, a subagent spawn or an MCP tool call) and who makes
// it. An [Engine] evaluates it against a [Policy] through layers, in order:
//
//  0. invariants compiled into the binary (catastrophic commands,
//     self-protection of the governance configuration and hook settings);
//  1. deterministic rules, the calling agent's permissions and the built-in
//     read-only safe set;
//  2. optional evaluators for what layer 1 leaves undecided (learned
//     policy, plugins, an LLM gatekeeper);
//  3. the default: ask where a human can answer, defer to the harness, or
//     deny where nobody can answer.
//
// A shell command is parsed into every simple command it would execute,
// and each is evaluated on its own. When several verdicts apply, the
// strictest wins: abort > deny > ask > defer > warn > allow. The resulting
// [Decision] names the layer and rule that decided, carries a message and a
// suggestion, and keeps a [Step] trace of every verdict.
//
// The package is internal: plugins and programs that embed governance
// use the public package governance, which aliases the few types they
// need.
package engine
