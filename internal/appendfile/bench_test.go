package appendfile_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/appendfile"
)

// BenchmarkAppendLine measures one append of a decision-sized line, as a
// hook makes on every call.
func BenchmarkAppendLine(b *testing.B) {
	path := filepath.Join(b.TempDir(), "decisions.jsonl")
	line := []byte(`{"decision_id":"x","command":"` + strings.Repeat("x", 600) + `"}` + "\n")
	for b.Loop() {
		if err := appendfile.AppendLine(path, line); err != nil {
			b.Fatal(err)
		}
	}
}
