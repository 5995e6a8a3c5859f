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

// script30 is a 30-line shell script of the kind agents send: setup,
// conditionals, a loop, a function, pipelines and substitutions.
const script30 = `#!/usr/bin/env bash
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
VERSION=$(git describe --tags --always)
echo "building $VERSION"
log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }
if [ ! -d build ]; then
  mkdir -p build
fi
for pkg in api worker web; do
  log "testing $pkg"
  go test "./services/$pkg/..." -count=1 | tee "build/$pkg-test.log"
done
go vet ./... 2>&1 | grep -v '^#' || true
find . -name '*.go' -newer go.mod | head -20
gofmt -l . | while read -r f; do
  echo "needs gofmt: $f"
done
git status --short
git diff --stat HEAD~1
npm --prefix web ci
npm --prefix web run build
ls -la build/
wc -l build/*.log
grep -c FAIL build/*.log || true
cat build/api-test.log | tail -5
sha256sum build/*.log > build/SUMS
test -s build/SUMS && log "checksums written"
du -sh build
log "done"
`

// BenchmarkDecideScript30 is the in-process decision for a 30-line
// script (budget: 200 microseconds).
func BenchmarkDecideScript30(b *testing.B) { benchDecide(b, script30) }
