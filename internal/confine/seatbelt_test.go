package confine

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden Seatbelt profiles in testdata")

// seatbeltProfiles are profiles of each kind, as For builds them on a
// Mac, by name of their golden file.
var seatbeltProfiles = map[string]*Profile{
	"unknown-effects": {Kind: UnknownEffects, Cwd: "/Users/ada/src/app", Home: "/Users/ada",
		ReadOnly:  []string{"/Users/ada/.gitconfig"},
		Writable:  []string{"/Users/ada/src/app"},
		Protected: []string{"/Users/ada/src/app/.claude", "/Users/ada/src/app/.git/config", "/Users/ada/src/app/.git/hooks", "/Users/ada/src/app/.governance"},
		Absent:    []string{"/Users/ada/src/app/.gemini", "/Users/ada/src/app/.mcp.json"},
		Masked:    []string{"/Users/ada/src/app/.env", "/Users/ada/src/app/certs/server.key"},
		Report:    []string{"/tmp/claude-1a2b-cwd"}},
	"read-only": {Kind: ReadOnly, Cwd: "/Users/ada/src/app", Home: "/Users/ada",
		ReadOnly: []string{"/Users/ada/src/app", "/Users/ada/.gitconfig"},
		Writable: []string{"/Users/ada/Library/Caches/go-build"},
		Masked:   []string{"/Users/ada/src/app/.env"}},
	"server-network": {Kind: Server, Cwd: "/Users/ada/src/app", Home: "/Users/ada",
		ReadOnly: []string{"/Users/ada/src/app", "/Users/ada/.local/lib/mcp"},
		Writable: []string{"/Users/ada/src/app/docs \"quoted\""},
		Masked:   []string{"/Users/ada/src/app/.env"}, Network: true},
}

// TestSeatbelt checks the generated Seatbelt profiles against their
// golden files (go test -run TestSeatbelt -update rewrites them); on a
// Mac, sandbox-exec also compiles each.
func TestSeatbelt(t *testing.T) {
	t.Parallel()
	for name, p := range seatbeltProfiles {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if err := p.Check(); err != nil {
				t.Fatal(err)
			}
			got := p.Seatbelt()
			golden := filepath.Join("testdata", name+".sb")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("Seatbelt() differs from %s (go test -run TestSeatbelt -update rewrites it):\n%s", golden, got)
			}
			if strings.Count(got, "(") != strings.Count(got, ")") {
				t.Errorf("unbalanced parentheses:\n%s", got)
			}
			if runtime.GOOS == "darwin" {
				out, err := exec.Command("/usr/bin/sandbox-exec", "-p", got, "/usr/bin/true").CombinedOutput()
				if err != nil {
					t.Errorf("sandbox-exec refuses the profile: %v: %s", err, out)
				}
			}
		})
	}
}

// TestSeatbeltResolvesLinks: the profile sandbox-exec gets names the
// folders where they are, since Seatbelt matches resolved paths (/tmp is
// /private/tmp on a Mac).
func TestSeatbeltResolvesLinks(t *testing.T) {
	t.Parallel()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	real := filepath.Join(dir, "real")
	must(t, os.MkdirAll(real, 0o755))
	link := filepath.Join(dir, "link")
	must(t, os.Symlink(real, link))
	p := &Profile{Kind: UnknownEffects, Cwd: link, Writable: []string{link}, Masked: []string{filepath.Join(link, ".env")}}
	got := p.resolved().Seatbelt()
	if !strings.Contains(got, `(subpath "`+real+`")`) || strings.Contains(got, link) {
		t.Errorf("the links are not resolved:\n%s", got)
	}
}
