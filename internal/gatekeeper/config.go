package gatekeeper

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// Providers.
const (
	ProviderAnthropic = "anthropic"
	ProviderOpenAI    = "openai"
	ProviderCommand   = "command"
)

// Defaults for what the configuration leaves out.
const (
	DefaultTimeout       = 20 * time.Second
	DefaultPerHour       = 120
	DefaultPerDay        = 1000
	DefaultCacheTTL      = 24 * time.Hour
	DefaultMinConfidence = 0.7
)

// promptVersion changes whenever the prompt's wording or layout does, so
// that answers to an older prompt are not reused.
const promptVersion = "gatekeeper-prompt-1"

// Config is how the gatekeeper runs, with defaults applied.
type Config struct {
	Provider, Model, BaseURL string
	// APIKeyEnv names the environment variable holding the key.
	APIKeyEnv string
	// Command is the program (and its arguments) of the command provider.
	Command []string
	Timeout time.Duration
	// PerHour and PerDay bound the model calls (cache hits are free); 0
	// means no bound.
	PerHour, PerDay int
	// CacheTTL is how long an answer is reused; 0 turns the cache off.
	CacheTTL time.Duration
	// MinConfidence is the confidence an allow needs; below it the call
	// goes to a human.
	MinConfidence float64
	// Tools are the tool kinds the gatekeeper decides.
	Tools       []engine.Kind
	GroundRules []engine.GroundRules
}

// FromSettings returns the configuration the settings describe.
func FromSettings(s engine.GatekeeperSettings) Config {
	c := Config{Provider: s.Provider, Model: s.Model, BaseURL: s.BaseURL, APIKeyEnv: s.APIKeyEnv,
		Command: s.Command, Timeout: time.Duration(s.TimeoutMS) * time.Millisecond, PerHour: s.PerHour, PerDay: s.PerDay,
		CacheTTL: time.Duration(s.CacheTTLSeconds) * time.Second, MinConfidence: float64(s.MinConfidence) / 100,
		GroundRules: s.GroundRules}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	for _, t := range s.Tools {
		if k, ok := engine.ParseKind(t); ok {
			c.Tools = append(c.Tools, k)
		}
	}
	if len(s.Tools) == 0 {
		c.Tools = []engine.Kind{engine.KindShell}
	}
	return c
}

// Decides reports whether the gatekeeper decides calls of a kind.
func (c Config) Decides(k engine.Kind) bool {
	for _, t := range c.Tools {
		if t == k {
			return true
		}
	}
	return false
}

// KeyEnv is the environment variable that holds the API key: the
// configured one, else the provider's usual one.
func (c Config) KeyEnv() string {
	if c.APIKeyEnv != "" {
		return c.APIKeyEnv
	}
	switch c.Provider {
	case ProviderAnthropic:
		return "ANTHROPIC_API_KEY"
	case ProviderOpenAI:
		return "OPENAI_API_KEY"
	}
	return ""
}

// Key reads the API key from the environment variable that holds it. It
// is an error when the provider needs a key and the variable is empty:
// Anthropic always does, OpenAI's own service does (a server reached
// through a base URL, such as Ollama, may not).
func (c Config) Key(getenv func(string) string) (string, error) {
	env := c.KeyEnv()
	if env == "" {
		return "", nil
	}
	key := ""
	if getenv != nil {
		key = strings.TrimSpace(getenv(env))
	}
	if key == "" && (c.Provider == ProviderAnthropic || c.Provider == ProviderOpenAI && c.BaseURL == "") {
		return "", fmt.Errorf("the environment variable %s, which holds the API key, is not set", env)
	}
	return key, nil
}

// Describe names the provider and model, as decisions and records show
// them: "anthropic/claude-haiku-4-5", "command:llm".
func (c Config) Describe() string {
	if c.Provider == ProviderCommand {
		name := "?"
		if len(c.Command) > 0 {
			name = c.Command[0]
			if i := strings.LastIndexByte(name, '/'); i >= 0 {
				name = name[i+1:]
			}
		}
		if c.Model != "" {
			return "command:" + name + "/" + c.Model
		}
		return "command:" + name
	}
	return c.Provider + "/" + c.Model
}

// PolicyVersion identifies what an answer depends on besides the request:
// the prompt's version, the provider, model and command, and the ground
// rules. A change to any of them makes cached answers stale.
func (c Config) PolicyVersion() string {
	h := fnv.New128a()
	write := func(s string) {
		h.Write([]byte(strconv.Itoa(len(s))))
		h.Write([]byte{':'})
		h.Write([]byte(s))
	}
	write(promptVersion)
	write(c.Provider)
	write(c.Model)
	write(c.BaseURL)
	for _, a := range c.Command {
		write(a)
	}
	for _, g := range c.GroundRules {
		write(g.Source)
		write(g.Text)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}
