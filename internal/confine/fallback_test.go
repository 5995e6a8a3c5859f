//go:build linux

package confine

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// recordingFallback is a fallback that only records that it ran.
type recordingFallback struct{ ran bool }

func (f *recordingFallback) Available() error { return nil }
func (f *recordingFallback) Describe() string { return "a test fallback" }
func (f *recordingFallback) Run(p *Profile, argv, env []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	f.ran = true
	return 0, nil
}

// TestNoFallbackOnProfileFailure: a sandbox that fails on what this
// call's project holds, on a machine where bubblewrap makes its
// namespaces, is refused; the weaker fallback is for a machine where
// bubblewrap's smallest sandbox fails too.
func TestNoFallbackOnProfileFailure(t *testing.T) {
	// Stand-ins for bubblewrap: the launcher must run it.
	t.Setenv(BackendEnv, "bubblewrap")
	needBwrap(t)
	real, err := exec.LookPath("bwrap")
	must(t, err)
	w := newWorld(t)
	good, err := json.Marshal(w.profile(t, UnknownEffects, Options{}))
	must(t, err)
	// A bubblewrap whose call's sandbox fails on a mount, where its
	// namespaces work (the probe has no --chdir).
	failing := t.TempDir()
	must(t, os.WriteFile(filepath.Join(failing, "bwrap"), []byte("#!/bin/sh\n"+
		"case \"$*\" in *--chdir*) echo \"bwrap: Can't mkdir parents for "+w.project+"/.git/info/exclude: No such file or directory\" >&2; exit 1;; esac\n"+
		"exec "+real+" \"$@\"\n"), 0o755))
	// One whose namespaces fail too.
	none := t.TempDir()
	must(t, os.WriteFile(filepath.Join(none, "bwrap"), []byte("#!/bin/sh\n"+
		"echo 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"), 0o755))
	for _, tc := range []struct {
		name, path   string
		want         string
		wantFallback bool
	}{
		{"a mount fails", failing, "cannot be applied", false},
		{"no namespaces", none, "bubblewrap cannot set up its namespaces here", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("PATH", tc.path+":/usr/bin:/bin")
			fb := &recordingFallback{}
			var out, errb bytes.Buffer
			code := MainWith(fb, nil, &out, &errb, []string{"--profile", string(good), "--", "true"})
			if fb.ran != tc.wantFallback {
				t.Errorf("fallback ran: %v, want %v\n%s", fb.ran, tc.wantFallback, errb.String())
			}
			if !strings.Contains(errb.String(), tc.want) {
				t.Errorf("stderr = %q, want %q", errb.String(), tc.want)
			}
			if !tc.wantFallback && (code != ExitRefused || !strings.Contains(errb.String(), ".git/info/exclude")) {
				t.Errorf("exit %d, want %d with the path: %s", code, ExitRefused, errb.String())
			}
		})
	}
}

// TestGitLinkOutNotFollowed: a .git that is a link out of the project
// makes the launcher make nothing there (a folder in it, a mount point),
// and the call is refused rather than run weaker.
func TestGitLinkOutNotFollowed(t *testing.T) {
	needBwrap(t)
	w := newWorld(t)
	must(t, os.RemoveAll(filepath.Join(w.project, ".git")))
	target := filepath.Join(w.dir, "elsewhere")
	must(t, os.Mkdir(target, 0o755))
	must(t, os.Symlink(target, filepath.Join(w.project, ".git")))
	p := w.profile(t, UnknownEffects, Options{})
	p.Absent = append(p.Absent, filepath.Join(w.project, ".git", "info", "exclude"))
	l := &Launcher{Env: os.Environ(), Stdout: io.Discard, Stderr: io.Discard}
	_, err := l.Run(t.Context(), p, []string{"true"})
	if err == nil || !strings.Contains(err.Error(), "link") {
		t.Errorf("err = %v, want a refusal naming the link", err)
	}
	wantMissing(t, filepath.Join(target, "info"))
}

// TestRemoveMadeNoLinks: the list of what launchers made is no way to
// remove anything else: a path reached through a link in the project
// (to the home folder), or with .. in it, stays; a placeholder of the
// project, reached through no link, goes.
func TestRemoveMadeNoLinks(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	w := newWorld(t)
	victims := []string{filepath.Join(w.home, ".config", "victim_empty"), filepath.Join(w.home, "victimdir")}
	must(t, os.WriteFile(victims[0], nil, 0o644))
	must(t, os.Mkdir(victims[1], 0o755))
	must(t, os.Symlink(w.home, filepath.Join(w.project, "lnk")))
	placeholder := filepath.Join(w.project, "sub", ".mcp.json")
	must(t, os.WriteFile(placeholder, nil, 0o444))
	// Named protected, so that only the link keeps them.
	p := &Profile{Writable: []string{w.project}, Protected: []string{
		filepath.Join(w.project, "lnk", ".config", "victim_empty"), filepath.Join(w.project, "lnk", "victimdir"), placeholder}}
	lock := lockShared(p, w.state)
	if lock == nil {
		t.Fatal("no lock")
	}
	defer lock.Close()
	list := []string{
		filepath.Join(w.project, "lnk", ".config", "victim_empty"),
		filepath.Join(w.project, "lnk", "victimdir"),
		w.project + "/sub/../lnk/victimdir",
		placeholder,
	}
	must(t, os.WriteFile(lock.Name()+".made", []byte(strings.Join(list, "\n")+"\n"), 0o600))
	(&Launcher{}).removeMade(lock, nil, p, p.Writable, nil, nil)
	for _, v := range victims {
		if _, err := os.Lstat(v); err != nil {
			t.Errorf("%s was removed through the link", v)
		}
	}
	wantMissing(t, placeholder)
}
