package proposals

import (
	"errors"
	"strings"
	"testing"
)

func TestLifecycle(t *testing.T) {
	t.Parallel()
	s := Open(t.TempDir())
	p, err := s.Propose(Proposal{RuleID: "r1", Rule: "id: r1\n", Reason: "why"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != Pending || !strings.HasPrefix(p.ID, "p-") {
		t.Fatalf("proposed %+v", p)
	}
	// A write that fails leaves the proposal pending.
	if _, err := s.Accept(p.ID, "ada", func(*Proposal) (string, error) { return "", errors.New("disk full") }); err == nil {
		t.Fatal("accepted despite the failed write")
	}
	if got, _ := s.List(Pending); len(got) != 1 {
		t.Fatalf("pending: %v", got)
	}
	got, err := s.Accept(p.ID, "ada", func(pr *Proposal) (string, error) { return "/rules/proposals.yaml", nil })
	if err != nil || got.Status != Accepted || got.By != "ada" || got.File != "/rules/proposals.yaml" {
		t.Fatalf("accept: %+v %v", got, err)
	}
	if _, err := s.Reject(p.ID, "ada", "no"); err == nil || !strings.Contains(err.Error(), "already accepted") {
		t.Errorf("reject after accept: %v", err)
	}
	if _, err := s.Get("../x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a path as id: %v", err)
	}
}

func TestAppendRule(t *testing.T) {
	t.Parallel()
	rule := "id: new\ndecision: allow\nmatch: {server: fs}\n"
	for _, tc := range []struct{ name, file, want, err string }{
		{"a new file", "", "rules:\n  - id: new\n", ""},
		{"after other rules, keeping comments", "# team rules\nrules:\n  - id: old # first\n    decision: allow\n",
			"# team rules\nrules:\n  - id: old # first\n    decision: allow\n  - id: new\n", ""},
		{"an empty list", "rules:\n", "rules:\n  - id: new\n", ""},
		{"not a list", "rules: 3\n", "", "not a list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := AppendRule([]byte(tc.file), rule)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || !strings.HasPrefix(string(got), tc.want) {
				t.Errorf("got\n%s(%v), want it to start with\n%s", got, err, tc.want)
			}
		})
	}
}
