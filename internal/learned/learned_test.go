package learned_test

import (
	"context"
	"fmt"
	"iter"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/decisionlog"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/learned"
)

var t0 = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

// logOf is a synthetic decision log: each call a command and who decided
// what ("approved", "denied", "gatekeeper-allow", "rule-deny").
func logOf(calls ...[2]string) iter.Seq2[*decisionlog.Entry, error] {
	return func(yield func(*decisionlog.Entry, error) bool) {
		for i, c := range calls {
			e := &decisionlog.Entry{DecisionID: fmt.Sprintf("d%d", i), Timestamp: t0.Add(time.Duration(i) * time.Minute)}
			e.Input.Cwd, e.Input.ProjectRoot = "/project", "/project"
			e.Input.Tool.Kind, e.Input.Tool.Input.Command = "shell", c[0]
			switch c[1] {
			case "approved":
				e.Result = decisionlog.Result{Decision: "allow", Layer: "approval", Rule: "human-approval",
					Approval: &decisionlog.Approval{ID: "a" + fmt.Sprint(i), State: "approved"}}
			case "denied":
				e.Result = decisionlog.Result{Decision: "deny", Layer: "approval", Rule: "human-approval",
					Approval: &decisionlog.Approval{ID: "a" + fmt.Sprint(i), State: "denied"}}
			case "gatekeeper-allow":
				e.Result = decisionlog.Result{Decision: "allow", Layer: "gatekeeper", Rule: "gatekeeper"}
			case "rule-deny":
				e.Result = decisionlog.Result{Decision: "deny", Layer: "rules", Rule: "some-rule"}
			}
			if !yield(e, nil) {
				return
			}
		}
	}
}

// rule compiles an entry as if approved.
func rule(t *testing.T, e learned.Entry) *engine.Rule {
	t.Helper()
	e.Status = learned.Approved
	spec, err := e.Spec("test")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.CompileRule(spec, engine.ScopeRepo)
	if err != nil {
		t.Fatalf("compile %+v: %v", spec, err)
	}
	if err := r.CheckExamples(); err != nil {
		t.Fatalf("examples: %v", err)
	}
	return r
}

// covers reports the decision an entry gives a command, by itself.
func covers(t *testing.T, e learned.Entry, cmd string) bool {
	t.Helper()
	p := &engine.Policy{Settings: engine.DefaultSettings(), Learned: []*engine.Rule{rule(t, e)}}
	req := &engine.Request{Cwd: "/project", ProjectRoot: "/project", Home: "/home/user",
		Tool: engine.Tool{Kind: engine.KindShell, Input: engine.Input{Command: cmd}}}
	d := engine.NewEngine(p).Decide(context.Background(), req)
	for _, st := range d.Trace {
		if st.Layer == engine.LayerLearned {
			return true
		}
	}
	return false
}

func TestUniformApprovalsYieldOneProposal(t *testing.T) {
	t.Parallel()
	props, err := learned.Mine(logOf(
		[2]string{"npm run build", "approved"}, [2]string{"npm run build -- --watch", "approved"}, // another shape
		[2]string{"npm run build", "approved"}, [2]string{"npm run build", "gatekeeper-allow"},
		[2]string{"npm run build", "approved"},
		[2]string{"npm run build", "approved"}, [2]string{"npm run build", "rule-deny"}, // a policy decision teaches nothing
		[2]string{"make test", "approved"}, // too few
	), learned.MineOptions{Now: t0})
	if err != nil {
		t.Fatal(err)
	}
	if len(props) != 1 || props[0].Pair != nil {
		t.Fatalf("proposals: %+v", props)
	}
	e := props[0].Entry
	if e.Decision != "allow" || e.Status != learned.Pending || e.Provenance != learned.Mined || e.Pattern.Program != "npm" ||
		e.Pattern.Subcommand != "run" || e.Evidence.Allowed != 5 || len(e.Evidence.DecisionIDs) == 0 {
		t.Errorf("proposal: %+v", e)
	}
	if !covers(t, e, "npm run build") {
		t.Error("the proposal does not cover what was approved")
	}
}

func TestGatekeeperDecisionsYieldAPendingGatekeeperEntry(t *testing.T) {
	t.Parallel()
	var calls [][2]string
	for range 5 {
		calls = append(calls, [2]string{"cargo build --release", "gatekeeper-allow"})
	}
	props, err := learned.Mine(logOf(calls...), learned.MineOptions{Now: t0})
	if err != nil {
		t.Fatal(err)
	}
	if len(props) != 1 {
		t.Fatalf("proposals: %+v", props)
	}
	if e := props[0].Entry; e.Provenance != learned.Gatekeeper || e.Status != learned.Pending {
		t.Errorf("an entry mined from gatekeeper decisions only: provenance %q, status %q; want gatekeeper, pending", e.Provenance, e.Status)
	}
}

