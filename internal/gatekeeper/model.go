package gatekeeper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Model answers prompts: a provider's model, or a program.
type Model interface {
	// Complete returns the model's answer text. It returns when ctx ends.
	Complete(ctx context.Context, p Prompt) (string, error)
}

// NewModel makes the model a configuration names. getenv reads the
// environment the API key is taken from.
type NewModel func(cfg Config, getenv func(string) string) (Model, error)

// maxAnswer bounds the answer read from a model.
const maxAnswer = 64 << 10

// CommandModel runs a program with the prompt on its standard input and
// takes its standard output as the answer (llm, ollama run, a script).
type CommandModel struct {
	Argv []string
	// Stdin, when set, replaces the prompt text on standard input.
	Stdin func(p Prompt) ([]byte, error)
	// Relay makes the last line the program writes to standard error,
	// alone, the error when it fails (governance gatekeeper complete).
	Relay bool
}

// Complete runs the program. It is killed when ctx ends.
func (m *CommandModel) Complete(ctx context.Context, p Prompt) (string, error) {
	if len(m.Argv) == 0 {
		return "", errors.New("no command is configured")
	}
	in := []byte(p.Text())
	if m.Stdin != nil {
		var err error
		if in, err = m.Stdin(p); err != nil {
			return "", err
		}
	}
	cmd := exec.CommandContext(ctx, m.Argv[0], m.Argv[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	var out, errb limitedBuffer
	out.max, errb.max = maxAnswer, 4<<10
	cmd.Stdout, cmd.Stderr = &out, &errb
	// A program that leaves a child holding its output must not hold the
	// call past its deadline.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err != nil {
		msg := lastLine(errb.String())
		if m.Relay && msg != "" {
			return "", errors.New(msg)
		}
		if msg == "" {
			return "", fmt.Errorf("%s: %w", m.Argv[0], err)
		}
		return "", fmt.Errorf("%s: %v: %s", m.Argv[0], err, msg)
	}
	return out.String(), nil
}

// CompleteRequest is what `governance gatekeeper complete` reads on its
// standard input: the provider to ask and the prompt. The API key is not
// in it: the program reads it from its environment, named by APIKeyEnv.
type CompleteRequest struct {
	Provider  string `json:"provider"`
	Model     string `json:"model"`
	BaseURL   string `json:"base_url,omitempty"`
	APIKeyEnv string `json:"api_key_env,omitempty"`
	TimeoutMS int64  `json:"timeout_ms"`
	System    string `json:"system"`
	User      string `json:"user"`
}

// Config is the configuration the request names.
func (r *CompleteRequest) Config() Config {
	return Config{Provider: r.Provider, Model: r.Model, BaseURL: r.BaseURL, APIKeyEnv: r.APIKeyEnv,
		Timeout: time.Duration(r.TimeoutMS) * time.Millisecond}
}

// ProcessModels makes models without an HTTP client in this process, for
// governance-hook: the command provider runs its program, and the HTTP
// providers run `governance gatekeeper complete` (found by governance),
// which makes the request and prints the answer. Linking an HTTP client
// would cost every hook process its initialisation; this costs a process
// start on the calls the gatekeeper decides, next to a model's answer
// that takes far longer.
func ProcessModels(governance func() (string, error)) NewModel {
	return func(cfg Config, getenv func(string) string) (Model, error) {
		if cfg.Provider == ProviderCommand {
			return &CommandModel{Argv: cfg.Command}, nil
		}
		// A missing key is found here, without starting a process.
		if _, err := cfg.Key(getenv); err != nil {
			return nil, err
		}
		bin, err := governance()
		if err != nil {
			return nil, err
		}
		return &CommandModel{Argv: []string{bin, "gatekeeper", "complete"}, Relay: true, Stdin: func(p Prompt) ([]byte, error) {
			return json.Marshal(&CompleteRequest{Provider: cfg.Provider, Model: cfg.Model, BaseURL: cfg.BaseURL,
				APIKeyEnv: cfg.KeyEnv(), TimeoutMS: cfg.Timeout.Milliseconds(), System: p.System, User: p.User})
		}}, nil
	}
}

// limitedBuffer keeps the first max bytes written to it and drops the
// rest, so that a runaway program cannot fill memory.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// lastLine is the last non-empty line of a program's error output, with
// the "governance: error: " prefix removed.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	l := strings.TrimSpace(lines[len(lines)-1])
	return strings.TrimPrefix(l, "governance: error: ")
}
