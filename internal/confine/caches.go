package confine

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strings"
)

// What a confined call needs of the home folder to build, test and lint
// a project: its tools (programs installed under the home folder and on
// PATH), the stores they downloaded packages into, and their build
// caches. Measured on a Go, a Node and a Python project (see
// docs/confinement.md): without these, a confined `go build` found no
// module (it tried the network), and a `python3` of pyenv's was a shim
// whose program was not there.

// Layer is a tool's cache as a confined call sees it: the call writes
// Path, which holds Backing, a folder kept for the project's confined
// calls alone. Bubblewrap 0.8 has no overlay to throw writes away; a
// cache of their own does as well: an entry a confined call plants (a
// poisoned build output) reaches only later confined calls of the same
// project, which could change the project anyway, never the person's own
// builds.
type Layer struct {
	Path    string `json:"path"`
	Backing string `json:"backing"`
}

// versionManagers are the roots of the tools that put shims on PATH which
// run programs kept under the root: a PATH folder inside one shows the
// whole root. The variable that moves a root, if any, comes first.
var versionManagers = [][2]string{{"PYENV_ROOT", "~/.pyenv"}, {"NVM_DIR", "~/.nvm"}, {"RBENV_ROOT", "~/.rbenv"}, {"ASDF_DATA_DIR", "~/.asdf"}, {"VOLTA_HOME", "~/.volta"}}

// ToolFolders returns, for a call made with the environment getenv in the
// home folder home, the stores a confined call sees read-only (the Go
// module cache, wherever it is; the folders on PATH inside the home
// folder, and the root of a version manager whose shims are there) and the caches it writes
// through a [Layer] (Go's build cache). Paths may not exist.
func ToolFolders(getenv func(string) string, home string) (stores, caches []string) {
	if home == "" {
		return nil, nil
	}
	expand := func(s string) string {
		if rest, ok := strings.CutPrefix(s, "~/"); ok {
			return filepath.Join(home, rest)
		}
		return filepath.Clean(s)
	}
	first := func(v, fallback string) string {
		if v = getenv(v); v != "" && filepath.IsAbs(v) {
			return filepath.Clean(v)
		}
		return expand(fallback)
	}
	gopath := first("GOPATH", "~/go")
	if i := strings.IndexByte(gopath, filepath.ListSeparator); i >= 0 {
		gopath = gopath[:i]
	}
	modcache := first("GOMODCACHE", filepath.Join(gopath, "pkg", "mod"))
	stores = append(stores, modcache)
	caches = append(caches, first("GOCACHE", filepath.Join(first("XDG_CACHE_HOME", "~/.cache"), "go-build")))
	for _, dir := range filepath.SplitList(getenv("PATH")) {
		if !filepath.IsAbs(dir) || !inside(filepath.Clean(dir), home) || filepath.Clean(dir) == home {
			continue
		}
		dir = filepath.Clean(dir)
		for _, vm := range versionManagers {
			if root := first(vm[0], vm[1]); inside(dir, root) && root != home {
				dir = root
			}
		}
		if !insideAny(dir, stores) {
			stores = append(stores, dir)
		}
	}
	return stores, caches
}

// layerFor returns the layer of the cache at path for the project at
// root: its backing folder is under dir, named after the project.
func layerFor(dir, root, path string) Layer {
	sum := sha256.Sum256([]byte(root))
	name := strings.ReplaceAll(strings.TrimPrefix(path, "/"), "/", "_")
	return Layer{Path: path, Backing: filepath.Join(dir, hex.EncodeToString(sum[:8]), name)}
}
