package governance_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/shell"
)

// FuzzDecide decides arbitrary shell commands with the built-in policy:
// the engine must not fail, must give a valid outcome, must explain every
// block, and must never let through a command it could not analyse.
//
//	go test -run '^$' -fuzz '^FuzzDecide$' -fuzztime 60s ./governance/
func FuzzDecide(f *testing.F) {
	for _, c := range corpusCommands(f) {
		f.Add(c)
	}
	p := builtin(governance.DefaultSettings())
	f.Fuzz(func(t *testing.T, cmd string) {
		d := decide(t, p, shellReq(cmd))
		checkDecision(t, cmd, d)
		// The engine analyses in the environment of the process.
		a := shell.Analyze(cmd, shell.Options{Cwd: root, Home: home, LookupEnv: os.LookupEnv})
		for _, pr := range a.Problems {
			if d.Outcome < governance.Ask {
				t.Errorf("%q: the analysis reports a %s problem (%s), yet the decision is %s by %s",
					cmd, pr.Kind, pr.Detail, d.Outcome, d.Rule)
			}
		}
		if again := decide(t, p, shellReq(cmd)); again.Outcome != d.Outcome {
			t.Errorf("%q: decided %s by %s, then %s by %s", cmd, d.Outcome, d.Rule, again.Outcome, again.Rule)
		}

		// With nobody to answer, an ask becomes a deny; nothing else
		// changes.
		req := shellReq(cmd)
		req.Unattended = true
		u := decide(t, p, req)
		checkDecision(t, cmd, u)
		if want := d.Outcome; want == governance.Ask && u.Outcome != governance.Deny || want != governance.Ask && u.Outcome != want {
			t.Errorf("%q: attended %s by %s, unattended %s by %s", cmd, d.Outcome, d.Rule, u.Outcome, u.Rule)
		}
	})
}

// checkDecision checks what every decision must satisfy.
func checkDecision(t *testing.T, cmd string, d *governance.Decision) {
	t.Helper()
	switch d.Outcome {
	case governance.Allow, governance.Warn, governance.Defer, governance.Ask, governance.Deny, governance.Abort:
	default:
		t.Fatalf("%q: invalid outcome %s in %+v", cmd, d.Outcome, d)
	}
	if d.Rule == "internal-error" {
		t.Fatalf("%q: the engine failed: %s", cmd, d.Message)
	}
	if d.Layer == "" || d.Rule == "" {
		t.Errorf("%q: %s names no layer or rule: %+v", cmd, d.Outcome, d)
	}
	if d.Outcome.Blocks() && (d.Message == "" || d.Suggestion == "") {
		t.Errorf("%q: %s by %s without a message or a suggestion: %+v", cmd, d.Outcome, d.Rule, d)
	}
}

// corpusFile is the labeled command corpus, relative to the module root.
const corpusFile = "testdata/corpus/commands.jsonl"

// corpusCommands returns the commands of the labeled corpus, or nil when
// the corpus is not there.
func corpusCommands(tb testing.TB) []string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	f, err := os.Open(filepath.Join(dir, corpusFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var row struct {
			Cmd string `json:"cmd"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			tb.Fatalf("%s:%d: %v", corpusFile, n, err)
		}
		cmds = append(cmds, row.Cmd)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cmds
}
