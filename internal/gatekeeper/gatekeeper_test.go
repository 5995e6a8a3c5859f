package gatekeeper_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/gatekeeper"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// fakeModel answers every prompt with the same text, and counts.
type fakeModel struct {
	mu      sync.Mutex
	answer  string
	err     error
	prompts []gatekeeper.Prompt
}

func (m *fakeModel) Complete(ctx context.Context, p gatekeeper.Prompt) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.prompts = append(m.prompts, p)
	return m.answer, m.err
}

func (m *fakeModel) calls() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.prompts)
}

// setup is a project (a git repository) and a state folder.
type setup struct {
	root, state string
}

func newSetup(t *testing.T) *setup {
	t.Helper()
	base := t.TempDir()
	s := &setup{root: filepath.Join(base, "project"), state: filepath.Join(base, "state")}
	if err := os.MkdirAll(s.root, 0o755); err != nil {
		t.Fatal(err)
	}
	git(t, s.root, "init", "-q")
	return s
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		// CI must run these tests: there a missing git is a failure.
		if os.Getenv("CI") == "true" {
			t.Fatal("git is not installed")
		}
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func (s *setup) gatekeeper(m gatekeeper.Model, cfg gatekeeper.Config) *gatekeeper.Gatekeeper {
	if cfg.Provider == "" {
		cfg.Provider, cfg.Model = gatekeeper.ProviderOpenAI, "test-model"
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Tools == nil {
		cfg.Tools = []engine.Kind{engine.KindShell}
	}
	return &gatekeeper.Gatekeeper{Config: cfg, StateDir: s.state,
		NewModel: func(gatekeeper.Config, func(string) string) (gatekeeper.Model, error) { return m, nil }}
}

func (s *setup) shell(cmd string) *engine.Request {
	return &engine.Request{Harness: "claude", Event: "PreToolUse", Cwd: s.root, ProjectRoot: s.root, Home: "/home/u",
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
}

func TestVerdicts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		answer      string
		modelErr    error
		want        engine.Outcome
		rule, inMsg string
	}{
		{name: "allow", answer: `{"decision":"allow","reason":"builds the project","confidence":0.95}`,
			want: engine.Allow, rule: "gatekeeper-allow", inMsg: "builds the project"},
		{name: "deny", answer: `{"decision":"deny","reason":"wipes the disk","confidence":0.9}`,
			want: engine.Deny, rule: "gatekeeper-deny", inMsg: "wipes the disk"},
		{name: "escalate", answer: "ESCALATE: touches a shared database",
			want: engine.Ask, rule: "gatekeeper-escalate", inMsg: "touches a shared database"},
		{name: "allow below the confidence needed", answer: `{"decision":"allow","reason":"probably fine","confidence":0.3}`,
			want: engine.Ask, rule: "gatekeeper-unsure", inMsg: "confidence 0.30, below the 0.70"},
		{name: "malformed", answer: "I think this is fine.",
			want: engine.Ask, rule: "gatekeeper-unavailable", inMsg: "does not keep the answer contract"},
		{name: "model error", modelErr: errors.New("connection refused"),
			want: engine.Ask, rule: "gatekeeper-unavailable", inMsg: "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newSetup(t)
			g := s.gatekeeper(&fakeModel{answer: tt.answer, err: tt.modelErr}, gatekeeper.Config{MinConfidence: 0.7, CacheTTL: time.Hour})
			v, err := g.Evaluate(t.Context(), s.shell("frobnicate --all"))
			if err != nil {
				t.Fatalf("Evaluate returned an error: %v", err)
			}
			if v.Outcome != tt.want || v.Rule != tt.rule || v.Layer != engine.LayerGatekeeper {
				t.Fatalf("verdict = %v %s/%s, want %v gatekeeper/%s (%s)", v.Outcome, v.Layer, v.Rule, tt.want, tt.rule, v.Message)
			}
			if !strings.Contains(v.Message, tt.inMsg) {
				t.Errorf("message %q does not say %q", v.Message, tt.inMsg)
			}
			if tt.rule == "gatekeeper-unavailable" && !strings.Contains(v.Message, "could not decide") {
				t.Errorf("a failure's message %q does not say the gatekeeper could not decide", v.Message)
			}
			calls, err := gatekeeper.ReadCalls(gatekeeper.CallsPath(s.state))
			if err != nil || len(calls) != 1 {
				t.Fatalf("calls log = %v, %v; want one call", calls, err)
			}
			c := calls[0]
			if c.Provenance != "gatekeeper" || c.Model != "openai/test-model" || c.Outcome != tt.want.String() ||
				len(c.RequestHash) != 32 || !strings.Contains(v.Source, c.RequestHash[:12]) {
				t.Errorf("call recorded as %+v; verdict source %q", c, v.Source)
			}
		})
	}
}

