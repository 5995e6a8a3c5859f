//go:build linux

package confine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
)

// startNames are files programs read as they start in a folder, spelt
// as a call would write them: each is denied or asked by the write
// rules, and read-only or kept absent in a confined call's profile, in
// the root, in the folder the call runs in and in a folder between.
var startNames = []string{
	".env.local", ".env.development", ".env.production.local", ".env.test", "bunfig.toml", ".envrc",
	".claude/settings.json", ".claude/skills/fmt/SKILL.md", ".claude/commands/x.md", ".mcp.json", ".codex/config.toml",
	".gemini/settings.json", ".gemini/.env", "opencode.json", ".opencode/plugins/p.js", ".cursor/mcp.json",
	".github/mcp.json", ".github/copilot/settings.json", ".github/copilot/settings.local.json", ".github/hooks/h.json",
	".vscode/tasks.json", ".vscode/settings.json", ".vscode/mcp.json", ".devcontainer/devcontainer.json", ".devcontainer.json",
	".zed/settings.json", ".idea/workspace.xml", "mise.toml", ".mise.toml", "mise.local.toml", ".mise/config.toml",
	".config/mise/config.toml", "mise/config.toml", ".tool-versions", "rust-toolchain.toml", "rust-toolchain", ".cargo/config.toml",
	".cargo/config", ".yarnrc.yml", ".yarnrc",
}

// TestStartNamesAsWriteRules: what the write rules deny or ask of the
// names programs read as they start is what the profile keeps
// read-only, up from the call's folder; the folders around them that
// other tools share (.github, .config) stay writable.
func TestStartNamesAsWriteRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cwd := filepath.Join(w.project, "a", "b")
	must(t, os.MkdirAll(cwd, 0o755))
	// A workspace file that exists, below the root: its name is a glob.
	workspace := filepath.Join(w.project, "a", "app.code-workspace")
	must(t, os.WriteFile(workspace, []byte("{}\n"), 0o644))
	w.req.Cwd = cwd
	var p *Profile
	// Held or checked, whichever harness made the call (see
	// TestHoldsByHarness), or none named.
	for _, harness := range []string{"claude", "copilot", ""} {
		w.req.Harness = harness
		p = w.profile(t, UnknownEffects, Options{})
		kept := slices.Concat(p.Protected, p.Absent, p.Checked)
		for _, dir := range []string{w.project, filepath.Join(w.project, "a"), cwd} {
			for _, n := range startNames {
				f := filepath.Join(dir, n)
				req := &engine.Request{Cwd: cwd, ProjectRoot: w.project, Home: w.home,
					Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{f}}}}
				if d := w.eng.Decide(context.Background(), req); d.Outcome < engine.Ask {
					t.Errorf("a Write of %s: %s by %s, want it denied or asked", f, d.Outcome, d.Rule)
				}
				if !insideAny(f, kept) {
					t.Errorf("harness %q: %s is writable in the profile", harness, f)
				}
			}
		}
	}
	kept := slices.Concat(p.Protected, p.Absent, p.Checked)
	if !slices.Contains(p.Protected, workspace) {
		t.Errorf("%s is writable in the profile: %v", workspace, p.Protected)
	}
	for _, f := range []string{".github/workflows/ci.yml", ".config/app.toml", "src/idea.go", "a/docs/mise.md"} {
		if f = filepath.Join(w.project, f); insideAny(f, kept) {
			t.Errorf("%s is kept read-only: %v %v", f, p.Protected, p.Absent)
		}
	}
}

// TestStartNamesBelow: the protected set's names that exist below the
// folder the call runs in (web/.claude when it runs in the root) are
// read-only, found by the walk for secrets, with the index as without;
// none in node_modules.
func TestStartNamesBelow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	files := map[string]bool{
		"web/.claude/settings.json": true, "web/.vscode/tasks.json": true, "web/a/.mcp.json": true,
		"web/bunfig.toml": true, "web/.github/mcp.json": true, "web/app.code-workspace": true,
		"web/.github/workflows/ci.yml": false, "node_modules/x/.vscode/settings.json": false, "web/src/main.go": false,
	}
	for f := range files {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(w.project, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(w.project, f), []byte("{}\n"), 0o644))
	}
	index := t.TempDir()
	for _, opts := range []Options{{}, {Index: index, IndexKey: "k"}, {Index: index, IndexKey: "k"}} {
		p := w.profile(t, UnknownEffects, opts)
		for f, want := range files {
			if got := insideAny(filepath.Join(w.project, f), p.Protected); got != want {
				t.Errorf("index %q: %s read-only = %v, want %v (%v)", opts.Index, f, got, want, p.Protected)
			}
		}
		if want := filepath.Join(w.project, "web/.claude"); !slices.Contains(p.Protected, want) {
			t.Errorf("%s, a harness's folder, is not protected whole: %v", want, p.Protected)
		}
	}
}

