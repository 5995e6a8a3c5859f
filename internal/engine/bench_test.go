package engine_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

func benchDecide(b *testing.B, cmd string) {
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
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

// countingFS is the machine's file system, counting the calls made of it:
// each is a system call (lstat, readlink, or an open, getdents and close).
type countingFS struct{ calls *int }

func (f countingFS) Lstat(name string) (fs.FileInfo, error) { *f.calls++; return os.Lstat(name) }
func (f countingFS) Readlink(name string) (string, error)   { *f.calls++; return os.Readlink(name) }
func (f countingFS) ReadFile(name string) ([]byte, error)   { *f.calls++; return os.ReadFile(name) }
func (f countingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	*f.calls++
	return os.ReadDir(name)
}

// benchOnDisk decides cmd in a project on disk: files are there, links
// are followed and globs expanded against them. It reports the file
// system calls a decision makes.
func benchOnDisk(b *testing.B, dir, cmd string) {
	calls := 0
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = countingFS{&calls}
	req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: filepath.Dir(dir),
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
	ctx := context.Background()
	for b.Loop() {
		r := *req
		e.Decide(ctx, &r)
	}
	b.ReportMetric(float64(calls)/float64(b.N), "fs-calls/op")
}

// tree makes a project of folders with files in each, a .git folder and
// a link to a file outside it.
func tree(b *testing.B, folders, files int) string {
	dir := filepath.Join(b.TempDir(), "project")
	for i := range folders {
		d := filepath.Join(dir, "src", fmt.Sprintf("pkg%03d", i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		for j := range files {
			if err := os.WriteFile(filepath.Join(d, fmt.Sprintf("f%03d.go", j)), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "link")); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkDecidePathsOnDisk resolves a command's paths as the kernel
// will: a link, a glob over a folder and relative paths.
func BenchmarkDecidePathsOnDisk(b *testing.B) {
	dir := tree(b, 10, 20)
	benchOnDisk(b, dir, "cat link src/pkg001/*.go ../project/src/pkg002/f001.go && ls -la src")
}

// BenchmarkRecursiveRead is a recursive read of a tree of 2,000 files in
// 100 folders, walked for secrets it would print: the bound on that work
// (20,000 entries, 50 ms) is set from its cost per entry.
func BenchmarkRecursiveRead(b *testing.B) {
	dir := tree(b, 100, 20)
	benchOnDisk(b, dir, "grep -rn TODO .")
}

// BenchmarkRecursiveDelete: rm -rf of a large folder holding no secret
// (node_modules, a build output) is walked up to a bound
// (maxDeleteWalk), then left to the rest of the decision.
func BenchmarkRecursiveDelete(b *testing.B) {
	dir := tree(b, 100, 20)
	benchOnDisk(b, dir, "rm -rf src")
}
