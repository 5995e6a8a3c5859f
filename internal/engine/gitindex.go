package engine

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"path/filepath"
	"strings"
)

// The files git tracks are listed in its index (.git/index): git log -p,
// git show and git archive print their contents as commits hold them,
// whether or not the files are on disk. The index is read here, by its
// documented format (versions 2 to 4): the names, modes and object ids of
// its entries (SHA-1 repositories).

// gitDirOf returns the git folder of the repository a folder is in: a
// .git folder, or the one a .git file points to; "" when there is none.
func (w *fsWork) gitDirOf(dir string) string {
	_, gitDir := w.repoOf(dir)
	return gitDir
}

// repoOf returns the work tree a folder is in (the folder holding .git)
// and its git folder; "" and "" when there is none.
func (w *fsWork) repoOf(dir string) (top, gitDir string) {
	for d := dir; ; {
		g := filepath.Join(d, ".git")
		if fi, err := w.lstat(g); err == nil {
			if fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0 {
				return d, g
			}
			data, err := w.fs().ReadFile(g)
			if err != nil {
				return "", ""
			}
			if rest, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: "); ok {
				if !filepath.IsAbs(rest) {
					rest = filepath.Join(d, rest)
				}
				return d, rest
			}
			return "", ""
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}

// indexEntry is one entry of a git index: its path relative to the work
// tree (valid during the visit only: names are not copied, which costs
// an allocation an entry in an index of 100,000), its mode (0100644, 0100755, 0120000 for a link, 0160000 for a
// submodule), its stage (1 to 3 in a merge's conflict, else 0) and the
// id of the object that holds its content.
type indexEntry struct {
	name  []byte
	mode  uint32
	stage int
	oid   [20]byte
}

// indexPaths calls visit with each entry of a git index, until visit
// returns false. ok is false when the file cannot be read as an index; a
// missing index lists nothing.
func (w *fsWork) indexPaths(file string, visit func(indexEntry) bool) (ok bool) {
	data, err := w.fs().ReadFile(file)
	if isNotExist(err) {
		// No index: nothing is tracked yet.
		return true
	}
	if err != nil || len(data) < 12 || string(data[:4]) != "DIRC" {
		return false
	}
	version := binary.BigEndian.Uint32(data[4:8])
	count := binary.BigEndian.Uint32(data[8:12])
	if version < 2 || version > 4 {
		return false
	}
	off := 12
	prev := make([]byte, 0, 256)
	for range count {
		// ctime, mtime, dev, ino, mode, uid, gid, size: 40 bytes; the
		// object id: 20 bytes; flags: 2 bytes.
		const fixed = 62
		if off+fixed > len(data) {
			return false
		}
		e := indexEntry{mode: binary.BigEndian.Uint32(data[off+24 : off+28])}
		copy(e.oid[:], data[off+40:off+60])
		flags := binary.BigEndian.Uint16(data[off+60 : off+62])
		e.stage = int(flags>>12) & 3
		start := off + fixed
		if flags&0x4000 != 0 {
			// Extended flags (version 3 and up).
			start += 2
		}
		if start > len(data) {
			return false
		}
		var name []byte
		if version == 4 {
			// The name is the previous one less N bytes, plus a suffix.
			n, w := binary.Uvarint(data[start:])
			if w <= 0 || int(n) > len(prev) {
				return false
			}
			end := bytes.IndexByte(data[start+w:], 0)
			if end < 0 {
				return false
			}
			// prev is the buffer of the previous name: cut and extended
			// in place.
			name = append(prev[:len(prev)-int(n)], data[start+w:start+w+end]...)
			off = start + w + end + 1
		} else {
			end := bytes.IndexByte(data[start:], 0)
			if end < 0 {
				return false
			}
			name = data[start : start+end]
			// Entries are padded with NULs to a multiple of eight bytes.
			entry := start + end - off
			off += (entry + 8) &^ 7
		}
		if version == 4 {
			prev = name
		}
		e.name = name
		if !visit(e) {
			return true
		}
	}
	return true
}