// TestStartNamesConfined runs the launcher: a call in sub cannot leave
// an environment file a Bun-built harness loads as it starts, nor make a
// harness's settings in the folder it runs in, nor Copilot CLI's MCP
// servers; the folders around them stay writable.
func TestStartNamesConfined(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	sub := filepath.Join(w.project, "sub")
	w.req.Cwd = sub
	p := w.profile(t, UnknownEffects, Options{})
	// Checked after the call, not held (see TestStartNamesChecked).
	w.run(t, p, "/bin/sh", "-c", "echo 'BASH_ENV=./x.sh' > ../.env.local; echo 'BASH_ENV=./x.sh' > .env.local")
	for _, script := range []string{
		"mkdir -p .claude && echo '{\"hooks\":{}}' > .claude/settings.json",
		"mkdir -p ../.github && echo '{\"mcpServers\":{}}' > ../.github/mcp.json",
	} {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	for _, f := range []string{".env.local", "sub/.env.local", "sub/.claude", ".github/mcp.json"} {
		// Missing, or the launcher's empty placeholder while a reaper
		// still waits for the sandbox's end to remove it.
		if fi, err := os.Lstat(filepath.Join(w.project, f)); err == nil && (!fi.Mode().IsRegular() || fi.Size() > 0) {
			t.Errorf("%s on the host after the calls: %v", f, fi.Mode())
		}
	}
	if code, _, stderr := w.run(t, p, "/bin/sh", "-c", "mkdir -p ../.github/workflows && echo x > ../.github/workflows/ci.yml && echo x > notes.txt"); code != 0 {
		t.Errorf("a workflow and a file in the folder: exit %d, %s", code, stderr)
	}
}

// TestStartNamesChecked runs the launcher in a/b: a harness's settings
// the running harness reads cannot be made during the call; what only a
// program started later reads (.env.local, mise.toml, a/.idea), made by
// the call or by a job that ends after the launcher, is moved into the
// project's quarantine once the call's last process has ended, named on
// stderr, with what it held.
func TestStartNamesChecked(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	cwd := filepath.Join(w.project, "a", "b")
	must(t, os.MkdirAll(cwd, 0o755))
	w.req.Cwd = cwd
	p := w.profile(t, UnknownEffects, Options{})
	for _, f := range []string{".env.local", "mise.toml", "a/.idea", "a/b/.vscode", "a/.claude"} {
		if f = filepath.Join(w.project, f); !slices.Contains(p.Checked, f) || slices.Contains(p.Absent, f) {
			t.Errorf("%s is not checked after the call: checked %v", f, p.Checked)
		}
	}
	for _, f := range []string{".claude/settings.local.json", "a/b/.claude", ".envrc", "a/b/.envrc"} {
		if f = filepath.Join(w.project, f); insideAny(f, p.Checked) || !insideAny(f, slices.Concat(p.Absent, p.Protected)) {
			t.Errorf("%s has no placeholder: absent %v", f, p.Absent)
		}
	}
	if code, _, _ := w.run(t, p, "/bin/sh", "-c", "echo '{}' > ../../.claude/settings.local.json"); code == 0 {
		t.Error(".claude/settings.local.json was made during the call")
	}
	wantMissing(t, filepath.Join(w.project, ".claude/settings.local.json"))

	var stderr string
	quarantined := func(t *testing.T, rel, want string) {
		t.Helper()
		if _, err := os.Lstat(filepath.Join(w.project, rel)); err == nil {
			t.Errorf("%s is still there after the call", rel)
		}
		found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel))
		if len(found) != 1 {
			t.Fatalf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
		}
		wantFile(t, found[0], want)
		must(t, os.RemoveAll(found[0]))
	}
	var code int
	code, _, stderr = w.run(t, p, "/bin/sh", "-c",
		"echo 'BASH_ENV=./x.sh' > ../../.env.local && echo '[env]' > ../../mise.toml && mkdir -p ../.idea && echo x > ../.idea/x")
	if code != 0 {
		t.Fatalf("the call: exit %d, %s", code, stderr)
	}
	quarantined(t, ".env.local", "BASH_ENV=./x.sh\n")
	quarantined(t, "mise.toml", "[env]\n")
	quarantined(t, "a/.idea/x", "x\n")
	for _, f := range []string{".env.local", "mise.toml", "a/.idea"} {
		if !strings.Contains(stderr, filepath.Join(w.project, f)+" was made by a confined call") {
			t.Errorf("stderr does not name %s: %s", f, stderr)
		}
	}

	// A job that outlives the launcher: its reaper checks once it ended.
	code, out, _ := w.call(t, p, "/bin/sh", "-c",
		"(sleep 1; echo 'BASH_ENV=./y.sh' > ../../.env.local; echo '[env]' > ../../mise.toml; mkdir -p ../.idea && echo y > ../.idea/x; echo done > ../../job) >/dev/null 2>&1 & echo started")
	if code != 0 || out != "started\n" {
		t.Fatalf("exit %d, output %q", code, out)
	}
	if !waitFile(filepath.Join(w.project, "job")) {
		t.Fatal("the background job did not run")
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !exists(filepath.Join(w.project, ".env.local")) && !exists(filepath.Join(w.project, "a/.idea")) {
			break
		}
	}
	quarantined(t, ".env.local", "BASH_ENV=./y.sh\n")
	quarantined(t, "mise.toml", "[env]\n")
	quarantined(t, "a/.idea/x", "y\n")

	// What the command made before it ended is moved aside as it ends,
	// while a job it left still runs: a harness started meanwhile would
	// read it.
	code, out, _ = w.call(t, p, "/bin/sh", "-c", "echo 'BASH_ENV=./z.sh' > ../../.env.local; sleep 3 >/dev/null 2>&1 & echo started")
	if code != 0 || !strings.HasPrefix(out, "started\n") || !strings.Contains(out, ".env.local was made by a confined call") {
		t.Fatalf("exit %d, output %q", code, out)
	}
	if exists(filepath.Join(w.project, ".env.local")) {
		t.Error(".env.local stays while the job the call left runs")
	}
}

