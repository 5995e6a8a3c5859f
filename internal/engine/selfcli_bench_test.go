package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// BenchmarkDecideWithBinaries decides one-line commands as the hook does
// where governance is installed: each program that may be governance
// under another name is looked for along PATH and compared with the
// installed binaries.
func BenchmarkDecideWithBinaries(b *testing.B) {
	dir := b.TempDir()
	gov := filepath.Join(dir, "governance")
	if err := os.WriteFile(gov, make([]byte, 4096), 0o755); err != nil {
		b.Fatal(err)
	}
	for _, cmd := range []string{"git status", "ls -la", "grep -rn TODO src | sort | uniq -c | head -20"} {
		b.Run(cmd, func(b *testing.B) {
			e := engine.NewEngine(builtin(engine.DefaultSettings()))
			e.Binaries = []string{gov}
			e.LookupEnv = func(k string) (string, bool) {
				if k == "PATH" {
					return "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", true
				}
				return "", false
			}
			req := shellReq(cmd)
			ctx := context.Background()
			for b.Loop() {
				r := *req
				e.Decide(ctx, &r)
			}
		})
	}
}
