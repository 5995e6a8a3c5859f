package confine

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/atomicfile"
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

// indexVersion changes when the index's meaning does.
const indexVersion = 1

// secretIndex is what the walks for one key found, by folder walked.
type secretIndex struct {
	Version int         `json:"version"`
	Key     string      `json:"key"`
	Roots   []indexRoot `json:"roots"`
}

// indexRoot is what one walk found under Root.
type indexRoot struct {
	Root   string   `json:"root"`
	Found  []string `json:"found"`
	Stamps []stamp  `json:"stamps"`
}

// stamp is what changes when a folder's entries or a file's content do.
type stamp struct {
	Path  string `json:"path"`
	Mode  uint32 `json:"mode"`
	Size  int64  `json:"size"`
	Mtime int64  `json:"mtime"`
	Ctime int64  `json:"ctime"`
	Ino   uint64 `json:"ino"`
}

func stampOf(p string) (stamp, bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return stamp{}, false
	}
	ctime, ino := changeTime(fi)
	return stamp{Path: p, Mode: uint32(fi.Mode()), Size: fi.Size(), Mtime: fi.ModTime().UnixNano(), Ctime: ctime, Ino: ino}, true
}

// fresh reports whether every stamp still matches.
func (r *indexRoot) fresh() bool {
	for _, s := range r.Stamps {
		if now, ok := stampOf(s.Path); !ok || now != s {
			return false
		}
	}
	return len(r.Stamps) > 0
}

// secrets finds the secrets under the folders shown, through the index
// in dir made for key (none when either is "").
type secrets struct {
	e        *governance.Engine
	req      *governance.Request
	dir, key string
	file     string
	index    secretIndex
	changed  bool
}

func newSecrets(e *governance.Engine, req *governance.Request, dir, key string) *secrets {
	s := &secrets{e: e, req: req}
	if dir == "" || key == "" {
		return s
	}
	s.key = fmt.Sprintf("%d %s %q %q %q %q", indexVersion, key, req.Agent, req.Cwd, req.ProjectRoot, req.Home)
	h := fnv.New64a()
	h.Write([]byte(s.key))
	s.dir, s.file = dir, filepath.Join(dir, strconv.FormatUint(h.Sum64(), 16)+".json")
	if data, err := os.ReadFile(s.file); err == nil && json.Unmarshal(data, &s.index) == nil &&
		s.index.Version == indexVersion && s.index.Key == s.key {
		return s
	}
	s.index = secretIndex{Version: indexVersion, Key: s.key}
	return s
}

// under returns the secrets under root, as [governance.Engine.SecretsUnder].
func (s *secrets) under(root string) ([]string, bool) {
	if s.file == "" {
		return s.e.SecretsUnder(s.req, root)
	}
	i := slices.IndexFunc(s.index.Roots, func(r indexRoot) bool { return r.Root == root })
	if i >= 0 && s.index.Roots[i].fresh() {
		return s.index.Roots[i].Found, true
	}
	// Each stamp is taken before its folder is listed or its file read:
	// a change made during the walk shows as a stamp that no longer
	// matches, and the next call walks again.
	r := indexRoot{Root: root}
	if st, ok := stampOf(root); ok {
		r.Stamps = append(r.Stamps, st)
	}
	found, complete := s.e.SecretsUnderReading(s.req, root, func(p string, _ bool) {
		if st, ok := stampOf(p); ok && p != root {
			r.Stamps = append(r.Stamps, st)
		}
	})
	if !complete {
		return found, false
	}
	r.Found = slices.Clip(found)
	if i >= 0 {
		s.index.Roots[i] = r
	} else {
		s.index.Roots = append(s.index.Roots, r)
	}
	s.changed = true
	return found, true
}

// save writes the index when a walk changed it. It is a cache: an index
// that cannot be written is walked again next time.
func (s *secrets) save() {
	if !s.changed {
		return
	}
	if data, err := json.Marshal(&s.index); err == nil && os.MkdirAll(s.dir, 0o700) == nil {
		atomicfile.WriteVolatile(s.file, data, 0o600)
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
