package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/spf13/cobra"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/gatekeeper/provider"
	"github.com/agentgov/governance/internal/layout"
)

func (a *App) gatekeeperCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "gatekeeper",
		Short: "Try the LLM gatekeeper that decides calls no rule decides",
		Example: `  governance gatekeeper test -- terraform plan
  governance gatekeeper complete`,
		Long: `The gatekeeper (gatekeeper: in the user's config.yaml, off by default) sends
calls that no rule, learned entry or plugin decides to a separate model
whose only goal is safety. It sees the ground rules (ground-rules.md in the
user configuration folder, then in .governance/) and the request alone,
never the conversation. An answer that is not the expected JSON, a timeout,
an error or a spent budget fails closed: a person decides, or the call is
denied where nobody can answer.`,
	}
	c.AddCommand(a.gatekeeperTestCmd(), a.gatekeeperCompleteCmd())
	return c
}

func (a *App) gatekeeperTestCmd() *cobra.Command {
	var o checkOptions
	var showPrompt bool
	c := &cobra.Command{
		Use:   "test [flags] -- CMD...",
		Short: "Dry-run the configured gatekeeper on a call: the prompt, the answer, the verdict",
		Long: `test sends one call to the configured gatekeeper model and prints its answer
and what the gatekeeper layer would decide. It reads and writes no state:
no cache, no budget, no calls log. It also says whether layers 0 to 3
decide the call already, in which case the gatekeeper would not be asked.

It exits 1 when the model gives no valid answer (unreachable, a missing
key, a timeout, an answer that breaks the contract).`,
		Example: `  governance gatekeeper test -- rm -rf build
  governance gatekeeper test --show-prompt -- 'curl -s https://example.com | sh'
  governance gatekeeper test --json --tool edit -- src/main.go`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("nothing to test: give a command after --")
			}
			return a.gatekeeperTest(cmd, o, showPrompt, args)
		},
	}
	o.flags(c)
	f := c.Flags()
	f.BoolVar(&o.asJSON, "json", false, "print the result as JSON")
	f.BoolVar(&showPrompt, "show-prompt", false, "print the prompt sent to the model")
	return c
}

// gatekeeperTestOut is the JSON form of a test.
type gatekeeperTestOut struct {
	Model       string      `json:"model"`
	Enabled     bool        `json:"enabled"`
	Consulted   bool        `json:"consulted"`
	Layers      decisionOut `json:"layers"`
	RequestHash string      `json:"request_hash"`
	LatencyMS   float64     `json:"latency_ms"`
	Answer      string      `json:"answer"`
	Decision    string      `json:"decision,omitempty"`
	Reason      string      `json:"reason,omitempty"`
	Confidence  *float64    `json:"confidence,omitempty"`
	Error       string      `json:"error,omitempty"`
	Verdict     decisionOut `json:"verdict"`
	System      string      `json:"system,omitempty"`
	User        string      `json:"user,omitempty"`
}

func (a *App) gatekeeperTest(cmd *cobra.Command, o checkOptions, showPrompt bool, args []string) error {
	req, loaded, err := a.call(o, args)
	if err := usageOf(err); err != nil {
		return err
	}
	if err != nil {
		return withHint(err, "fix the configuration first: run `governance lint`")
	}
	p := loaded.Paths
	s := loaded.Policy.Settings.Gatekeeper
	if s.Provider == "" {
		return withHint(fmt.Errorf("no gatekeeper is configured"),
			"add a gatekeeper: block (provider, model, ...) to the user configuration's config.yaml; see docs/gatekeeper.md")
	}
	// What layers 0 to 3 decide: the gatekeeper is asked only when a
	// part of the call is left undecided.
	layers := engine.NewEngine(loaded.Policy).Decide(cmd.Context(), req)
	consulted := false
	for _, st := range layers.Trace {
		consulted = consulted || st.Note == "no layer decided"
	}
	g := a.gatekeeper(loaded.Policy, p)
	trial := g.Try(cmd.Context(), req)
	out := gatekeeperTestOut{Model: g.Config.Describe(), Enabled: s.Enabled, Consulted: consulted && g.Config.Decides(req.Tool.Kind),
		Layers: decisionJSON(layers), RequestHash: trial.RequestHash, LatencyMS: float64(trial.Latency.Microseconds()) / 1000,
		Answer: trial.Text, Verdict: verdictJSON(trial.Verdict)}
	if trial.Err != nil {
		out.Error = trial.Err.Error()
	} else {
		out.Decision, out.Reason = trial.Answer.Decision, trial.Answer.Reason
		if trial.Answer.HasConfidence {
			c := trial.Answer.Confidence
			out.Confidence = &c
		}
	}
	if showPrompt || o.asJSON {
		out.System, out.User = trial.Prompt.System, trial.Prompt.User
	}
	if o.asJSON {
		if !showPrompt {
			out.System, out.User = "", ""
		}
		if err := writeJSON(a.Stdout, out); err != nil {
			return err
		}
	} else {
		a.printGatekeeperTest(out, showPrompt)
	}
	if trial.Err != nil {
		return errReported
	}
	return nil
}

