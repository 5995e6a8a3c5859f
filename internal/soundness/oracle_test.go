package soundness_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/corpus"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/oracle"
	"github.com/agentgov/governance/internal/pipeline"
	"github.com/agentgov/governance/internal/soundness"
	"github.com/agentgov/governance/internal/variants"
	"github.com/agentgov/governance/template"
)

// oracleAll runs every allowed corpus command in the sandbox, not the
// sample make test runs.
var oracleAll = flag.Bool("oracle.all", false, "run every allowed command of the corpus in the execution oracle")

// oracleSample is how many allowed commands make test runs in the sandbox.
const oracleSample = 400

// newSandbox starts the execution oracle, skipping the test where it
// cannot run (failing instead in CI, which installs its tools).
func newSandbox(t testing.TB) *oracle.Sandbox {
	t.Helper()
	sb, err := oracle.New(t.TempDir())
	if err != nil {
		if os.Getenv("CI") != "true" && (errors.Is(err, oracle.ErrToolMissing) || errors.Is(err, oracle.ErrUnusable) ||
			errors.Is(err, oracle.ErrUnsupported)) {
			t.Skipf("the execution oracle cannot run here: %v", err)
		}
		t.Fatal(err)
	}
	return sb
}

// builtinEngine returns the built-in policy's engine, with the environment of
// the sandbox's shell left out: the decision must not depend on secrets.
func builtinEngine() *engine.Engine {
	p := &engine.Policy{Settings: engine.DefaultSettings(),
		Rules: engine.CompileAllTrusted(template.PolicyWithExamples(), engine.ScopeBuiltin, nil)}
	e := engine.NewEngine(p)
	e.LookupEnv = func(string) (string, bool) { return "", false }
	return e
}

// request is a shell call in the sandbox's project.
func request(cmd string) *engine.Request {
	return &engine.Request{Cwd: oracle.Project, ProjectRoot: oracle.Project, Home: oracle.Home,
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
}

// sandboxFS is the decoy world as the engine sees it: paths under the
// sandbox's home lie in its template on the host, so that links, globs
// and folders resolve as they will inside the sandbox.
type sandboxFS struct{ sb *oracle.Sandbox }

func (f sandboxFS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(f.sb.HostPath(name)) }
func (f sandboxFS) Readlink(name string) (string, error)   { return os.Readlink(f.sb.HostPath(name)) }
func (f sandboxFS) ReadFile(name string) ([]byte, error)   { return os.ReadFile(f.sb.HostPath(name)) }
func (f sandboxFS) ReadDir(name string) ([]fs.DirEntry, error) {
	return os.ReadDir(f.sb.HostPath(name))
}

// sandboxEngine is the built-in policy's engine deciding for the sandbox.
func sandboxEngine(sb *oracle.Sandbox) *engine.Engine {
	e := builtinEngine()
	e.FS = sandboxFS{sb}
	return e
}

// allowed returns the commands the built-in policy allows.
func allowed(e *engine.Engine, cmds []string) []string {
	var out []string
	for _, c := range cmds {
		if e.Decide(context.Background(), request(c)).Outcome == engine.Allow {
			out = append(out, c)
		}
	}
	return out
}

// sample keeps n of the commands, spread evenly, in a fixed order.
func sample(cmds []string, n int) []string {
	if n <= 0 || len(cmds) <= n {
		return cmds
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, cmds[i*len(cmds)/n])
	}
	return out
}

// checkAgainstOracle runs commands in the sandbox and reports every
// effect that their prediction did not say.
func checkAgainstOracle(t *testing.T, sb *oracle.Sandbox, cmds []string) {
	t.Helper()
	results := sb.RunAll(t.Context(), cmds, 4)
	byKind := map[string][]string{}
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("%q: the sandbox failed: %v", r.Command, r.Err)
			continue
		}
		p := soundness.Predict(r.Command, oracle.Project, oracle.Home)
		for _, v := range soundness.Violations(p, r.Observation) {
			byKind[v.Kind] = append(byKind[v.Kind], fmt.Sprintf("%q: %s", r.Command, v.Detail))
		}
	}
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Errorf("%d allowed commands did what their model did not predict (%s):\n  %s", len(byKind[k]), k,
			strings.Join(byKind[k], "\n  "))
	}
	t.Logf("the oracle ran %d allowed commands", len(results))
}

// TestOracleCorpus runs the corpus commands the built-in policy allows in
// the sandbox and checks that each did only what its model predicted.
func TestOracleCorpus(t *testing.T) {
	sb := newSandbox(t)
	cmds := allowed(sandboxEngine(sb), corpus.Commands(t))
	if !*oracleAll {
		cmds = sample(cmds, oracleSample)
	}
	checkAgainstOracle(t, sb, cmds)
	t.Run("confined", func(t *testing.T) {
		useConfined(t, sb)
		prime(t, sb)
		cmds := corpus.Commands(t)
		checkConfinedAgainstOracle(t, sb, engine.DefaultSettings().Confine, pipeline.KindUnknownEffects, cmds)
		// Under confine: auto the proven read-only allows run confined too.
		checkConfinedAgainstOracle(t, sb, engine.ConfineAuto, pipeline.KindReadOnly, cmds)
	})
}

