package pipeline_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/pipeline"
)

// TestConfine: the step after the engine runs a shell call the analysis
// could not prove through the launcher (unknown-effects), and under
// confine: auto a proven read-only allow too (read-only); decisions of
// rules stay; where the call cannot be confined, an attended session
// keeps the engine's decision and an unwatched one needs a person.
func TestConfine(t *testing.T) {
	t.Parallel()
	const launcher = "/opt/gov/bin/governance-confine"
	canConfine := func() (string, error) { return launcher, nil }
	cannot := func() (string, error) { return "", errors.New("no bubblewrap on PATH") }
	tests := []struct {
		name      string
		mode      engine.ConfineMode
		logOnly   bool
		cmd       string
		confiner  func() (string, error)
		rewrites  bool
		unwatched bool
		repo      bool
		want      engine.Outcome
		wantKind  string
		queued    bool
	}{
		{name: "unknown effects run confined", mode: engine.ConfineUnknown, cmd: "frobnicate --all", confiner: canConfine,
			rewrites: true, unwatched: true, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
		{name: "attended, in a folder that is no repository: the defer, the harness asks its user", mode: engine.ConfineAuto,
			cmd: "frobnicate --all", confiner: canConfine, rewrites: true, want: engine.Defer},
		{name: "attended, in a git work tree: confined, a checkpoint required", mode: engine.ConfineUnknown, repo: true,
			cmd: "frobnicate --all", confiner: canConfine, rewrites: true, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
		{name: "a compound with an unknown part", mode: engine.ConfineUnknown, cmd: "ls && frobnicate", confiner: canConfine,
			rewrites: true, unwatched: true, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
		{name: "a proven read-only allow stays an allow by default", mode: engine.ConfineUnknown, cmd: "ls -la", confiner: canConfine,
			rewrites: true, want: engine.Allow},
		{name: "auto confines a proven read-only allow", mode: engine.ConfineAuto, cmd: "ls -la", confiner: canConfine,
			rewrites: true, want: engine.Confined, wantKind: pipeline.KindReadOnly},
		{name: "auto confines unknown effects too", mode: engine.ConfineAuto, cmd: "frobnicate", confiner: canConfine,
			rewrites: true, unwatched: true, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
		{name: "off keeps the defer", mode: engine.ConfineOff, cmd: "frobnicate", confiner: canConfine, rewrites: true,
			unwatched: true, want: engine.Defer},
		{name: "log-only confines nothing", mode: engine.ConfineAuto, logOnly: true, cmd: "frobnicate", confiner: canConfine,
			rewrites: true, want: engine.Defer},
		{name: "a deny stays a deny", mode: engine.ConfineAuto, cmd: "cat ~/.ssh/id_rsa", confiner: canConfine, rewrites: true,
			want: engine.Deny},
		{name: "attended, the machine cannot confine: defer as before", mode: engine.ConfineUnknown, cmd: "frobnicate",
			confiner: cannot, rewrites: true, want: engine.Defer},
		{name: "no confiner: the caller confines nothing", mode: engine.ConfineUnknown, cmd: "frobnicate", rewrites: true,
			unwatched: true, want: engine.Defer},
		{name: "unwatched, the machine cannot confine: the queue", mode: engine.ConfineUnknown, cmd: "frobnicate",
			confiner: cannot, rewrites: true, unwatched: true, queued: true},
		{name: "unwatched, the caller cannot rewrite: the queue", mode: engine.ConfineUnknown, cmd: "frobnicate",
			confiner: canConfine, unwatched: true, queued: true},
		{name: "unwatched, a proven read-only call that cannot be confined runs", mode: engine.ConfineAuto, cmd: "ls",
			confiner: cannot, rewrites: true, unwatched: true, want: engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPipeline(t, func(pol *engine.Policy) {
				pol.Settings.Confine, pol.Settings.LogOnly = tt.mode, tt.logOnly
			})
			p.Env.Confiner = tt.confiner
			if tt.repo {
				if err := os.Mkdir(filepath.Join(p.Paths.ProjectRoot, ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			c := shellCall(p, tt.cmd, pipeline.Enforce)
			c.Rewrites, c.Unwatched = tt.rewrites, tt.unwatched
			c.Wait, c.Poll = time.Millisecond, time.Millisecond
			r := p.Decide(context.Background(), c)
			d := r.Decision
			if tt.queued {
				if d.Approval == nil || d.Approval.State != engine.ApprovalWaiting || !d.Outcome.Blocks() && d.Outcome != engine.Ask {
					t.Fatalf("decision %s (%s/%s), approval %+v: want a call waiting in the approval queue", d.Outcome, d.Layer, d.Rule, d.Approval)
				}
				return
			}
			if d.Outcome != tt.want {
				t.Fatalf("decision %s (%s/%s: %s), want %s", d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
			}
			if tt.wantKind == "" {
				if d.Confinement != nil {
					t.Fatalf("a %s carries a confinement %+v", d.Outcome, d.Confinement)
				}
				return
			}
			cf := d.Confinement
			if cf == nil || cf.Kind != tt.wantKind || cf.Original != tt.cmd {
				t.Fatalf("confinement %+v, want kind %s of %q", cf, tt.wantKind, tt.cmd)
			}
			argv := launcher + " --kind " + tt.wantKind + " --project " + p.Paths.ProjectRoot
			if tt.wantKind == pipeline.KindUnknownEffects {
				// A call that may write the project is checkpointed first,
				// under the ID the decision is logged with.
				if cf.Decision == "" {
					t.Fatalf("a call of unknown effects names no decision: %+v", cf)
				}
				argv += " --decision " + cf.Decision
				if !tt.unwatched {
					// A person watches: no checkpoint, no run.
					argv += " --require-checkpoint"
				}
			} else if cf.Decision != "" {
				t.Errorf("a read-only call names a decision to checkpoint: %+v", cf)
			}
			if !strings.HasPrefix(cf.Command, argv+" -- bash -c ") {
				t.Errorf("rewritten command %s does not run the launcher as %s", cf.Command, argv)
			}
			if !strings.Contains(d.Message, "governance run --why") || !strings.Contains(d.Message, tt.cmd) {
				t.Errorf("the agent's note %q does not say how to ask for more", d.Message)
			}
			lines := logged(t, p)
			if len(lines) != 1 {
				t.Fatalf("%d log entries, want 1", len(lines))
			}
			var e struct {
				DecisionID string `json:"decision_id"`
				Result     struct{ Decision, Confine string }
			}
			if err := json.Unmarshal([]byte(lines[0]), &e); err != nil {
				t.Fatal(err)
			}
			if e.Result.Decision != "confined" || e.Result.Confine != tt.wantKind {
				t.Errorf("logged %+v, want confined with profile %s", e.Result, tt.wantKind)
			}
			if cf.Decision != "" && e.DecisionID != cf.Decision {
				t.Errorf("logged as decision %s, and the launcher checkpoints under %s", e.DecisionID, cf.Decision)
			}
		})
	}
}

// TestConfineQuotes: the rewritten command, run by a shell as a harness
// runs it, hands the launcher the original command as one word, whatever
// quotes and expansions it holds, and the project and launcher paths
// as they are.
func TestConfineQuotes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// A stand-in launcher in a folder with a space and a quote in its
	// name, which prints its arguments one a line.
	bin := filepath.Join(dir, "it's bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	launcher := filepath.Join(bin, "governance-confine")
	if err := os.WriteFile(launcher, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := newPipeline(t, nil)
	p.Env.Confiner = func() (string, error) { return launcher, nil }
	for _, cmd := range []string{`frobnicate 'a b' "$HOME" "it's"`, "frobnicate $(id -u) `id` ; echo \"x\ny\"", `frobnicate \\ '\'`} {
		c := shellCall(p, cmd, pipeline.Explain)
		c.Rewrites, c.Unwatched = true, true
		d := p.Decide(context.Background(), c).Decision
		if d.Outcome != engine.Confined {
			t.Fatalf("%s: decision %s, want confined", cmd, d.Outcome)
		}
		out, err := exec.Command("sh", "-c", d.Confinement.Command).Output()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Join([]string{"--kind", "unknown-effects", "--project", p.Paths.ProjectRoot, "--decision", d.Confinement.Decision, "--", "bash", "-c", cmd}, "\n") + "\n"
		if string(out) != want {
			t.Errorf("%s: the launcher got\n%s\nwant\n%s", cmd, out, want)
		}
	}
}

// TestConfineNamesHarness: the rewrite names the harness that made the
// call, a hook's dialect, for the launcher to hold its settings
// (--harness); a caller that is no harness's dialect names none, and the
// launcher holds every harness's.
func TestConfineNamesHarness(t *testing.T) {
	t.Parallel()
	const launcher = "/opt/gov/bin/governance-confine"
	p := newPipeline(t, nil)
	p.Env.Confiner = func() (string, error) { return launcher, nil }
	for harness, want := range map[string]string{
		"claude": " --harness claude ", "codex": " --harness codex ", "gemini": " --harness gemini ",
		"cursor": " --harness cursor ", "copilot": " --harness copilot ", "opencode": " --harness opencode ",
		"test": "", "run": "", "": "",
	} {
		c := shellCall(p, "frobnicate", pipeline.Enforce)
		c.Request.Harness = harness
		c.Rewrites, c.Unwatched = true, true
		d := p.Decide(context.Background(), c).Decision
		if d.Confinement == nil {
			t.Fatalf("%s: decision %s, want confined", harness, d.Outcome)
		}
		prefix := launcher + " --kind unknown-effects --project " + p.Paths.ProjectRoot + want
		if want == "" {
			prefix += " --decision "
		}
		if !strings.HasPrefix(d.Confinement.Command, prefix) {
			t.Errorf("harness %q: rewritten command %s, want it to start %q", harness, d.Confinement.Command, prefix)
		}
	}
}

// TestConfineHazard: an install whose git hook manager writes git's
// configuration, which a confinement keeps read-only, is not confined:
// where nobody watches, a person decides; where a person watches, the
// harness asks, as before. Without scripts, or without a hook manager,
// it runs confined.
func TestConfineHazard(t *testing.T) {
	t.Parallel()
	canConfine := func() (string, error) { return "/opt/gov/bin/governance-confine", nil }
	for _, tc := range []struct {
		name, pkg, cmd string
		unwatched      bool
		want           engine.Outcome
		queued         bool
	}{
		{name: "husky from prepare, unwatched", pkg: `{"scripts":{"prepare":"husky"}}`, cmd: "npm install", unwatched: true, queued: true},
		{name: "lefthook installed, unwatched", pkg: `{"devDependencies":{"lefthook":"^1.5.0"}}`, cmd: "pnpm install", unwatched: true, queued: true},
		{name: "husky from prepare, watched", pkg: `{"scripts":{"prepare":"husky"}}`, cmd: "npm ci", want: engine.Defer},
		{name: "no scripts run", pkg: `{"scripts":{"prepare":"husky"}}`, cmd: "npm install --ignore-scripts", unwatched: true, want: engine.Confined},
		{name: "a script that is not an install's", pkg: `{"scripts":{"prepare":"husky"}}`, cmd: "npm run build", unwatched: true, want: engine.Confined},
		{name: "no hook manager", pkg: `{"scripts":{"prepare":"tsc"},"devDependencies":{"husky":"^9.1.0"}}`, cmd: "npm install", unwatched: true, want: engine.Confined},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := newPipeline(t, nil)
			if err := os.WriteFile(filepath.Join(p.Paths.ProjectRoot, "package.json"), []byte(tc.pkg), 0o644); err != nil {
				t.Fatal(err)
			}
			p.Env.Confiner = canConfine
			c := shellCall(p, tc.cmd, pipeline.Enforce)
			c.Rewrites, c.Unwatched = true, tc.unwatched
			c.Wait, c.Poll = time.Millisecond, time.Millisecond
			d := p.Decide(context.Background(), c).Decision
			if tc.queued {
				if d.Rule != "confine-hazard" || d.Approval == nil || d.Approval.State != engine.ApprovalWaiting ||
					!strings.Contains(d.Message, "package.json names") {
					t.Fatalf("decision %s (%s/%s: %s), approval %+v: want a call waiting for a person, its hook manager named",
						d.Outcome, d.Layer, d.Rule, d.Message, d.Approval)
				}
				return
			}
			if d.Outcome != tc.want {
				t.Fatalf("decision %s (%s/%s: %s), want %s", d.Outcome, d.Layer, d.Rule, d.Message, tc.want)
			}
		})
	}
}

// TestConfinedNoteGrants: the agent's note says what the configuration
// granted, not "no network" when it granted the network.
func TestConfinedNoteGrants(t *testing.T) {
	t.Parallel()
	plain := pipeline.ConfinedNote(pipeline.KindUnknownEffects, "npm ci", "", engine.ConfineGrants{})
	granted := pipeline.ConfinedNote(pipeline.KindUnknownEffects, "npm ci", "",
		engine.ConfineGrants{Read: []string{".env"}, Network: []string{"registry.example.com"}})
	if !strings.Contains(plain, "it had no network") || strings.Contains(granted, "no network") ||
		!strings.Contains(granted, "registry.example.com") || !strings.Contains(granted, "(.env)") {
		t.Errorf("notes:\n%s\n%s", plain, granted)
	}
}

// TestConfineLauncherInProject: a launcher found in the project (its
// activated .venv/bin first on PATH) may be one a confined call planted,
// and the harness's shell would run it on the host: the call is not
// rewritten to it, a person decides.
func TestConfineLauncherInProject(t *testing.T) {
	t.Parallel()
	p := newPipeline(t, nil)
	for _, launcher := range []string{filepath.Join(p.Paths.ProjectRoot, ".venv", "bin", "governance-confine"),
		filepath.Join(p.Paths.ProjectRoot, "node_modules", ".bin", "governance-confine")} {
		p.Env.Confiner = func() (string, error) { return launcher, nil }
		c := shellCall(p, "frobnicate --all", pipeline.Explain)
		c.Rewrites, c.Unwatched = true, true
		d := p.Decide(context.Background(), c).Decision
		if d.Outcome == engine.Confined || d.Outcome == engine.Allow || d.Rule != "cannot-confine" {
			t.Errorf("launcher %s: decision %s %s, want cannot-confine", launcher, d.Outcome, d.Rule)
		}
	}
}

// allowAll is an evaluator that allows every call it is asked about.
type allowAll struct{}

func (allowAll) Name() string { return "stub" }
func (allowAll) Evaluate(context.Context, *engine.Request) (engine.Verdict, error) {
	return engine.Verdict{Outcome: engine.Allow, Rule: "stub-allow"}, nil
}

// TestConfineVouched: an allow of a rule, a learned entry or an evaluator
// vouches for the call, not for the code it runs that the analysis
// cannot see: make test runs the makefile the agent may have just
// written, and runs confined as a defer would; a call the analysis proves
// read-only gets the read-only profile under auto; one whose effects the
// model predicts (git push) keeps its plain allow. Where the call cannot
// be confined, the allow stands, watched or not.
func TestConfineVouched(t *testing.T) {
	t.Parallel()
	const launcher = "/opt/gov/bin/governance-confine"
	canConfine := func() (string, error) { return launcher, nil }
	cannot := func() (string, error) { return "", errors.New("no bubblewrap on PATH") }
	rule, err := engine.CompileRule(engine.RuleSpec{ID: "allow-these", Decision: engine.Allow,
		Match: []engine.MatchSpec{{Program: []string{"make", "ls", "git", "go"}}}}, engine.ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	byRule := func(pol *engine.Policy) { pol.Rules = append(pol.Rules, rule) }
	byLearned := func(pol *engine.Policy) { pol.Learned = append(pol.Learned, rule) }
	for _, by := range []struct {
		name, layer string
		edit        func(*engine.Policy)
		eval        bool
	}{{"rule", engine.LayerRules, byRule, false}, {"learned", engine.LayerLearned, byLearned, false}, {"evaluator", "stub", nil, true}} {
		for _, tt := range []struct {
			cmd       string
			mode      engine.ConfineMode
			confiner  func() (string, error)
			unwatched bool
			noRepo    bool
			want      engine.Outcome
			wantKind  string
		}{
			{cmd: "make test", mode: engine.ConfineUnknown, confiner: canConfine, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
			// No checkpoint can be taken, and no prompt stands behind the
			// allow: confined all the same, no checkpoint required.
			{cmd: "make test", mode: engine.ConfineUnknown, confiner: canConfine, noRepo: true, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
			{cmd: "make test", mode: engine.ConfineAuto, confiner: canConfine, unwatched: true, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
			{cmd: "make test", mode: engine.ConfineAuto, confiner: cannot, want: engine.Allow},
			{cmd: "make test", mode: engine.ConfineAuto, confiner: cannot, unwatched: true, want: engine.Allow},
			{cmd: "make test", mode: engine.ConfineOff, confiner: canConfine, unwatched: true, want: engine.Allow},
			// cgo's C compiler includes any file a preamble names.
			{cmd: "go build ./...", mode: engine.ConfineUnknown, confiner: canConfine, want: engine.Confined, wantKind: pipeline.KindUnknownEffects},
			{cmd: "ls -la", mode: engine.ConfineAuto, confiner: canConfine, want: engine.Confined, wantKind: pipeline.KindReadOnly},
			{cmd: "ls -la", mode: engine.ConfineUnknown, confiner: canConfine, unwatched: true, want: engine.Allow},
			{cmd: "ls -la", mode: engine.ConfineAuto, confiner: cannot, unwatched: true, want: engine.Allow},
			{cmd: "git push origin main", mode: engine.ConfineAuto, confiner: canConfine, want: engine.Allow},
			{cmd: "git push origin main", mode: engine.ConfineAuto, confiner: canConfine, unwatched: true, want: engine.Allow},
			{cmd: "git push origin main", mode: engine.ConfineAuto, confiner: cannot, unwatched: true, want: engine.Allow},
		} {
			name := fmt.Sprintf("%s/%s/%s/confine=%v/unwatched=%v/norepo=%v", by.name, tt.cmd, tt.mode, tt.confiner != nil && tt.want == engine.Confined, tt.unwatched, tt.noRepo)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				p := newPipeline(t, func(pol *engine.Policy) {
					pol.Settings.Confine = tt.mode
					if by.edit != nil {
						by.edit(pol)
					}
				})
				if by.eval {
					p.Evaluators.Extra = []engine.Evaluator{allowAll{}}
				}
				p.Env.Confiner = tt.confiner
				if !tt.noRepo {
					if err := os.Mkdir(filepath.Join(p.Paths.ProjectRoot, ".git"), 0o755); err != nil {
						t.Fatal(err)
					}
				}
				c := shellCall(p, tt.cmd, pipeline.Enforce)
				c.Rewrites, c.Unwatched = true, tt.unwatched
				d := p.Decide(context.Background(), c).Decision
				if d.Outcome != tt.want {
					t.Fatalf("decision %s (%s/%s: %s), want %s", d.Outcome, d.Layer, d.Rule, d.Message, tt.want)
				}
				if tt.wantKind == "" {
					if d.Layer != by.layer && d.Layer != engine.LayerSafeSet || d.Confinement != nil {
						t.Fatalf("decision %s/%s, confinement %+v: want the plain allow of %s", d.Layer, d.Rule, d.Confinement, by.layer)
					}
					return
				}
				cf := d.Confinement
				if cf == nil || cf.Kind != tt.wantKind {
					t.Fatalf("confinement %+v, want kind %s", cf, tt.wantKind)
				}
				if required := strings.Contains(cf.Command, "--require-checkpoint"); tt.wantKind == pipeline.KindUnknownEffects &&
					required != (!tt.unwatched && !tt.noRepo) {
					t.Errorf("rewritten command %s: a checkpoint required %v, want %v", cf.Command, required, !tt.unwatched && !tt.noRepo)
				}
				if d.Layer == by.layer && !strings.Contains(d.Message, "allows this command") {
					t.Errorf("the agent's note %q does not say what allowed the call", d.Message)
				}
				if tt.wantKind == pipeline.KindUnknownEffects && (!strings.Contains(d.Message, "cannot see") ||
					!strings.Contains(d.Message, "governance restore")) {
					t.Errorf("the agent's note %q does not say why the allowed call ran confined, or how to restore", d.Message)
				}
			})
		}
	}
}