func TestMixedDecisionsYieldAConditionalPair(t *testing.T) {
	t.Parallel()
	var calls [][2]string
	for _, b := range []string{"main", "feat/a", "feat/b", "fix/c", "main", "docs"} {
		calls = append(calls, [2]string{"git push origin " + b, "approved"})
	}
	calls = append(calls, [2]string{"git push -u origin feat/d", "approved"})
	for _, b := range []string{"main", "feat/a", "release"} {
		calls = append(calls, [2]string{"git push --force origin " + b, "denied"})
	}
	props, err := learned.Mine(logOf(calls...), learned.MineOptions{Now: t0})
	if err != nil {
		t.Fatal(err)
	}
	if len(props) != 1 || props[0].Pair == nil {
		t.Fatalf("want one conditional pair, got %+v", props)
	}
	allow, deny := props[0].Entry, *props[0].Pair
	if !strings.Contains(allow.Reasoning, "--force") || len(deny.Pattern.Flags) != 1 || deny.Pattern.Flags[0] != "--force" ||
		deny.Decision != "deny" || allow.Decision != "allow" {
		t.Errorf("pair:\n allow %+v\n deny  %+v", allow, deny)
	}
	if !covers(t, allow, "git push origin feat/z") || !covers(t, allow, "git push -u origin x") {
		t.Error("the allow entry does not cover approved shapes")
	}
	if covers(t, allow, "git push --force origin feat/z") {
		t.Error("the allow entry covers --force")
	}
	if !covers(t, deny, "git push --force origin feat/z") {
		t.Error("the deny entry misses --force")
	}
	// An option no approval had is not covered.
	if covers(t, allow, "git push --tags origin") || covers(t, allow, "git push --delete origin old") {
		t.Error("the allow entry covers an option nobody approved")
	}
}

func TestProposalsNeverCoverNovelPaths(t *testing.T) {
	t.Parallel()
	var calls [][2]string
	for i := range 5 {
		calls = append(calls, [2]string{fmt.Sprintf("rm -r build/cache%d", i), "approved"})
	}
	props, err := learned.Mine(logOf(calls...), learned.MineOptions{Now: t0})
	if err != nil || len(props) != 1 {
		t.Fatalf("proposals %+v, %v", props, err)
	}
	e := props[0].Entry
	if !covers(t, e, "rm -r build/other") {
		t.Error("build output not covered")
	}
	if covers(t, e, "rm -r src/main.go") || covers(t, e, "rm -r ../elsewhere") {
		t.Errorf("a path class nobody approved is covered: %+v", e.Pattern)
	}
}

// TestReviewAfterClockJump: a review scheduled while the clock ran a
// year ahead is due once the clock is right again, not a year later; so
// is a rule's, and one scheduled as it should be is not.
func TestReviewAfterClockJump(t *testing.T) {
	t.Parallel()
	year := 365 * 24 * time.Hour
	e := learned.Entry{ID: "L1", Status: learned.Approved}
	e.Schedule(t0.Add(year))
	if due, why := e.Due(t0, "ctx"); !due {
		t.Errorf("an entry scheduled a year ahead: not due (%s)", why)
	}
	var r learned.Reviews
	rr := r.Track("no-ls", t0.Add(year))
	if due, why := rr.Due(t0, "ctx"); !due {
		t.Errorf("a rule scheduled a year ahead: not due (%s)", why)
	}
	e.Schedule(t0)
	if due, why := e.Due(t0.Add(time.Hour), "ctx"); due {
		t.Errorf("an entry scheduled now: due (%s)", why)
	}
}

