package governance_test

import (
	"context"
	"testing"

	"github.com/agentgov/governance/governance"
)

func benchDecide(b *testing.B, cmd string) {
	e := governance.NewEngine(builtin(governance.DefaultSettings()))
	req := shellReq(cmd)
	ctx := context.Background()
	for b.Loop() {
		r := *req
		e.Decide(ctx, &r)
	}
}

// BenchmarkDecideOneLine is the in-process decision for a one-line shell
// command (budget: 20 microseconds).
func BenchmarkDecideOneLine(b *testing.B) { benchDecide(b, "git status") }

// BenchmarkDecideDenied is a one-line command the policy denies.
func BenchmarkDecideDenied(b *testing.B) { benchDecide(b, "git reset --hard HEAD~1") }

// BenchmarkDecidePipeline is a read-only pipeline.
func BenchmarkDecidePipeline(b *testing.B) {
	benchDecide(b, "grep -rn TODO src | sort | uniq -c | head -20")
}
