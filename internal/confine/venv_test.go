//go:build linux

package confine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// makeVenv lays out a virtual environment at dir as python -m venv
// does: pyvenv.cfg, the interpreter's links, the activate scripts and
// site-packages.
func makeVenv(t *testing.T, dir string) {
	t.Helper()
	site := filepath.Join(dir, "lib", "python3.11", "site-packages")
	must(t, os.MkdirAll(site, 0o755))
	must(t, os.MkdirAll(filepath.Join(dir, "bin"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "pyvenv.cfg"), []byte("home = /usr/bin\n"), 0o644))
	for _, f := range []string{"activate", "activate.fish", "Activate.ps1", "pip"} {
		must(t, os.WriteFile(filepath.Join(dir, "bin", f), []byte("# venv\n"), 0o755))
	}
	must(t, os.Symlink("/usr/bin/python3", filepath.Join(dir, "bin", "python3.11")))
	must(t, os.Symlink("python3.11", filepath.Join(dir, "bin", "python3")))
	must(t, os.Symlink("python3", filepath.Join(dir, "bin", "python")))
	must(t, os.WriteFile(filepath.Join(site, "distutils-precedence.pth"), []byte("import os\n"), 0o644))
}

// venvsBelow are virtual environments below the project's root: by the
// usual name, and by another.
var venvsBelow = []string{"backend/.venv", "tools/env311"}

// venvStartPaths are the paths of a virtual environment a call must not
// write, relative to it: those there and new ones the interpreter runs.
var venvStartPaths = []string{"pyvenv.cfg", "bin/activate", "bin/activate.fish", "bin/Activate.ps1", "bin/python", "bin/python3",
	"bin/python3.11", "bin/pip", "bin/pip3", "bin/pytest", "lib/python3.11/site-packages/distutils-precedence.pth", "lib/python3.11/site-packages/zz.pth",
	"lib/python3.11/site-packages/sitecustomize.py", "lib/python3.11/site-packages/usercustomize.py"}

// TestVenvBelowRootAsWriteRules: the start-up code of every virtual
// environment in the project, found by the walk for secrets (with the
// index and without), is read-only in a confined call's profile as the
// root's is, and the write rules ask or deny a Write of each of those
// paths; the rest of the environment (lib) is neither.
func TestVenvBelowRootAsWriteRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, v := range venvsBelow {
		makeVenv(t, filepath.Join(w.project, v))
	}
	index := t.TempDir()
	for _, opts := range []Options{{}, {Index: index, IndexKey: "k"}, {Index: index, IndexKey: "k"}} {
		p := w.profile(t, UnknownEffects, opts)
		for _, v := range venvsBelow {
			for _, rel := range venvStartPaths {
				f := filepath.Join(w.project, v, rel)
				if !insideAny(f, p.Protected) {
					t.Errorf("index %q: %s is writable in the profile: %v", opts.Index, f, p.Protected)
				}
				if opts.Index != "" {
					continue
				}
				req := &engine.Request{Cwd: w.project, ProjectRoot: w.project, Home: w.home,
					Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{f}}}}
				if d := w.eng.Decide(context.Background(), req); d.Outcome < engine.Ask {
					t.Errorf("a Write of %s: %s by %s, want it denied or asked", f, d.Outcome, d.Rule)
				}
			}
			for _, rel := range []string{"lib", "lib/python3.11"} {
				if f := filepath.Join(w.project, v, rel); insideAny(f, p.Protected) {
					t.Errorf("%s is read-only: %v", f, p.Protected)
				}
			}
		}
	}
	// A venv made later is found: the folder's stamp changed.
	makeVenv(t, filepath.Join(w.project, "sub", "venv2"))
	p := w.profile(t, UnknownEffects, Options{Index: index, IndexKey: "k"})
	if f := filepath.Join(w.project, "sub", "venv2", "bin", "activate"); !insideAny(f, p.Protected) {
		t.Errorf("%s, of a venv made after the index, is writable: %v", f, p.Protected)
	}
}

// TestVenvBelowRootConfined runs the launcher: a call can neither plant
// a .pth in a virtual environment below the root nor change its
// activate script, its pip or any other program of its bin.
func TestVenvBelowRootConfined(t *testing.T) {
	needBwrap(t)
	t.Parallel()
	w := newWorld(t)
	venv := filepath.Join(w.project, "backend", ".venv")
	makeVenv(t, venv)
	p := w.profile(t, UnknownEffects, Options{})
	for _, script := range []string{
		"echo 'import os' > backend/.venv/lib/python3.11/site-packages/zz-evil.pth",
		"echo 'cat ~/.ssh/id_rsa' >> backend/.venv/bin/activate",
		"echo 'home = /tmp/evil' > backend/.venv/pyvenv.cfg",
		"echo 'cat ~/.ssh/id_rsa' > backend/.venv/bin/pip",
		"echo 'cat ~/.ssh/id_rsa' > backend/.venv/bin/pytest",
	} {
		if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
			t.Errorf("%q: exit 0", script)
		}
	}
	wantMissing(t, filepath.Join(venv, "lib", "python3.11", "site-packages", "zz-evil.pth"))
	wantFile(t, filepath.Join(venv, "bin", "activate"), "# venv\n")
	wantFile(t, filepath.Join(venv, "pyvenv.cfg"), "home = /usr/bin\n")
	wantFile(t, filepath.Join(venv, "bin", "pip"), "# venv\n")
	wantMissing(t, filepath.Join(venv, "bin", "pytest"))
}

