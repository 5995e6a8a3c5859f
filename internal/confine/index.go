package confine

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/atomicfile"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// Finding a project's secrets means listing every folder shown and
// judging every file in it by the secret rules, on every confined call.
// The launcher keeps what it found in an index in governance's state
// folder (which no confined call sees and the analysis keeps agents from
// writing), with the stamp of every folder listed and every file judged
// by its content. A folder's stamp changes when an entry is made,
// removed or renamed in it (its modification time) and whenever that
// time is set (its change time, which nobody sets), so while every stamp
// matches, the walk would find the same secrets; otherwise the folder is
// walked again. An index holds for one key: what the caller says
// identifies the rules that judge (the launcher: the compiled policy's
// file and the launcher's own code) and the request they judge for.
//
// The launcher makes the placeholders of absent protected paths in the
// project for each call and removes them after, which changes the stamps
// of their folders (the project's top among them) on every call. The
// stamp of such a folder also holds a digest of its entries (names, types
// and inodes): one whose times changed but whose entries are still those
// its walk listed would be walked to the same result, so it is not walked
// again. Other folders are not digested, which would cost a walk two
// more listings of each.

// indexVersion changes when the index's meaning or form does.
const indexVersion = 7

// secretIndex is what the walks for one key found, by folder walked,
// and the folders outside the project the secret rules name
// ([governance.Engine.SecretFolders], which depend on the key alone).
type secretIndex struct {
	Key     string
	Folders []string
	Roots   []indexRoot
}

// indexRoot is what one walk found under Root: the secrets, the
// protected set's names below the folders a profile names them in, and
// the virtual environments (see [engine.Engine.ShownUnder]).
type indexRoot struct {
	Root   string
	Found  []string
	Kept   []string
	Venvs  []string
	Stamps []stamp
}

// stamp is what changes when a folder's entries or a file's content do.
// Entries is a folder's [entryDigest] when its walk listed the entries it
// digests ("" for a file, or a folder whose entries changed during the
// walk).
type stamp struct {
	Path    string
	Mode    uint32
	Size    int64
	Mtime   int64
	Ctime   int64
	Ino     uint64
	Entries string
}

// The index is written as lines of words, paths quoted: decoding it as
// JSON took a quarter of the launcher's time to build a profile from a
// fresh index (pprof, a project of 300 files).
//
//	governance-confine-index 1
//	key "..."
//	folders "/etc/shadow" "/etc/ssh"
//	root "/home/me/proj"
//	found "/home/me/proj/.env"
//	kept "/home/me/proj/web/.claude"
//	venv "/home/me/proj/backend/.venv"
//	stamp MODE SIZE MTIME CTIME INODE ENTRIES "/home/me/proj"
//
// ENTRIES is a folder's digest in hex, or - for none.

func (x secretIndex) encode() []byte {
	var b []byte
	b = fmt.Appendf(b, "governance-confine-index %d\nkey %s\nfolders", indexVersion, strconv.Quote(x.Key))
	for _, f := range x.Folders {
		b = append(b, ' ')
		b = strconv.AppendQuote(b, f)
	}
	b = append(b, '\n')
	for _, r := range x.Roots {
		b = append(append(b, "root "...), strconv.Quote(r.Root)...)
		b = append(b, '\n')
		for _, f := range r.Found {
			b = append(append(b, "found "...), strconv.Quote(f)...)
			b = append(b, '\n')
		}
		for _, f := range r.Kept {
			b = append(append(b, "kept "...), strconv.Quote(f)...)
			b = append(b, '\n')
		}
		for _, f := range r.Venvs {
			b = append(append(b, "venv "...), strconv.Quote(f)...)
			b = append(b, '\n')
		}
		for _, s := range r.Stamps {
			entries := s.Entries
			if entries == "" {
				entries = "-"
			}
			b = fmt.Appendf(b, "stamp %d %d %d %d %d %s %s\n", s.Mode, s.Size, s.Mtime, s.Ctime, s.Ino, entries, strconv.Quote(s.Path))
		}
	}
	return b
}

