package gatekeeper

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// Gatekeeper is the LLM gatekeeper as an engine evaluator (layer 4). The
// engine consults it only on calls that layers 0 to 3 leave undecided.
// It never returns an error: every failure is a verdict that fails closed.
type Gatekeeper struct {
	Config Config
	// StateDir holds the cache, the budget and the calls log.
	StateDir string
	// NewModel makes the model (ProcessModels in the hook, package
	// provider in the daemon and the CLI).
	NewModel NewModel
	// Getenv reads the environment the API key comes from.
	Getenv func(string) string
	// LookupEnv reads the environment calls run in, for the variables a
	// command expands; nil means unknown.
	LookupEnv func(string) (string, bool)
	Now       func() time.Time
	// Git runs git for the facts; nil runs the git on PATH.
	Git GitRunner
	// Warn reports state that could not be written (cache, calls log); it
	// never changes a decision.
	Warn func(error)
	// Policy is the policy the request is analysed with (for the simple
	// commands and the path classes); nil means the default one.
	Policy *engine.Policy
}

// Env is what a gatekeeper takes from the process it runs in: the
// fields of the same names in [Gatekeeper].
type Env struct {
	StateDir  string
	NewModel  NewModel
	Getenv    func(string) string
	LookupEnv func(string) (string, bool)
	Now       func() time.Time
	Warn      func(error)
}

// New returns the gatekeeper a policy's settings configure, whether they
// turn it on or not.
func New(pol *engine.Policy, env Env) *Gatekeeper {
	return &Gatekeeper{Config: FromSettings(pol.Settings.Gatekeeper), Policy: pol, StateDir: env.StateDir,
		NewModel: env.NewModel, Getenv: env.Getenv, LookupEnv: env.LookupEnv, Now: env.Now, Warn: env.Warn}
}

// Evaluators returns the gatekeeper as an engine's evaluators when the
// policy's settings turn it on; nil when they do not, or when the policy
// did not load.
func Evaluators(pol *engine.Policy, env Env) []engine.Evaluator {
	if !pol.Settings.Gatekeeper.Enabled || pol.Err != nil {
		return nil
	}
	return []engine.Evaluator{New(pol, env)}
}

// Name implements governance.Evaluator.
func (g *Gatekeeper) Name() string { return engine.LayerGatekeeper }

func (g *Gatekeeper) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

func (g *Gatekeeper) warn(err error) {
	if err != nil && g.Warn != nil {
		g.Warn(err)
	}
}

// Evaluate implements governance.Evaluator: it asks the model about a
// call, or takes the answer from the cache, and records the call.
func (g *Gatekeeper) Evaluate(ctx context.Context, req *engine.Request) (engine.Verdict, error) {
	cfg := g.Config
	if !cfg.Decides(req.Tool.Kind) {
		return engine.Verdict{}, nil
	}
	q := g.describe(ctx, req)
	hash := Hash(q.key)
	call := &Call{Time: g.now().UTC(), Provenance: Provenance, RequestHash: hash, PolicyVersion: q.version,
		Model: cfg.Describe(), Kind: string(req.Tool.Kind), Subject: q.subject, Harness: req.Harness,
		Session: req.SessionID, Agent: req.Agent, ProjectRoot: req.ProjectRoot, Cwd: req.Cwd}
	finish := func(v engine.Verdict) (engine.Verdict, error) {
		v.Layer, v.Source, v.Subject = engine.LayerGatekeeper, g.source(hash), q.subject
		call.Outcome = v.Outcome.String()
		if g.StateDir != "" {
			g.warn(call.Append(CallsPath(g.StateDir)))
		}
		return v, nil
	}
	fail := func(why string) (engine.Verdict, error) {
		call.Decision, call.Error = "error", why
		return finish(unavailable(why))
	}

	cache := g.cache()
	if a, model, ok := cache.Get(q.key); ok {
		call.Cached, call.Model = true, model
		call.record(a)
		return finish(verdict(a, cfg.MinConfidence))
	}
	if cfg.PerHour > 0 || cfg.PerDay > 0 {
		if g.StateDir == "" {
			return fail("there is no state folder to keep its budget in (set HOME or XDG_STATE_HOME)")
		}
		if err := Reserve(filepath.Join(g.StateDir, "gatekeeper", "budget.json"), g.now(), cfg.PerHour, cfg.PerDay); err != nil {
			return fail(err.Error())
		}
	}
	_, latency, a, err := g.ask(ctx, q.prompt)
	call.LatencyMS = float64(latency.Microseconds()) / 1000
	if err != nil {
		return fail(err.Error())
	}
	call.record(a)
	g.warn(cache.Put(q.key, cfg.Describe(), a))
	return finish(verdict(a, cfg.MinConfidence))
}

// describe builds the prompt and the cache key of a request: the facts
// are computed, nothing is asked.
func (g *Gatekeeper) describe(ctx context.Context, req *engine.Request) request {
	e := &engine.Engine{Policy: g.Policy, LookupEnv: g.LookupEnv}
	cmds, files := e.Targets(req)
	facts := ComputeFacts(ctx, req.ProjectRoot, files, g.Git)
	return describe(g.Config, req, cmds, facts)
}