// TestStartNamesMadeBelow: a start name a call makes deeper than its
// folder, where no placeholder stands and no checked path looks, is
// found in the folders whose entries changed during the call (and those
// made meanwhile), and moved into the quarantine; what was there before
// and other files stay.
func TestStartNamesMadeBelow(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	must(t, os.MkdirAll(filepath.Join(w.project, "web", ".vscode"), 0o755))
	must(t, os.WriteFile(filepath.Join(w.project, "web", ".vscode", "settings.json"), []byte("{}\n"), 0o644))
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	if len(p.below) == 0 {
		t.Fatal("the profile holds no folder to look in after the call")
	}
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"mkdir -p web/.claude web/new/deep/.idea && echo h > web/.claude/settings.json && echo e > web/.env.local && echo i > web/new/deep/.idea/x && echo n > web/notes.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for rel, want := range map[string]string{"web/.claude/settings.json": "h\n", "web/.env.local": "e\n", "web/new/deep/.idea/x": "i\n"} {
		if exists(filepath.Join(w.project, rel)) {
			t.Errorf("%s is still there after the call", rel)
		}
		found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel))
		if len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
			continue
		}
		wantFile(t, found[0], want)
	}
	wantFile(t, filepath.Join(w.project, "web", "notes.txt"), "n\n")
	wantFile(t, filepath.Join(w.project, "web", ".vscode", "settings.json"), "{}\n")
}

