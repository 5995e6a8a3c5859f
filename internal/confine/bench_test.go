//go:build linux

package confine

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkFor builds the profile of a call in a small project with
// secrets: the folders shown walked for them, the protected set found.
func BenchmarkFor(b *testing.B) {
	w := newWorld(b)
	for b.Loop() {
		if _, err := For(w.eng, w.req, UnknownEffects, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkForIndexed is BenchmarkFor with the secrets found read from
// a fresh index (see index.go): every folder stamped, none listed.
func BenchmarkForIndexed(b *testing.B) {
	w := newWorld(b)
	opts := Options{Index: filepath.Join(w.state, IndexDir), IndexKey: "bench"}
	for b.Loop() {
		if _, err := For(w.eng, w.req, UnknownEffects, opts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTrue runs `true` bare and confined, side by side; the
// difference is what confinement costs a call (budget: 10 ms at p50,
// measured by `make bench-confine` on spawned processes).
func BenchmarkTrue(b *testing.B) {
	needBwrap(b)
	w := newWorld(b)
	p := w.profile(b, UnknownEffects, Options{})
	b.Run("bare", func(b *testing.B) {
		for b.Loop() {
			c := exec.Command("/usr/bin/true")
			c.Dir = w.project
			if err := c.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("confined", func(b *testing.B) {
		l := &Launcher{Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}
		for b.Loop() {
			if code, err := l.Run(b.Context(), p, []string{"/usr/bin/true"}); err != nil || code != 0 {
				b.Fatal(code, err)
			}
		}
	})
	// In a repository that tracks two of the secrets: one git cat-file
	// for their committed contents, and info/exclude shown with the
	// untracked ones.
	b.Run("confined-git", func(b *testing.B) {
		g := newWorld(b)
		gitRepo(b, g)
		p := g.profile(b, UnknownEffects, Options{})
		if len(p.Committed) == 0 || len(p.Excluded) == 0 {
			b.Fatalf("committed %v, excluded %v", p.Committed, p.Excluded)
		}
		l := &Launcher{Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}
		for b.Loop() {
			if code, err := l.Run(b.Context(), p, []string{"/usr/bin/true"}); err != nil || code != 0 {
				b.Fatal(code, err)
			}
		}
	})
}
