package pipeline_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/snapshot"
)

// newPipeline is a pipeline over the built-in policy of a fresh project,
// changed by edit.
func newPipeline(t *testing.T, edit func(*engine.Policy)) *pipeline.Pipeline {
	t.Helper()
	dir := t.TempDir()
	p := layout.Paths{ProjectRoot: filepath.Join(dir, "project"), StateDir: filepath.Join(dir, "state"),
		UserDir: filepath.Join(dir, "config"), Home: filepath.Join(dir, "home")}
	for _, d := range []string{p.ProjectRoot, p.StateDir, p.UserDir, p.Home} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	pol := snapshot.Builtin(p).Policy()
	if edit != nil {
		edit(pol)
	}
	return pipeline.New(pipeline.Options{Policy: pol, Paths: p, Label: "test", Env: pipeline.Env{Warn: func(err error) { t.Error(err) }}})
}

func shellCall(p *pipeline.Pipeline, cmd string, mode pipeline.Mode) pipeline.Call {
	req := &engine.Request{Harness: "test", Cwd: p.Paths.ProjectRoot, ProjectRoot: p.Paths.ProjectRoot, Home: p.Paths.Home,
		SessionID: "s1", ToolUseID: "t-" + cmd, Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash",
			Input: engine.Input{Command: cmd}}}
	return pipeline.Call{Request: req, Mode: mode, CanAsk: true}
}