// TestCheckedAttacks: what a call puts at a checked name is moved aside
// by its name alone: a folder renamed over it with what it holds, a
// hard link as a name (its file stays where else it is), a link as the
// link. A launcher killed before its check leaves the names to the
// next, which checks them before its call. A link where the quarantine
// goes is not followed: the name is put aside in its own folder.
func TestCheckedAttacks(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	code, _, stderr := w.run(t, p, "/bin/sh", "-c", "mv sub .devcontainer && ln main.go .env.local && ln -s ../outside.txt mise.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	batch, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*"))
	if len(batch) != 1 {
		t.Fatalf("quarantine: %v\n%s", batch, stderr)
	}
	wantFile(t, filepath.Join(batch[0], ".devcontainer", "README"), "sub\n")
	wantFile(t, filepath.Join(batch[0], ".env.local"), "package main\n")
	wantFile(t, filepath.Join(w.project, "main.go"), "package main\n")
	if l, err := os.Readlink(filepath.Join(batch[0], "mise.toml")); err != nil || l != "../outside.txt" {
		t.Errorf("mise.toml in the quarantine: %q %v", l, err)
	}
	wantFile(t, filepath.Join(w.home, "outside.txt"), "home outside the project\n")
	for _, f := range []string{".devcontainer", ".env.local", "mise.toml"} {
		if _, err := os.Lstat(filepath.Join(w.project, f)); err == nil {
			t.Errorf("%s is still there", f)
		}
	}
	if data, err := os.ReadFile(filepath.Join(batch[0], "WHY")); err != nil || !strings.Contains(string(data), filepath.Join(w.project, ".devcontainer")) {
		t.Errorf("WHY: %q %v", data, err)
	}

	// A launcher killed before its check: the next one checks first.
	leftover := filepath.Join(w.project, ".env.development")
	must(t, os.WriteFile(leftover, []byte("X=1\n"), 0o644))
	must(t, os.WriteFile(w.lockList(t, p, ".checked"), []byte(leftover+"\n"), 0o600))
	if _, _, stderr := w.run(t, p, "/bin/sh", "-c", "test ! -e .env.development"); !strings.Contains(stderr, leftover+" was made by a confined call") {
		t.Errorf("the leftover was not checked before the call: %s", stderr)
	}
	wantMissing(t, leftover)

	// A killed launcher's leftover, with the next call's profile built
	// after it was made (it shows it read-only, as the person's): moved
	// aside before the call all the same.
	leftover = filepath.Join(w.project, ".env.test")
	must(t, os.WriteFile(leftover, []byte("NODE_OPTIONS=--require ./x.js\n"), 0o644))
	must(t, os.WriteFile(w.lockList(t, p, ".checked"), []byte(leftover+"\n"), 0o600))
	fresh := w.profile(t, UnknownEffects, Options{})
	if _, _, stderr := w.run(t, fresh, "/bin/sh", "-c", "test ! -e .env.test && echo X=1 > .env.test"); !strings.Contains(stderr, leftover+" was made by a confined call") {
		t.Errorf("the leftover was not checked before the call: %s", stderr)
	}
	wantMissing(t, leftover)

	// The list steers nothing the profile does not check: a path it names
	// that the profile does not check is left where it is.
	forged := []string{filepath.Join(w.project, "main.go"), filepath.Join(w.project, "sub2", ".vscode")}
	must(t, os.MkdirAll(forged[1], 0o755))
	must(t, os.WriteFile(w.lockList(t, p, ".checked"), []byte(strings.Join(forged, "\n")+"\n"), 0o600))
	w.run(t, p, "/bin/true")
	for _, f := range forged {
		if _, err := os.Lstat(f); err != nil {
			t.Errorf("a forged list moved %s aside: %v", f, err)
		}
	}

	// A link where the quarantine goes leads nowhere.
	must(t, os.RemoveAll(filepath.Join(w.project, ".governance/quarantine")))
	elsewhere := filepath.Join(w.home, "elsewhere")
	must(t, os.MkdirAll(elsewhere, 0o755))
	must(t, os.Symlink(elsewhere, filepath.Join(w.project, ".governance/quarantine")))
	w.run(t, p, "/bin/sh", "-c", "echo x > .env.local")
	if entries, _ := os.ReadDir(elsewhere); len(entries) > 0 {
		t.Errorf("the quarantine's link was followed: %v", entries)
	}
	wantMissing(t, filepath.Join(w.project, ".env.local"))
	if aside, _ := filepath.Glob(filepath.Join(w.project, ".env.local.quarantined-*")); len(aside) != 1 {
		t.Errorf(".env.local was not put aside in its folder: %v", aside)
	}
}

// TestCheckedNotStaged: a checked name the call made and staged is taken
// back out of the index as well as moved aside: else the person's next
// git restore or checkout would put it back.
func TestCheckedNotStaged(t *testing.T) {
	needBwrap(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	w := newWorld(t)
	gitRepo(t, w)
	p := w.profile(t, UnknownEffects, Options{})
	w.run(t, p, "/bin/sh", "-c", "echo 'BASH_ENV=./x.sh' > .env.local; git add -f .env.local")
	wantMissing(t, filepath.Join(w.project, ".env.local"))
	if out := hostGit(t, w, "ls-files", "--", ".env.local"); out != "" {
		t.Errorf("the index holds .env.local after the call: %q", out)
	}
}

// TestCheckedLinkOnTheWay: a folder on the way to a checked name that a
// call makes a link (.config to a folder holding mise/config.toml, mise
// to one holding config.toml), which mise started later would read
// through, is moved aside whole, as the link, as a made name is; a link
// the person kept there before the call stays, with a warning.
func TestCheckedLinkOnTheWay(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{})
	for _, c := range []string{".config/mise", "mise/config.toml"} {
		if !slices.Contains(p.Checked, filepath.Join(w.project, c)) {
			t.Fatalf("%s is not checked: %v", c, p.Checked)
		}
	}
	code, _, stderr := w.run(t, p, "/bin/sh", "-c", "mkdir -p planted/mise && echo '[env]' > planted/mise/config.toml && ln -s planted .config && ln -s planted/mise mise")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	batch, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*"))
	if len(batch) != 1 {
		t.Fatalf("quarantine: %v\n%s", batch, stderr)
	}
	for link, to := range map[string]string{".config": "planted", "mise": "planted/mise"} {
		if l, err := os.Readlink(filepath.Join(batch[0], link)); err != nil || l != to {
			t.Errorf("%s in the quarantine: %q %v\n%s", link, l, err, stderr)
		}
		if _, err := os.Lstat(filepath.Join(w.project, link)); err == nil {
			t.Errorf("%s is still there", link)
		}
		if !strings.Contains(stderr, filepath.Join(w.project, link)+" was made by a confined call") {
			t.Errorf("stderr names no %s: %s", link, stderr)
		}
	}
	wantFile(t, filepath.Join(w.project, "planted/mise/config.toml"), "[env]\n")

	// The person's own link, there before the call: left, and named.
	must(t, os.Mkdir(filepath.Join(w.project, "dotfiles"), 0o755))
	must(t, os.Symlink("dotfiles", filepath.Join(w.project, ".config")))
	p = w.profile(t, UnknownEffects, Options{})
	code, _, stderr = w.run(t, p, "/bin/sh", "-c", "mkdir -p .config/mise && echo '[env]' > .config/mise/config.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if l, err := os.Readlink(filepath.Join(w.project, ".config")); err != nil || l != "dotfiles" {
		t.Errorf("the person's .config: %q %v", l, err)
	}
	if !strings.Contains(stderr, "a folder on the way to it is not a folder, or is a link") {
		t.Errorf("no warning of the person's link: %s", stderr)
	}

	// The person's link swapped for the call's own: the call's is moved
	// aside as a made link, and the person's put back.
	code, _, stderr = w.run(t, p, "/bin/sh", "-c", "rm .config && ln -s planted .config")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if l, err := os.Readlink(filepath.Join(w.project, ".config")); err != nil || l != "dotfiles" {
		t.Errorf("the person's .config after the call swapped it: %q %v\n%s", l, err, stderr)
	}
	if found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*/.config")); len(found) != 2 {
		t.Errorf("the call's .config is not in the quarantine: %v\n%s", found, stderr)
	} else if l, _ := os.Readlink(found[1]); l != "planted" {
		t.Errorf("the quarantine's .config leads to %q", l)
	}
}

