package checkpoint_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/checkpoint"
)

// needGit skips where git is missing, and fails in CI.
func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("git is missing in CI")
		}
		t.Skip("git is not installed")
	}
}

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(data)
}

func gitInit(t *testing.T, root string) {
	t.Helper()
	cmd := exec.Command("git", "init", "-q", root)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
}

func newStore(t *testing.T) *checkpoint.Store {
	return &checkpoint.Store{Dir: filepath.Join(t.TempDir(), "checkpoints"), Env: os.Environ()}
}

// TestRestore: a checkpoint holds tracked and untracked files, not ignored
// ones; a restore brings changed and removed files back, removes files
// created since, leaves ignored ones alone, and can itself be undone.
// The checkpoint survives the project's .git folder being removed.
func TestRestore(t *testing.T) {
	t.Parallel()
	needGit(t)
	for _, tc := range []struct {
		name       string
		repo, walk bool
	}{
		{"a repository", true, false},
		{"a repository, changes added with a walk", true, true},
		{"a folder that is no repository", false, false},
	} {
		repo := tc.repo
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			if repo {
				gitInit(t, root)
			}
			write(t, root, map[string]string{"main.go": "package main\n", "sub/notes.txt": "untracked\n",
				".gitignore": "build/\n", "build/out.bin": "old build\n"})
			if repo {
				write(t, root, map[string]string{".git/info/exclude": "local.tmp\n", "local.tmp": "excluded\n"})
			}
			s := newStore(t)
			if tc.walk {
				checkpoint.AddAll(s)
			}
			c, err := s.Take(root, "0b5f2a9e-1c3d-4e5f-8a9b-0c1d2e3f4a5b")
			if err != nil {
				t.Fatal(err)
			}
			// What a confined call does: edits, removes, creates, rebuilds,
			// and takes the repository with it.
			write(t, root, map[string]string{"main.go": "package broken\n", "new.txt": "created\n", "build/out.bin": "new build\n"})
			os.Remove(filepath.Join(root, "sub/notes.txt"))
			os.RemoveAll(filepath.Join(root, ".git"))

			found, err := s.Find(c.ID)
			if err != nil || found.Project != root || found.Commit != c.Commit {
				t.Fatalf("Find: %+v, %v; want %+v", found, err, c)
			}
			dry, _, err := s.Restore(found, true, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := []checkpoint.Change{{Status: "restore", Path: "main.go"}, {Status: "remove", Path: "new.txt"},
				{Status: "recreate", Path: "sub/notes.txt"}}
			// local.tmp stays out: the project excluded it, and the store
			// kept its excludes when its .git folder went.
			if !slices.Equal(dry, want) {
				t.Fatalf("dry run: %v, want %v", dry, want)
			}
			if got := read(t, filepath.Join(root, "main.go")); got != "package broken\n" {
				t.Fatalf("a dry run changed main.go: %q", got)
			}
			changes, before, err := s.Restore(found, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(changes, want) || before == nil {
				t.Fatalf("restore: %v (before %v), want %v", changes, before, want)
			}
			after := map[string]string{"main.go": "package main\n", "sub/notes.txt": "untracked\n", "build/out.bin": "new build\n"}
			if repo {
				after["local.tmp"] = "excluded\n"
			}
			for p, body := range after {
				if got := read(t, filepath.Join(root, p)); got != body {
					t.Errorf("%s after the restore: %q, want %q", p, got, body)
				}
			}
			if _, err := os.Stat(filepath.Join(root, "new.txt")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("new.txt, created after the checkpoint, is still there: %v", err)
			}
			// The restore is undone by restoring the point it recorded.
			if _, _, err := s.Restore(before, false, nil); err != nil {
				t.Fatal(err)
			}
			if got := read(t, filepath.Join(root, "main.go")); got != "package broken\n" {
				t.Errorf("main.go after undoing the restore: %q", got)
			}
		})
	}
}

