package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// doctor warns about the folders of PATH before governance's that an
// agent may write, and about no other.
func TestPathShadows(t *testing.T) {
	t.Parallel()
	writable := func(d string) bool { return d == "/home/u/.local/bin" || d == "/home/u/bin" }
	for _, tc := range []struct {
		name, path string
		want       []string
	}{
		{"governance first", "/opt/gov/bin:/home/u/.local/bin:/usr/bin", nil},
		{"a folder the user may write first", "/home/u/.local/bin:/opt/gov/bin", []string{"/home/u/.local/bin"}},
		{"the project's virtual environment", "/work/app/.venv/bin:/usr/bin:/opt/gov/bin", []string{"/work/app/.venv/bin"}},
		{"a temporary folder", "/tmp/x/bin:/opt/gov/bin", []string{"/tmp/x/bin"}},
		{"a relative entry", "node_modules/.bin:/opt/gov/bin", []string{"node_modules/.bin"}},
		{"an empty entry is the current folder", ":/opt/gov/bin", []string{""}},
		{"system folders are not", "/usr/local/bin:/usr/bin:/opt/gov/bin", nil},
		{"after governance's folder, nothing counts", "/usr/bin:/opt/gov/bin:/tmp/x", nil},
		{"governance's folder not on PATH: every one counts", "/home/u/bin:/usr/bin", []string{"/home/u/bin"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, s := range pathShadows(tc.path, "/opt/gov/bin", "/work/app", []string{"/tmp"}, writable) {
				if s.why == "" {
					t.Errorf("%s: no reason given", s.dir)
				}
				got = append(got, s.dir)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("PATH=%s: warned about %q, want %q", tc.path, got, tc.want)
			}
		})
	}
}

// A program of governance's name already in a folder of PATH an agent may
// write is a problem doctor counts, and status names it beside the mode:
// a harness that runs the hook by its name runs that file, and nothing is
// judged while status would say "enforce".
func TestPlantedOnPath(t *testing.T) {
	t.Parallel()
	project := t.TempDir()
	venv := filepath.Join(project, ".venv", "bin")
	if err := os.MkdirAll(venv, 0o755); err != nil {
		t.Fatal(err)
	}
	a := &App{Getenv: func(k string) string {
		return map[string]string{"PATH": venv + ":/usr/bin"}[k]
	}}
	var b bytes.Buffer
	if n := a.pathLines(&b, project); n != 0 || len(a.plantedOnPath(project)) != 0 {
		t.Fatalf("nothing planted: %d problems, %q", n, b.String())
	}
	planted := filepath.Join(venv, "governance-hook")
	if err := os.WriteFile(planted, []byte("#!/bin/sh\necho {}\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if n := a.pathLines(&b, project); n != 1 || !strings.Contains(b.String(), "error: "+planted) {
		t.Errorf("planted hook: %d problems, report %q", n, b.String())
	}
	if got := a.plantedOnPath(project); !slices.Equal(got, []string{planted}) {
		t.Errorf("plantedOnPath = %q, want %q", got, planted)
	}
}