// TestStartNamesMadeBelowByJob: a job that outlives its launcher and
// then makes a start name deeper than the call's folder (sub/dir/.env.local,
// sub/.vscode/tasks.json) finds it moved aside by the reaper, which looks
// below as the launcher does, from the folders' stamps before the call.
func TestStartNamesMadeBelowByJob(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	if len(p.below) == 0 {
		t.Fatal("the profile holds no folder to look in after the call")
	}
	script := `(sleep 1
mkdir -p sub/dir sub/.vscode
echo X=1 > sub/dir/.env.local
echo '{}' > sub/.vscode/tasks.json
echo n > sub/notes.txt
touch done) >/dev/null 2>&1 &
echo started`
	code, out, stderr := w.run(t, p, "/bin/sh", "-c", script)
	if code != 0 || out != "started\n" {
		t.Fatalf("exit %d, output %q: %s", code, out, stderr)
	}
	if !waitFile(filepath.Join(w.project, "done")) {
		t.Fatal("the background job did not run")
	}
	for rel, want := range map[string]string{"sub/dir/.env.local": "X=1\n", "sub/.vscode/tasks.json": "{}\n"} {
		wantMissing(t, filepath.Join(w.project, rel))
		found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel))
		if len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v", rel, found)
			continue
		}
		wantFile(t, found[0], want)
	}
	wantFile(t, filepath.Join(w.project, "sub", "notes.txt"), "n\n")
	// The reaper, having looked, removes the launcher's note of the look.
	var notes []string
	for i := 0; i < 50; i++ {
		if notes, _ = filepath.Glob(filepath.Join(w.state, LockDir, "*.below.*")); len(notes) == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(notes) != 0 {
		t.Errorf("notes of the look below left: %v", notes)
	}
}

// TestLinkMadeBelow: below the call's folder, a link the call makes
// where a program started in that folder reads through it (sub/.config
// to a folder holding mise/config.toml, sub/new/.vscode to one holding
// tasks.json) is moved aside as the link; a link the person made there
// before the call stays.
func TestLinkMadeBelow(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	must(t, os.Mkdir(filepath.Join(w.project, "dotfiles"), 0o755))
	must(t, os.Symlink("../dotfiles", filepath.Join(w.project, "sub", "mise")))
	// The person's link is older than the launcher's look, by more than
	// the second it allows a file system's clock.
	time.Sleep(1100 * time.Millisecond)
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"mkdir -p planted/mise sub/new && echo '[env]' > planted/mise/config.toml && ln -s ../planted sub/.config && ln -s ../../planted sub/new/.vscode && echo '[env]' > sub/mise/config.toml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for link, to := range map[string]string{"sub/.config": "../planted", "sub/new/.vscode": "../../planted"} {
		if _, err := os.Lstat(filepath.Join(w.project, link)); err == nil {
			t.Errorf("%s is still there", link)
		}
		found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", link))
		if len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", link, found, stderr)
			continue
		}
		if l, err := os.Readlink(found[0]); err != nil || l != to {
			t.Errorf("%s in the quarantine: %q %v", link, l, err)
		}
	}
	if l, err := os.Readlink(filepath.Join(w.project, "sub", "mise")); err != nil || l != "../dotfiles" {
		t.Errorf("the person's sub/mise: %q %v", l, err)
	}
}