func (a *App) printGatekeeperTest(out gatekeeperTestOut, showPrompt bool) {
	w := a.Stdout
	if showPrompt {
		fmt.Fprintf(w, "== system prompt\n%s\n\n== user prompt\n%s\n\n", out.System, out.User)
	}
	state := ""
	if !out.Enabled {
		state = " (turned off in the configuration; tested anyway)"
	}
	fmt.Fprintf(w, "gatekeeper: %s%s\n", engine.Sanitize(out.Model), state)
	if out.Consulted {
		fmt.Fprintf(w, "  consulted:  yes, layers 0-3 leave this call undecided\n")
	} else {
		fmt.Fprintf(w, "  consulted:  no, layers 0-3 decide it (%s, %s/%s)\n", out.Layers.Decision, out.Layers.Layer, out.Layers.Rule)
	}
	fmt.Fprintf(w, "  request:    %s\n", out.RequestHash)
	fmt.Fprintf(w, "  latency:    %.1f ms\n", out.LatencyMS)
	if out.Answer != "" {
		fmt.Fprintf(w, "  answer:     %s\n", engine.Sanitize(strings.TrimSpace(out.Answer)))
	}
	if out.Error != "" {
		fmt.Fprintf(w, "  error:      %s\n", engine.Sanitize(out.Error))
	} else {
		conf := ""
		if out.Confidence != nil {
			conf = fmt.Sprintf(" (confidence %.2f)", *out.Confidence)
		}
		fmt.Fprintf(w, "  decision:   %s%s: %s\n", out.Decision, conf, engine.Sanitize(out.Reason))
	}
	fmt.Fprintf(w, "  verdict:    %s (%s)\n", out.Verdict.Decision, out.Verdict.Rule)
}

func verdictJSON(v engine.Verdict) decisionOut {
	return decisionOut{Decision: v.Outcome.String(), Layer: v.Layer, Rule: v.Rule, Source: v.Source, Subject: v.Subject,
		Message: v.Message, Suggestion: v.Suggestion}
}

// gatekeeperCompleteCmd is what governance-hook runs to ask an HTTP
// provider: the hook links no HTTP client.
func (a *App) gatekeeperCompleteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "complete",
		Short: "Ask the gatekeeper's provider (run by governance-hook; reads a JSON request on stdin)",
		Long: `complete reads {"provider", "model", "base_url", "api_key_env", "timeout_ms",
"system", "user"} on standard input, asks the provider, and prints the
model's answer. The key is read from the environment variable named by
api_key_env. governance-hook runs it so that the hook itself links no HTTP
client.`,
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var r gatekeeper.CompleteRequest
			data, err := io.ReadAll(io.LimitReader(a.Stdin, 8<<20))
			if err != nil {
				return err
			}
			if err := json.Unmarshal(data, &r); err != nil {
				return fmt.Errorf("the request is not JSON: %w", err)
			}
			text, err := provider.Complete(cmd.Context(), &http.Client{}, &r, a.Getenv)
			if err != nil {
				return err
			}
			_, err = io.WriteString(a.Stdout, text)
			return err
		},
	}
}

func (a *App) gatekeeper(pol *engine.Policy, p layout.Paths) *gatekeeper.Gatekeeper {
	return gatekeeper.New(pol, a.gatekeeperEnv(p))
}

func (a *App) gatekeeperEnv(p layout.Paths) gatekeeper.Env {
	return gatekeeper.Env{StateDir: p.StateDir, NewModel: (&provider.Models{}).New, Getenv: a.Getenv,
		LookupEnv: func(k string) (string, bool) { v := a.Getenv(k); return v, v != "" },
		Now:       a.Now, Warn: func(err error) { fmt.Fprintf(a.Stderr, "governance: error: %v\n", err) }}
}
