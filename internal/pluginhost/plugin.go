// Package pluginhost runs plugins. It starts a configured plugin's
// executable with hashicorp/go-plugin (checking its checksum when the
// configuration gives one), asks it over gRPC within the plugin's timeout,
// and restarts it with backoff after a crash. The daemon keeps plugins
// warm in a [Pool]; the CLI starts one for a single call.
package pluginhost

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/plugineval"
	"github.com/agentgov/governance/internal/prefixlog"
	"github.com/agentgov/governance/plugins"
)

// Backoff between restarts: it doubles with each failure in a row, from
// firstBackoff up to maxBackoff, and resets after an answer.
const (
	firstBackoff = 50 * time.Millisecond
	maxBackoff   = 30 * time.Second
)

// startTimeout bounds starting a plugin: launching it, the handshake and
// Describe. It is not part of a call's timeout: a plugin that loads a big
// policy may take longer to start than to answer, and once started it
// stays warm.
const startTimeout = 10 * time.Second

// ErrChecksum means the plugin's executable does not have the configured
// checksum: it is not started.
var ErrChecksum = errors.New("its executable does not match the configured sha256")

// Options change how plugins run.
type Options struct {
	// Log receives the plugins' standard error and the host's messages;
	// nil discards them.
	Log io.Writer
}

// Plugin is one configured plugin. It starts on first use and, after a
// crash, again with backoff. It is safe for concurrent use.
type Plugin struct {
	spec engine.PluginSpec
	log  io.Writer

	mu     sync.Mutex
	client *plugin.Client
	ev     plugins.Evaluator
	info   plugins.Info
	// failures counts crashes and failed starts in a row; no start is
	// tried before retryAt.
	failures int
	retryAt  time.Time
	lastErr  error
	starts   int
	lastUsed time.Time
	timer    *time.Timer
	stopped  bool
}

