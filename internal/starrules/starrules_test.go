package starrules_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/starrules"
)

// policy loads a rules file into a policy (prefix rules compiled, checks
// added), failing the test on any load or example error.
func policy(t *testing.T, src string) *engine.Policy {
	t.Helper()
	f, err := starrules.Load("test.star", []byte(src))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if err := f.CheckExamples(); err != nil {
		t.Fatalf("examples: %v", err)
	}
	p := &engine.Policy{Settings: engine.DefaultSettings()}
	for _, spec := range f.Prefix {
		r, err := engine.CompileRule(spec, engine.ScopeRepo)
		if err != nil {
			t.Fatalf("compile %s: %v", spec.ID, err)
		}
		if err := r.CheckExamples(); err != nil {
			t.Fatalf("examples: %v", err)
		}
		p.Rules = append(p.Rules, r)
	}
	for _, c := range f.Checks {
		p.Checks = append(p.Checks, c)
	}
	return p
}

func decide(p *engine.Policy, cmd string) *engine.Decision {
	req := engine.ExampleRequest(engine.KindShell, cmd)
	e := &engine.Engine{Policy: p}
	return e.Decide(context.Background(), req)
}

const codexFile = `
# As Codex writes them.
host_executable(name = "git", paths = ["/usr/bin/git", "/opt/homebrew/bin/git"])

prefix_rule(
    pattern = ["git", ["push", "fetch"]],
    decision = "prompt",
    justification = "Talking to the remote needs a person.",
    match = [["git", "push", "origin", "main"], "git fetch --all"],
    not_match = [["git", "status"], "git pull"],
)

prefix_rule(
    pattern = ["rm", "-rf"],
    decision = "forbidden",
    match = ["rm -rf build"],
    not_match = ["rm -r -f build", "rm build"],
)

prefix_rule(pattern = ["git", "status"])
`

func TestCodexRules(t *testing.T) {
	t.Parallel()
	p := policy(t, codexFile)
	tests := []struct {
		cmd  string
		want engine.Outcome
	}{
		{"git push origin main", engine.Ask},
		{"git fetch", engine.Ask},
		{"git status", engine.Allow},
		{"git status --short", engine.Allow},
		// The words are literal and in order.
		{"git --no-pager push", engine.NoOpinion},
		// A listed path is the program; an unlisted one only for rules
		// that do not allow.
		{"/usr/bin/git push", engine.Ask},
		{"/usr/bin/git status", engine.Allow},
		{"/tmp/git status", engine.NoOpinion},
		{"/tmp/git push", engine.Ask},
		// Rules apply to every simple command, wrappers removed; a
		// forbidding rule also sees the wrapper.
		{"cd build && rm -rf cache", engine.Deny},
		{"sudo rm -rf x", engine.Deny},
		{"timeout 5 git push", engine.Ask},
		// A word known only at run time never matches a literal.
		{"git $SUB origin", engine.NoOpinion},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			d := decide(p, tt.cmd)
			got := d.Outcome
			if d.Layer != engine.LayerRules {
				got = engine.NoOpinion
			}
			if got != tt.want {
				t.Errorf("%q: got %s by %s/%s, want %s", tt.cmd, d.Outcome, d.Layer, d.Rule, tt.want)
			}
		})
	}
	d := decide(p, "git push")
	if d.Message != "Talking to the remote needs a person." || d.Rule != "test.star:5" {
		t.Errorf("justification and id: got %q by %q", d.Message, d.Rule)
	}
	if d := decide(p, "rm -rf x"); !strings.Contains(d.Message, "`rm -rf`") || d.Suggestion == "" {
		t.Errorf("default texts: got %q / %q", d.Message, d.Suggestion)
	}
}

const checksFile = `
PROTECTED = ["main", "release"]

def force_push(cmd):
    if cmd.program != "git" or cmd.subcommand != "push" or not cmd.has("-f|--force"):
        return None
    for b in cmd.positionals:
        if b in PROTECTED:
            return deny("Force-pushing %s rewrites shared history." % b, "Push a branch instead.")
    return None

rule(id = "force-push-protected", check = force_push,
     match = ["git push --force origin main", "git push -f origin release"],
     not_match = ["git push origin main", "git push --force origin topic"])

def writes_outside(cmd):
    for f in cmd.files:
        if f.write and "outside-project" in f.classes:
            return "ask"
    return None

rule(id = "writes-outside", check = writes_outside,
     message = "This writes outside the project.", suggestion = "Write inside the project.",
     match = ["cp a ../b", "echo x > ../notes"], not_match = ["cp a b", "cat ../x"])

def env_and_cwd(cmd):
    if cmd.env.get("DEPLOY_ENV") == "prod" or glob("/srv/**", cmd.cwd):
        return warn("Production settings in use.")
    return None

rule(id = "prod", check = env_and_cwd, match = ["DEPLOY_ENV=prod make"], not_match = ["make"])
`