func TestReviewSchedule(t *testing.T) {
	t.Parallel()
	e := learned.Entry{ID: "L1", Status: learned.Approved}
	e.Schedule(t0)
	day := 24 * time.Hour
	ctx := "ctx-1"
	if due, _ := e.Due(t0.Add(6*day), ctx); due {
		t.Error("due before a week")
	}
	now := t0
	var got []int
	for range 9 {
		now = e.NextReview
		if due, _ := e.Due(now, ctx); !due {
			t.Fatalf("not due at %s", now)
		}
		if err := e.Apply(learned.Confirm, "alice", "", now, ctx); err != nil {
			t.Fatal(err)
		}
		got = append(got, int(e.NextReview.Sub(now)/day))
	}
	want := []int{14, 30, 60, 120, 240, 365, 365, 365, 365}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("intervals after each confirmation: got %v, want %v (a year at most, never infinite)", got, want)
	}
	if err := e.Apply(learned.Modify, "bob", "narrowed", now, ctx); err != nil {
		t.Fatal(err)
	}
	if int(e.NextReview.Sub(now)/day) != 7 {
		t.Errorf("modify did not restart the schedule: next review in %s", e.NextReview.Sub(now))
	}
	if due, why := e.Due(now.Add(day), "ctx-2"); !due || !strings.Contains(why, "context changed") {
		t.Errorf("a changed context: due %v (%s)", due, why)
	}
	if err := e.Apply(learned.Retire, "bob", "", now, ctx); err != nil {
		t.Fatal(err)
	}
	if due, _ := e.Due(now.Add(400*day), ctx); due || e.Status != learned.Retired {
		t.Errorf("a retired entry is still scheduled: %+v", e)
	}
	if e.Confirmations() != 9 || len(e.Reviews) != 11 {
		t.Errorf("history: %d confirmations, %d reviews", e.Confirmations(), len(e.Reviews))
	}
}

// TestProposalsCoverWhatWasApproved: five approvals of make release with
// a varying V teach make release with a numeric V, never make itself.
func TestProposalsCoverWhatWasApproved(t *testing.T) {
	t.Parallel()
	var calls [][2]string
	for i := 1; i <= 5; i++ {
		calls = append(calls, [2]string{fmt.Sprintf("make release V=%d", i), "approved"})
	}
	calls = append(calls, [2]string{"make destroy-production", "denied"}, [2]string{"make release V=9 EXTRA=1", "rule-deny"},
		[2]string{"make release V=3", "approved"})
	props, err := learned.Mine(logOf(calls...), learned.MineOptions{Now: t0})
	if err != nil || len(props) != 1 || props[0].Pair != nil {
		t.Fatalf("proposals %+v, %v", props, err)
	}
	e := props[0].Entry
	if e.Pattern.Positionals == nil || fmt.Sprint(*e.Pattern.Positionals) != "[release V=<number>]" {
		t.Errorf("positionals: %v", e.Pattern.Positionals)
	}
	for _, c := range []struct {
		cmd  string
		want bool
	}{
		{"make release V=1", true},
		{"make release V=5", true},
		{"make release V=7", true}, // V varied over numbers: another number is within what was approved
		{"make destroy-production", false},
		{"make", false},
		{"make release", false},
		{"make release V=1 destroy-production", false},
		{"make destroy-production V=1", false},
		{"make release V='$(shell rm -rf ~)'", false},
		{"make release W=1", false},
		{"make -k release V=1", false},
	} {
		if got := covers(t, e, c.cmd); got != c.want {
			t.Errorf("%q covered: %v, want %v", c.cmd, got, c.want)
		}
	}
	r, err := learned.BlastRadius(e, logOf(calls...))
	if err != nil {
		t.Fatal(err)
	}
	if r.Count != 0 || len(r.Calls) != 0 {
		t.Errorf("blast radius of an entry no wider than its approvals: %+v", r)
	}
}

func TestProposalsOverVaryingPaths(t *testing.T) {
	t.Parallel()
	var calls [][2]string
	for i := range 5 {
		calls = append(calls, [2]string{fmt.Sprintf("touch build/stamp%d", i), "approved"})
	}
	calls = append(calls, [2]string{"touch src/main.go", "denied"}, [2]string{"touch build/other", "rule-deny"})
	props, err := learned.Mine(logOf(calls...), learned.MineOptions{Now: t0})
	if err != nil || len(props) != 1 {
		t.Fatalf("proposals %+v, %v", props, err)
	}
	e := props[0].Entry
	if props[0].Pair == nil || fmt.Sprint(*e.Pattern.Positionals) != "[<path>]" {
		t.Fatalf("want a pair split by path class with a path place, got %+v / %v", props[0], e.Pattern.Positionals)
	}
	for _, c := range []struct {
		cmd  string
		want bool
	}{
		{"touch build/stamp9", true},
		{"touch build/x build/y", false}, // one path was approved at a time
		{"touch src/main.go", false},
		{"touch ../elsewhere", false},
		{"touch ~/.bashrc", false},
	} {
		if got := covers(t, e, c.cmd); got != c.want {
			t.Errorf("%q covered: %v, want %v", c.cmd, got, c.want)
		}
	}
	// The rule-denied call is within the path class: the blast radius
	// shows it.
	r, err := learned.BlastRadius(e, logOf(calls...))
	if err != nil {
		t.Fatal(err)
	}
	if r.Count != 1 || len(r.Calls) != 1 || r.Calls[0] != "touch build/other" {
		t.Errorf("blast radius: %+v", r)
	}
}
