package engine

// LayerGatekeeper names the LLM gatekeeper (layer 4) in decisions.
const LayerGatekeeper = "gatekeeper"

// GatekeeperSettings configure the LLM gatekeeper: a separate model that
// decides calls no rule, learned entry or plugin decides. It is plain data
// (the compiled snapshot carries it to the hook); package
// internal/gatekeeper runs it. The zero value is off.
type GatekeeperSettings struct {
	// Enabled turns the gatekeeper on.
	Enabled bool
	// Provider is anthropic (Messages API), openai (chat completions, also
	// Ollama, llama.cpp and vLLM through BaseURL) or command (Command reads
	// the prompt on stdin and prints the answer).
	Provider string
	Model    string
	BaseURL  string
	// APIKeyEnv names the environment variable that holds the key; the
	// key itself is never part of the configuration.
	APIKeyEnv string
	Command   []string
	// TimeoutMS bounds one answer; PerHour and PerDay bound the calls made
	// to the model (0: no bound); CacheTTLSeconds is how long an answer is
	// reused (0: not at all).
	TimeoutMS       int
	PerHour, PerDay int
	CacheTTLSeconds int
	// MinConfidence, in percent, is the confidence below which an allow
	// becomes an escalation to a human.
	MinConfidence int
	// Tools are the tool kinds the gatekeeper decides; calls of other
	// kinds go to the default.
	Tools []string
	// GroundRules are the ground-rules.md files, the user's first.
	GroundRules []GroundRules
}

// GroundRules is one ground-rules.md file.
type GroundRules struct {
	// Source is the file's path; Repo reports the project's file, which
	// may add restrictions and never relax the user's.
	Source string
	Repo   bool
	Text   string
}
