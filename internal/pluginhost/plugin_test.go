package pluginhost_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/plugineval"
	"github.com/agentgov/governance/internal/pluginhost"
	"github.com/agentgov/governance/internal/testplugin"
)

// TestMain makes the test binary a plugin when governance starts it as
// one: the plugins under test are real subprocesses.
func TestMain(m *testing.M) {
	if testplugin.Started() {
		testplugin.Serve(os.Args[1:])
		return
	}
	os.Exit(m.Run())
}

func spec(name string, args ...string) engine.PluginSpec {
	return engine.PluginSpec{Name: name, Path: os.Args[0], Args: args, Position: engine.AfterRules,
		Timeout: 2 * time.Second, OnError: engine.Deny, Source: "config.yaml:3"}
}

func shell(cmd string) *engine.Request {
	return &engine.Request{Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
}

func start(t *testing.T, s engine.PluginSpec) *pluginhost.Plugin {
	t.Helper()
	var log io.Writer = io.Discard
	if testing.Verbose() {
		log = os.Stderr
	}
	p := pluginhost.New(s, pluginhost.Options{Log: log})
	t.Cleanup(p.Stop)
	return p
}

func TestCall(t *testing.T) {
	t.Parallel()
	p := start(t, spec("tp"))
	tests := []struct {
		name string
		req  *engine.Request
		want engine.Verdict
	}{
		{"deny", shell("deny npm publish"), engine.Verdict{Outcome: engine.Deny, Rule: "test-rule",
			Message: "denied: npm publish", Suggestion: "do something else"}},
		{"no opinion", shell("ls"), engine.Verdict{}},
		{"another kind", &engine.Request{Tool: engine.Tool{Kind: engine.KindRead}},
			engine.Verdict{Outcome: engine.Deny, Message: "reads are denied", Suggestion: "do not read"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := p.Call(t.Context(), tt.req)
			if err != nil || got != tt.want {
				t.Errorf("Call = %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
	if st := p.Status(); !st.Running || st.Info.Name != "test-plugin" || st.Info.Version != "1.2.3" || st.Restarts != 0 {
		t.Errorf("Status = %+v", st)
	}
}

// A plugin that wants some kinds is not asked about others.
func TestKinds(t *testing.T) {
	t.Parallel()
	p := start(t, spec("tp", "shell-only"))
	got, err := p.Call(t.Context(), &engine.Request{Tool: engine.Tool{Kind: engine.KindRead}})
	if err != nil || got.Outcome != engine.NoOpinion {
		t.Errorf("a read went to a shell-only plugin: %+v, %v", got, err)
	}
}

// A plugin that sleeps past its timeout yields a deny naming it, and
// stays up for the next call.
func TestTimeout(t *testing.T) {
	t.Parallel()
	s := spec("slowpoke")
	// Long enough that a loaded machine answers ls in time; sleep
	// outlasts any timeout.
	s.Timeout = 2 * time.Second
	p := start(t, s)
	if _, err := p.Call(t.Context(), shell("ls")); err != nil {
		t.Fatal(err)
	}
	_, err := p.Call(t.Context(), shell("sleep"))
	if !errors.Is(err, plugineval.ErrTimeout) {
		t.Fatalf("err = %v, want a timeout", err)
	}
	v := plugineval.ErrorVerdict(s, err)
	if v.Outcome != engine.Deny || !strings.Contains(v.Message, "The plugin slowpoke did not answer within 2s") {
		t.Errorf("verdict %+v", v)
	}
	if got, err := p.Call(t.Context(), shell("deny x")); err != nil || got.Outcome != engine.Deny {
		t.Errorf("after a timeout: %+v, %v", got, err)
	}
	if st := p.Status(); st.Restarts != 0 {
		t.Errorf("a timeout restarted the plugin: %+v", st)
	}
}

// A plugin that panics yields an evaluator error; it is restarted, and
// the next call succeeds.
func TestCrashRestart(t *testing.T) {
	t.Parallel()
	s := spec("fragile")
	s.OnError = engine.Ask
	p := start(t, s)
	_, err := p.Call(t.Context(), shell("panic"))
	if !errors.Is(err, plugineval.ErrCrashed) {
		t.Fatalf("err = %v, want a crash", err)
	}
	v := plugineval.ErrorVerdict(s, err)
	if v.Outcome != engine.Ask || !strings.Contains(v.Message, "The plugin fragile crashed") || v.Rule != "fragile" {
		t.Errorf("verdict %+v", v)
	}
	got, err := p.Call(t.Context(), shell("deny after the restart"))
	if err != nil || got.Message != "denied: after the restart" {
		t.Fatalf("the call after the crash: %+v, %v", got, err)
	}
	if st := p.Status(); !st.Running || st.Restarts != 1 || !strings.Contains(st.LastError, "crashed") {
		t.Errorf("Status = %+v", st)
	}
}

// An error the plugin returns is an evaluator error; the plugin keeps
// running.
func TestPluginError(t *testing.T) {
	t.Parallel()
	p := start(t, spec("tp"))
	_, err := p.Call(t.Context(), shell("fail"))
	if err == nil || !strings.Contains(err.Error(), "the policy has no answer") {
		t.Fatalf("err = %v", err)
	}
	if v := plugineval.ErrorVerdict(spec("tp"), err); !strings.Contains(v.Message, "The plugin tp failed: the policy has no answer") {
		t.Errorf("verdict %+v", v)
	}
	if st := p.Status(); !st.Running || st.Restarts != 0 {
		t.Errorf("Status = %+v", st)
	}
}

// A plugin that cannot start is retried with backoff: a call that cannot
// wait for the next attempt fails at once.
func TestStartBackoff(t *testing.T) {
	t.Parallel()
	s := spec("broken", "exit-at-start")
	s.Timeout = 20 * time.Millisecond
	p := start(t, s)
	_, err := p.Call(context.Background(), shell("ls"))
	if err == nil || !strings.Contains(err.Error(), "could not be started") {
		t.Fatalf("first call: %v", err)
	}
	// The backoff doubles from 50ms; on a loaded machine a failed start
	// may outlast the first ones, and the call after it starts again.
	for i := 0; i < 8; i++ {
		began := time.Now()
		_, err = p.Call(context.Background(), shell("ls"))
		if err != nil && strings.Contains(err.Error(), "next attempt in") {
			if d := time.Since(began); d > time.Second {
				t.Errorf("the call waited %s for a start it could not wait for", d)
			}
			return
		}
		if err == nil || !strings.Contains(err.Error(), "could not be started") {
			t.Fatalf("call %d: %v", i+2, err)
		}
	}
	t.Error("no call was refused during the backoff")
}

func TestChecksum(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	tests := []struct {
		name, sum string
		wantErr   error
	}{
		{"matches", hex.EncodeToString(sum[:]), nil},
		{"differs", strings.Repeat("ab", 32), pluginhost.ErrChecksum},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := spec("checked")
			s.SHA256 = tt.sum
			_, err := start(t, s).Call(t.Context(), shell("ls"))
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Errorf("err = %v, want %v", err, tt.wantErr)
			}
		})
	}
}

// A plugin built for another protocol version is refused at the
// handshake.
func TestHandshakeVersion(t *testing.T) {
	t.Parallel()
	_, err := start(t, spec("future", "protocol-2")).Call(t.Context(), shell("ls"))
	if err == nil || !strings.Contains(err.Error(), "could not be started") || !strings.Contains(err.Error(), "version") {
		t.Errorf("err = %v, want a refused handshake", err)
	}
}

func TestMissingExecutable(t *testing.T) {
	t.Parallel()
	s := spec("gone")
	s.Path = "/nonexistent/governance-plugin"
	_, err := start(t, s).Call(t.Context(), shell("ls"))
	if err == nil || !strings.Contains(err.Error(), "could not be started") {
		t.Errorf("err = %v", err)
	}
}

// The pool keeps one plugin per configuration.
func TestPool(t *testing.T) {
	t.Parallel()
	pool := pluginhost.NewPool(pluginhost.Options{})
	defer pool.Close()
	a, b := pool.Get(spec("tp")), pool.Get(spec("tp"))
	other := spec("tp")
	other.Timeout = time.Second
	if a != b || pool.Get(other) == a {
		t.Error("the pool does not keep one plugin per configuration")
	}
	if got, err := pool.Caller(spec("tp")).Call(t.Context(), shell("deny x")); err != nil || got.Outcome != engine.Deny {
		t.Errorf("Call = %+v, %v", got, err)
	}
}
