package engine

import (
	"io/fs"
	"os"
	"path"
	"strings"
	"time"
)

// Paths as the kernel will see them. A path as written can name another
// file than it seems to: a symbolic link already in the project can point
// at a private key, a glob (.e*, .e[n]v) names what it matches. Before
// the rules judge a file, its place is resolved against the file system:
// symbolic links on the longest prefix that exists, globs expanded (and a
// glob that could match a secret or protected name counts as that name
// even where no file matches yet), and a recursive read walks the folders
// it reads. The work is bounded per call; past the bound a path is
// unknown, never harmless.

// FileSystem is what the resolution of paths reads.
type FileSystem interface {
	Lstat(name string) (fs.FileInfo, error)
	Readlink(name string) (string, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	// ReadFile reads a small file the engine needs the content of (a .git
	// file's pointer, git's index).
	ReadFile(name string) ([]byte, error)
}

// osFS is the machine's file system.
type osFS struct{}

func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) Readlink(name string) (string, error)       { return os.Readlink(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) ReadFile(name string) ([]byte, error)       { return readFile(name) }

// Bounds of the file system work for one call, measured in make bench
// (BenchmarkRecursiveRead): a walk reads each folder once (an lstat and a
// getdents), and judging an entry against the secret rules costs about
// three microseconds; the time bound is reached before the entry bound.
const (
	maxEntries = 20000
	maxFSTime  = 50 * time.Millisecond
)

// fsWork is the file system budget of one call.
type fsWork struct {
	fsys     FileSystem
	entries  int
	deadline time.Time
	// spent reports that the budget ran out.
	spent bool
	// seen holds what lstat said of the paths looked at in this call:
	// the folders on the way to a project's files are the same for all.
	seen map[string]lstatResult
}

type lstatResult struct {
	fi  fs.FileInfo
	err error
}

// lstat is Lstat, once a path for the call.
func (w *fsWork) lstat(p string) (fs.FileInfo, error) {
	if r, ok := w.seen[p]; ok {
		return r.fi, r.err
	}
	fi, err := w.fs().Lstat(p)
	if w.seen == nil {
		w.seen = make(map[string]lstatResult)
	}
	w.seen[p] = lstatResult{fi, err}
	return fi, err
}

func (w *fsWork) fs() FileSystem {
	if w.fsys == nil {
		return osFS{}
	}
	return w.fsys
}

// take spends n entries of the budget and reports whether there was room.
func (w *fsWork) take(n int) bool {
	if w.spent {
		return false
	}
	if w.deadline.IsZero() {
		w.deadline = time.Now().Add(maxFSTime)
	}
	w.entries += n
	if w.entries > maxEntries || w.entries%256 == 0 && time.Now().After(w.deadline) {
		w.spent = true
		return false
	}
	return true
}

// realPath resolves the symbolic links of an absolute path on its longest
// prefix that exists, as the kernel does when it opens it. ok is false
// when the budget ran out or the links loop.
func (w *fsWork) realPath(abs string) (string, bool) {
	rest := strings.Split(strings.TrimPrefix(abs, "/"), "/")
	cur := "/"
	for hops := 0; len(rest) > 0; {
		name := rest[0]
		rest = rest[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			cur = path.Dir(cur)
			continue
		}
		next := path.Join(cur, name)
		if !w.take(1) {
			return "", false
		}
		fi, err := w.lstat(next)
		if err != nil {
			// The rest does not exist (yet): it is taken as written.
			return path.Join(append([]string{next}, rest...)...), true
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		hops++
		if hops > 40 {
			return "", false
		}
		target, err := w.fs().Readlink(next)
		if err != nil {
			return "", false
		}
		if path.IsAbs(target) {
			cur = "/"
		}
		rest = append(strings.Split(strings.Trim(target, "/"), "/"), rest...)
	}
	return cur, true
}

// glob returns the files an absolute glob matches, as bash expands it: a
// * or ? does not match a leading dot unless the pattern's element starts
// with one. ok is false when the budget ran out.
func (w *fsWork) glob(pattern string) ([]string, bool) {
	elems := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
	matches := []string{"/"}
	for i, el := range elems {
		if el == "" {
			continue
		}
		last := i == len(elems)-1
		var next []string
		for _, dir := range matches {
			if !hasMeta(el) {
				p := path.Join(dir, el)
				if last {
					if !w.take(1) {
						return nil, false
					}
					if _, err := w.lstat(p); err != nil {
						continue
					}
				}
				next = append(next, p)
				continue
			}
			entries, err := w.fs().ReadDir(dir)
			if err != nil {
				continue
			}
			if !w.take(len(entries) + 1) {
				return nil, false
			}
			pat, known := bashPattern(el)
			if !known {
				// A pattern bash reads and this matcher cannot: what it
				// matches is not known.
				return nil, false
			}
			for _, e := range entries {
				name := e.Name()
				if strings.HasPrefix(name, ".") && !strings.HasPrefix(el, ".") {
					continue
				}
				if ok, _ := path.Match(pat, name); ok {
					next = append(next, path.Join(dir, name))
				}
			}
		}
		matches = next
		if len(matches) == 0 {
			return nil, true
		}
	}
	return matches, true
}

// bashPattern returns a glob element of bash in the syntax of path.Match:
// bash writes a negated bracket expression [!...] as well as [^...].
// known is false for what path.Match cannot read as bash does: POSIX
// classes ([[:alpha:]]), collating symbols and equivalence classes, a ]
// or - that is a member, or any pattern path.Match rejects.
func bashPattern(el string) (pat string, known bool) {
	if !strings.Contains(el, "[") {
		return el, true
	}
	var b strings.Builder
	for i := 0; i < len(el); i++ {
		c := el[i]
		switch {
		case c == '\\' && i+1 < len(el):
			b.WriteByte(c)
			b.WriteByte(el[i+1])
			i++
			continue
		case c != '[':
			b.WriteByte(c)
			continue
		}
		end := strings.IndexByte(el[i+1:], ']')
		if end < 0 {
			// No closing bracket: bash reads [ as itself.
			b.WriteString("\\[")
			continue
		}
		class := el[i+1 : i+1+end]
		if strings.HasPrefix(class, "!") {
			class = "^" + class[1:]
		}
		members := strings.TrimPrefix(class, "^")
		if members == "" || strings.ContainsAny(members, "[\\") || strings.HasPrefix(members, "-") || strings.HasSuffix(members, "-") {
			return "", false
		}
		b.WriteString("[" + class + "]")
		i += end + 1
	}
	pat = b.String()
	if _, err := path.Match(pat, ""); err != nil {
		return "", false
	}
	return pat, true
}

// hasMeta reports glob syntax in a path element.
func hasMeta(s string) bool { return strings.ContainsAny(s, "*?[") }

// walk visits the files under root (root itself when it is a file): each
// regular file, symbolic link or folder name is passed to visit, with
// whether it is a symbolic link and whether it is a folder, and visit
// returns false to stop. hidden
// says whether dot files and folders are visited. complete is false when
// the budget ran out. Folders are read, nothing else is looked at: the
// entries say which are folders and which are links.
//
// Without hidden, a dot file or folder is still visited when shown(dir,
// name) says so: one that an ignore file lets through.
func (w *fsWork) walk(root string, hidden bool, shown func(dir, name string) bool, visit func(p string, link, dir bool) bool) (complete bool) {
	stack := []string{root}
	for len(stack) > 0 {
		dir := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !w.take(1) {
			return false
		}
		fi, err := w.lstat(dir)
		if err != nil {
			continue
		}
		if !fi.IsDir() {
			if !visit(dir, fi.Mode()&fs.ModeSymlink != 0, false) {
				return true
			}
			continue
		}
		if !visit(dir, false, true) {
			return true
		}
		entries, err := w.fs().ReadDir(dir)
		if err != nil {
			continue
		}
		if !w.take(len(entries)) {
			return false
		}
		for _, e := range entries {
			name := e.Name()
			if !hidden && strings.HasPrefix(name, ".") && (shown == nil || !shown(dir, name)) {
				continue
			}
			p := path.Join(dir, name)
			if e.IsDir() {
				if name == "objects" && strings.HasSuffix(dir, "/.git") {
					// Git's object store holds compressed objects, which
					// no reader prints as text.
					continue
				}
				stack = append(stack, p)
				continue
			}
			if !visit(p, e.Type()&fs.ModeSymlink != 0, false) {
				return true
			}
		}
	}
	return true
}