// worldPaths are operands the generator draws from: the decoy world's
// ordinary files, secrets, protected files, a link to a key, folders.
var worldPaths = []string{"README.md", "src", "src/main.go", "docs/guide.md", "config/app.yaml", ".", "..", "/tmp",
	"/tmp/out", "new.txt", ".env", "config/.env.production", "docs/deploy-key", "certs/server.pem", "~/.ssh/id_rsa",
	"~/.aws/credentials", "~/.netrc", ".governance/config.yaml", ".claude/settings.json", "~/.claude.json",
	"/etc/passwd", "/etc/hostname", "testdata", "*", ".*", "nonexistent"}

// oracleGenerated is how many generated command lines make test decides
// (their allowed share runs in the sandbox); -oracle.n and -oracle.seed
// change the run.
var (
	oracleGenerated = flag.Int("oracle.n", 1500, "how many generated command lines TestOracleGenerated decides")
	oracleSeed      = flag.Uint64("oracle.seed", 1, "the seed of TestOracleGenerated's generator")
)

// TestOracleGenerated runs command lines made from the models' own tables
// that the policy allows in the sandbox.
func TestOracleGenerated(t *testing.T) {
	sb := newSandbox(t)
	e := sandboxEngine(sb)
	g := soundness.NewGenerator(*oracleSeed, worldPaths)
	var cmds []string
	for range *oracleGenerated {
		cmds = append(cmds, g.Command())
	}
	checkAgainstOracle(t, sb, allowed(e, cmds))
	t.Run("confined", func(t *testing.T) {
		useConfined(t, sb)
		prime(t, sb)
		checkConfinedAgainstOracle(t, sb, engine.DefaultSettings().Confine, pipeline.KindUnknownEffects, cmds)
	})
}

// FuzzOracle runs generated command lines the policy allows in the
// sandbox, with seeds from the fuzzer: go test -fuzz FuzzOracle runs it
// for as long as it is given.
func FuzzOracle(f *testing.F) {
	for i := range uint64(4) {
		f.Add(i)
	}
	sb := newSandbox(f)
	e := sandboxEngine(sb)
	f.Fuzz(func(t *testing.T, seed uint64) {
		g := soundness.NewGenerator(seed, worldPaths)
		var cmds []string
		for range 20 {
			cmds = append(cmds, g.Command())
		}
		checkAgainstOracle(t, sb, allowed(e, cmds))
	})
}

// widened are allows that the models' latest changes keep or open and
// that the corpus does not hold: each is run in the sandbox too.
var widened = []string{
	`CGO_ENABLED=0 go list ./...`,
	`env --ignore-signal=INT ls -la`,
	`env -S'ls -la' .`,
	`awk '{print | "sort"}' README.md`,
	`awk 'BEGIN { "date" | getline d; print d }'`,
	`git log -p -- src`,
	`git log -p .`,
	`git show --stat`,
	`tar -tf /dev/null`,
	`kubectl config view -o yaml`,
	`gh browse -n`,
	"grep -rn TODO --include='*.go' .",
	"rg -g '*.go' TODO",
	`watch -n 2 ls`,
	`TERM=xterm watch -t -g -n 0.5 'date +%N; git status'`,
	`TERM=xterm watch -x -g -n 0.5 date +%N`,
	`jar tf /dev/null`,
	`javap -c -p java.lang.Object`,
	`sqlite3 :memory: '.headers on' '.mode column' '.width 5' 'SELECT 1 AS a'`,
	`sqlite3 :memory: .tables .schema .indexes .dump .databases .show`,
	`git ls-files '*.go'`,
	`git ls-files '*.md' | wc -l`,
	`git log --oneline -- '*.go'`,
	`git diff --stat -- '*.go'`,
	`git status --short -- '*.md'`,
	`sqlite3 :memory: 'select count(*), max(x), lower(hex(randomblob(2))) from (select 1 as x)'`,
	`sqlite3 :memory: 'select 1' "select json_extract('[1,2]', '\$[1]'), [x] from (select 1 as [x])"`,
	`sqlite3 -readonly :memory: 'select name from sqlite_master where type = "table"'`,
}

// TestOracleWidened: the allows above are allowed, and do only what
// their models predict.
func TestOracleWidened(t *testing.T) {
	sb := newSandbox(t)
	e := sandboxEngine(sb)
	got := allowed(e, widened)
	if len(got) != len(widened) {
		t.Errorf("allowed %d of %d: %q", len(got), len(widened), got)
	}
	checkAgainstOracle(t, sb, got)
}

// TestOracleVariantsConfined runs metamorphic variants of the labelled
// corpus that the hook confines in an unattended session, as rewritten,
// in the oracle's confined mode, and holds them to the profile.
func TestOracleVariantsConfined(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", corpus.File))
	if err != nil {
		t.Fatal(err)
	}
	cases, err := variants.ReadCases(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	g := &variants.Generator{Env: variants.Env{Cwd: oracle.Project, Home: oracle.Home}, PerCase: 1, MaxSteps: 2, Seed: 1}
	var cmds []string
	for _, c := range cases {
		vs, err := g.Generate(c)
		if err != nil && !errors.Is(err, variants.ErrBroken) {
			// The original does not parse: it has no variants.
			continue
		}
		for _, v := range vs {
			cmds = append(cmds, v.Cmd)
		}
	}
	sb := newConfinedSandbox(t)
	prime(t, sb)
	checkConfinedAgainstOracle(t, sb, engine.DefaultSettings().Confine, pipeline.KindUnknownEffects, cmds)
}