func TestCacheServesARepeatedCall(t *testing.T) {
	t.Parallel()
	s := newSetup(t)
	m := &fakeModel{answer: `{"decision":"deny","reason":"no","confidence":0.9}`}
	g := s.gatekeeper(m, gatekeeper.Config{CacheTTL: time.Hour})
	for i := range 3 {
		v, _ := g.Evaluate(t.Context(), s.shell("frobnicate --all"))
		if v.Outcome != engine.Deny {
			t.Fatalf("call %d: %v, want deny", i, v.Outcome)
		}
	}
	if n := m.calls(); n != 1 {
		t.Fatalf("the model was asked %d times, want 1", n)
	}
	calls, _ := gatekeeper.ReadCalls(gatekeeper.CallsPath(s.state))
	if len(calls) != 3 || calls[0].Cached || !calls[1].Cached || !calls[2].Cached {
		t.Fatalf("calls log: %+v; want a model call then two cache hits", calls)
	}
	// Another command is another request.
	g.Evaluate(t.Context(), s.shell("frobnicate --none"))
	if n := m.calls(); n != 2 {
		t.Fatalf("the model was asked %d times, want 2", n)
	}
}

func TestCacheExpiresAndFollowsThePolicyVersion(t *testing.T) {
	t.Parallel()
	s := newSetup(t)
	m := &fakeModel{answer: "DENY: no"}
	now := time.Now()
	g := s.gatekeeper(m, gatekeeper.Config{CacheTTL: time.Hour})
	g.Now = func() time.Time { return now }
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	now = now.Add(2 * time.Hour)
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	if n := m.calls(); n != 2 {
		t.Fatalf("after the TTL the model was asked %d times in all, want 2", n)
	}
	g.Config.GroundRules = []engine.GroundRules{{Source: "ground-rules.md", Text: "Never touch ./data."}}
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	if n := m.calls(); n != 3 {
		t.Fatalf("after the ground rules changed the model was asked %d times in all, want 3", n)
	}
	g.Config.CacheTTL = 0
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	if n := m.calls(); n != 4 {
		t.Fatalf("with the cache off the model was asked %d times in all, want 4", n)
	}
}

// TestCacheAfterClockJump: an answer cached while the clock ran a day
// ahead is not served once the clock is right again (for a day more),
// but asked again.
func TestCacheAfterClockJump(t *testing.T) {
	t.Parallel()
	s := newSetup(t)
	m := &fakeModel{answer: "ALLOW: fine"}
	now := time.Now().Add(24 * time.Hour)
	g := s.gatekeeper(m, gatekeeper.Config{CacheTTL: time.Hour})
	g.Now = func() time.Time { return now }
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	now = now.Add(-24 * time.Hour)
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	if n := m.calls(); n != 2 {
		t.Fatalf("after the clock was set back the model was asked %d times in all, want 2", n)
	}
}

