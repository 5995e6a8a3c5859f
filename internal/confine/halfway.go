package confine

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A masked file cannot be deleted or replaced inside the confinement:
// it is a mount point, and unlink or rename of it fails with "Device or
// resource busy". A recursive delete of a folder that holds one (rm -rf,
// a clean script) removes everything else first and stops at the mask,
// leaving the folder half-deleted. The analysis asks for the deletes it
// can see (governance's recursive-delete-secrets); for the rest the
// launcher looks, after the call, at the folders that hold masks, and
// says plainly what happened.

// halfway records the folders on the way from a writable folder to each
// masked file in it, with how many entries each held before the call.
type halfway struct {
	masked map[string]bool
	// before are the folders' entry counts, by path.
	before map[string]int
	order  []string
}

// watchMasks records the folders holding p's masked files that the call
// can write, before it runs.
func watchMasks(p *Profile) *halfway {
	h := &halfway{masked: map[string]bool{}, before: map[string]int{}}
	for _, m := range p.Masked {
		i := slices.IndexFunc(p.Writable, func(w string) bool { return inside(m, w) && m != w })
		if i < 0 {
			continue
		}
		if fi, err := os.Lstat(m); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		h.masked[m] = true
		for d := filepath.Dir(m); d != p.Writable[i] && inside(d, p.Writable[i]); d = filepath.Dir(d) {
			if _, seen := h.before[d]; seen {
				break
			}
			names, err := readNames(d)
			if err != nil {
				break
			}
			h.before[d] = len(names)
			h.order = append(h.order, d)
		}
	}
	return h
}

// report writes to w a warning for each topmost folder the call emptied
// of everything but masked files (and the folders that lead to them),
// and returns how many it found. A call that deleted the only other file
// of such a folder is told too: the warning says what is left, not what
// the call meant.
func (h *halfway) report(w io.Writer) int {
	// Deepest first: a folder whose only folder left was emptied so is
	// emptied too (certs/ca/server.key the only file left of certs).
	order := slices.Clone(h.order)
	slices.SortFunc(order, func(a, b string) int { return len(b) - len(a) })
	emptied := map[string]bool{}
	for _, d := range order {
		names, err := readNames(d)
		if err != nil {
			continue
		}
		shrank := len(names) < h.before[d]
		if slices.ContainsFunc(names, func(n string) bool {
			p := filepath.Join(d, n)
			_, way := h.before[p]
			shrank = shrank || emptied[p]
			return !h.masked[p] && !way
		}) || !shrank {
			continue
		}
		emptied[d] = true
	}
	var tops []string
	for d := range emptied {
		if !emptied[filepath.Dir(d)] {
			tops = append(tops, d)
		}
	}
	slices.Sort(tops)
	for _, d := range tops {
		var left []string
		for m := range h.masked {
			if inside(m, d) {
				left = append(left, m)
			}
		}
		slices.Sort(left)
		fmt.Fprintf(w, "governance: warning: the command deleted everything %s held except the secret files masked in it (%s), "+
			"which a confined command cannot delete (Device or resource busy): if it meant to delete %s, it stopped half-way\n",
			d, strings.Join(left, ", "), d)
		fmt.Fprintf(w, "governance: hint: to delete the folder with its secrets, ask the user: governance run --why \"REASON\" -- rm -rf %s\n", d)
	}
	return len(tops)
}

// readNames returns the names of a folder's entries.
func readNames(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}