// decodeIndex reads what encode wrote; ok is false for anything else.
func decodeIndex(data []byte) (x secretIndex, ok bool) {
	lines := strings.Split(string(data), "\n")
	if len(lines) < 3 || lines[0] != fmt.Sprintf("governance-confine-index %d", indexVersion) || lines[len(lines)-1] != "" {
		return x, false
	}
	quoted := func(s string) ([]string, bool) {
		var out []string
		for s != "" {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, false
			}
			u, _ := strconv.Unquote(q)
			out = append(out, u)
			s = strings.TrimPrefix(s[len(q):], " ")
		}
		return out, true
	}
	for _, line := range lines[1 : len(lines)-1] {
		word, rest, _ := strings.Cut(line, " ")
		if word == "folders" && line == "folders" {
			continue
		}
		switch word {
		case "key", "folders", "root", "found", "kept", "venv":
			q, good := quoted(rest)
			if !good || word != "folders" && len(q) != 1 {
				return x, false
			}
			switch {
			case word == "key":
				x.Key = q[0]
			case word == "folders":
				x.Folders = q
			case word == "root":
				x.Roots = append(x.Roots, indexRoot{Root: q[0]})
			case len(x.Roots) == 0:
				return x, false
			case word == "kept":
				r := &x.Roots[len(x.Roots)-1]
				r.Kept = append(r.Kept, q[0])
			case word == "venv":
				r := &x.Roots[len(x.Roots)-1]
				r.Venvs = append(r.Venvs, q[0])
			default:
				r := &x.Roots[len(x.Roots)-1]
				r.Found = append(r.Found, q[0])
			}
		case "stamp":
			f := strings.SplitN(rest, " ", 7)
			if len(f) != 7 || len(x.Roots) == 0 {
				return x, false
			}
			mode, err1 := strconv.ParseUint(f[0], 10, 32)
			size, err2 := strconv.ParseInt(f[1], 10, 64)
			mtime, err3 := strconv.ParseInt(f[2], 10, 64)
			ctime, err4 := strconv.ParseInt(f[3], 10, 64)
			ino, err5 := strconv.ParseUint(f[4], 10, 64)
			entries := f[5]
			if entries == "-" {
				entries = ""
			} else if len(entries) != 2*digestSize || strings.Trim(entries, "0123456789abcdef") != "" {
				return x, false
			}
			q, good := quoted(f[6])
			if err1 != nil || err2 != nil || err3 != nil || err4 != nil || err5 != nil || !good || len(q) != 1 {
				return x, false
			}
			s := stamp{Path: q[0], Mode: uint32(mode), Size: size, Mtime: mtime, Ctime: ctime, Ino: ino, Entries: entries}
			r := &x.Roots[len(x.Roots)-1]
			r.Stamps = append(r.Stamps, s)
		default:
			return x, false
		}
	}
	return x, true
}

func stampOf(p string) (stamp, bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return stamp{}, false
	}
	ctime, ino := changeTime(fi)
	return stamp{Path: p, Mode: uint32(fi.Mode()), Size: fi.Size(), Mtime: fi.ModTime().UnixNano(), Ctime: ctime, Ino: ino}, true
}

// fresh reports whether every stamp still matches: a folder's matches
// too when it is the same folder and holds the same entries, its times
// changed by entries made and removed since (the launcher's placeholders).
func (r *indexRoot) fresh() bool {
	for _, s := range r.Stamps {
		now, ok := stampOf(s.Path)
		if !ok {
			return false
		}
		now.Entries = s.Entries
		if now == s {
			continue
		}
		if s.Entries == "" || now.Mode != s.Mode || now.Ino != s.Ino || !os.FileMode(s.Mode).IsDir() {
			return false
		}
		if d, ok := entryDigest(s.Path); !ok || d != s.Entries {
			return false
		}
	}
	return len(r.Stamps) > 0
}

// stampFolder is p's stamp, with the digest of its entries when it is a
// folder.
func stampFolder(p string) (stamp, bool) {
	st, ok := stampOf(p)
	if ok && os.FileMode(st.Mode).IsDir() {
		st.Entries, _ = entryDigest(p)
	}
	return st, ok
}

// secrets finds the secrets under the folders shown, through the index
// in dir made for key (none when either is "").
type secrets struct {
	e        *engine.Engine
	req      *engine.Request
	dir, key string
	file     string
	index    secretIndex
	changed  bool
	// churn are the folders whose entries a walk digests (see above).
	churn []string
}