// TestCacheRefusesAnotherUsersEntry: an answer cached in a state folder
// another user owns is theirs to write, and is asked again.
func TestCacheRefusesAnotherUsersEntry(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	s := newSetup(t)
	m := &fakeModel{answer: "ALLOW: fine"}
	g := s.gatekeeper(m, gatekeeper.Config{CacheTTL: time.Hour})
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	entries, err := filepath.Glob(filepath.Join(s.state, "gatekeeper", "cache", "*.json"))
	if err != nil || len(entries) != 1 {
		t.Fatalf("cache entries %v, %v", entries, err)
	}
	if err := os.Chown(entries[0], 4242, 4242); err != nil {
		t.Fatal(err)
	}
	g.Evaluate(t.Context(), s.shell("frobnicate"))
	if n := m.calls(); n != 2 {
		t.Fatalf("with another user's cache entry the model was asked %d times in all, want 2", n)
	}
}

func TestBudgetFailsClosed(t *testing.T) {
	t.Parallel()
	s := newSetup(t)
	m := &fakeModel{answer: "ALLOW: fine"}
	g := s.gatekeeper(m, gatekeeper.Config{PerHour: 2})
	for i, cmd := range []string{"a1", "a2", "a3"} {
		v, _ := g.Evaluate(t.Context(), s.shell(cmd))
		want := engine.Allow
		if i == 2 {
			want = engine.Ask
		}
		if v.Outcome != want {
			t.Fatalf("call %d: %v (%s), want %v", i+1, v.Outcome, v.Message, want)
		}
		if i == 2 && !strings.Contains(v.Message, "budget of 2 calls per hour is spent") {
			t.Errorf("message %q does not name the budget", v.Message)
		}
	}
	if n := m.calls(); n != 2 {
		t.Fatalf("the model was asked %d times, want 2", n)
	}
}

func TestNewModelErrorFailsClosed(t *testing.T) {
	t.Parallel()
	s := newSetup(t)
	g := s.gatekeeper(nil, gatekeeper.Config{})
	g.NewModel = func(cfg gatekeeper.Config, getenv func(string) string) (gatekeeper.Model, error) {
		_, err := cfg.Key(getenv)
		return nil, err
	}
	g.Config.Provider = gatekeeper.ProviderAnthropic
	g.Getenv = func(string) string { return "" }
	v, _ := g.Evaluate(t.Context(), s.shell("frobnicate"))
	if v.Outcome != engine.Ask || !strings.Contains(v.Message, "ANTHROPIC_API_KEY") {
		t.Fatalf("verdict %v %q; want an ask naming the missing key", v.Outcome, v.Message)
	}
}

func TestOtherToolsAreNotDecided(t *testing.T) {
	t.Parallel()
	s := newSetup(t)
	m := &fakeModel{answer: "ALLOW: fine"}
	g := s.gatekeeper(m, gatekeeper.Config{})
	req := &engine.Request{Cwd: s.root, ProjectRoot: s.root,
		Tool: engine.Tool{Kind: engine.KindWeb, Name: "WebFetch", Input: engine.Input{URL: "https://example.com"}}}
	v, _ := g.Evaluate(t.Context(), req)
	if v.Outcome != engine.NoOpinion || m.calls() != 0 {
		t.Fatalf("a web call with tools [shell]: %v after %d model calls; want no opinion and none", v.Outcome, m.calls())
	}
}