// TestProjectFoldersMadeBelow: a .governance folder or a repository's
// own folder (.git, .hg, .jj) a call makes in any folder of the project
// would make that folder a project of its own (the enclosing project's
// settings no longer apply there) or have the person's next git status
// there run its configuration: each is moved into the quarantine after
// the call, with a WHY that says so; a nested repository the person had
// stays.
func TestProjectFoldersMadeBelow(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	// The person's own nested repository, and a worktree's .git file.
	must(t, os.MkdirAll(filepath.Join(w.project, "lib", ".git", "hooks"), 0o755))
	must(t, os.MkdirAll(filepath.Join(w.project, "wt"), 0o755))
	must(t, os.WriteFile(filepath.Join(w.project, "wt", ".git"), []byte("gitdir: ../.git/worktrees/wt\n"), 0o644))
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"mkdir -p web/.governance sub/.git web3/a/.jj && printf 'version: 1\\n' > web/.governance/config.yaml && "+
			"printf '[core]\\n\\tfsmonitor = id\\n' > sub/.git/config && mkdir -p web2 && echo 'gitdir: /tmp/x' > web2/.git && "+
			"mkdir -p sub/.hg && echo n > lib/notes && echo w > wt/notes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for rel, want := range map[string]string{"web/.governance/config.yaml": "version: 1\n", "sub/.git/config": "[core]\n\tfsmonitor = id\n",
		"web2/.git": "gitdir: /tmp/x\n", "web3/a/.jj": "", "sub/.hg": ""} {
		if _, err := os.Lstat(filepath.Join(w.project, rel)); err == nil {
			t.Errorf("%s is still there after the call", rel)
		}
		found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel))
		if len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
			continue
		}
		if want != "" {
			wantFile(t, found[0], want)
		}
	}
	for _, want := range []string{"web/.governance was made by a confined call, and a .governance folder makes its folder a project of its own",
		"sub/.git was made by a confined call, and a repository's own folder"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q: %s", want, stderr)
		}
	}
	why, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*/WHY"))
	if len(why) != 1 {
		t.Fatalf("WHY: %v", why)
	}
	if data, _ := os.ReadFile(why[0]); !strings.Contains(string(data), "makes its folder a project of its own") {
		t.Errorf("WHY does not say why: %s", data)
	}
	for _, rel := range []string{"lib/.git/hooks", "wt/.git"} {
		if _, err := os.Lstat(filepath.Join(w.project, rel)); err != nil {
			t.Errorf("the person's %s was moved: %v", rel, err)
		}
	}
}

// TestNestedProjectCodeReadOnly: what makes a folder below the root a
// project or a repository of its own, where the person has one (its
// .governance, a .git file, a git folder's config and hooks, .hg/hgrc),
// is read-only in a confined call as the root's is, found by the walk
// for secrets with the index and without; the repository's other files
// are not.
func TestNestedProjectCodeReadOnly(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	files := map[string]string{
		"web/.governance/config.yaml": "version: 1\ndefault: deny\n", "lib/.git/config": "[core]\n",
		"lib/.git/hooks/pre-commit": "#!/bin/sh\n", "wt/.git": "gitdir: ../.git/worktrees/wt\n", "hg/.hg/hgrc": "[hooks]\n",
		"lib/.git/HEAD": "ref: refs/heads/main\n",
	}
	for f, content := range files {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(w.project, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(w.project, f), []byte(content), 0o644))
	}
	index := t.TempDir()
	for _, opts := range []Options{{}, {Index: index, IndexKey: "k"}, {Index: index, IndexKey: "k"}} {
		p := w.profile(t, UnknownEffects, opts)
		for _, f := range []string{"web/.governance", "lib/.git/config", "lib/.git/hooks", "wt/.git", "hg/.hg/hgrc"} {
			if !slices.Contains(p.Protected, filepath.Join(w.project, f)) {
				t.Errorf("index %q: %s is writable: %v", opts.Index, f, p.Protected)
			}
		}
		if insideAny(filepath.Join(w.project, "lib/.git/HEAD"), p.Protected) {
			t.Errorf("lib/.git/HEAD is read-only")
		}
	}
	p := w.profile(t, UnknownEffects, Options{Index: index, IndexKey: "k"})
	for _, script := range []string{
		"printf 'version: 1\\n' > web/.governance/config.yaml", "echo x > web/.governance/rules.yaml",
		"printf '[core]\\n\\tfsmonitor = id\\n' >> lib/.git/config", "echo id > lib/.git/hooks/post-checkout",
		"echo 'gitdir: /tmp/x' > wt/.git", "echo '[hooks]' >> hg/.hg/hgrc",
	} {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	for f, content := range files {
		wantFile(t, filepath.Join(w.project, f), content)
	}
	if code, _, stderr := w.run(t, p, "/bin/sh", "-c", "echo x > lib/.git/FETCH_HEAD"); code != 0 {
		t.Errorf("a repository's other files: exit %d, %s", code, stderr)
	}
}

