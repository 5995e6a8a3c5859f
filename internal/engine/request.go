package engine

import "encoding/json"

// Request is one tool call to decide, in canonical form.
type Request struct {
	// Harness is the agent CLI that sent the call (claude, codex, ...),
	// Event the canonical event name.
	Harness, Event string
	// SessionID identifies the session; ParentSessionID its parent when the
	// session belongs to a subagent.
	SessionID, ParentSessionID string
	// AgentID identifies a subagent instance; it is empty on the main thread.
	AgentID string
	// Agent is the name of the calling agent (a subagent type, or the main
	// agent); empty means the main thread with no agent file.
	Agent string
	// Role is the caller's role; empty means an AI caller.
	Role string
	// Depth is the delegation depth: 0 on the main thread. Chain names
	// the agents from the main thread down to the caller, when known.
	Depth int
	Chain []string
	// Tool is the tool being called.
	Tool Tool
	// Cwd is the working directory of the call; ProjectRoot the root of the
	// project it belongs to.
	Cwd, ProjectRoot string
	// Home is the user's home directory.
	Home string
	// Justification and Safety are the agent's reasons for the call, when
	// the harness provides them (Claude's Bash description).
	Justification, Safety string
	// PermissionMode is the harness's permission mode, when known.
	PermissionMode string
	// Unattended reports that no human can answer an ask right now
	// (headless runs, bypass modes); an ask then becomes a deny.
	Unattended bool
	// ToolUseID identifies the call in the harness, when provided.
	ToolUseID string
}

// Tool is the tool a request calls.
type Tool struct {
	// Kind is the canonical kind; Name the harness's own name (Bash, Read).
	Kind Kind
	Name string
	// Input is the tool's input in canonical form.
	Input Input
	// Raw is the tool's input as the harness sent it, when known. The
	// canonical form keeps what the policy judges; a person who approves
	// a call approves all of it (an Edit's old text, a flag the policy
	// ignores), so the approval queue's key covers Raw too.
	Raw map[string]any `json:",omitempty"`
}

// Input is a tool's input in canonical form. Only the fields that belong to
// the tool's kind are set.
type Input struct {
	// Command is a shell command string.
	Command string
	// Paths are the files a file tool reads or changes.
	Paths []string
	// Content is text written to a file (Write content, Edit new text).
	Content string
	// URL is fetched by a web tool; Query is searched for.
	URL, Query string
	// Subagent is the type of agent a subagent tool spawns, Prompt its task.
	Subagent, Prompt string
	// Server and MCPTool name an MCP tool; Arguments are its arguments.
	Server, MCPTool string
	Arguments       json.RawMessage
	// UnknownFolder is the key of a shell tool's input that names a
	// folder the command may run in under a name no harness is known to
	// use (see [ShellFolder]): the harness may run it there or in the
	// call's folder, so the command is judged in neither.
	UnknownFolder string
}
