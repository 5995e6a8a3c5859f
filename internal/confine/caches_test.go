//go:build linux

package confine

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestToolFolders(t *testing.T) {
	t.Parallel()
	const home = "/home/u"
	for _, tc := range []struct {
		name           string
		env            map[string]string
		stores, caches []string
	}{
		{"defaults", map[string]string{"PATH": "/usr/bin:/bin"},
			[]string{"/home/u/go/pkg/mod"}, []string{"/home/u/.cache/go-build"}},
		{"moved by the environment", map[string]string{"GOPATH": "/home/u/gp:/other", "XDG_CACHE_HOME": "/home/u/.c"},
			[]string{"/home/u/gp/pkg/mod"}, []string{"/home/u/.c/go-build"}},
		{"set outright", map[string]string{"GOMODCACHE": "/home/u/mods", "GOCACHE": "/home/u/gc", "GOPATH": "relative"},
			[]string{"/home/u/mods"}, []string{"/home/u/gc"}},
		{"PATH inside home, version managers whole", map[string]string{
			"PATH": "/home/u/go/bin:/home/u/.pyenv/shims:/home/u/.pyenv/bin:/home/u:relative:/usr/bin:/home/u/.nvm/versions/node/v20/bin"},
			[]string{"/home/u/go/pkg/mod", "/home/u/go/bin", "/home/u/.pyenv", "/home/u/.nvm"}, []string{"/home/u/.cache/go-build"}},
		{"a version manager moved", map[string]string{"PYENV_ROOT": "/home/u/py", "PATH": "/home/u/py/shims"},
			[]string{"/home/u/go/pkg/mod", "/home/u/py"}, []string{"/home/u/.cache/go-build"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			stores, caches := ToolFolders(func(k string) string { return tc.env[k] }, home)
			if !slices.Equal(stores, tc.stores) || !slices.Equal(caches, tc.caches) {
				t.Errorf("stores %q caches %q, want %q and %q", stores, caches, tc.stores, tc.caches)
			}
		})
	}
}

// TestStoresAndLayers runs a call that reads a package store and writes
// a build cache: the store is read-only, the cache's writes land in the
// project's own layer, never in the person's cache.
func TestStoresAndLayers(t *testing.T) {
	t.Parallel()
	needBwrap(t)
	w := newWorld(t)
	store := filepath.Join(w.home, "go", "pkg", "mod")
	cache := filepath.Join(w.home, ".cache", "go-build")
	must(t, os.MkdirAll(store, 0o755))
	must(t, os.MkdirAll(cache, 0o755))
	must(t, os.WriteFile(filepath.Join(store, "mod.go"), []byte("package mod\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(cache, "person"), []byte("the person's own\n"), 0o644))
	layers := filepath.Join(w.dir, "layers")
	// A cache outside the home folder (GOCACHE=/var/cache/go) has a
	// layer too: bubblewrap makes the folder it is shown at.
	outside := "/var/cache/governance-confine-test"
	p := w.profile(t, UnknownEffects, Options{Stores: []string{"~/go/pkg/mod"}, Layers: []string{"~/.cache/go-build", outside}, LayerDir: layers})
	if len(p.Stores) != 1 || len(p.Layers) != 2 {
		t.Fatalf("stores %q layers %v", p.Stores, p.Layers)
	}
	code, out, errs := w.run(t, p, "/bin/sh", "-c", `cat `+store+`/mod.go; echo x > `+store+`/new || echo store read-only
ls `+cache+`; echo planted > `+cache+`/entry && echo cache written`)
	if code != 0 || !strings.Contains(out, "package mod") || !strings.Contains(out, "store read-only") ||
		strings.Contains(out, "person") || !strings.Contains(out, "cache written") {
		t.Fatalf("status %d, output:\n%s%s", code, out, errs)
	}
	if code, out, errs := w.run(t, p, "/bin/sh", "-c", "echo x > "+outside+"/entry && cat "+outside+"/entry"); code != 0 || out != "x\n" {
		t.Errorf("a layer outside the home folder: status %d, %q %s", code, out, errs)
	}
	wantFile(t, filepath.Join(p.Layers[1].Backing, "entry"), "x\n")
	wantMissing(t, filepath.Join(store, "new"))
	wantMissing(t, filepath.Join(cache, "entry"))
	wantFile(t, filepath.Join(p.Layers[0].Backing, "entry"), "planted\n")
	// The next confined call of the project finds its cache warm.
	if code, out, _ := w.run(t, p, "/bin/cat", cache+"/entry"); code != 0 || out != "planted\n" {
		t.Errorf("second call: status %d, %q", code, out)
	}
}

func TestCheckLayers(t *testing.T) {
	t.Parallel()
	base := Profile{Kind: UnknownEffects, Cwd: "/home/u/p", Home: "/home/u", Writable: []string{"/home/u/p"}}
	for _, tc := range []struct {
		name string
		edit func(p *Profile)
	}{
		{"store in a system folder", func(p *Profile) { p.Stores = []string{"/usr/lib/go"} }},
		{"store is home", func(p *Profile) { p.Stores = []string{"/home/u"} }},
		{"store holds home", func(p *Profile) { p.Stores = []string{"/home"} }},
		{"layer over a system folder", func(p *Profile) { p.Layers = []Layer{{"/usr/lib/go", "/home/u/.cache/l"}} }},
		{"layer over the project", func(p *Profile) { p.Layers = []Layer{{"/home/u/p/cache", "/home/u/.cache/l"}} }},
		{"layer over home", func(p *Profile) { p.Layers = []Layer{{"/home", "/srv/l"}} }},
		{"layer backed inside the project", func(p *Profile) { p.Layers = []Layer{{"/home/u/.cache/go-build", "/home/u/p/c"}} }},
		{"layer backed by a system folder", func(p *Profile) { p.Layers = []Layer{{"/home/u/.cache/go-build", "/etc"}} }},
		{"layer path not clean", func(p *Profile) { p.Layers = []Layer{{"/home/u/../x", "/home/u/.cache/l"}} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := base
			tc.edit(&p)
			if err := p.Check(); err == nil {
				t.Errorf("Check accepted %+v", p)
			}
		})
	}
	ok := base
	ok.Stores = []string{"/home/u/go/pkg/mod", "/var/cache/gomod"}
	ok.Layers = []Layer{{"/home/u/.cache/go-build", "/home/u/.cache/governance-confine/ab/go-build"},
		{"/var/cache/go-build", "/home/u/.cache/governance-confine/ab/var_cache_go-build"}}
	if err := ok.Check(); err != nil {
		t.Errorf("Check refused %+v: %v", ok, err)
	}
}