func newSecrets(e *engine.Engine, req *engine.Request, dir, key string) *secrets {
	s := &secrets{e: e, req: req}
	if dir == "" || key == "" {
		return s
	}
	s.key = fmt.Sprintf("%d %s %q %q %q %q", indexVersion, key, req.Agent, req.Cwd, req.ProjectRoot, req.Home)
	h := fnv.New64a()
	h.Write([]byte(s.key))
	s.dir, s.file = dir, filepath.Join(dir, strconv.FormatUint(h.Sum64(), 16))
	// Only the user's own index (or root's): another user's, in a state
	// folder of theirs, could leave a secret out, shown then unmasked.
	if data, err := layout.ReadOwned(s.file); err == nil {
		if x, ok := decodeIndex(data); ok && x.Key == s.key {
			s.index = x
			return s
		}
	}
	s.index = secretIndex{Key: s.key, Folders: e.SecretFolders(req)}
	s.changed = true
	return s
}

// gitFolders returns the git folders of the repositories below root
// that the index's last walk of root kept (see nestedRepos): the
// launcher makes the placeholders of their absent paths in them on
// every call, so their entries are digested as churn's are.
func (s *secrets) gitFolders(root string) []string {
	i := slices.IndexFunc(s.index.Roots, func(r indexRoot) bool { return r.Root == root })
	if i < 0 {
		return nil
	}
	var out []string
	for _, r := range nestedRepos(s.index.Roots[i].Kept, root) {
		if g := filepath.Join(r, ".git"); folderAt(g) {
			out = append(out, g)
		}
	}
	return out
}

// folders returns [governance.Engine.SecretFolders] for the request.
func (s *secrets) folders() []string {
	if s.file == "" {
		return s.e.SecretFolders(s.req)
	}
	return s.index.Folders
}

// under returns the secrets under root, the protected set's names
// below the folders a profile names them in, and the virtual
// environments, as [engine.Engine.ShownUnder].
func (s *secrets) under(root string) (found, kept, venvs []string, complete bool) {
	if s.file == "" {
		return s.e.ShownUnder(s.req, root, nil)
	}
	i := slices.IndexFunc(s.index.Roots, func(r indexRoot) bool { return r.Root == root })
	if i >= 0 && s.index.Roots[i].fresh() {
		x := s.index.Roots[i]
		return x.Found, x.Kept, x.Venvs, true
	}
	// Each stamp is taken before its folder is listed or its file read:
	// a change made during the walk shows as a stamp that no longer
	// matches, and the next call walks again. A folder's entries are
	// digested before it is listed, and again once the walk has ended: a
	// digest that changed meanwhile is dropped, and only its stamp can
	// then match.
	r := indexRoot{Root: root}
	stampAt := func(p string, dir bool) (stamp, bool) {
		if dir && slices.Contains(s.churn, p) {
			return stampFolder(p)
		}
		return stampOf(p)
	}
	if st, ok := stampAt(root, true); ok {
		r.Stamps = append(r.Stamps, st)
	}
	found, kept, venvs, complete = s.e.ShownUnder(s.req, root, func(p string, dir bool) {
		if p == root {
			return
		}
		if st, ok := stampAt(p, dir); ok {
			r.Stamps = append(r.Stamps, st)
		}
	})
	if !complete {
		return found, kept, venvs, false
	}
	for i, st := range r.Stamps {
		if st.Entries != "" {
			if d, ok := entryDigest(st.Path); !ok || d != st.Entries {
				r.Stamps[i].Entries = ""
			}
		}
	}
	r.Found, r.Kept, r.Venvs = slices.Clip(found), slices.Clip(kept), slices.Clip(venvs)
	if i >= 0 {
		s.index.Roots[i] = r
	} else {
		s.index.Roots = append(s.index.Roots, r)
	}
	s.changed = true
	return found, kept, venvs, true
}

// folderStamps returns the stamps of the folders under root the index
// holds (none without an index).
func (s *secrets) folderStamps(root string) []stamp {
	i := slices.IndexFunc(s.index.Roots, func(r indexRoot) bool { return r.Root == root })
	if s.file == "" || i < 0 {
		return nil
	}
	var out []stamp
	for _, st := range s.index.Roots[i].Stamps {
		if os.FileMode(st.Mode).IsDir() {
			out = append(out, st)
		}
	}
	return out
}

// save writes the index when a walk changed it. It is a cache: an index
// that cannot be written is walked again next time.
func (s *secrets) save() {
	if !s.changed {
		return
	}
	if os.MkdirAll(s.dir, 0o700) == nil {
		atomicfile.WriteVolatile(s.file, s.index.encode(), 0o600)
	}
}

// launcherStamp identifies the running launcher's code.
func launcherStamp() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	st, ok := stampOf(exe)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s %d %d %d %d", exe, st.Size, st.Mtime, st.Ctime, st.Ino)
}