// TestEngine runs the gatekeeper as layer 4 of the engine: it decides
// only what layers 0 to 3 leave undecided, never overrides a deny, and
// an ask it returns becomes a deny where no human can answer.
func TestEngine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		cmd        string
		answer     string
		unattended bool
		want       engine.Outcome
		layer      string
		asked      bool
	}{
		{name: "undecided, allowed", cmd: "frobnicate --all", answer: "ALLOW: fine", want: engine.Allow, layer: "gatekeeper", asked: true},
		{name: "undecided, denied", cmd: "frobnicate --all", answer: "DENY: no", want: engine.Deny, layer: "gatekeeper", asked: true},
		{name: "safe set decides", cmd: "ls -la", answer: "DENY: no", want: engine.Allow, layer: "safe-set"},
		{name: "rule denies, model allows", cmd: "git push --force origin main && frobnicate", answer: "ALLOW: fine",
			want: engine.Deny, layer: "rules"},
		{name: "analysis asks, model allows", cmd: "$PROG run && frobnicate", answer: "ALLOW: fine",
			want: engine.Ask, layer: "analysis", asked: true},
		{name: "invariant", cmd: "rm -rf /", answer: "ALLOW: fine", want: engine.Deny, layer: "invariant"},
		{name: "failure with a human", cmd: "frobnicate", answer: "no idea", want: engine.Ask, layer: "gatekeeper", asked: true},
		{name: "failure with nobody to ask", cmd: "frobnicate", answer: "no idea", unattended: true,
			want: engine.Deny, layer: "gatekeeper", asked: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newSetup(t)
			m := &fakeModel{answer: tt.answer}
			e := &engine.Engine{Policy: snapshot.Builtin(layout.Paths{ProjectRoot: s.root}).Policy(),
				Evaluators: []engine.Evaluator{s.gatekeeper(m, gatekeeper.Config{})}}
			req := s.shell(tt.cmd)
			req.Unattended = tt.unattended
			d := e.Decide(t.Context(), req)
			if d.Outcome != tt.want || d.Layer != tt.layer {
				t.Fatalf("decision %v by %s/%s (%s); want %v by %s", d.Outcome, d.Layer, d.Rule, d.Message, tt.want, tt.layer)
			}
			if asked := m.calls() > 0; asked != tt.asked {
				t.Fatalf("model asked: %v, want %v", asked, tt.asked)
			}
		})
	}
}

func TestProcessModelsCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	got := filepath.Join(dir, "prompt.txt")
	newModel := gatekeeper.ProcessModels(func() (string, error) { return "", errors.New("not needed") })
	m, err := newModel(gatekeeper.Config{Provider: gatekeeper.ProviderCommand,
		Command: []string{"sh", "-c", `cat > "$1"; echo 'ALLOW: fine'`, "sh", got}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	text, err := m.Complete(t.Context(), gatekeeper.Prompt{System: "SYSTEM", User: "USER"})
	if err != nil || strings.TrimSpace(text) != "ALLOW: fine" {
		t.Fatalf("Complete = %q, %v", text, err)
	}
	data, _ := os.ReadFile(got)
	if string(data) != "SYSTEM\n\nUSER" {
		t.Fatalf("the program read %q", data)
	}
}

func TestCommandModelStopsAtTheDeadline(t *testing.T) {
	t.Parallel()
	m := &gatekeeper.CommandModel{Argv: []string{"sleep", "30"}}
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := m.Complete(ctx, gatekeeper.Prompt{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if time.Since(start) > 10*time.Second {
		t.Fatalf("the program was not stopped at the deadline")
	}
}

func TestCommandModelFailure(t *testing.T) {
	t.Parallel()
	m := &gatekeeper.CommandModel{Argv: []string{"sh", "-c", "echo 'model not found' >&2; exit 3"}}
	_, err := m.Complete(t.Context(), gatekeeper.Prompt{})
	if err == nil || !strings.Contains(err.Error(), "model not found") {
		t.Fatalf("err = %v, want the program's message", err)
	}
}

func TestProcessModelsNeedAKey(t *testing.T) {
	t.Parallel()
	started := false
	newModel := gatekeeper.ProcessModels(func() (string, error) { started = true; return "/bin/false", nil })
	_, err := newModel(gatekeeper.Config{Provider: gatekeeper.ProviderAnthropic, Model: "m"}, func(string) string { return "" })
	if err == nil || !strings.Contains(err.Error(), "ANTHROPIC_API_KEY") || started {
		t.Fatalf("err = %v (process looked up: %v); want the missing key, found without a process", err, started)
	}
}
