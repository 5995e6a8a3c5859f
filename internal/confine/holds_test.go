//go:build linux

package confine

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHoldsByHarness: with the harness that made the call named (as the
// hook's rewrite names it), that harness's absent settings are held in
// the root and the call's folder; another harness's and an editor's are
// checked after the call, unless the person uses that harness there
// (one of its names is there), and then held only inside a folder that
// exists: no folder is made for a harness that did not call. With no
// harness named, or one the launcher does not know, every one is held,
// as before.
func TestHoldsByHarness(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cwd := filepath.Join(w.project, "a", "b")
	must(t, os.MkdirAll(cwd, 0o755))
	// Kiro and Copilot CLI are used in the root: their folders exist.
	must(t, os.MkdirAll(filepath.Join(w.project, ".kiro"), 0o755))
	must(t, os.MkdirAll(filepath.Join(w.project, ".github", "copilot"), 0o755))
	w.req.Cwd = cwd
	abs := func(rel []string) []string {
		var out []string
		for _, r := range rel {
			out = append(out, filepath.Join(w.project, r))
		}
		return out
	}
	held := func(t *testing.T, p *Profile, rel ...string) {
		t.Helper()
		for _, f := range abs(rel) {
			if !insideAny(f, p.Absent) || insideAny(f, p.Checked) {
				t.Errorf("%s has no placeholder (checked: %v)", f, insideAny(f, p.Checked))
			}
		}
	}
	checked := func(t *testing.T, p *Profile, rel ...string) {
		t.Helper()
		for _, f := range abs(rel) {
			if !insideAny(f, p.Checked) || insideAny(f, p.Absent) {
				t.Errorf("%s is not checked after the call (held: %v)", f, insideAny(f, p.Absent))
			}
		}
	}
	// Absent, with no folder of theirs in a/b nor in the root (but the
	// two used there).
	others := []string{".codex", ".gemini", ".cursor", ".opencode", "opencode.json", "a/b/.github/hooks", "a/b/.github/mcp.json",
		".continue/mcpServers", ".junie/mcp", ".clinerules/hooks", ".aider.conf.yml", "a/b/.codex", "a/b/.kiro/settings",
		".vscode", ".zed", ".idea"}
	for _, harness := range []string{"", "confine", "emacs"} {
		w.req.Harness = harness
		p := w.profile(t, UnknownEffects, Options{})
		held(t, p, slices.Concat(others, []string{"a/b/.claude", ".mcp.json", ".kiro/settings", ".kiro/hooks"})...)
	}

	w.req.Harness = "claude"
	p := w.profile(t, UnknownEffects, Options{})
	// Claude Code's own, where absent; .claude in the root exists and is
	// read-only.
	held(t, p, "a/b/.claude", "a/b/.mcp.json", ".mcp.json")
	if root := filepath.Join(w.project, ".claude"); !slices.Contains(p.Protected, root) {
		t.Errorf("%s is not read-only: %v", root, p.Protected)
	}
	checked(t, p, others...)
	// Kiro's and Copilot CLI's in the root, where their folders are.
	held(t, p, ".kiro/settings", ".kiro/hooks", ".kiro/agents", ".github/hooks", ".github/mcp.json")
	if f := filepath.Join(w.project, ".github", "copilot"); !slices.Contains(p.Protected, f) {
		t.Errorf("%s is not read-only: %v", f, p.Protected)
	}
	// No folder is made to hold a placeholder: each stands in one that
	// exists (.git and .governance are placeholders of their own).
	for _, a := range p.Absent {
		if d := filepath.Dir(a); !exists(d) {
			t.Errorf("the placeholder %s needs %s made", a, d)
		}
	}

	// Codex calling: Claude Code's absent names in a/b are checked, its
	// folder in the root stays read-only.
	w.req.Harness = "codex"
	p = w.profile(t, UnknownEffects, Options{})
	held(t, p, ".codex", "a/b/.codex")
	checked(t, p, "a/b/.claude", "a/b/.mcp.json", ".gemini")
	held(t, p, ".mcp.json")
}

// TestOtherHarnessMadeQuarantined runs the launcher with Claude Code as
// the caller: Claude Code's settings cannot be made during the call;
// Codex's and Kiro's, with no folder of theirs in the project, can, and
// are moved into the quarantine as the call ends; no folder was made on
// the host to hold them.
func TestOtherHarnessMadeQuarantined(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	w.req.Harness = "claude"
	p := w.profile(t, UnknownEffects, Options{})
	if code, _, _ := w.run(t, p, "/bin/sh", "-c", "echo '{}' > .mcp.json"); code == 0 {
		t.Error(".mcp.json was made during the call")
	}
	wantMissing(t, filepath.Join(w.project, ".mcp.json"))
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"test ! -e .kiro && test ! -e .github && mkdir -p .codex .kiro/hooks && echo c > .codex/config.toml && echo k > .kiro/hooks/h.json")
	if code != 0 {
		t.Fatalf("the call: exit %d (a folder held for another harness was made?), %s", code, stderr)
	}
	for rel, want := range map[string]string{".codex/config.toml": "c\n", ".kiro/hooks/h.json": "k\n"} {
		found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel))
		if len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
			continue
		}
		wantFile(t, found[0], want)
		if !strings.Contains(stderr, filepath.Join(w.project, filepath.Dir(rel))) {
			t.Errorf("stderr does not name %s: %s", rel, stderr)
		}
	}
	for _, rel := range []string{".codex", ".kiro/hooks", ".github", ".continue", ".clinerules", ".junie"} {
		wantMissing(t, filepath.Join(w.project, rel))
	}
}

// TestHarnessFlag: --harness goes with --kind; with it the launcher
// holds the named harness's settings and checks another's (Kiro's, with
// no folder of its own here) after the call; without it, Kiro's are held
// too, as before.
func TestHarnessFlag(t *testing.T) {
	toolsInTemp(t)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	project := filepath.Join(home, "proj")
	must(t, os.MkdirAll(filepath.Join(project, ".governance"), 0o755))
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	t.Chdir(project)
	marker := filepath.Join(project, "ran")
	var out, errb bytes.Buffer
	if code := Main(nil, &out, &errb, []string{"--harness", "claude", "--", "/usr/bin/touch", marker}); code != 2 {
		t.Errorf("--harness without --kind: exit %d, stderr %q; want 2", code, errb.String())
	}
	wantMissing(t, marker)
	needBwrap(t)
	const script = "echo '{}' > .mcp.json; mkdir -p .kiro/hooks && echo k > .kiro/hooks/h.json"
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"--harness", "claude"}, 0},
		{nil, 1},
	} {
		out.Reset()
		errb.Reset()
		args := slices.Concat([]string{"--kind", "unknown-effects", "--project", project}, tc.args, []string{"--", "/bin/sh", "-c", script})
		if code := Main(nil, &out, &errb, args); code != tc.code {
			t.Errorf("%v: exit %d, want %d: %s", tc.args, code, tc.code, errb.String())
		}
		wantMissing(t, filepath.Join(project, ".mcp.json"))
		wantMissing(t, filepath.Join(project, ".kiro", "hooks"))
		found, _ := filepath.Glob(filepath.Join(project, ".governance/quarantine/*/.kiro/hooks/h.json"))
		if made := tc.code == 0; made != (len(found) == 1) {
			t.Errorf("%v: .kiro/hooks/h.json in the quarantine: %v", tc.args, found)
		}
		must(t, os.RemoveAll(filepath.Join(project, ".governance", "quarantine")))
		must(t, os.RemoveAll(filepath.Join(project, ".kiro")))
	}
}
