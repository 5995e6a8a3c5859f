package decisionlog

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// BenchmarkRecord measures what a hook pays to log one decision: build
// the entry, mask it, bound it, and append it to the log.
func BenchmarkRecord(b *testing.B) {
	path := filepath.Join(b.TempDir(), "decisions.jsonl")
	req := shellRequest("git status --short && go test ./internal/decisionlog -run TestRecord")
	d := &engine.Decision{Outcome: engine.Allow, Layer: "safe-set", Rule: "read-only:git"}
	for b.Loop() {
		if err := Record(path, Labels{Harness: "claude"}, req, d, time.Millisecond); err != nil {
			b.Fatal(err)
		}
	}
}
