package oracle

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRunAll(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	// Every run must start from the pristine world: the marker the
	// other runs leave is never there.
	var cmds []string
	for i := range 24 {
		cmds = append(cmds, fmt.Sprintf("test ! -e marker && touch marker && rm README.md && echo %d", i))
	}
	start := time.Now()
	results := s.RunAll(t.Context(), cmds, 4)
	elapsed := time.Since(start)
	for i, r := range results {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Command, r.Err)
		}
		o := r.Observation
		if r.Command != cmds[i] || o.ExitCode != 0 || strings.TrimSpace(string(o.Stdout)) != strconv.Itoa(i) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", r.Command, o.ExitCode, o.Stdout, o.Stderr)
		}
	}
	t.Logf("%d commands in %v with 4 workers: %.1f commands/s", len(cmds), elapsed, float64(len(cmds))/elapsed.Seconds())
}

func TestRunAllCancelled(t *testing.T) {
	t.Parallel()
	s := newSandbox(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, r := range s.RunAll(ctx, []string{"true", "true"}, 1) {
		if r.Err != context.Canceled {
			t.Errorf("%s: err = %v, want context.Canceled", r.Command, r.Err)
		}
	}
}

// BenchmarkRunAll measures the commands per second of a batch of
// ordinary commands, at several numbers of workers.
func BenchmarkRunAll(b *testing.B) {
	s, err := New(b.TempDir())
	if err != nil {
		b.Skip(err)
	}
	cmds := []string{
		"ls -la", "cat README.md", "git status", "git log --oneline", "grep -r main src",
		"echo x > out.txt", "find . -name '*.go'", "wc -l README.md", "head -n 3 go.mod", "git diff",
	}
	for _, workers := range []int{1, 2, 4, 8} {
		b.Run(strconv.Itoa(workers), func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, r := range s.RunAll(b.Context(), cmds, workers) {
					if r.Err != nil {
						b.Fatal(r.Err)
					}
				}
				n += len(cmds)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "commands/s")
		})
	}
}
