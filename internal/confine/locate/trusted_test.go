package locate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProgram: governance's own programs (bwrap, git, the launcher, a
// rewrite's mktemp) are never taken from a folder a confined call can
// write, however PATH names it: the project's activated .venv/bin or
// node_modules/.bin, a link into the project; the
// next trusted folder, then the system's, is taken.
func TestProgram(t *testing.T) {
	noTempNoSystem(t)
	dir := t.TempDir()
	mk := func(name string) string {
		p := filepath.Join(dir, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755))
		return p
	}
	project := filepath.Join(dir, "project")
	var planted []string
	for _, name := range []string{"bwrap", "git", "mktemp", "cat", "rm", LauncherName} {
		planted = append(planted, mk("project/.venv/bin/"+name), mk("project/node_modules/.bin/"+name))
	}
	installed := mk("usr/bin/git")
	system := mk("system/bin/bwrap")
	// A folder of the user's that is a link into the project, and a link
	// in a trusted folder to a program in the project.
	must(t, os.Symlink(filepath.Join(project, ".venv", "bin"), filepath.Join(dir, "venvlink")))
	must(t, os.MkdirAll(filepath.Join(dir, "home", "bin"), 0o755))
	must(t, os.Symlink(filepath.Join(project, ".venv", "bin", "cat"), filepath.Join(dir, "home", "bin", "cat")))
	getenv := func(string) string { return "" }
	untrusted := Untrusted(project, getenv)
	path := strings.Join([]string{filepath.Join(project, ".venv", "bin"), filepath.Join(dir, "venvlink"), filepath.Join(project, "node_modules", ".bin"),
		filepath.Join(dir, "home", "bin"), filepath.Join(dir, "usr", "bin")}, ":")
	SystemFolders = []string{filepath.Join(dir, "system", "bin")}
	for name, want := range map[string]string{"git": installed, "bwrap": system, "mktemp": "", "cat": "", "rm": "", LauncherName: ""} {
		if got := Program(path, name, untrusted); got != want {
			t.Errorf("Program(%s) = %q, want %q", name, got, want)
		}
	}
	for _, p := range planted {
		if Trusted(p, untrusted) {
			t.Errorf("Trusted(%s) = true, want false", p)
		}
	}
	if Trusted(filepath.Join(project, "not-yet"), untrusted) || !Trusted(filepath.Join(dir, "usr", "bin", "not-yet"), untrusted) {
		t.Error("a program not there yet is judged by where it would be")
	}
	// With no project, the same PATH's first folder is taken (the normal case).
	if got := Program(path, "cat", Untrusted("", getenv)); got != filepath.Join(project, ".venv", "bin", "cat") {
		t.Errorf("Program(cat) with no project = %q", got)
	}
}

// TestProgramSystem: the system's folders are searched after PATH, and
// the real ones hold the programs the rewrite needs.
func TestProgramSystem(t *testing.T) {
	project := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(project, "bin"), 0o755))
	must(t, os.WriteFile(filepath.Join(project, "bin", "cat"), []byte("#!/bin/sh\n"), 0o755))
	for _, name := range []string{"cat", "mktemp", "rm"} {
		got := Program(filepath.Join(project, "bin"), name, Untrusted(project, os.Getenv))
		if got == "" || strings.HasPrefix(got, project) || !filepath.IsAbs(got) {
			t.Errorf("Program(%s) = %q, want the system's", name, got)
		}
	}
}