// New returns a plugin for a spec; it starts on first use.
func New(spec engine.PluginSpec, o Options) *Plugin {
	if spec.Timeout <= 0 {
		spec.Timeout = engine.DefaultPluginTimeout
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return &Plugin{spec: spec, log: o.Log}
}

// Call asks the plugin about a request, within the plugin's timeout,
// starting it first when it is not running. A call of a kind the plugin
// does not want has no opinion. The verdict is the plugin's own answer
// (see plugineval.Verdict); errors wrap plugineval.ErrTimeout and
// plugineval.ErrCrashed where they apply.
func (p *Plugin) Call(ctx context.Context, req *engine.Request) (engine.Verdict, error) {
	ctx, cancel := context.WithTimeout(ctx, p.spec.Timeout)
	defer cancel()
	ev, info, err := p.ready(ctx)
	if err != nil {
		return engine.Verdict{}, err
	}
	if !info.Wants(req.Tool.Kind) {
		return engine.Verdict{}, nil
	}
	v, err := ev.Evaluate(ctx, req)
	if err == nil && ctx.Err() != nil {
		// The answer came as the deadline passed: it is late all the same.
		err = ctx.Err()
	}
	if err != nil {
		return engine.Verdict{}, p.failed(ctx, ev, err)
	}
	p.mu.Lock()
	p.failures = 0
	p.mu.Unlock()
	return engine.Verdict{Outcome: v.Outcome, Rule: v.Rule, Message: v.Message, Suggestion: v.Suggestion}, nil
}

// Describe starts the plugin when it is not running and returns what it
// says it is.
func (p *Plugin) Describe(ctx context.Context) (plugins.Info, error) {
	_, info, err := p.ready(ctx)
	return info, err
}

// ready returns the running plugin, starting it when it is not running.
// After a failure no start is tried before the backoff has passed: the
// call waits for it when its deadline allows, and fails otherwise.
func (p *Plugin) ready(ctx context.Context) (plugins.Evaluator, plugins.Info, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lastUsed = time.Now()
	if p.stopped {
		return nil, plugins.Info{}, errors.New("is stopped")
	}
	if p.client != nil && p.client.Exited() {
		// It ended between calls.
		p.down(fmt.Errorf("%w: its process ended", plugineval.ErrCrashed))
	}
	if p.ev != nil {
		return p.ev, p.info, nil
	}
	if wait := time.Until(p.retryAt); wait > 0 {
		if d, ok := ctx.Deadline(); ok && time.Until(d) < wait {
			return nil, plugins.Info{}, fmt.Errorf("is restarting after %v; next attempt in %s", p.lastErr, wait.Round(time.Millisecond))
		}
		p.mu.Unlock()
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
		p.mu.Lock()
		switch {
		case p.stopped:
			return nil, plugins.Info{}, errors.New("is stopped")
		case ctx.Err() != nil:
			return nil, plugins.Info{}, fmt.Errorf("%w while it restarts", plugineval.ErrTimeout)
		}
		if p.ev != nil {
			return p.ev, p.info, nil
		}
	}
	if err := p.start(); err != nil {
		p.failures++
		p.retryAt = time.Now().Add(backoff(p.failures))
		p.lastErr = err
		fmt.Fprintf(p.log, "plugin %s: %v\n", p.spec.Name, err)
		return nil, plugins.Info{}, err
	}
	return p.ev, p.info, nil
}

// start launches the plugin; p.mu is held.
func (p *Plugin) start() error {
	if p.spec.Untrusted {
		return fmt.Errorf("could not be started: %w", plugineval.ErrUntrusted)
	}
	cmd := exec.Command(p.spec.Path, p.spec.Args...)
	cmd.Dir = p.spec.Dir
	cfg := &plugin.ClientConfig{
		HandshakeConfig:  plugins.Handshake,
		Plugins:          plugin.PluginSet{plugins.PluginName: &plugins.GRPCPlugin{}},
		Cmd:              cmd,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		StartTimeout:     startTimeout,
		// The host's own messages say what went wrong; the plugin's
		// standard error goes to the log as it is.
		Logger: hclog.NewNullLogger(),
		Stderr: &prefixlog.Writer{W: p.log, Prefix: "plugin " + p.spec.Name + ": ", Skip: goPluginDebug},
	}
	if p.spec.SHA256 != "" {
		sum, err := hex.DecodeString(p.spec.SHA256)
		if err != nil {
			return fmt.Errorf("could not be started: sha256 %q is not hex", p.spec.SHA256)
		}
		cfg.SecureConfig = &plugin.SecureConfig{Checksum: sum, Hash: sha256.New()}
	}
	client := plugin.NewClient(cfg)
	ev, info, err := connect(client)
	if err != nil {
		client.Kill()
		switch {
		case errors.Is(err, plugin.ErrChecksumsDoNotMatch):
			return fmt.Errorf("could not be started: %w", ErrChecksum)
		case strings.HasPrefix(err.Error(), "Unrecognized remote plugin message"):
			// go-plugin's message lists every cause of a failed handshake;
			// the plugin's own standard error says which.
			return errors.New("could not be started: it exited or printed no handshake (is it a governance plugin? its standard error is in the log)")
		}
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return fmt.Errorf("could not be started: %s", strings.TrimSpace(msg))
	}
	p.client, p.ev, p.info = client, ev, info
	p.starts++
	return nil
}

// connect completes the handshake and asks the plugin to describe itself.
func connect(client *plugin.Client) (plugins.Evaluator, plugins.Info, error) {
	rpc, err := client.Client()
	if err != nil {
		return nil, plugins.Info{}, err
	}
	raw, err := rpc.Dispense(plugins.PluginName)
	if err != nil {
		return nil, plugins.Info{}, err
	}
	ev, ok := raw.(plugins.Evaluator)
	if !ok {
		return nil, plugins.Info{}, fmt.Errorf("it serves %T, not an evaluator", raw)
	}
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	info, err := ev.Describe(ctx)
	if err != nil {
		return nil, plugins.Info{}, fmt.Errorf("describing itself: %v", status.Convert(err).Message())
	}
	return ev, info, nil
}

// failed classifies an error of a call. A timeout leaves the plugin
// running; a broken connection is a crash: the plugin is stopped, and
// started again after the backoff.
func (p *Plugin) failed(ctx context.Context, ev plugins.Evaluator, err error) error {
	code := status.Code(err)
	switch {
	case code == codes.DeadlineExceeded || errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%w (%s)", plugineval.ErrTimeout, p.spec.Timeout)
	case code == codes.Unavailable || code == codes.Canceled && ctx.Err() == nil:
		p.mu.Lock()
		defer p.mu.Unlock()
		crash := fmt.Errorf("%w: %s", plugineval.ErrCrashed, status.Convert(err).Message())
		if p.ev == ev {
			p.down(crash)
		}
		return crash
	}
	return errors.New(status.Convert(err).Message())
}

// down stops a plugin that crashed and schedules its restart after the
// backoff; p.mu is held.
func (p *Plugin) down(cause error) {
	client := p.client
	p.client, p.ev = nil, nil
	p.failures++
	delay := backoff(p.failures)
	p.retryAt = time.Now().Add(delay)
	p.lastErr = cause
	fmt.Fprintf(p.log, "plugin %s: %v; restarting in %s\n", p.spec.Name, cause, delay)
	if client != nil {
		go client.Kill()
	}
	if p.timer != nil {
		p.timer.Stop()
	}
	// Restart before the next call needs it, so that the call finds the
	// plugin warm; a start that fails leaves the next one to a call.
	p.timer = time.AfterFunc(delay, func() {
		ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
		defer cancel()
		p.ready(ctx)
	})
}

func backoff(failures int) time.Duration {
	d := firstBackoff
	for i := 1; i < failures && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}

// Stop ends the plugin's process; the plugin is not started again.
func (p *Plugin) Stop() {
	p.mu.Lock()
	client := p.client
	p.client, p.ev, p.stopped = nil, nil, true
	if p.timer != nil {
		p.timer.Stop()
	}
	p.mu.Unlock()
	if client != nil {
		client.Kill()
	}
}

// Status describes a plugin for listings.
type Status struct {
	Running bool
	Info    plugins.Info
	// Restarts counts starts after the first.
	Restarts int
	// LastError is the newest crash or failed start.
	LastError string
}

// Status reports the plugin's state.
func (p *Plugin) Status() Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := Status{Running: p.ev != nil, Info: p.info, Restarts: max(p.starts-1, 0)}
	if p.lastErr != nil {
		s.LastError = p.lastErr.Error()
	}
	return s
}

// rest ends the plugin's process when it has not been used since before
// t; the next call starts it again.
func (p *Plugin) rest(t time.Time) {
	p.mu.Lock()
	var client *plugin.Client
	if p.client != nil && p.lastUsed.Before(t) {
		client = p.client
		p.client, p.ev = nil, nil
	}
	p.mu.Unlock()
	if client != nil {
		fmt.Fprintf(p.log, "plugin %s: unused for a while, stopped until the next call\n", p.spec.Name)
		client.Kill()
	}
}

// goPluginDebug reports go-plugin's own debug and trace lines, which the
// plugin's standard error carries among the plugin's messages.
func goPluginDebug(line []byte) bool {
	return bytes.HasPrefix(line, []byte(`{"@level":"debug"`)) || bytes.HasPrefix(line, []byte(`{"@level":"trace"`))
}