// TestProjectFoldersMadeBelowMany: a call that makes more folders than
// the look below once listed (20,000) hides nothing behind them: a
// .governance and a .git it makes after them are moved aside too.
func TestProjectFoldersMadeBelowMany(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"mkdir -p aaa && cd aaa && seq 1 20010 | xargs mkdir && cd .. && mkdir -p zz/api/.governance zz/src/.git")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, rel := range []string{"zz/api/.governance", "zz/src/.git"} {
		if _, err := os.Lstat(filepath.Join(w.project, rel)); err == nil {
			t.Errorf("%s is still there after the call: %s", rel, stderr)
		}
	}
	if strings.Contains(stderr, "were not looked in") {
		t.Errorf("the look stopped: %s", stderr)
	}
}

// TestMadeBelowLinkedProject: a project reached through a link (a home
// or ~/code linked to another disk, macOS's /tmp) is looked below after
// the call as one reached by its own path is; and the two names of it
// take one lock.
func TestMadeBelowLinkedProject(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	real := w.project
	link := filepath.Join(w.dir, "plink")
	must(t, os.Symlink(real, link))
	byReal := w.profile(t, UnknownEffects, Options{})
	w.project, w.req.Cwd, w.req.ProjectRoot = link, link, link
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	if len(p.below) == 0 {
		t.Fatal("the profile holds no folder to look in after the call")
	}
	if lockBase(p) != lockBase(byReal) {
		t.Errorf("the linked project's lock %s is not its real path's %s", lockBase(p), lockBase(byReal))
	}
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"mkdir -p api/.governance src/.git sub/.vscode && echo '{}' > sub/.vscode/tasks.json && echo n > sub/notes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, rel := range []string{"api/.governance", "src/.git", "sub/.vscode/tasks.json"} {
		wantMissing(t, filepath.Join(real, rel))
		if found, _ := filepath.Glob(filepath.Join(real, ".governance/quarantine/*", rel)); len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
		}
	}
	wantFile(t, filepath.Join(real, "sub", "notes"), "n\n")
}

