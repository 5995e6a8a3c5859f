package learned

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/engine"
)

// TestRecordAlwaysOnce: the entry of an approval for good is made once,
// however often it is recorded, including one an earlier release wrote;
// the journal hears the sha256 of what is about to be written, and only
// when something is.
func TestRecordAlwaysOnce(t *testing.T) {
	t.Parallel()
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, ".governance"), 0o700); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC)
	it := &approvals.Item{ID: "abc234", Shape: `{"Kind":"web","URL":"https://example.com/x"}`, Summary: "web: https://example.com/x",
		By: "ada", Project: project, Cwd: project}
	var journaled []string
	journal := func(sum string) error { journaled = append(journaled, sum); return nil }
	e1, file, err := RecordAlways(it, t.TempDir(), now, journal)
	if err != nil {
		t.Fatal(err)
	}
	e2, _, err := RecordAlways(it, t.TempDir(), now.Add(time.Hour), journal)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Entries) != 1 || e1.ID != e2.ID || f.Entries[0].Approval != "abc234" {
		t.Fatalf("entries %+v; ids %s %s", f.Entries, e1.ID, e2.ID)
	}
	sum, _ := os.ReadFile(file)
	if len(journaled) != 1 || journaled[0] != sha(sum) {
		t.Errorf("journaled %q, want once the sha256 of the file written", journaled)
	}
	// An entry of an earlier release, which names its approval only in
	// its reasoning.
	if err := Update(file, func(f *File) error { f.Entries[0].Approval = ""; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, _, err := RecordAlways(it, t.TempDir(), now, nil); err != nil {
		t.Fatal(err)
	}
	if f, _ := Read(file); len(f.Entries) != 1 {
		t.Errorf("%d entries after recording an earlier release's approval again", len(f.Entries))
	}
}

func sha(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// TestAllowsSaysHowWide checks that the text of an approval for good
// says that a learned entry for a file allows any content there.
func TestAllowsSaysHowWide(t *testing.T) {
	it := &approvals.Item{ID: "a1", Cwd: "/p", Project: "/p", By: "me",
		Shape: `{"V":2,"Kind":"write","Paths":["/p/.github/workflows/ci.yml"],"Input":"00"}`}
	e, err := FromApproval(it, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got := Allows(e); !strings.Contains(got, "ANY CONTENT") || !strings.Contains(got, "ci.yml") {
		t.Fatalf("%q", got)
	}
}

// TestAlwaysBindsScript: the learned entry of a command approved for
// good that runs a script allows it only while the script holds what the
// person approved: rewritten, the command is no longer the entry's; put
// back, it is again. Its text says so.
func TestAlwaysBindsScript(t *testing.T) {
	t.Parallel()
	project := t.TempDir()
	script := filepath.Join(project, "deploy.sh")
	if err := os.WriteFile(script, []byte("echo deploying\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	it := &approvals.Item{ID: "a1", Cwd: project, Project: project, By: "me",
		Shape: `{"V":2,"Kind":"shell","Command":"bash deploy.sh","Input":"00"}`,
		Files: []approvals.File{{Path: script, SHA256: engine.FileDigest(script)}}}
	e, err := FromApproval(it, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got := Allows(e); !strings.Contains(got, script) {
		t.Errorf("the entry's text %q does not name the script it binds", got)
	}
	spec, err := e.Spec("learned.yaml:1")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.CompileRule(spec, engine.ScopeRepo)
	if err != nil {
		t.Fatal(err)
	}
	eng := engine.NewEngine(&engine.Policy{Settings: engine.DefaultSettings(), Learned: []*engine.Rule{r}})
	decide := func() *engine.Decision {
		return eng.Decide(context.Background(), &engine.Request{Cwd: project, ProjectRoot: project, Home: t.TempDir(),
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "bash deploy.sh"}}})
	}
	if d := decide(); d.Outcome != engine.Allow || d.Layer != engine.LayerLearned {
		t.Fatalf("the approved script: %s (%s/%s)", d.Outcome, d.Layer, d.Rule)
	}
	if err := os.WriteFile(script, []byte("cat ~/.ssh/id_rsa > stolen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := decide(); d.Layer == engine.LayerLearned {
		t.Fatalf("the rewritten script got the entry's %s", d.Outcome)
	}
	// The entry stops matching; its examples still do, or learned.yaml
	// would be broken and deny every call.
	if err := r.CheckExamples(); err != nil {
		t.Fatalf("the entry's examples, once the script changed: %v", err)
	}
	if err := os.WriteFile(script, []byte("echo deploying\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := decide(); d.Outcome != engine.Allow || d.Layer != engine.LayerLearned {
		t.Fatalf("the script put back: %s (%s/%s)", d.Outcome, d.Layer, d.Rule)
	}
}
