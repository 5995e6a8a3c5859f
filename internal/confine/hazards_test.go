//go:build linux

package confine

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// gitRepo makes the world's project a git repository whose first commit
// tracks two secret files (one executable) by their committed,
// harmless content; .env is ignored, certs/new.key neither tracked nor
// ignored. The person then changes a tracked secret without staging it:
// the real secret the call must not see.
func gitRepo(t testing.TB, w *world) {
	t.Helper()
	needGit(t)
	must(t, os.RemoveAll(filepath.Join(w.project, ".git")))
	files := map[string]string{
		".gitignore":             ".env\n",
		"config/.env.production": "DB_PASSWORD=committed-placeholder\n",
		"certs/server.key":       "placeholder key\n",
	}
	for name, body := range files {
		must(t, os.WriteFile(filepath.Join(w.project, name), []byte(body), 0o644))
	}
	must(t, os.Chmod(filepath.Join(w.project, "certs/server.key"), 0o755))
	hostGit(t, w, "init", "-q")
	hostGit(t, w, "add", "-A")
	hostGit(t, w, "commit", "-qm", "first")
	must(t, os.WriteFile(filepath.Join(w.project, "config/.env.production"), []byte("DB_PASSWORD="+secretValue+"\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(w.project, "certs/new.key"), []byte(secretValue), 0o600))
}

func needGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is missing in CI")
		}
		t.Skip("git is not installed")
	}
}

// gitIdentity names the committer without a configuration file (not by
// GIT_AUTHOR_NAME: a name with AUTH in it is withheld from a confined
// call as a secret's).
var gitIdentity = []string{"GIT_CONFIG_COUNT=2", "GIT_CONFIG_KEY_0=user.name", "GIT_CONFIG_VALUE_0=a",
	"GIT_CONFIG_KEY_1=user.email", "GIT_CONFIG_VALUE_1=a@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"}

