package snapshot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/agents"
	"github.com/agentgov/governance/internal/engine"
)

// filedPolicy is a configuration of many rules: most name one or two
// programs (filed), some match any program or a file (kept in the JSON),
// in an order that interleaves them.
func filedPolicy() *Snapshot {
	s := &Snapshot{Version: Version, Root: engine.ExampleRoot, Settings: engine.DefaultSettings()}
	add := func(scope string, spec engine.RuleSpec) {
		spec.Source = fmt.Sprintf("rules.yaml:%d", len(s.Rules)+1)
		s.Rules = append(s.Rules, Rule{Scope: scope, Spec: spec})
	}
	for i := range 40 {
		tool := fmt.Sprintf("tool%02d", i)
		add("managed", engine.RuleSpec{ID: tool + "-deploy", Decision: engine.Deny,
			Match:   []engine.MatchSpec{{Program: []string{tool}, Subcommand: []string{"deploy", "destroy"}}},
			Message: tool + " deploys from CI only", Suggestion: "open a merge request"})
		add("global", engine.RuleSpec{ID: tool + "-status", Decision: engine.Allow,
			Match: []engine.MatchSpec{{Program: []string{tool}, Subcommand: []string{"status"}}}})
		if i%10 == 0 {
			add("repo", engine.RuleSpec{ID: fmt.Sprintf("any-nuke-%d", i), Decision: engine.Deny,
				Match: []engine.MatchSpec{{Program: []string{"tool*"}, Subcommand: []string{"nuke"}}}, Message: "no nuking"})
		}
	}
	add("repo", engine.RuleSpec{ID: "cluster-delete", Decision: engine.Ask,
		Match:   []engine.MatchSpec{{Program: []string{"kubectl", "Helm"}, Subcommand: []string{"delete", "uninstall"}}},
		Message: "deleting from the cluster"})
	add("repo", engine.RuleSpec{ID: "recursive-rm", Decision: engine.Deny, Severity: "warn",
		Match: []engine.MatchSpec{{Program: []string{"rm"}, Flags: []string{"-r|-R|--recursive"}}}, Message: "recursive rm"})
	add("repo", engine.RuleSpec{ID: "tf-destroy", Decision: engine.Deny,
		Match:   []engine.MatchSpec{{Program: []string{"terraform"}, Subcommand: []string{"destroy"}}},
		Message: "terraform destroy runs in CI", Suggestion: "open a merge request"})
	add("repo", engine.RuleSpec{ID: "sudo-prefix", Decision: engine.Deny,
		Match:   []engine.MatchSpec{{More: &engine.MatchMore{Prefix: [][]string{{"sudo"}, {"tool05"}}}}},
		Message: "no tool05 as root"})
	add("repo", engine.RuleSpec{ID: "secret-file", Decision: engine.Deny, Tools: []engine.Kind{engine.KindRead},
		Match: []engine.MatchSpec{{Paths: []string{"**/team-secret.txt"}}}, Message: "team secret"})
	add("repo", engine.RuleSpec{ID: "reviewer-curl", Decision: engine.Deny, Agents: []string{"reviewer"},
		Match: []engine.MatchSpec{{Program: []string{"curl"}}}, Message: "reviewers do not fetch"})
	// ſ folds onto s, and its lower case is itself: the rule is tried
	// for every program.
	add("repo", engine.RuleSpec{ID: "no-scp", Decision: engine.Deny,
		Match: []engine.MatchSpec{{Program: []string{"ſcp"}}}, Message: "no scp"})
	add("repo", engine.RuleSpec{ID: "tool07-late", Decision: engine.Ask,
		Match: []engine.MatchSpec{{Program: []string{"tool07"}}}, Message: "tool07 asks"})
	return s
}

