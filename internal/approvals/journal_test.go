package approvals_test

import (
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// TestJournalAfterUse: the call a person approved for good takes the
// approval (used) while approve --always still records the learned entry;
// its journal is still written, and a pending or denied record's is not.
func TestJournalAfterUse(t *testing.T) {
	s := approvals.Open(t.TempDir())
	it, _, err := s.File(approvals.Item{Shape: "x", Summary: "shell: make deploy"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Journal(it.ID, func(f *approvals.Finish) { f.Done = true }); err == nil {
		t.Fatal("a pending approval's journal was written")
	}
	if _, err := s.AnswerFinishing(it.ID, true, "person", "", true, &approvals.Finish{}); err != nil {
		t.Fatal(err)
	}
	if used, err := s.Answered("x", time.Time{}); err != nil || used == nil || used.Status != approvals.Used {
		t.Fatalf("the waiting call took %+v, %v", used, err)
	}
	got, err := s.Journal(it.ID, func(f *approvals.Finish) { f.Entry, f.Done = "learned-1", true })
	if err != nil || got.Finish == nil || !got.Finish.Done || got.Finish.Entry != "learned-1" {
		t.Fatalf("journal of a used approval: %+v, %v", got, err)
	}
	denied, _, err := s.File(approvals.Item{Shape: "y", Summary: "shell: make other"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Answer(denied.ID, false, "person", "no", false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Journal(denied.ID, func(f *approvals.Finish) { f.Done = true }); err == nil {
		t.Fatal("a denied approval's journal was written")
	}
}
