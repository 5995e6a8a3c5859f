package landlock

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/confine"
)

// TestPlan checks the grants of a profile: a folder holding a masked or
// protected path is granted entry by entry, the masked path not at all,
// the protected one only to read, and a link met on the way not at all.
func TestPlan(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	for _, f := range []string{"main.go", ".env", "sub/a.go", ".claude/settings.json", "config/.env.production", "config/app.yaml"} {
		p := filepath.Join(proj, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere"), filepath.Join(proj, "link")); err != nil {
		t.Fatal(err)
	}
	p := &confine.Profile{Kind: confine.UnknownEffects, Cwd: proj, Home: filepath.Join(dir, "home"), Writable: []string{proj},
		Protected: []string{filepath.Join(proj, ".claude")},
		Masked:    []string{filepath.Join(proj, ".env"), filepath.Join(proj, "config/.env.production")}}
	got := map[string]Grant{}
	for _, g := range Plan(p) {
		got[g.Path] = g
	}
	want := map[string]Grant{
		proj:                                   {proj, List, true},
		filepath.Join(proj, "main.go"):         {filepath.Join(proj, "main.go"), Write, false},
		filepath.Join(proj, "sub"):             {filepath.Join(proj, "sub"), Write, true},
		filepath.Join(proj, ".claude"):         {filepath.Join(proj, ".claude"), Read, true},
		filepath.Join(proj, "config"):          {filepath.Join(proj, "config"), List, true},
		filepath.Join(proj, "config/app.yaml"): {filepath.Join(proj, "config/app.yaml"), Write, false},
		"/usr":                                 {"/usr", Read, true},
		"/var/tmp":                             {"/var/tmp", Write, true},
	}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s: got %+v, want %+v", path, got[path], w)
		}
	}
	for _, none := range []string{filepath.Join(proj, ".env"), filepath.Join(proj, "config/.env.production"), filepath.Join(proj, "link")} {
		if g, ok := got[none]; ok {
			t.Errorf("%s is granted: %+v", none, g)
		}
	}
	// The test's world is in /tmp, which is writable: it is granted entry
	// by entry around the holes.
	if slices.ContainsFunc(Plan(p), func(g Grant) bool { return g.Path == "/" || g.Path == "/tmp" && g.Access != List }) {
		t.Error("the root, or /tmp around the holes, is granted")
	}
}

// TestPlanAbsent: a protected path that does not exist yet (.mcp.json in a
// project that holds no protected path) keeps its folder granted entry by
// entry, so the call cannot create it.
func TestPlanAbsent(t *testing.T) {
	t.Parallel()
	proj := filepath.Join(t.TempDir(), "proj")
	if err := os.MkdirAll(filepath.Join(proj, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := &confine.Profile{Kind: confine.UnknownEffects, Cwd: proj, Writable: []string{proj},
		Absent: []string{filepath.Join(proj, ".mcp.json")}}
	got := map[string]Grant{}
	for _, g := range Plan(p) {
		got[g.Path] = g
	}
	if g := got[proj]; g.Access != List {
		t.Errorf("the project is granted %+v: a call could create .mcp.json in it", g)
	}
	if g := got[filepath.Join(proj, "sub")]; g.Access != Write {
		t.Errorf("sub is granted %+v, want write", g)
	}
}