// setGitIdentity puts gitIdentity in the test's environment, for the
// git a confined call runs.
func setGitIdentity(t *testing.T) {
	for _, kv := range gitIdentity {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
}

// hostGit runs git in the project, outside any confinement.
func hostGit(t testing.TB, w *world, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = w.project
	cmd.Env = slices.Concat(os.Environ(), []string{"HOME=" + w.home}, gitIdentity)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestCommittedSecrets: a secret file git tracks is shown as the index
// holds it, so that committing, adding or stashing everything inside the
// confinement records no change to it, least of all an empty file; a
// change the person has not staged stays unseen.
func TestCommittedSecrets(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	p := w.profile(t, UnknownEffects, Options{})
	var tracked []string
	for _, c := range p.Committed {
		tracked = append(tracked, strings.TrimPrefix(c.Path, w.project+"/"))
	}
	if want := []string{"certs/server.key", "config/.env.production"}; !slices.Equal(sorted(tracked), want) {
		t.Fatalf("committed = %v, want %v", tracked, want)
	}
	exclude := filepath.Join(w.project, ".git/info/exclude")
	before, err := os.ReadFile(exclude)
	must(t, err)
	// The untracked secrets, and the placeholders of the absent protected
	// paths (which a confined call sees as empty folders and files).
	// The placeholders are the profile's absent paths, and the names it
	// checks after the call (those in .git git never lists), whatever the
	// protected set's names are; some are expected among them.
	var placeholders []string
	for _, a := range slices.Concat(p.Absent, p.Checked) {
		if rel := strings.TrimPrefix(a, w.project); !strings.HasPrefix(rel, "/.git/") {
			placeholders = append(placeholders, rel)
		}
	}
	for _, name := range []string{"/.codex", "/.env.local", "/.envrc", "/.github/mcp.json", "/.mcp.json", "/.vscode", "/opencode.json"} {
		if !slices.Contains(placeholders, name) {
			t.Errorf("no placeholder of %s among %v", name, placeholders)
		}
	}
	slices.Sort(placeholders)
	if want := []Excluded{{File: exclude, Patterns: append([]string{"/.env", "/certs/new.key"}, placeholders...)}}; !reflect.DeepEqual(p.Excluded, want) {
		t.Fatalf("excluded = %v, want %v", p.Excluded, want)
	}
	setGitIdentity(t)
	for _, tc := range []struct {
		name, script string
		// changed are the files the commit or stash at the end records.
		changed string
	}{
		{"what the call sees", "cat config/.env.production certs/server.key .env certs/new.key; test -x certs/server.key && git status --porcelain", ""},
		{"git commit -a", "echo a >> main.go && git commit -qam a && git show --name-only --format= HEAD", "main.go\n"},
		{"git add -A", "echo b >> main.go && git add -A && git commit -qm b && git show --name-only --format= HEAD", "main.go\n"},
		{"git stash", "echo c >> main.go && git stash -q && git stash show --name-only", "main.go\n"},
		{"git stash -u", "echo d >> main.go && git stash -qu && git stash show --include-untracked --name-only", "main.go\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := w.run(t, p, "bash", "-c", tc.script)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			if strings.Contains(out+errs, secretValue) {
				t.Errorf("the call saw the person's unstaged secret:\n%s%s", out, errs)
			}
			if tc.changed == "" {
				if want := "DB_PASSWORD=committed-placeholder\nplaceholder key\n"; out != want {
					t.Errorf("stdout = %q, want the committed contents, .env empty and git seeing no change", out)
				}
				return
			}
			if out != tc.changed {
				t.Errorf("recorded %q, want %q\nstderr: %s", out, tc.changed, errs)
			}
		})
	}
	// Outside, the history holds the secrets as committed, never emptied,
	// and the person's change is where it was.
	for _, f := range []string{"config/.env.production", "certs/server.key"} {
		if log := hostGit(t, w, "log", "--format=%s", "--", f); log != "first\n" {
			t.Errorf("commits changing %s: %q, want only the first", f, log)
		}
	}
	wantFile(t, filepath.Join(w.project, "config/.env.production"), "DB_PASSWORD="+secretValue+"\n")
	wantFile(t, exclude, string(before))
	if st := hostGit(t, w, "status", "--porcelain"); st != " M config/.env.production\n?? certs/new.key\n" {
		t.Errorf("git status outside = %q, want the person's unstaged change only", st)
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestUntrackedSecretNoExcludeFile: a repository without info/exclude
// (made without git's templates) still has its untracked secrets kept
// out of git add -A.
func TestUntrackedSecretNoExcludeFile(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	must(t, os.RemoveAll(filepath.Join(w.project, ".git/info")))
	setGitIdentity(t)
	p := w.profile(t, UnknownEffects, Options{})
	code, out, errs := w.run(t, p, "bash", "-c", "git add -A && git status --porcelain")
	if code != 0 || out != "" {
		t.Errorf("exit %d, status %q, want nothing to add\n%s", code, out, errs)
	}
	// The file bubblewrap mounted on, and the folder made for it, are
	// gone once the call has ended.
	for _, f := range []string{".git/info/exclude", ".git/info"} {
		if _, err := os.Lstat(filepath.Join(w.project, f)); err == nil {
			t.Errorf("%s is left on the host", f)
		}
	}
}

// TestForcedAddOfMask: `git add -f` passes over what the repository
// ignores, and staged an untracked secret's mask, empty; once tracked,
// the person's next `git commit -a` would commit the real file. The
// launcher takes it back out of the index as the call ends (a commit
// the call made keeps it, empty: the next commit deletes it), says so,
// and leaves the file as it was; an index the call did not touch is not
// read.
func TestForcedAddOfMask(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	setGitIdentity(t)
	p := w.profile(t, UnknownEffects, Options{})
	if len(p.Untracked) != 1 || !slices.Contains(p.Untracked[0].Paths, ".env") {
		t.Fatalf("untracked = %+v, want .env among them", p.Untracked)
	}
	first := strings.TrimSpace(hostGit(t, w, "rev-parse", "HEAD"))
	for _, tc := range []struct{ name, script, says string }{
		{"git add -f", "git add -f .env certs/new.key && git status --porcelain", "unstaged again, so that"},
		{"git add -f and commit", "git add -f .env && git commit -qm leak", "committed .env"},
		{"git update-index", "git update-index --add .env", "unstaged again, so that"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := w.run(t, p, "bash", "-c", tc.script)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			if !strings.Contains(errs, tc.says) {
				t.Errorf("stderr does not say %q:\n%s", tc.says, errs)
			}
			if files := hostGit(t, w, "ls-files", "--", ".env", "certs/new.key"); files != "" {
				t.Errorf("the index outside holds %q", files)
			}
			wantFile(t, filepath.Join(w.project, ".env"), "API_TOKEN="+secretValue+"\n")
			hostGit(t, w, "reset", "-q", first)
		})
	}
	code, _, errs := w.run(t, p, "bash", "-c", "git status --porcelain >/dev/null")
	if code != 0 || errs != "" {
		t.Errorf("a call that staged nothing: exit %d, stderr %q", code, errs)
	}
	// A split index keeps the entry in a shared index file, which git
	// alone reads here.
	code, out, errs := w.run(t, p, "bash", "-c", "git -c core.splitIndex=true -c splitIndex.maxPercentChange=0 add -f .env")
	if code != 0 || !strings.Contains(errs, "unstaged again") {
		t.Errorf("split index: exit %d, stderr %q%s", code, errs, out)
	}
	if files := hostGit(t, w, "ls-files", "--", ".env"); files != "" {
		t.Errorf("split index: the index outside holds %q", files)
	}
	hostGit(t, w, "reset", "-q", first)
	// A job the call left stages after the command has ended: the masks
	// are taken out once the jobs have ended too.
	code, _, errs = w.run(t, p, "bash", "-c", "(sleep 1; git add -f .env && touch staged) >/dev/null 2>&1 &")
	if code != 0 {
		t.Fatalf("the call with a job: exit %d, %s", code, errs)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, err := os.Stat(filepath.Join(w.project, "staged"))
		files := hostGit(t, w, "ls-files", "--", ".env")
		if err == nil && files == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the job's stage: marker %v, the index holds %q", err, files)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestKilledLauncherStagedMask: a launcher killed (SIGKILL) after its
// call staged a mask (git add -f .env) never takes it out of the index;
// the next launcher in the project does, and says so, the file as it
// was. Once it has, a later call leaves the index alone: what the
// person stages after is the person's, and stays staged when a launcher
// killed later had not changed the index.
func TestKilledLauncherStagedMask(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	setGitIdentity(t)
	p := w.profile(t, UnknownEffects, Options{})
	cmd := w.startCall(t, p, "bash", "-c", "git add -f .env && touch staged; sleep 30")
	if !waitFile(filepath.Join(w.project, "staged")) {
		t.Fatal("the call did not stage")
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	if files := hostGit(t, w, "ls-files", "--", ".env"); files != ".env\n" {
		t.Fatalf("the killed call's index holds %q, want .env staged", files)
	}
	code, out, errs := w.run(t, p, "true")
	if code != 0 || !strings.Contains(errs, "killed staged .env") || !strings.Contains(errs, "unstaged again") {
		t.Errorf("the next call: exit %d, stderr %q%s", code, errs, out)
	}
	if files := hostGit(t, w, "ls-files", "--", ".env"); files != "" {
		t.Errorf("after the next call, the index holds %q", files)
	}
	wantFile(t, filepath.Join(w.project, ".env"), "API_TOKEN="+secretValue+"\n")
	hostGit(t, w, "add", "-f", ".env")
	if code, _, errs := w.run(t, p, "true"); code != 0 || errs != "" {
		t.Errorf("a later call: exit %d, stderr %q", code, errs)
	}
	if files := hostGit(t, w, "ls-files", "--", ".env"); files != ".env\n" {
		t.Errorf("what the person staged: the index holds %q", files)
	}
	cmd = w.startCall(t, p, "bash", "-c", "touch started; sleep 30")
	if !waitFile(filepath.Join(w.project, "started")) {
		t.Fatal("the call did not start")
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	if code, _, errs := w.run(t, p, "true"); code != 0 || errs != "" {
		t.Errorf("the call after a killed one that staged nothing: exit %d, stderr %q", code, errs)
	}
	if files := hostGit(t, w, "ls-files", "--", ".env"); files != ".env\n" {
		t.Errorf("what the person staged, after a killed call that staged nothing: the index holds %q", files)
	}
}

// TestKilledLauncherFreshProfile: as TestKilledLauncherStagedMask, with
// the next call's profile built anew, as each call's is: the mask the
// killed call staged is tracked then (the empty file), and the next
// launcher still finds it a mask and takes it out.
func TestKilledLauncherFreshProfile(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	p := w.profile(t, UnknownEffects, Options{})
	cmd := w.startCall(t, p, "bash", "-c", "git add -f .env && touch staged; sleep 30")
	if !waitFile(filepath.Join(w.project, "staged")) {
		t.Fatal("the call did not stage")
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	p = w.profile(t, UnknownEffects, Options{})
	code, out, errs := w.run(t, p, "true")
	if code != 0 || !strings.Contains(errs, "killed staged .env") {
		t.Errorf("the next call: exit %d, stderr %q%s", code, errs, out)
	}
	if files := hostGit(t, w, "ls-files", "--", ".env"); files != "" {
		t.Errorf("after the next call, the index holds %q", files)
	}
	wantFile(t, filepath.Join(w.project, ".env"), "API_TOKEN="+secretValue+"\n")
}

// TestForgedMadeList: the list beside the project's lock steers only
// what the launcher finds itself (the list is in the state folder, which
// no call writes; a list of another launcher's version, or written by
// hand, is read so too). A mark
// naming another repository, a path the project does not mask, or a
// masked file the person staged takes nothing out of any index; a
// placeholder line naming an empty file or folder of the person's, or
// one outside the project, removes nothing. Each is ignored with a note.
func TestForgedMadeList(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	other := filepath.Join(w.dir, "other")
	must(t, os.MkdirAll(other, 0o755))
	otherGit := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = other
		cmd.Env = slices.Concat(os.Environ(), []string{"HOME=" + w.home}, gitIdentity)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	otherGit("init", "-q")
	must(t, os.WriteFile(filepath.Join(other, "base.txt"), []byte("base\n"), 0o644))
	otherGit("add", "base.txt")
	otherGit("commit", "-qm", "b")
	must(t, os.WriteFile(filepath.Join(other, "staged.txt"), []byte("mine\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(other, ".env"), nil, 0o644))
	otherGit("add", "staged.txt", ".env")
	// A nested repository in the project, with an empty .env staged.
	nested := filepath.Join(w.project, "sub")
	for _, args := range [][]string{{"init", "-q"}, {"add", "-f", ".env"}} {
		if args[0] == "add" {
			must(t, os.WriteFile(filepath.Join(nested, ".env"), nil, 0o644))
		}
		cmd := exec.Command("git", args...)
		cmd.Dir = nested
		cmd.Env = slices.Concat(os.Environ(), gitIdentity)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	must(t, os.WriteFile(filepath.Join(w.project, "main.go"), []byte("package main // staged\n"), 0o644))
	hostGit(t, w, "add", "main.go")
	hostGit(t, w, "add", "-f", ".env")
	empties := []string{filepath.Join(w.project, "pkg", "__init__.py"), filepath.Join(w.project, "empty"), filepath.Join(w.dir, "outside", ".mcp.json")}
	must(t, os.MkdirAll(filepath.Join(w.project, "pkg"), 0o755))
	must(t, os.WriteFile(empties[0], nil, 0o644))
	must(t, os.Mkdir(empties[1], 0o755))
	must(t, os.MkdirAll(filepath.Dir(empties[2]), 0o755))
	must(t, os.WriteFile(empties[2], nil, 0o644))
	p := w.profile(t, UnknownEffects, Options{})
	mark := func(top, gitDir string, paths ...string) string {
		data, err := json.Marshal(indexMark{Untracked: Untracked{Top: top, GitDir: gitDir, Paths: paths}})
		must(t, err)
		return markPrefix + string(data)
	}
	git := filepath.Join(w.project, ".git")
	lines := slices.Concat(empties, []string{
		mark(w.project, filepath.Join(other, ".git"), "staged.txt", "base.txt", ".env"),
		mark(other, filepath.Join(other, ".git"), "staged.txt", ".env"),
		mark(w.project, filepath.Join(nested, ".git"), "sub/.env"),
		mark(w.project, git, "main.go", ".env"),
	})
	list := w.lockList(t, p, ".made")
	t.Cleanup(func() { os.Remove(list) })
	must(t, os.WriteFile(list, []byte(strings.Join(lines, "\n")+"\n"), 0o600))
	statusOther, status := otherGit("status", "--short"), hostGit(t, w, "status", "--short")
	code, out, errs := w.run(t, p, "true")
	if code != 0 || strings.Contains(errs, "unstaged") {
		t.Errorf("exit %d, stderr %q%s", code, errs, out)
	}
	for _, note := range []string{"main.go, which this project does not mask", "where git finds", "pkg/__init__.py", "which is no placeholder"} {
		if !strings.Contains(errs, note) {
			t.Errorf("stderr %q says nothing of %q", errs, note)
		}
	}
	if now := otherGit("status", "--short"); now != statusOther {
		t.Errorf("the other repository: %q, was %q", now, statusOther)
	}
	if now := hostGit(t, w, "status", "--short"); now != status {
		t.Errorf("the project: %q, was %q", now, status)
	}
	cmd := exec.Command("git", "ls-files", "--", ".env")
	cmd.Dir = nested
	if files, _ := cmd.Output(); string(files) != ".env\n" {
		t.Errorf("the nested repository's index holds %q", files)
	}
	for _, e := range empties {
		if _, err := os.Lstat(e); err != nil {
			t.Errorf("%s was removed: %v", e, err)
		}
	}
}

// TestDeleteOverMask: a recursive delete of a folder holding a masked
// secret stops at the mask (Device or resource busy) with the rest
// gone; the launcher says so on stderr, and the secret is untouched on
// the host. A delete that leaves no folder of masks alone says nothing.
func TestDeleteOverMask(t *testing.T) {
	needBwrap(t)
	for _, tc := range []struct {
		name, script string
		warned       string
	}{
		{"rm -rf over a secret", "rm -rf config", "config"},
		{"a nested secret", "rm -rf certs", "certs"},
		{"a clean script", "find config -type f -exec rm -f {} + ; rm -rf config/deep", "config"},
		{"no secret in the folder", "rm -rf sub", ""},
		{"a file beside a secret", "rm -f config/app.yaml", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			for _, f := range []string{"config/app.yaml", "config/deep/more.yaml", "certs/ca/ca.pem", "certs/ca/README"} {
				must(t, os.MkdirAll(filepath.Join(w.project, filepath.Dir(f)), 0o755))
				must(t, os.WriteFile(filepath.Join(w.project, f), []byte("x\n"), 0o644))
			}
			must(t, os.Rename(filepath.Join(w.project, "certs/server.key"), filepath.Join(w.project, "certs/ca/server.key")))
			p := w.profile(t, UnknownEffects, Options{})
			code, out, errs := w.run(t, p, "bash", "-c", tc.script)
			t.Logf("exit %d\n%s%s", code, out, errs)
			warned := strings.Contains(errs, "governance: warning:")
			if warned != (tc.warned != "") {
				t.Fatalf("warned: %v, want %v\n%s", warned, tc.warned != "", errs)
			}
			if warned && !strings.Contains(errs, filepath.Join(w.project, tc.warned)+" held except the secret files") {
				t.Errorf("the warning does not name %s:\n%s", tc.warned, errs)
			}
			wantFile(t, filepath.Join(w.project, "config/.env.production"), "DB_PASSWORD="+secretValue+"\n")
			wantFile(t, filepath.Join(w.project, "certs/ca/server.key"), "-----BEGIN PRIVATE KEY-----\n"+secretValue+"\n")
		})
	}
}

// TestHookManagerConfined: what husky runs from an install's prepare
// script (git config core.hooksPath) and what simple-git-hooks does
// (write .git/hooks) fail inside the confinement, with git's error,
// and change nothing: why the analysis asks such an install rather than
// confine it (governance's ConfineHazard).
func TestHookManagerConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	config, err := os.ReadFile(filepath.Join(w.project, ".git/config"))
	must(t, err)
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{"git config core.hooksPath .husky/_", "echo 'npx lint-staged' > .git/hooks/pre-commit"} {
		code, out, errs := w.run(t, p, "bash", "-c", script)
		said := strings.Contains(errs, "Read-only file system") || strings.Contains(errs, "Device or resource busy")
		if code == 0 || !said {
			t.Errorf("%s: exit %d, want a failure that says why\n%s%s", script, code, out, errs)
		}
	}
	wantFile(t, filepath.Join(w.project, ".git/config"), string(config))
	wantMissing(t, filepath.Join(w.project, ".git/hooks/pre-commit"))
}

// TestRepoCodeConfined: what Mercurial and Jujutsu run from a
// repository's own folder (engine.RepoCode) cannot be written by a
// confined call, made or changed: hooks in .hg/hgrc run on the
// person's next hg command, outside any confinement. The rest of the
// repository folders stays writable (hg and jj write there as they
// work).
func TestRepoCodeConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	hgrc := filepath.Join(w.project, ".hg", "hgrc")
	must(t, os.MkdirAll(filepath.Join(w.project, ".hg", "store"), 0o755))
	must(t, os.MkdirAll(filepath.Join(w.project, ".jj", "repo", "store"), 0o755))
	must(t, os.WriteFile(hgrc, []byte("[ui]\n"), 0o644))
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{
		"printf '[hooks]\\npre-status = touch pwned\\n' >> .hg/hgrc",
		"printf '[hooks]\\npre-status = touch pwned\\n' > .hg/hgrc-not-shared",
		"echo /elsewhere > .hg/sharedpath",
		"printf '[fix.tools.x]\\ncommand = [\"touch\", \"pwned\"]\\n' > .jj/repo/config.toml",
		"echo 'ui.pager = \"touch pwned\"' > .jj/workspace-config.toml",
	} {
		if code, out, errs := w.run(t, p, "bash", "-c", script); code == 0 {
			t.Errorf("%s: exit 0, want a failure\n%s%s", script, out, errs)
		}
	}
	wantFile(t, hgrc, "[ui]\n")
	for _, f := range []string{".hg/hgrc-not-shared", ".hg/sharedpath", ".jj/repo/config.toml", ".jj/workspace-config.toml"} {
		wantMissing(t, filepath.Join(w.project, f))
	}
	if code, out, errs := w.run(t, p, "bash", "-c", "echo x > .hg/store/data && echo x > .jj/repo/store/type"); code != 0 {
		t.Errorf("writing the stores: exit %d\n%s%s", code, out, errs)
	}
	if _, err := exec.LookPath("hg"); err == nil {
		// A real repository: hg works inside, its hgrc stays as it was.
		must(t, os.RemoveAll(filepath.Join(w.project, ".hg")))
		cmd := exec.Command("hg", "init")
		cmd.Dir = w.project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hg init: %v\n%s", err, out)
		}
		p := w.profile(t, UnknownEffects, Options{})
		code, out, errs := w.run(t, p, "bash", "-c", "HGRCPATH= hg status -q >/dev/null && echo status-ok; printf '[hooks]\\npre-status = touch pwned\\n' >> .hg/hgrc")
		if code == 0 || !strings.Contains(out, "status-ok") {
			t.Errorf("hg in the call: exit %d, want hg status to work and the hgrc write to fail\n%s%s", code, out, errs)
		}
		if data, _ := os.ReadFile(hgrc); strings.Contains(string(data), "hooks") {
			t.Errorf("the call wrote %s: %q", hgrc, data)
		}
	}
	wantMissing(t, filepath.Join(w.project, "pwned"))
}

// TestHooksPathConfined: the folder core.hooksPath names in the project
// holds the hooks git runs on the person's next commit: husky's .husky/_,
// whose hooks run the scripts of .husky, and a .githooks folder not made
// yet. Neither can be written by a confined call; the rest of the
// project can.
func TestHooksPathConfined(t *testing.T) {
	needBwrap(t)
	for _, tt := range []struct{ hooksPath, script, hook string }{
		{".husky/_", "echo 'curl x | sh' > .husky/pre-commit", ".husky/pre-commit"},
		{".githooks", "mkdir -p .githooks && echo 'curl x | sh' > .githooks/pre-commit", ".githooks"},
	} {
		t.Run(tt.hooksPath, func(t *testing.T) {
			w := newWorld(t)
			must(t, os.WriteFile(filepath.Join(w.project, ".git/config"), []byte("[core]\n\thooksPath = "+tt.hooksPath+"\n"), 0o644))
			must(t, os.MkdirAll(filepath.Join(w.project, ".husky/_"), 0o755))
			must(t, os.WriteFile(filepath.Join(w.project, ".husky/pre-commit"), []byte("npm test\n"), 0o755))
			p := w.profile(t, UnknownEffects, Options{})
			if code, out, errs := w.run(t, p, "bash", "-c", tt.script); code == 0 {
				t.Errorf("%s: exit 0, want a failure\n%s%s", tt.script, out, errs)
			}
			if tt.hook == ".githooks" {
				wantMissing(t, filepath.Join(w.project, tt.hook))
			} else {
				wantFile(t, filepath.Join(w.project, tt.hook), "npm test\n")
			}
			if code, _, errs := w.run(t, p, "bash", "-c", "echo ok > built.txt"); code != 0 {
				t.Errorf("the project is not writable: %s", errs)
			}
		})
	}
}

// TestHookManagerConfigConfined: the hook pre-commit installs reads
// .pre-commit-config.yaml from the work tree as the person commits, and
// lefthook's reads any of its configuration files: a confined call can
// change none of them, nor make one where the manager's hook would find
// it; where no manager's hook is installed, a missing one costs no
// placeholder. The rest of the project stays writable.
func TestHookManagerConfigConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	hooks := filepath.Join(w.project, ".git/hooks")
	must(t, os.MkdirAll(hooks, 0o755))
	p := w.profile(t, UnknownEffects, Options{})
	for _, n := range []string{".pre-commit-config.yaml", "lefthook.yml"} {
		if slices.Contains(p.Absent, filepath.Join(w.project, n)) {
			t.Errorf("%s is kept absent with no hook manager installed: %v", n, p.Absent)
		}
	}
	must(t, os.WriteFile(filepath.Join(hooks, "pre-commit"),
		[]byte("#!/usr/bin/env bash\n# File generated by pre-commit\nARGS=(hook-impl --config=ci/pre-commit.yaml --hook-type=pre-commit)\n"), 0o755))
	must(t, os.WriteFile(filepath.Join(hooks, "pre-push"), []byte("#!/bin/sh\ncall_lefthook run \"pre-push\" \"$@\"\n"), 0o755))
	must(t, os.WriteFile(filepath.Join(w.project, ".pre-commit-config.yaml"), []byte("repos: []\n"), 0o644))
	p = w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{
		"printf 'repos: [{repo: local, hooks: [{id: x, name: x, entry: sh -c id, language: system, always_run: true}]}]\n' > .pre-commit-config.yaml",
		"mkdir -p ci && echo 'repos: []' > ci/pre-commit.yaml",
		"echo 'pre-commit: {commands: {x: {run: id}}}' > lefthook.yml",
		"echo 'pre-commit: {commands: {x: {run: id}}}' > .lefthook-local.yml",
		"mkdir -p .config && echo 'pre-commit: {commands: {x: {run: id}}}' > .config/lefthook.yaml",
		"mkdir -p .lefthook/pre-commit && echo id > .lefthook/pre-commit/x.sh",
	} {
		if code, out, errs := w.run(t, p, "bash", "-c", script); code == 0 {
			t.Errorf("%s: exit 0, want a failure\n%s%s", script, out, errs)
		}
	}
	wantFile(t, filepath.Join(w.project, ".pre-commit-config.yaml"), "repos: []\n")
	for _, n := range []string{"ci/pre-commit.yaml", "lefthook.yml", ".lefthook-local.yml", ".config/lefthook.yaml", ".lefthook"} {
		wantMissing(t, filepath.Join(w.project, n))
	}
	if code, _, errs := w.run(t, p, "bash", "-c", "echo ok > built.txt"); code != 0 {
		t.Errorf("the project is not writable: %s", errs)
	}
}

// TestGitLinkConfined: a .git that is a link to a folder of the project
// (.git -> .repo) is the git folder to git, which follows it: its hooks
// and configuration are protected as a plain .git's, and the rest of the
// repository still takes a commit.
func TestGitLinkConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	must(t, os.Rename(filepath.Join(w.project, ".git"), filepath.Join(w.project, ".repo")))
	must(t, os.Symlink(".repo", filepath.Join(w.project, ".git")))
	config, err := os.ReadFile(filepath.Join(w.project, ".repo/config"))
	must(t, err)
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{"git config core.fsmonitor 'cat ~/.ssh/id_rsa > x; false'",
		"echo 'npx lint-staged' > .git/hooks/pre-commit", "mkdir -p .git/hooks && echo x > .git/hooks/pre-commit",
		"mv .repo .old"} {
		if code, out, errs := w.run(t, p, "bash", "-c", script); code == 0 {
			t.Errorf("%s: exit 0, want a failure\n%s%s", script, out, errs)
		}
	}
	wantFile(t, filepath.Join(w.project, ".repo/config"), string(config))
	wantMissing(t, filepath.Join(w.project, ".repo/hooks/pre-commit"))
	script := "echo change > main.go && git add main.go && git commit -qm change"
	cmd := slices.Concat([]string{"env"}, gitIdentity, []string{"bash", "-c", script})
	if code, out, errs := w.run(t, p, cmd...); code != 0 {
		t.Errorf("%s: exit %d\n%s%s", script, code, out, errs)
	}
}

// TestGitLinkOutConfined: a .git link that leads out of the project
// leads to a folder the call is not shown writable (nor at all): its
// configuration and hooks stay as they were.
func TestGitLinkOutConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	outside := filepath.Join(w.dir, "repo.git")
	must(t, os.Rename(filepath.Join(w.project, ".git"), outside))
	must(t, os.Symlink(outside, filepath.Join(w.project, ".git")))
	config, err := os.ReadFile(filepath.Join(outside, "config"))
	must(t, err)
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{"git config core.fsmonitor false", "mkdir -p .git/hooks && echo x > .git/hooks/pre-commit"} {
		if code, out, errs := w.run(t, p, "bash", "-c", script); code == 0 {
			t.Errorf("%s: exit 0, want a failure\n%s%s", script, out, errs)
		}
	}
	wantFile(t, filepath.Join(outside, "config"), string(config))
	wantMissing(t, filepath.Join(outside, "hooks/pre-commit"))
}

// TestWorktreesConfined: git worktree add makes .git/worktrees/NAME,
// whose commondir a call could point at a configuration of its own,
// which the person's git would run in the new work tree (core.fsmonitor
// on git status): .git/worktrees is read-only whether it exists or not,
// so a confined call makes no work tree of the repository (the person
// makes it), and the placeholder goes after the call.
func TestWorktreesConfined(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	gitRepo(t, w)
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{"git worktree add -q wt",
		"mkdir -p .git/worktrees/wt && echo ../../../.evil > .git/worktrees/wt/commondir"} {
		if code, out, errs := w.run(t, p, "bash", "-c", script); code == 0 {
			t.Errorf("%s: exit 0, want a failure\n%s%s", script, out, errs)
		}
	}
	wantMissing(t, filepath.Join(w.project, ".git/worktrees"))
	if code, _, errs := w.run(t, p, "bash", "-c", "git status --short >/dev/null && echo ok > built.txt"); code != 0 {
		t.Errorf("git status fails: %s", errs)
	}
}
