package engine_test

import (
	"testing"

	"github.com/agentgov/governance/internal/corpus"
	"github.com/agentgov/governance/internal/engine"
)

// TestRuleIndexOffersEveryMatch checks that narrowing the rules by
// program never leaves out a rule that matches: over the labeled corpus,
// the bypass table, and commands behind wrappers and given by path.
func TestRuleIndexOffersEveryMatch(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	cmds := corpus.Commands(t)
	for _, c := range bypassCases {
		cmds = append(cmds, c.cmd)
	}
	cmds = append(cmds, "sudo rm -rf /", "/usr/bin/git push --force origin main", "env X=1 GIT reset --hard",
		"timeout 5 nice -n 5 git clean -fdx", "RM -rf ~", "command -p rm -rf /", "ſhred -u x", "\u017fudo \u212Aill -9 1")
	checked := 0
	for _, c := range cmds {
		for _, m := range engine.IndexMisses(e, shellReq(c)) {
			t.Errorf("%q: the index leaves out %s", shorten(c), m)
		}
		checked++
	}
	for _, k := range []engine.Kind{engine.KindRead, engine.KindWrite, engine.KindEdit} {
		for _, path := range []string{"/project/.env", home + "/.ssh/id_rsa", "/project/.git/config", "/etc/passwd",
			"/project/src/main.go", home + "/.bashrc", "/project/.governance/config.yaml"} {
			for _, m := range engine.IndexMisses(e, fileReq(k, path)) {
				t.Errorf("%s %s: the index leaves out %s", k, path, m)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d commands checked; is the corpus there?", checked)
	}

	// A rule's program spelled beyond ASCII may fold onto an ASCII name
	// its lower case is not (ſ onto s): the index tries it for every
	// program.
	pol := builtin(engine.DefaultSettings())
	pol.Rules = append(pol.Rules, engine.CompileTrusted(engine.RuleSpec{ID: "no-scp", Decision: engine.Deny,
		Match: []engine.MatchSpec{{Program: []string{"ſcp"}}}}, engine.ScopeRepo))
	e = engine.NewEngine(pol)
	for _, c := range []string{"scp f host:", "SCP f host:; ls; ls; ls", "sudo scp f host:"} {
		for _, m := range engine.IndexMisses(e, shellReq(c)) {
			t.Errorf("%q: the index leaves out %s", c, m)
		}
	}
}

// TestPreparedMatchersAgree checks that rules match the same subjects with
// their prepared matchers, used in calls of many commands, as without.
func TestPreparedMatchersAgree(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	cmds := corpus.Commands(t)
	for _, c := range bypassCases {
		cmds = append(cmds, c.cmd)
	}
	cmds = append(cmds, script30, "PYTHON3 -c 'print(1)' < x", "curl x | Bash", "GIT Stash DROP", "ſhred -u x")
	for _, c := range cmds {
		for _, d := range engine.PreparedDisagreements(e, shellReq(c)) {
			t.Errorf("%q: prepared and plain matching disagree on %s", shorten(c), d)
		}
	}
	for _, k := range []engine.Kind{engine.KindRead, engine.KindWrite, engine.KindEdit} {
		for _, path := range []string{"/project/.env", home + "/.ssh/id_rsa", "/project/.git/config", "/etc/passwd",
			"/project/src/main.go", home + "/.bashrc", "/project/.governance/config.yaml", "/project/x.pem"} {
			for _, d := range engine.PreparedDisagreements(e, fileReq(k, path)) {
				t.Errorf("%s %s: prepared and plain matching disagree on %s", k, path, d)
			}
		}
	}
}