// makeCondaPrefix lays out a conda or pixi environment at dir: no
// pyvenv.cfg, a conda-meta folder, the interpreter, site-packages and an
// activation script.
func makeCondaPrefix(t *testing.T, dir string) {
	t.Helper()
	site := filepath.Join(dir, "lib", "python3.11", "site-packages")
	for _, d := range []string{site, filepath.Join(dir, "bin"), filepath.Join(dir, "conda-meta"), filepath.Join(dir, "etc", "conda", "activate.d")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	must(t, os.WriteFile(filepath.Join(dir, "conda-meta", "history"), nil, 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "etc", "conda", "activate.d", "libxml2.sh"), []byte("export X=1\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "bin", "pip"), []byte("# conda\n"), 0o755))
	must(t, os.Symlink("/usr/bin/python3", filepath.Join(dir, "bin", "python3.11")))
}

// TestCondaPrefixHeld: a conda prefix (conda create -p ./env) or a pixi
// environment has no pyvenv.cfg; found by its conda-meta, in the root
// and below, its site-packages, bin and activation scripts are held as a
// virtual environment's are, and the write rules ask for each path; a
// confined call cannot plant a .pth there.
func TestCondaPrefixHeld(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	prefixes := []string{"env", ".pixi/envs/default", "backend/conda-env"}
	for _, v := range prefixes {
		makeCondaPrefix(t, filepath.Join(w.project, v))
	}
	index := t.TempDir()
	for _, opts := range []Options{{}, {Index: index, IndexKey: "k"}} {
		p := w.profile(t, UnknownEffects, opts)
		for _, v := range prefixes {
			for _, rel := range []string{"bin/pip", "bin/pytest", "bin/python3.11", "lib/python3.11/site-packages/zz.pth",
				"lib/python3.11/site-packages/sitecustomize.py", "etc/conda/activate.d/libxml2.sh", "etc/conda/activate.d/zz.sh"} {
				f := filepath.Join(w.project, v, rel)
				if !insideAny(f, p.Protected) {
					t.Errorf("index %q: %s is writable in the profile", opts.Index, f)
				}
				req := &engine.Request{Cwd: w.project, ProjectRoot: w.project, Home: w.home,
					Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{f}}}}
				if d := w.eng.Decide(context.Background(), req); d.Outcome < engine.Ask {
					t.Errorf("a Write of %s: %s by %s, want it denied or asked", f, d.Outcome, d.Rule)
				}
			}
			if f := filepath.Join(w.project, v, "lib"); insideAny(f, p.Protected) {
				t.Errorf("%s is read-only", f)
			}
		}
	}
	// A bin folder of the project's own is neither.
	must(t, os.MkdirAll(filepath.Join(w.project, "tools", "bin"), 0o755))
	req := &engine.Request{Cwd: w.project, ProjectRoot: w.project, Home: w.home,
		Tool: engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{filepath.Join(w.project, "tools", "bin", "build")}}}}
	if d := w.eng.Decide(context.Background(), req); d.Outcome >= engine.Ask {
		t.Errorf("a Write of tools/bin/build: %s by %s", d.Outcome, d.Rule)
	}
	t.Run("confined", func(t *testing.T) {
		needBwrap(t)
		p := w.profile(t, UnknownEffects, Options{})
		for _, script := range []string{
			"echo 'import os' > .pixi/envs/default/lib/python3.11/site-packages/zz.pth",
			"echo 'cat ~/.ssh/id_rsa' > env/bin/pip",
			"echo 'cat ~/.ssh/id_rsa' > backend/conda-env/etc/conda/activate.d/zz.sh",
		} {
			if code, _, _ := w.run(t, p, "/bin/sh", "-c", script); code == 0 {
				t.Errorf("%q: exit 0", script)
			}
		}
		wantMissing(t, filepath.Join(w.project, ".pixi/envs/default/lib/python3.11/site-packages/zz.pth"))
		wantFile(t, filepath.Join(w.project, "env/bin/pip"), "# conda\n")
	})
}