// TestUnknownAndBadIDs: an ID no checkpoint has is refused with
// ErrUnknown, one that could name a path or an option with ErrBadID.
func TestUnknownAndBadIDs(t *testing.T) {
	t.Parallel()
	needGit(t)
	s := newStore(t)
	root := t.TempDir()
	write(t, root, map[string]string{"a": "a"})
	if _, err := s.Take(root, "known"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Find("unknown-id"); !errors.Is(err, checkpoint.ErrUnknown) {
		t.Errorf("Find(unknown-id): %v, want ErrUnknown", err)
	}
	for _, id := range []string{"", "../x", "-d", "a/b", ".x", "x.lock", "a b"} {
		if _, err := s.Take(root, id); !errors.Is(err, checkpoint.ErrBadID) {
			t.Errorf("Take(%q): %v, want ErrBadID", id, err)
		}
		if _, err := s.Find(id); !errors.Is(err, checkpoint.ErrBadID) {
			t.Errorf("Find(%q): %v, want ErrBadID", id, err)
		}
	}
}

// TestBound: new content over the bound gets no checkpoint; content the
// store holds already does not count again.
func TestBound(t *testing.T) {
	t.Parallel()
	needGit(t)
	root := t.TempDir()
	write(t, root, map[string]string{"small": "x", "big": string(make([]byte, 4096))})
	s := newStore(t)
	s.MaxBytes = 1024
	if _, err := s.Take(root, "one"); !errors.Is(err, checkpoint.ErrTooLarge) {
		t.Fatalf("Take over the bound: %v, want ErrTooLarge", err)
	}
	s.MaxBytes = 8192
	if _, err := s.Take(root, "two"); err != nil {
		t.Fatal(err)
	}
	s.MaxBytes = 1024
	write(t, root, map[string]string{"small": "y"})
	if _, err := s.Take(root, "three"); err != nil {
		t.Fatalf("Take with only a small change: %v", err)
	}
}

// TestPurge: checkpoints older than the time kept go, with the store of
// a project that has none left; newer ones stay and still restore.
func TestPurge(t *testing.T) {
	t.Parallel()
	needGit(t)
	const keep = 7 * 24 * time.Hour
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s := newStore(t)
	s.Now = func() time.Time { return now }
	a, b := t.TempDir(), t.TempDir()
	write(t, a, map[string]string{"f": "one"})
	write(t, b, map[string]string{"g": "b"})
	for _, step := range []struct{ root, id string }{{a, "old-a"}, {b, "old-b"}} {
		if _, err := s.Take(step.root, step.id); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(8 * 24 * time.Hour)
	write(t, a, map[string]string{"f": "two"})
	if _, err := s.Take(a, "new-a"); err != nil {
		t.Fatal(err)
	}
	if only, err := s.Purge(keep, func(p string) bool { return p == b }, true); err != nil || len(only) != 1 || only[0].ID != "old-b" {
		t.Fatalf("b's alone: %v, %v", only, err)
	}
	dry, err := s.Purge(keep, func(string) bool { return true }, true)
	if err != nil || len(dry) != 2 {
		t.Fatalf("dry run: %v, %v; want the two old ones", dry, err)
	}
	if all, _ := s.List(); len(all) != 3 {
		t.Fatalf("a dry run removed checkpoints: %v", all)
	}
	gone, err := s.Purge(keep, nil, false)
	if err != nil || len(gone) != 2 {
		t.Fatalf("purge: %v, %v", gone, err)
	}
	all, err := s.List()
	if err != nil || len(all) != 1 || all[0].ID != "new-a" {
		t.Fatalf("left: %v, %v; want new-a alone", all, err)
	}
	stores, _ := filepath.Glob(filepath.Join(s.Dir, "*.git"))
	if len(stores) != 1 {
		t.Errorf("stores left: %v, want only a's", stores)
	}
	write(t, a, map[string]string{"f": "three"})
	if _, _, err := s.Restore(&all[0], false, nil); err != nil {
		t.Fatal(err)
	}
	if got := read(t, filepath.Join(a, "f")); got != "two" {
		t.Errorf("f after restoring new-a: %q, want two", got)
	}
}

// TestSeed: the first checkpoint of a repository copies the content its
// index names from its object store, and writes only what is new (the
// untracked file) itself; the checkpoint restores as any other.
func TestSeed(t *testing.T) {
	t.Parallel()
	needGit(t)
	root := t.TempDir()
	gitInit(t, root)
	write(t, root, map[string]string{"a.go": "package a\n", "sub/b.go": "package b\n"})
	for _, args := range [][]string{{"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	write(t, root, map[string]string{"new.txt": "untracked\n"})
	s := newStore(t)
	c, err := s.Take(root, "first")
	if err != nil {
		t.Fatal(err)
	}
	loose := func(body string) bool {
		cmd := exec.Command("git", "hash-object", "--stdin")
		cmd.Stdin = strings.NewReader(body)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		sha := strings.TrimSpace(string(out))
		stores, _ := filepath.Glob(filepath.Join(s.Dir, "*.git"))
		_, err = os.Stat(filepath.Join(stores[0], "objects", sha[:2], sha[2:]))
		return err == nil
	}
	if loose("package a\n") || !loose("untracked\n") {
		t.Errorf("a.go's content loose: %v, new.txt's: %v; want a.go's copied in a pack and new.txt's written", loose("package a\n"), loose("untracked\n"))
	}
	write(t, root, map[string]string{"a.go": "package broken\n"})
	os.Remove(filepath.Join(root, "new.txt"))
	if _, _, err := s.Restore(c, false, nil); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a.go": "package a\n", "sub/b.go": "package b\n", "new.txt": "untracked\n"} {
		if got := read(t, filepath.Join(root, name)); got != want {
			t.Errorf("%s after the restore: %q, want %q", name, got, want)
		}
	}
}