// Trial is one request put to the model by [Gatekeeper.Try].
type Trial struct {
	Prompt Prompt
	// RequestHash names the request, as the calls log does.
	RequestHash string
	// Text is the model's answer as given; Err why there is no Answer.
	Text    string
	Answer  Answer
	Err     error
	Latency time.Duration
	// Verdict is what the layer would decide.
	Verdict engine.Verdict
}

// Try puts a request to the model as Evaluate would, but reads and
// writes no state: no cache, no budget, no calls log. It is the dry run
// of `governance gatekeeper test`.
func (g *Gatekeeper) Try(ctx context.Context, req *engine.Request) *Trial {
	q := g.describe(ctx, req)
	t := &Trial{Prompt: q.prompt, RequestHash: Hash(q.key)}
	t.Text, t.Latency, t.Answer, t.Err = g.ask(ctx, q.prompt)
	if t.Err != nil {
		t.Verdict = unavailable(t.Err.Error())
	} else {
		t.Verdict = verdict(t.Answer, g.Config.MinConfidence)
	}
	t.Verdict.Layer, t.Verdict.Source, t.Verdict.Subject = engine.LayerGatekeeper, g.source(t.RequestHash), q.subject
	return t
}

// ask makes the model and puts the prompt to it. It returns the model's
// text and how long it took, and the answer or why there is none.
func (g *Gatekeeper) ask(ctx context.Context, p Prompt) (string, time.Duration, Answer, error) {
	if g.NewModel == nil {
		return "", 0, Answer{}, errors.New("no model is available in this process")
	}
	getenv := g.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	m, err := g.NewModel(g.Config, getenv)
	if err != nil {
		return "", 0, Answer{}, err
	}
	text, latency, err := complete(ctx, m, p, g.Config.Timeout)
	a, err := interpret(ctx, g.Config, text, err)
	return text, latency, a, err
}

// source names the model and the request in a verdict.
func (g *Gatekeeper) source(hash string) string { return g.Config.Describe() + "#" + hash[:12] }

// interpret turns what the model returned into an answer, or into the
// reason there is none.
func interpret(ctx context.Context, cfg Config, text string, err error) (Answer, error) {
	switch {
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		return Answer{}, fmt.Errorf("%s did not answer within %s", cfg.Describe(), cfg.Timeout)
	case err != nil:
		return Answer{}, fmt.Errorf("%s failed: %w", cfg.Describe(), err)
	}
	a, err := ParseAnswer(text)
	if err != nil {
		return Answer{}, fmt.Errorf("the answer of %s does not keep the answer contract: %w", cfg.Describe(), err)
	}
	return a, nil
}

func (g *Gatekeeper) cache() *Cache {
	if g.StateDir == "" {
		return nil
	}
	return &Cache{Dir: filepath.Join(g.StateDir, "gatekeeper", "cache"), TTL: g.Config.CacheTTL, Now: g.Now}
}

// complete asks the model, within the timeout.
func complete(ctx context.Context, m Model, p Prompt, timeout time.Duration) (string, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	start := time.Now()
	text, err := m.Complete(ctx, p)
	if ctx.Err() != nil {
		// Past the deadline, whatever came back is not an answer.
		return "", time.Since(start), ctx.Err()
	}
	return text, time.Since(start), err
}

func (c *Call) record(a Answer) {
	c.Decision, c.Reason = a.Decision, a.Reason
	if a.HasConfidence {
		conf := a.Confidence
		c.Confidence = &conf
	}
}

// verdict is the layer's verdict on an answer. An allow that is not
// confident enough goes to a human.
func verdict(a Answer, minConfidence float64) engine.Verdict {
	reason := engine.Sanitize(a.Reason)
	switch a.Decision {
	case Allow:
		if a.HasConfidence && a.Confidence < minConfidence {
			return engine.Verdict{Outcome: engine.Ask, Rule: "gatekeeper-unsure",
				Message: fmt.Sprintf("The gatekeeper model would allow this call, but with confidence %.2f, below the %.2f required: %s",
					a.Confidence, minConfidence, reason),
				Suggestion: "Approve it if it is expected; to stop being asked, add an allow rule under .governance/rules/."}
		}
		return engine.Verdict{Outcome: engine.Allow, Rule: "gatekeeper-allow",
			Message: "The gatekeeper model allowed this call: " + reason}
	case Deny:
		return engine.Verdict{Outcome: engine.Deny, Rule: "gatekeeper-deny",
			Message:    "The gatekeeper model judged this call unsafe: " + reason,
			Suggestion: "Do the task another way, or ask the user to run this themselves or to add a rule that allows it."}
	}
	return engine.Verdict{Outcome: engine.Ask, Rule: "gatekeeper-escalate",
		Message:    "The gatekeeper model wants a person to decide this call: " + reason,
		Suggestion: "Approve it if it is expected; to stop being asked, add an allow rule under .governance/rules/."}
}

// unavailable is the verdict when the gatekeeper could not decide: an
// ask, which becomes a deny where no human can answer.
func unavailable(why string) engine.Verdict {
	return engine.Verdict{Outcome: engine.Ask, Rule: "gatekeeper-unavailable",
		Message: "The gatekeeper could not decide this call: " + engine.Sanitize(why) +
			". It fails closed, so a person must decide.",
		Suggestion: "Approve it if it is expected. To find what goes wrong, run `governance gatekeeper test -- CMD`."}
}