func TestChecks(t *testing.T) {
	t.Parallel()
	p := policy(t, checksFile)
	tests := []struct {
		cmd  string
		want engine.Outcome
		rule string
	}{
		{"git push --force origin main", engine.Deny, "force-push-protected"},
		{"git push --for origin release", engine.Deny, "force-push-protected"},
		{"git push origin main", engine.NoOpinion, ""},
		{"cp notes.txt ../elsewhere/", engine.Ask, "writes-outside"},
		// A warn is a note: make is decided as without it (the default's
		// defer), and the warning rides along.
		{"DEPLOY_ENV=prod make deploy", engine.NoOpinion, ""},
		{"cd /srv/app && make", engine.NoOpinion, ""},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			d := decide(p, tt.cmd)
			if strings.Contains(tt.cmd, "make") && !slices.Contains(d.Warnings, "Production settings in use.") {
				t.Errorf("%q: warnings %q, want the prod rule's", tt.cmd, d.Warnings)
			}
			got := d.Outcome
			if d.Layer != engine.LayerRules {
				got = engine.NoOpinion
			}
			if got != tt.want || tt.rule != "" && d.Rule != tt.rule {
				t.Errorf("%q: got %s by %s/%s, want %s by %s", tt.cmd, d.Outcome, d.Layer, d.Rule, tt.want, tt.rule)
			}
			if got.Blocks() && (d.Message == "" || d.Suggestion == "") {
				t.Errorf("%q: blocked without message or suggestion: %+v", tt.cmd, d)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "prefix_rule(\n", "test.star:2:1: got end of file"},
		{"empty pattern", `prefix_rule(pattern = [])`, "test.star:1:12: prefix_rule: pattern must be a non-empty list"},
		{"bad word", `prefix_rule(pattern = ["a", 3])`, "pattern word 2 must be a string or a list of strings, not int"},
		{"bad decision", `prefix_rule(pattern = ["a"], decision = "maybe")`, `decision must be allow, prompt or forbidden, not "maybe"`},
		{"typo", `prefix_rule(patern = ["a"])`, `unexpected keyword argument "patern" (did you mean pattern?)`},
		{"relative host path", `host_executable(name = "git", paths = ["bin/git"])`, `"bin/git" is not an absolute path`},
		{"host path of another program", `host_executable(name = "git", paths = ["/usr/bin/hg"])`, `is not a program named git`},
		{"load", `load("x.star", "y")`, "load not implemented"},
		{"runaway load", "while True:\n    pass\n", "too many steps"},
		{"duplicate id", "rule(id = \"a\", check = lambda c: None)\nrule(id = \"a\", check = lambda c: None)", `duplicate rule id "a"`},
		{"recursion", "def f(n):\n    return f(n)\nf(1)\n", "called recursively"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := starrules.Load("test.star", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestExamplesAreChecked(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string
	}{
		{"match that passes", `rule(id = "r", check = lambda c: None, match = ["ls"])`, `example "ls" should match, but the check passes it`},
		{"not_match that decides", `rule(id = "r", check = lambda c: "allow", not_match = ["ls"])`, `example "ls" should not match, but the check decides it`},
		{"deny without texts", `rule(id = "r", check = lambda c: deny(), match = ["ls"])`, "without a message and a suggestion"},
		{"wrong return type", `rule(id = "r", check = lambda c: 3, match = ["ls"])`, "the check returned a int"},
		{"unknown attribute", `rule(id = "r", check = lambda c: c.programme, match = ["ls"])`, "command has no .programme field"},
		{"runaway check", "def f(c):\n    while True:\n        pass\nrule(id = \"r\", check = f, match = [\"ls\"])", "too many steps"},
		{"rules made in a check", "def f(c):\n    rule(id = \"x\", check = f)\nrule(id = \"r\", check = f, match = [\"ls\"])", "can only be called while the rules file loads"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := starrules.Load("test.star", []byte(tt.src))
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			if err := f.CheckExamples(); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// A check that fails at run time blocks the call with a message naming
// the rule, instead of letting it through.
func TestFailingCheckDenies(t *testing.T) {
	t.Parallel()
	f, err := starrules.Load("test.star", []byte(`
def f(c):
    if c.program == "make":
        return c.argv[5]
    return None
rule(id = "fragile", check = f)
`))
	if err != nil {
		t.Fatal(err)
	}
	p := &engine.Policy{Settings: engine.DefaultSettings(), Checks: []engine.CommandCheck{f.Checks[0]}}
	d := decide(p, "make")
	if d.Outcome != engine.Deny || d.Rule != "fragile" || !strings.Contains(d.Message, "index 5 out of range") {
		t.Errorf("got %s by %s: %s", d.Outcome, d.Rule, d.Message)
	}
	if d := decide(p, "ls"); d.Outcome == engine.Deny {
		t.Errorf("a passing check denied: %+v", d)
	}
}

func BenchmarkLoad(b *testing.B) {
	src := []byte(checksFile)
	for b.Loop() {
		if _, err := starrules.Load("test.star", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	f, err := starrules.Load("test.star", []byte(checksFile))
	if err != nil {
		b.Fatal(err)
	}
	cmd := engine.ExampleCommands("git push --force origin topic")[0]
	b.ResetTimer()
	for b.Loop() {
		for _, c := range f.Checks {
			if _, err := c.Check(cmd); err != nil {
				b.Fatal(err)
			}
		}
	}
}