// logged returns the commands of the decision log's entries.
func logged(t *testing.T, p *pipeline.Pipeline) []string {
	t.Helper()
	f, err := os.Open(p.Paths.DecisionLog())
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// TestModes checks what each mode does besides deciding: Explain logs
// nothing, Report logs, Enforce logs and counts the call against its
// role's budget.
func TestModes(t *testing.T) {
	p := newPipeline(t, func(pol *engine.Policy) {
		pol.Roles = []engine.Role{{Name: engine.RoleAI, Limits: engine.RateLimits{PerMinute: 1}}}
	})
	ctx := context.Background()
	for _, mode := range []pipeline.Mode{pipeline.Explain, pipeline.Report, pipeline.Report} {
		if r := p.Decide(ctx, shellCall(p, "ls", mode)); r.Decision.Outcome != engine.Allow || r.Counted {
			t.Fatalf("mode %d: %s, counted %v", mode, r.Decision.Outcome, r.Counted)
		}
	}
	if n := len(logged(t, p)); n != 2 {
		t.Fatalf("explain and two reports logged %d entries, want 2", n)
	}
	// Reports count nothing: the one call a minute is still there.
	if r := p.Decide(ctx, shellCall(p, "ls", pipeline.Enforce)); r.Decision.Outcome != engine.Allow {
		t.Fatalf("first enforced call: %s %s", r.Decision.Outcome, r.Decision.Message)
	}
	r := p.Decide(ctx, shellCall(p, "ls", pipeline.Enforce))
	if r.Decision.Outcome != engine.Deny || r.Decision.Rule != "rate-limit" || !strings.Contains(r.Decision.Message, "Retry in") {
		t.Fatalf("second enforced call in the minute: %s %s %q", r.Decision.Outcome, r.Decision.Rule, r.Decision.Message)
	}
	if n := len(logged(t, p)); n != 4 {
		t.Fatalf("%d entries logged, want 4", n)
	}
}

// TestLogOnly checks that log-only mode records what it would block and
// lets the harness decide, and that a configuration error still blocks.
func TestLogOnly(t *testing.T) {
	p := newPipeline(t, func(pol *engine.Policy) { pol.Settings.LogOnly = true })
	r := p.Decide(context.Background(), shellCall(p, "rm -rf /", pipeline.Enforce))
	if r.Logged.Outcome != engine.Deny || r.Enforced || r.Decision.Outcome != engine.Defer || r.Decision.Rule != r.Logged.Rule {
		t.Fatalf("log-only deny: decision %s, logged %s, enforced %v", r.Decision.Outcome, r.Logged.Outcome, r.Enforced)
	}
	if l := logged(t, p); len(l) != 1 || !strings.Contains(l[0], `"enforced":false`) {
		t.Fatalf("the log: %q", l)
	}

	broken := newPipeline(t, func(pol *engine.Policy) {
		pol.Settings.LogOnly = true
		pol.Err = errors.New("config.yaml:3: not a setting")
	})
	r = broken.Decide(context.Background(), shellCall(broken, "ls", pipeline.Enforce))
	if r.Decision.Outcome != engine.Deny || !r.Enforced {
		t.Fatalf("log-only with a broken configuration: %s, enforced %v", r.Decision.Outcome, r.Enforced)
	}
}

// TestApprovals checks the approval queue: a call no layer decides, from
// a caller that cannot ask, waits for a person; an answer lets it through
// or blocks it; no answer in time blocks it naming the item; a cancelled
// call withdraws its item.
func TestApprovals(t *testing.T) {
	p := newPipeline(t, nil)
	store := approvals.Open(p.Paths.StateDir)
	call := func(cmd string) pipeline.Call {
		c := shellCall(p, cmd, pipeline.Enforce)
		c.CanAsk, c.DeferAsAsk = false, true
		c.Wait, c.Poll = 3*time.Second, 5*time.Millisecond
		return c
	}
	answer := func(approve bool) *pipeline.Follow {
		return &pipeline.Follow{Filed: func(it *approvals.Item, _ time.Duration) {
			go func() {
				if _, err := store.Answer(it.ID, approve, "tester (test)", "not now", false); err != nil {
					t.Error(err)
				}
			}()
		}}
	}

	c := call("git push origin main")
	c.Follow = answer(true)
	r := p.Decide(context.Background(), c)
	if r.Decision.Outcome != engine.Allow || r.Decision.Approval == nil || r.Decision.Approval.State != engine.ApprovalApproved {
		t.Fatalf("approved: %s %+v", r.Decision.Outcome, r.Decision.Approval)
	}

	c = call("git push origin release")
	c.Follow = answer(false)
	r = p.Decide(context.Background(), c)
	if r.Decision.Outcome != engine.Deny || r.Decision.Approval.State != engine.ApprovalDenied || !strings.Contains(r.Decision.Message, "not now") {
		t.Fatalf("denied: %s %+v %q", r.Decision.Outcome, r.Decision.Approval, r.Decision.Message)
	}

	c = call("git push origin topic")
	c.Wait = 30 * time.Millisecond
	r = p.Decide(context.Background(), c)
	if r.Decision.Outcome != engine.Deny || r.Decision.Approval.State != engine.ApprovalWaiting ||
		!strings.Contains(r.Decision.Message, r.Decision.Approval.ID) {
		t.Fatalf("unanswered: %s %+v %q", r.Decision.Outcome, r.Decision.Approval, r.Decision.Message)
	}

	ctx, cancel := context.WithCancel(context.Background())
	c = call("git push origin other")
	withdrawn := make(chan string, 1)
	c.Follow = &pipeline.Follow{Filed: func(*approvals.Item, time.Duration) { cancel() },
		Withdrawn: func(it *approvals.Item) { withdrawn <- it.ID }}
	r = p.Decide(ctx, c)
	if r.Decision.Outcome != engine.Deny || r.Decision.Approval.State != engine.ApprovalWithdrawn {
		t.Fatalf("cancelled: %s %+v", r.Decision.Outcome, r.Decision.Approval)
	}
	it, err := store.Get(<-withdrawn)
	if err != nil || it.Status != approvals.Withdrawn {
		t.Fatalf("the withdrawn item: %+v %v", it, err)
	}

	// A caller that can ask its user keeps the ask.
	c = shellCall(p, "git push origin main", pipeline.Enforce)
	c.DeferAsAsk = true
	if r := p.Decide(context.Background(), c); r.Decision.Outcome != engine.Ask || r.Decision.Approval != nil {
		t.Fatalf("a caller that can ask: %s %+v", r.Decision.Outcome, r.Decision.Approval)
	}
}

// TestTimeout checks that an evaluator that does not answer in time
// denies the call with governance.ErrTimeout.
func TestTimeout(t *testing.T) {
	p := newPipeline(t, nil)
	p.Evaluators.Extra = []engine.Evaluator{stuck{}}
	c := shellCall(p, "git push origin main", pipeline.Explain)
	c.Timeout = 20 * time.Millisecond
	r := p.Decide(context.Background(), c)
	if r.Decision.Outcome != engine.Deny || !errors.Is(r.Decision.Err, engine.ErrTimeout) {
		t.Fatalf("%s %v", r.Decision.Outcome, r.Decision.Err)
	}
}

// stuck is an evaluator that answers only when its context ends.
type stuck struct{}

func (stuck) Name() string { return "stuck" }

func (stuck) Evaluate(ctx context.Context, req *engine.Request) (engine.Verdict, error) {
	<-ctx.Done()
	return engine.Verdict{}, ctx.Err()
}