// filedCommands are spellings of commands of the filed programs: by
// path, in other case, behind wrappers, inside shells, pipelines, find
// and xargs, and names that file nothing.
func filedCommands() []string {
	var out []string
	for _, p := range []string{"tool03", "tool05", "tool07", "tool20", "kubectl", "helm", "rm", "terraform", "curl", "ls", "git"} {
		for _, form := range []string{
			"%s deploy", "%s status", "%s nuke", "%s delete pod x", "%s uninstall r", "%s -r build", "%s destroy",
			"/usr/local/bin/%s deploy", "env %s deploy", "sudo %s deploy", "timeout 5 %s destroy", "nice -n 5 %s deploy",
			"xargs %s deploy", "bash -c '%s deploy'", `sh -c "ls; %s destroy"`, "echo hi | %s deploy",
			`find . -exec %s deploy {} \;`, "%s deploy && ls", "ls || %s status", "FOO=1 %s deploy", "$(echo %s) deploy",
			"command %s deploy", "exec %s deploy",
		} {
			out = append(out, fmt.Sprintf(form, p))
		}
		out = append(out, strings.ToUpper(p)+" deploy", strings.ToUpper(p[:1])+p[1:]+" destroy")
	}
	return append(out, "ｔool03 deploy", "tool03 deploy; tool11 destroy; kubectl delete ns x; rm -rf /tmp/x; ls",
		"scp f host:", "SCP f host:", "sudo scp f host:", "scp f host:; ls; ls; ls", "ſcp f host:")
}

// TestFiledRulesDecideAlike checks that a policy whose rules are filed
// decides every call as the same policy decoded whole, and that a call
// decodes only the rules filed under the programs it names.
func TestFiledRulesDecideAlike(t *testing.T) {
	whole := filedPolicy()
	path := filepath.Join(t.TempDir(), "snapshot.json")
	if err := whole.Write(path); err != nil {
		t.Fatal(err)
	}
	read, err := readIndexes(path)
	if err != nil {
		t.Fatal(err)
	}
	if read.Filed == "" || len(read.Rules) >= len(whole.Rules)/4 {
		t.Fatalf("%d rules kept in the JSON of %d: filing did not happen", len(read.Rules), len(whole.Rules))
	}
	want := engine.NewEngine(whole.Policy())
	calls := 0
	for _, cmd := range filedCommands() {
		for _, agent := range []string{"", "reviewer"} {
			lazy := read.policy(true)
			got := engine.NewEngine(lazy)
			req := engine.ExampleRequest(engine.KindShell, cmd)
			req.Agent = agent
			w, g := want.Decide(context.Background(), req), got.Decide(context.Background(), req)
			if w.Outcome != g.Outcome || w.Rule != g.Rule || w.Message != g.Message {
				t.Errorf("%q (agent %q): filed %s %s %q, whole %s %s %q", cmd, agent, g.Outcome, g.Rule, g.Message, w.Outcome, w.Rule, w.Message)
			}
			// Every rule that matched, not only the one that won: a miss
			// behind a stricter rule is a miss all the same.
			if ws, gs := ruleSteps(w), ruleSteps(g); !slices.Equal(ws, gs) {
				t.Errorf("%q (agent %q): rules matched filed %v, whole %v", cmd, agent, gs, ws)
			}
			calls++
		}
	}
	t.Logf("%d calls decided alike", calls)

	// One call decodes the rules of its programs only; a file read none.
	lazy := read.policy(true)
	e := engine.NewEngine(lazy)
	if d := e.Decide(context.Background(), engine.ExampleRequest(engine.KindRead, "/work/x/team-secret.txt")); d.Rule != "secret-file" {
		t.Errorf("a read of the team secret: %s %s", d.Outcome, d.Rule)
	}
	f := lazy.Filed.(*filed)
	if len(f.decoded) != 0 {
		t.Errorf("a file read decoded %d filed rules", len(f.decoded))
	}
	if d := e.Decide(context.Background(), engine.ExampleRequest(engine.KindShell, "tool03 deploy")); d.Outcome != engine.Deny || d.Rule != "tool03-deploy" {
		t.Errorf("tool03 deploy: %s %s", d.Outcome, d.Rule)
	}
	if len(f.decoded) != 2 {
		t.Errorf("tool03 deploy decoded %d filed rules, want its 2", len(f.decoded))
	}
}

// ruleSteps are the rules layer's verdicts of a decision.
func ruleSteps(d *engine.Decision) []string {
	var out []string
	for _, st := range d.Trace {
		if st.Layer == engine.LayerRules {
			out = append(out, st.Subject+" "+st.Rule+" "+st.Outcome.String())
		}
	}
	return out
}

