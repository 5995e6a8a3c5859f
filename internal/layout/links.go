package layout

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
)

// linkWalk resolves the links of the paths one Discover looks at, as
// filepath.EvalSymlinks does, asking lstat once for each path on the
// way: the project root and the home folder share most of their folders
// (/home/u/src/p and /home/u; a project and a home side by side under a
// bench folder), and each is resolved on every hook call.
type linkWalk struct {
	seen map[string]linkStep
}

// linkStep is what lstat, and readlink for a link, said of a path.
type linkStep struct {
	mode   fs.FileMode
	target string
	err    error
}

func (w *linkWalk) step(p string) linkStep {
	if s, ok := w.seen[p]; ok {
		return s
	}
	var s linkStep
	fi, err := os.Lstat(p)
	switch {
	case err != nil:
		s.err = err
	case fi.Mode()&fs.ModeSymlink != 0:
		s.mode = fi.Mode()
		s.target, s.err = os.Readlink(p)
	default:
		s.mode = fi.Mode()
	}
	if w.seen == nil {
		w.seen = make(map[string]linkStep)
	}
	w.seen[p] = s
	return s
}

var errTooManyLinks = errors.New("too many links")

// eval is filepath.EvalSymlinks: the same walk (a component at a time,
// .. taken off what is resolved so far, a link's target put in front of
// the rest), for an absolute path on a system whose paths start at /;
// elsewhere, EvalSymlinks itself.
func (w *linkWalk) eval(path string) (string, error) {
	if w == nil || runtime.GOOS == "windows" || !strings.HasPrefix(path, "/") {
		return filepath.EvalSymlinks(path)
	}
	dest := "/"
	links := 0
	for start, end := 1, 1; start < len(path); start = end {
		for start < len(path) && path[start] == '/' {
			start++
		}
		end = start
		for end < len(path) && path[end] != '/' {
			end++
		}
		name := path[start:end]
		switch name {
		case "":
			continue
		case ".":
			continue
		case "..":
			// dest is resolved and absolute: its parent is the folder
			// the kernel goes up to.
			dest = filepath.Dir(dest)
			continue
		}
		if dest != "/" {
			dest += "/"
		}
		dest += name
		s := w.step(dest)
		if s.err != nil {
			return "", s.err
		}
		if s.mode&fs.ModeSymlink == 0 {
			if !s.mode.IsDir() && end < len(path) {
				return "", syscall.ENOTDIR
			}
			continue
		}
		links++
		if links > 255 {
			return "", errTooManyLinks
		}
		path = s.target + path[end:]
		if strings.HasPrefix(s.target, "/") {
			dest = "/"
			end = 1
		} else {
			dest = filepath.Dir(dest)
			end = 0
		}
	}
	return filepath.Clean(dest), nil
}

// resolved returns p with its links followed, also those that lead
// where nothing is yet (a folder the hook would make there).
func (w *linkWalk) resolved(p string) string { return w.resolvedN(p, 40) }

func (w *linkWalk) resolvedN(p string, hops int) string {
	p = filepath.Clean(p)
	if r, err := w.eval(p); err == nil {
		return r
	}
	dir := filepath.Dir(p)
	if dir == p || hops == 0 {
		return p
	}
	dir = w.resolvedN(dir, hops-1)
	at := filepath.Join(dir, filepath.Base(p))
	if t, err := os.Readlink(at); err == nil {
		if !filepath.IsAbs(t) {
			t = filepath.Join(dir, t)
		}
		return w.resolvedN(t, hops-1)
	}
	return at
}
