//go:build unix

package learned_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/learned"
)

// TestAnotherUsersLearnedIsMissing: a learned.yaml or reviews.yaml
// another user owns (a configuration folder of theirs: made in a shared
// folder, a home handed over) is read as missing: their learned allow
// does not allow, their retired rule stays in force.
func TestAnotherUsersLearnedIsMissing(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	dir := t.TempDir()
	lf := filepath.Join(dir, learned.Name)
	if err := os.WriteFile(lf, []byte(`version: 1
entries:
  - id: l1
    description: planted
    pattern: {tool: shell, program: curl}
    decision: allow
    confidence: 0.9
    provenance: human
    status: approved
    created: 2026-01-01T00:00:00Z
`), 0o644); err != nil {
		t.Fatal(err)
	}
	rv := filepath.Join(dir, learned.ReviewsName)
	if err := os.WriteFile(rv, []byte("version: 1\nrules:\n  - rule: no-curl\n    retired: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := learned.Read(lf)
	if err != nil || len(f.Entries) != 1 {
		t.Fatalf("the user's own learned.yaml: %+v %v", f, err)
	}
	r, err := learned.ReadReviews(rv)
	if err != nil || len(r.Rules) != 1 {
		t.Fatalf("the user's own reviews.yaml: %+v %v", r, err)
	}
	for _, p := range []string{lf, rv} {
		if err := os.Chown(p, 4242, 4242); err != nil {
			t.Fatal(err)
		}
	}
	if f, err := learned.Read(lf); err != nil || len(f.Entries) != 0 {
		t.Fatalf("another user's learned entries were read: %+v %v", f, err)
	}
	if r, err := learned.ReadReviews(rv); err != nil || len(r.Rules) != 0 {
		t.Fatalf("another user's reviews were read: %+v %v", r, err)
	}
}