// TestFiledRulesDamaged checks that a snapshot whose filed rules cannot
// be read fails closed: a rule that does not decode denies its programs'
// commands, and indexes that do not read deny every call.
func TestFiledRulesDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "snapshot.json")
	if err := filedPolicy().Write(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Spoil the first filed rule: it is tool00's deploy rule.
	i := strings.Index(string(data), `{"Decision":"deny","ID":"tool00-deploy"`)
	if i < 0 {
		t.Fatal("the first filed rule is not where expected")
	}
	spoiled := append([]byte{}, data...)
	spoiled[i] = '['
	if err := os.WriteFile(path, spoiled, 0o600); err != nil {
		t.Fatal(err)
	}
	read, err := readIndexes(path)
	if err != nil {
		t.Fatal(err)
	}
	e := engine.NewEngine(read.policy(true))
	if d := e.Decide(context.Background(), engine.ExampleRequest(engine.KindShell, "tool00 status")); d.Outcome != engine.Deny ||
		!strings.Contains(d.Message, "governance compile") {
		t.Errorf("a command of a damaged rule's program: %s %s %q", d.Outcome, d.Rule, d.Message)
	}
	if d := e.Decide(context.Background(), engine.ExampleRequest(engine.KindShell, "tool01 status")); d.Outcome != engine.Allow {
		t.Errorf("a command of another program: %s %s %q", d.Outcome, d.Rule, d.Message)
	}

	// A place of the programs index that does not read denies the
	// program's commands, naming the damage.
	line := strings.IndexByte(string(data), '\n')
	mangled := strings.Replace(string(data), "\ntool03 ", "\ntool03 x", 1)
	if mangled == string(data) {
		t.Fatal("tool03 is not in the programs index")
	}
	if err := os.WriteFile(path, []byte(mangled), 0o600); err != nil {
		t.Fatal(err)
	}
	if read, err := readIndexes(path); err != nil {
		t.Fatal(err)
	} else if d := engine.NewEngine(read.policy(true)).Decide(context.Background(),
		engine.ExampleRequest(engine.KindShell, "tool03 status")); d.Outcome != engine.Deny || d.Rule != "compiled-policy" {
		t.Errorf("a mangled place in the programs index: %s %s %q", d.Outcome, d.Rule, d.Message)
	}

	// Cut the file inside its indexes.
	if err := os.WriteFile(path, data[:line+10], 0o600); err != nil {
		t.Fatal(err)
	}
	if read, err := readIndexes(path); err == nil {
		if d := engine.NewEngine(read.policy(true)).Decide(context.Background(),
			engine.ExampleRequest(engine.KindShell, "ls")); d.Outcome != engine.Deny {
			t.Errorf("a snapshot cut inside its indexes decided ls: %s %s", d.Outcome, d.Message)
		}
	}
}

// TestAgentsAtTheEnd: the agent definitions are kept after the first line
// and the filed rules, out of what every call decodes, and read back
// whole, from a snapshot read whole and from one too large for that; a
// length that does not fit the file is damage.
func TestAgentsAtTheEnd(t *testing.T) {
	defs := []*agents.Agent{{Name: "agent-one", Description: "reads"}, {Name: "agent-two", Role: "ops"}}
	for _, tc := range []struct {
		name string
		snap *Snapshot
	}{
		{"small", &Snapshot{Version: Version, Root: engine.ExampleRoot, Settings: engine.DefaultSettings()}},
		{"filed", filedPolicy()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.snap
			s.Agents = NewAgents(defs)
			path := filepath.Join(t.TempDir(), "snapshot.json")
			if err := s.Write(path); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			line := string(data[:strings.IndexByte(string(data), '\n')])
			if strings.Contains(line, "agent-one") || !strings.Contains(line, `"AgentsSize":`) {
				t.Errorf("the first line holds the definitions, or not their size: %.300s", line)
			}
			if tc.name == "filed" && len(data) <= 16<<10 {
				t.Fatalf("the filed snapshot is %d bytes, read whole", len(data))
			}
			read, err := readIndexes(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := read.Agents.All()
			if err != nil || len(got) != 2 || got[0].Name != "agent-one" || got[1].Role != "ops" {
				t.Errorf("agents read back: %+v, %v", got, err)
			}
			if tc.name == "filed" {
				// The rules still decide as before.
				d := engine.NewEngine(read.policy(true)).Decide(context.Background(),
					engine.ExampleRequest(engine.KindShell, "tool07 deploy"))
				if d.Outcome != engine.Deny || d.Rule != "tool07-deploy" {
					t.Errorf("tool07 deploy: %s %s", d.Outcome, d.Rule)
				}
			}
			// Cut the file inside the definitions.
			if err := os.WriteFile(path, data[:len(data)-3], 0o600); err != nil {
				t.Fatal(err)
			}
			if read, err := readIndexes(path); err == nil {
				if _, err := read.Agents.All(); err == nil {
					t.Error("a snapshot cut inside its agent definitions read them")
				}
			}
		})
	}
}