// TestNestedGitRedirectsHeld: a repository below the root has what git
// reads of its git folder held as the root's is (gitCode): its
// commondir cannot be written (a call's would point the person's next
// git there at a configuration of the call's), nor modules or
// worktrees made; git works in it inside the confinement and out, and
// nothing of the launcher's is left after the call.
func TestNestedGitRedirectsHeld(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	sub := filepath.Join(w.project, "sub")
	for _, args := range [][]string{{"init", "-q", sub}, {"-C", sub, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"}} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	git := filepath.Join(sub, ".git")
	index := t.TempDir()
	for _, opts := range []Options{{}, {Index: index, IndexKey: "k"}, {Index: index, IndexKey: "k"}} {
		p := w.profile(t, UnknownEffects, opts)
		if !slices.Contains(p.Unmade, filepath.Join(git, "commondir")) {
			t.Errorf("index %q: unmade = %v, want sub/.git/commondir", opts.Index, p.Unmade)
		}
		for _, f := range []string{"modules", "worktrees"} {
			if !slices.Contains(p.Absent, filepath.Join(git, f)) {
				t.Errorf("index %q: sub/.git/%s can be made: %v", opts.Index, f, p.Absent)
			}
		}
	}
	p := w.profile(t, UnknownEffects, Options{Index: index, IndexKey: "k"})
	for _, script := range []string{
		"mkdir -p build/cd && cp -r sub/.git/objects sub/.git/refs sub/.git/HEAD build/cd/ && printf '[core]\\n\\tfsmonitor = id\\n' > build/cd/config && echo ../../build/cd > sub/.git/commondir",
		"mkdir -p sub/.git/modules/m && echo '[core]' > sub/.git/modules/m/config",
		"mkdir -p sub/.git/worktrees/w && echo ../../../build/cd > sub/.git/worktrees/w/commondir",
	} {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	// Inside, the placeholder "." names the git folder itself.
	if code, out, stderr := w.run(t, p, "/bin/sh", "-c", "cd sub && git rev-parse --git-common-dir && git status --short >/dev/null"); code != 0 || out != git+"\n" {
		t.Errorf("git in the nested repository: exit %d, %q, %s", code, out, stderr)
	}
	for _, f := range []string{"commondir", "modules", "worktrees"} {
		wantMissing(t, filepath.Join(git, f))
	}
	if out, err := exec.Command("git", "-C", sub, "rev-parse", "--git-common-dir").CombinedOutput(); err != nil || string(out) != ".git\n" {
		t.Errorf("git on the host: %v %q", err, out)
	}
}

// TestGitFolderMadeBelow: a call that makes an existing folder a git
// folder under another name (HEAD, objects and refs in src, a config
// whose core.worktree and core.fsmonitor the person's next git status
// there would run) has that folder's configuration and hooks moved into
// the quarantine after the call, as a .git it made would be; a bare
// repository the person had stays, its configuration read-only; and the
// write rules ask for a Write of a git folder's configuration whatever
// the folder's name.
func TestGitFolderMadeBelow(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	must(t, os.MkdirAll(filepath.Join(w.project, "src"), 0o755))
	must(t, os.WriteFile(filepath.Join(w.project, "src", "app.go"), []byte("package app\n"), 0o644))
	bare := filepath.Join(w.project, "fixtures", "origin.git")
	if out, err := exec.Command("git", "init", "-q", "--bare", bare).CombinedOutput(); err != nil {
		t.Fatalf("git init --bare: %v %s", err, out)
	}
	bareConfig, err := os.ReadFile(filepath.Join(bare, "config"))
	must(t, err)
	p := w.profile(t, UnknownEffects, Options{Index: t.TempDir(), IndexKey: "k"})
	for _, f := range []string{"config", "hooks"} {
		if !slices.Contains(p.Protected, filepath.Join(bare, f)) {
			t.Errorf("the bare repository's %s is writable: %v", f, p.Protected)
		}
	}
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"cd src && mkdir -p objects refs/heads hooks && echo 'ref: refs/heads/main' > HEAD && "+
			"printf '[core]\\n\\tbare = false\\n\\tworktree = .\\n\\tfsmonitor = id\\n' > config && echo id > hooks/post-checkout")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, rel := range []string{"src/config", "src/hooks"} {
		if _, err := os.Lstat(filepath.Join(w.project, rel)); err == nil {
			t.Errorf("%s is still there after the call", rel)
		}
		if found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel)); len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
		}
	}
	if !strings.Contains(stderr, "src/config was made by a confined call, and its folder holds HEAD, objects and refs") {
		t.Errorf("stderr does not say why: %s", stderr)
	}
	wantFile(t, filepath.Join(w.project, "src", "app.go"), "package app\n")
	wantFile(t, filepath.Join(bare, "config"), string(bareConfig))
	// The Write tool: a git folder's configuration, and the HEAD that
	// makes a folder holding one a git folder.
	must(t, os.MkdirAll(filepath.Join(w.project, "web", "objects"), 0o755))
	must(t, os.MkdirAll(filepath.Join(w.project, "web", "refs"), 0o755))
	must(t, os.WriteFile(filepath.Join(w.project, "web", "config"), []byte("[core]\n"), 0o644))
	for rel, ask := range map[string]bool{"fixtures/origin.git/config": true, "fixtures/origin.git/hooks/pre-receive": true,
		"src/HEAD": false, "web/HEAD": true, "src/config": true, "lib/config": false, "web/refs/heads/main": false} {
		req := &engine.Request{Cwd: w.project, ProjectRoot: w.project, Home: w.home,
			Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{filepath.Join(w.project, rel)}}}}
		if d := w.eng.Decide(context.Background(), req); (d.Outcome >= engine.Ask) != ask {
			t.Errorf("a Write of %s: %s by %s, want asked %v", rel, d.Outcome, d.Rule, ask)
		}
	}
}

// TestToolchainFilesChecked: a file that names by path the program a
// tool runs in place of its own (rustup's rust-toolchain.toml path, the
// release .yarnrc.yml's yarnPath names, cargo's rustc-wrapper), made by
// a confined call in the root or in its own folder, is moved into the
// quarantine after the call.
func TestToolchainFilesChecked(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	cwd := filepath.Join(w.project, "web")
	must(t, os.MkdirAll(cwd, 0o755))
	w.req.Cwd = cwd
	p := w.profile(t, UnknownEffects, Options{})
	code, _, stderr := w.run(t, p, "/bin/sh", "-c",
		"mkdir -p ../build/tc/bin ../.cargo && printf '[toolchain]\\npath = \"/x\"\\n' > ../rust-toolchain.toml && "+
			"echo 'yarnPath: ../build/y.cjs' > .yarnrc.yml && printf '[build]\\nrustc-wrapper = \"/x\"\\n' > ../.cargo/config.toml")
	if code != 0 {
		t.Fatalf("the call: exit %d, %s", code, stderr)
	}
	for _, rel := range []string{"rust-toolchain.toml", "web/.yarnrc.yml", ".cargo/config.toml"} {
		if _, err := os.Lstat(filepath.Join(w.project, rel)); err == nil {
			t.Errorf("%s is still there after the call", rel)
		}
		if found, _ := filepath.Glob(filepath.Join(w.project, ".governance/quarantine/*", rel)); len(found) != 1 {
			t.Errorf("%s is not in the quarantine once: %v\n%s", rel, found, stderr)
		}
	}
}
