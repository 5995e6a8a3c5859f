// Package landlock confines a command with Landlock where bubblewrap
// cannot: inside a sandbox of a harness's own that forbids the
// namespaces bubblewrap needs (Codex runs commands so). It is linked
// into the launcher only, never into the hook.
//
// Landlock restricts what a process may do to files beneath folders and
// which TCP ports it may connect to or bind; it cannot show a folder as
// empty or a file as empty, and it has no "all but" rule. The plan turns
// a profile into grants: the system folders, /proc, /sys and the shown
// folders readable, the writable ones writable; where a masked or
// protected path lies inside a granted folder, that folder is granted
// entry by entry instead, so that the masked path gets nothing and the
// protected one only reads. What stays weaker than bubblewrap is said in
// docs/confinement.md.
package landlock

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/confine"
)

// Access is what a grant lets the command do beneath a path.
type Access int

const (
	// List lets it list a folder (and those beneath it), nothing more:
	// a folder granted entry by entry.
	List Access = iota
	// Read lets it read and run files.
	Read
	// Write lets it read, run, create, change and remove.
	Write
)

func (a Access) String() string { return [...]string{"list", "read", "write"}[a] }

// Grant is one rule of the plan: Access beneath Path; Dir says Path is
// a folder (a file gets the file rights only).
type Grant struct {
	Path   string
	Access Access
	Dir    bool
}

// readable are the folders every call reads, as bubblewrap shows them
// (the system tree, a fresh /proc, /dev) and /sys, which the Go runtime
// and others read for the machine's processors.
var readable = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/proc", "/sys"}

// writable are the temporary folders and the devices: shared, not
// private, under Landlock.
var writable = []string{"/tmp", "/var/tmp", "/dev"}

// Plan returns the grants that apply p: everything not granted is
// refused by the kernel. A masked path gets nothing; a protected path
// inside a writable folder only reads; a link met while granting entry
// by entry is not granted (a grant follows it to where it leads).
func Plan(p *confine.Profile) []Grant {
	// A protected path that does not exist yet is kept from being made
	// as one that does is from being written.
	pl := &planner{masked: p.Masked, protected: slices.Concat(p.Protected, p.Absent, p.Unmade, p.Checked)}
	for _, r := range readable {
		pl.grant(r, Read, true)
	}
	// Stores are read; a cache layer cannot be redirected by Landlock, so
	// the call has none (Go's build cache is then not writable).
	for _, r := range slices.Concat(p.ReadOnly, p.Stores) {
		pl.grant(r, Read, true)
	}
	for _, w := range slices.Concat(writable, p.Writable) {
		pl.grant(w, Write, true)
	}
	return pl.out
}

type planner struct {
	masked, protected []string
	out               []Grant
}

// grant grants a beneath path, or, where a masked or protected path lies
// strictly beneath it, lists it and grants its entries one by one. top
// says path is a root of the plan, which may be a link (/lib64 on some
// systems); an entry met on the way that is a link is skipped.
func (pl *planner) grant(path string, a Access, top bool) {
	fi, err := os.Lstat(path)
	if err != nil {
		return
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		if !top {
			return
		}
		if fi, err = os.Stat(path); err != nil {
			return
		}
	}
	if insideAny(path, pl.masked) {
		return
	}
	if a == Write && insideAny(path, pl.protected) {
		a = Read
	}
	holes := slices.Clone(pl.masked)
	if a == Write {
		holes = append(holes, pl.protected...)
	}
	if !fi.IsDir() || !slices.ContainsFunc(holes, func(h string) bool { return strictlyInside(h, path) }) {
		pl.out = append(pl.out, Grant{Path: path, Access: a, Dir: fi.IsDir()})
		return
	}
	pl.out = append(pl.out, Grant{Path: path, Access: List, Dir: true})
	entries, err := os.ReadDir(path)
	if err != nil {
		return
	}
	for _, e := range entries {
		pl.grant(filepath.Join(path, e.Name()), a, false)
	}
}

func strictlyInside(p, dir string) bool {
	return strings.HasPrefix(p, dir+"/") || dir == "/" && p != "/"
}

func insideAny(p string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(d string) bool { return p == d || strictlyInside(p, d) })
}
