// Package gatekeeper is the LLM gatekeeper, layer 4 of the engine: a
// separate model, whose only goal is safety, decides the calls that no
// rule, learned entry or plugin decides.
//
// It is stateless towards the agent: the model sees the ground rules
// (ground-rules.md, the user's then the project's) and the request alone:
// the command, the simple commands it runs, the agent's justification and
// safety argument, the agent's name, the working directory relative to
// the project root, and facts computed read-only (are the targeted paths
// inside the project, tracked by git, ignored, generated). Never the
// transcript, the user's prompt or earlier messages, so the conversation
// cannot talk it round. Text the agent wrote goes in delimited data
// blocks that the prompt declares to be data, not instructions.
//
// The answer is strict JSON ({"decision": "allow|deny|escalate",
// "reason": "...", "confidence": 0.0}), or one ALLOW:/DENY:/ESCALATE:
// line. Anything else, a timeout, a provider error, a missing key or a
// spent budget fails closed: the verdict is an ask, which the engine and
// the hook turn into a deny (or an out-of-band approval) where no human
// can answer.
//
// Answers are cached by a hash of the request, the facts and the policy
// version, for a TTL; every call is recorded in the calls log with the
// request hash, model, latency, decision and reason (provenance
// "gatekeeper", the learned-policy miner's input: the gatekeeper's
// decisions never become rules without a human).
//
// Rules of this package: it is linked into governance-hook, so it has no
// init work, no package-level maps or regexps, and no HTTP client (net/http
// costs every hook process about 1.5 ms to initialise). HTTP providers
// live in package provider; the hook reaches them through `governance
// gatekeeper complete` (see [ProcessModels]), the daemon and the CLI call
// them in-process.
package gatekeeper
