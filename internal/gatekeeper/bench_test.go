package gatekeeper_test

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/gatekeeper/fakeprovider"
	"github.com/agentgov/governance/internal/gatekeeper/provider"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// BenchmarkDecide measures a decision on a call no rule decides: without
// the gatekeeper (the default layer decides), and with it against a fake
// provider in-process over kept-alive HTTP (as the daemon runs it), asked
// every time (cache off) or answered from the cache. The difference is
// the latency the layer adds, the provider's own time aside. "facts"
// targets a file in a git repository, so the three git runs count too.
func BenchmarkDecide(b *testing.B) {
	root := filepath.Join(b.TempDir(), "project")
	os.MkdirAll(root, 0o755)
	if err := gitInit(root); err != nil {
		b.Skipf("git: %v", err)
	}
	os.WriteFile(filepath.Join(root, "data.db"), []byte("x"), 0o644)
	pol := snapshot.Builtin(layout.Paths{ProjectRoot: root}).Policy()
	answer := `{"decision": "allow", "reason": "a harmless tool", "confidence": 0.95}`
	servers := map[string]*fakeprovider.Server{}
	for _, d := range []string{fakeprovider.Anthropic, fakeprovider.OpenAI} {
		servers[d] = fakeprovider.New(d, fakeprovider.Reply{Text: answer})
		defer servers[d].Close()
	}
	models := &provider.Models{Client: &http.Client{}}
	gk := func(dialect string, ttl time.Duration) []engine.Evaluator {
		return []engine.Evaluator{&gatekeeper.Gatekeeper{Config: gatekeeper.Config{Provider: dialect, Model: "fake",
			BaseURL: servers[dialect].BaseURL(), APIKeyEnv: "K", Timeout: 10 * time.Second, CacheTTL: ttl, MinConfidence: 0.7,
			Tools: []engine.Kind{engine.KindShell}},
			StateDir: b.TempDir(), NewModel: models.New, Getenv: func(string) string { return "k" }, Policy: pol}}
	}
	cases := []struct {
		name       string
		cmd        string
		evaluators []engine.Evaluator
		want       engine.Outcome
	}{
		{"off", "frobnicate --all", nil, engine.Defer},
		{"anthropic-miss", "frobnicate --all", gk(fakeprovider.Anthropic, 0), engine.Allow},
		{"openai-miss", "frobnicate --all", gk(fakeprovider.OpenAI, 0), engine.Allow},
		{"anthropic-hit", "frobnicate --all", gk(fakeprovider.Anthropic, time.Hour), engine.Allow},
		{"facts-off", "frobnicate data.db", nil, engine.Defer},
		{"facts-anthropic-miss", "frobnicate data.db", gk(fakeprovider.Anthropic, 0), engine.Allow},
		{"facts-anthropic-hit", "frobnicate data.db", gk(fakeprovider.Anthropic, time.Hour), engine.Allow},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			e := &engine.Engine{Policy: pol, Evaluators: c.evaluators}
			req := &engine.Request{Harness: "claude", Cwd: root, ProjectRoot: root, Home: "/home/u",
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: c.cmd}}}
			var d *engine.Decision
			for b.Loop() {
				d = e.Decide(b.Context(), req)
			}
			if d.Outcome != c.want {
				b.Fatalf("decision %v (%s), want %v", d.Outcome, d.Message, c.want)
			}
		})
	}
}

func gitInit(dir string) error {
	return exec.Command("git", "-C", dir, "init", "-q").Run()
}
