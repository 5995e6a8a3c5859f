package proposals

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAcceptKilledAfterTheWrite: an accept killed after it wrote the rule
// and before it marked the proposal accepted is finished by accepting it
// again, with the rule in the file once.
func TestAcceptKilledAfterTheWrite(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	file := filepath.Join(t.TempDir(), "proposals.yaml")
	write := func(p *Proposal) (string, error) {
		old, err := os.ReadFile(file)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		data, err := AppendRule(old, p.Rule)
		if err != nil {
			return "", err
		}
		return file, os.WriteFile(file, data, 0o600)
	}
	p, err := s.Propose(Proposal{RuleID: "r1", Rule: "id: r1\ndecision: deny\nmatch: {program: curl}\nmessage: no\n"})
	if err != nil {
		t.Fatal(err)
	}
	// The killed run: the rule is written, the proposal still pending.
	if _, err := write(p); err != nil {
		t.Fatal(err)
	}
	got, err := s.Accept(p.ID, "ada", write)
	if err != nil || got.Status != Accepted {
		t.Fatalf("accept again: %+v %v", got, err)
	}
	data, _ := os.ReadFile(file)
	if n := strings.Count(string(data), "id: r1"); n != 1 {
		t.Errorf("the rule is in the file %d times:\n%s", n, data)
	}
	// A different rule of the same id is still added, for the
	// configuration's check to refuse.
	again, err := AppendRule(data, "id: r1\ndecision: allow\nmatch: {program: curl}\n")
	if err != nil || strings.Count(string(again), "id: r1") != 2 {
		t.Errorf("a different rule of the same id: %v\n%s", err, again)
	}
}
