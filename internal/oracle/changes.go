package oracle

// This file compares the decoy world after a run with the template it was
// copied from: the changes a command made, whoever made them (a process
// strace did not follow, a program inside another sandbox).

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// ChangeKind says how a file differs after a run.
type ChangeKind string

// The kinds of changes.
const (
	Created  ChangeKind = "created"
	Removed  ChangeKind = "removed"
	Modified ChangeKind = "modified" // content, mode, link target or type
)

// Change is one file of the decoy world that differs after a run: in the
// home (the project included) or in /tmp.
type Change struct {
	Path string     `json:"path"`
	Kind ChangeKind `json:"kind"`
	// Empty marks a created empty folder or empty file: what the
	// confinement launcher puts in place of an absent protected path for
	// the call, and leaves while a process of the sandbox lives (a run
	// cut short by its time bound kills the launcher's reaper too).
	Empty bool `json:"empty,omitempty"`
}

// Outside reports whether the change lies outside the project.
func (c Change) Outside() bool { return !inside(c.Path, Project) }

// inside reports whether p is dir or lies under it.
func inside(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// changes compares the home of the run's copy with the template's, and
// lists what the run left in its /tmp.
func changes(template, run string) ([]Change, error) {
	before, err := snapshotTree(host(template, Home))
	if err != nil {
		return nil, err
	}
	after, err := snapshotTree(host(run, Home))
	if err != nil {
		return nil, err
	}
	var out []Change
	for rel, a := range after {
		b, ok := before[rel]
		switch {
		case !ok:
			out = append(out, Change{Path: path.Join(Home, rel), Kind: Created, Empty: empty(filepath.Join(host(run, Home), rel))})
		case !a.same(b):
			out = append(out, Change{Path: path.Join(Home, rel), Kind: Modified})
		}
	}
	for rel := range before {
		if _, ok := after[rel]; !ok {
			out = append(out, Change{Path: path.Join(Home, rel), Kind: Removed})
		}
	}
	tmp, err := snapshotTree(filepath.Join(run, "tmp"))
	if err != nil {
		return nil, err
	}
	for rel := range tmp {
		if rel != "." {
			out = append(out, Change{Path: path.Join("/tmp", rel), Kind: Created})
		}
	}
	slices.SortFunc(out, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

// entry is what a file is, as far as a change goes.
type entry struct {
	mode fs.FileMode
	data []byte // the content of a file, the target of a link
}

func (e entry) same(o entry) bool { return e.mode == o.mode && bytes.Equal(e.data, o.data) }

// snapshotTree reads a folder's files, by path relative to it. Folders
// count by their mode alone.
func snapshotTree(root string) (map[string]entry, error) {
	out := map[string]entry{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil && d != nil && p != root {
			// A folder the command made unreadable: its mode shows it.
			return nil
		}
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		e := entry{mode: info.Mode()}
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			t, err := os.Readlink(p)
			if err != nil {
				return err
			}
			e.data = []byte(t)
		case info.Mode().IsRegular():
			if e.data, err = os.ReadFile(p); err != nil {
				// A file the command made unreadable: its mode shows it.
				e.data = nil
			}
		}
		out[filepath.ToSlash(rel)] = e
		return nil
	})
	return out, err
}

// empty reports an empty folder or an empty regular file, or a
// repository's commondir that holds "." alone: the launcher's placeholder
// of an absent commondir, which git reads as the repository itself (an
// empty one would break git).
func empty(p string) bool {
	fi, err := os.Lstat(p)
	switch {
	case err != nil:
		return false
	case fi.Mode().IsRegular() && filepath.Base(p) == "commondir" && fi.Size() <= 2:
		data, err := os.ReadFile(p)
		return err == nil && (len(data) == 0 || strings.TrimSuffix(string(data), "\n") == ".")
	case fi.Mode().IsRegular():
		return fi.Size() == 0
	case fi.IsDir():
		names, err := os.ReadDir(p)
		return err == nil && len(names) == 0
	}
	return false
}
