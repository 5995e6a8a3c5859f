// Package checkpoint keeps what a project's files were before a confined
// call that may write them, so that a person can bring them back
// (governance restore DECISION_ID).
//
// A checkpoint is a git tree of the project's tracked and untracked,
// non-ignored files, written to an object store of governance's own, one
// per project, under the state folder (never inside the project, which the
// call may write, .git included): `rm -rf .` in the project loses no
// checkpoint. The store's index is kept from one checkpoint to the next,
// so only files whose size or time changed are read again; new content is
// written straight into a pack (git's bulk check-in), not as one file per
// object. A project that is not a git repository is checkpointed the same
// way, its .gitignore files (if any) and the user's global excludes
// honoured, under the same bound on new content.
//
// What a checkpoint does not hold: ignored files (build output,
// node_modules in a repository that ignores it), the .git folder (refs,
// history, stashes: the repository's own reflog keeps those), and the
// files inside a nested repository (git records only its commit).
//
// Each checkpoint is a commit under refs/checkpoints/ID in its project's
// store; governance purge removes those older than the purge setting
// checkpoint_keep (brain.PurgePolicy).
package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/filelock"
	"github.com/agentgov/governance/internal/layout"
)

// DefaultMaxBytes bounds the content a checkpoint reads that the store
// does not hold yet: a project over it (a folder of data nobody ignores)
// gets no checkpoint, and the caller says so.
const DefaultMaxBytes = 1 << 30

// Errors callers branch on.
var (
	// ErrUnknown: no checkpoint has that ID.
	ErrUnknown = errors.New("no checkpoint has that ID")
	// ErrTooLarge: the new content to read is over the bound.
	ErrTooLarge = errors.New("the project's files are too large to checkpoint")
	// ErrNoGit: git, which keeps the checkpoints, is not installed.
	ErrNoGit = errors.New("git is not installed or not on the PATH")
	// ErrBadID: the ID is not one a checkpoint can be named by.
	ErrBadID = errors.New("not a checkpoint ID")
)

// Dir is the folder of the checkpoints in governance's state folder.
func Dir(stateDir string) string { return filepath.Join(stateDir, "checkpoints") }

// Git runs for a checkpoint with no configuration but the store's own:
// a .gitattributes the call wrote cannot name a filter program of the
// user's configuration, and the user's global excludes are read from
// their default place ($XDG_CONFIG_HOME/git/ignore) only.

// Store holds the checkpoints of one user's projects: a folder in
// governance's state folder.
type Store struct {
	// Dir is the folder ($XDG_STATE_HOME/governance/checkpoints).
	Dir string
	// Env is the environment git runs with (PATH finds it, HOME its
	// global excludes); GIT_ variables in it are dropped.
	Env []string
	// MaxBytes bounds the new content of one checkpoint (0:
	// DefaultMaxBytes).
	MaxBytes int64
	// Now is the clock (nil: time.Now).
	Now func() time.Time

	// few overrides fewFiles (-1: every change is added with a walk).
	few int
}

// Checkpoint is one checkpoint: the project's files as they were before
// the call the decision ID names.
type Checkpoint struct {
	ID      string    `json:"id"`
	Project string    `json:"project"`
	Time    time.Time `json:"time"`
	// Commit is the checkpoint's commit in the project's store.
	Commit string `json:"commit"`
	store  string
}

// Change is a file that differs between the project now and a
// checkpoint: Status is what a restore does to it: "restore" (changed
// since), "recreate" (removed since), "remove" (created since).
type Change struct {
	Status string `json:"status"`
	Path   string `json:"path"`
}

// ValidID reports an ID a checkpoint can be named by: letters, digits,
// '-', '_' and '.', not starting with '.' or '-' (a decision ID is a
// UUID).
func ValidID(id string) bool {
	if id == "" || len(id) > 128 || id[0] == '.' || id[0] == '-' || strings.Contains(id, "..") || strings.HasSuffix(id, ".lock") {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// storeOf is the folder of a project's store: named after the hash of
// its root, with the root written in it.
func (s *Store) storeOf(root string) string {
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(s.Dir, hex.EncodeToString(sum[:8])+".git")
}

// Take records a checkpoint of the project at root named id, and returns
// it. Nothing in the project is written.
func (s *Store) Take(root, id string) (*Checkpoint, error) {
	if !ValidID(id) {
		return nil, fmt.Errorf("%w: %q", ErrBadID, id)
	}
	root = filepath.Clean(root)
	dir := s.storeOf(root)
	unlock, err := s.open(dir, root)
	if err != nil {
		return nil, err
	}
	defer unlock()
	return s.take(dir, root, id, filepath.Join(dir, "index"))
}

// take records the checkpoint with the index given (the store's, or a
// copy of it), the store locked.
func (s *Store) take(dir, root, id, index string) (*Checkpoint, error) {
	g := s.git(root, dir, root, index)
	copyExclude(root, dir)
	// The first checkpoint of a repository starts from the content its
	// own index names, copied from its object store (compressed as it is
	// there, deltas reused): its files are then only read and hashed.
	var seeded map[string]bool
	if _, err := os.Stat(index); errors.Is(err, fs.ErrNotExist) {
		seeded = s.seed(dir, root)
	}
	// One walk of the project finds what changed since the store's index
	// was written; with nothing changed (the common case between two
	// calls) the index is the checkpoint as it is.
	changed, err := s.changed(g, root, seeded)
	if err != nil {
		return nil, err
	}
	switch {
	case len(changed) == 0:
	case len(seeded) > 0:
		// Most content is in the store: written files are only the new
		// ones, as loose objects.
		if _, err := g.run(nil, "add", "-A", "--ignore-errors", "--", "."); err != nil {
			return nil, err
		}
	case len(changed) <= s.fewFiles():
		// A few files: handed to the index by name, with no second walk.
		var list bytes.Buffer
		for _, name := range changed {
			list.WriteString(name)
			list.WriteByte(0)
		}
		if _, err := g.run(list.Bytes(), "update-index", "--add", "--remove", "-z", "--stdin"); err == nil {
			break
		}
		// A file that cannot be read: add skips it and takes the rest.
		fallthrough
	default:
		// Many files (the first checkpoint): each goes into one pack (bulk
		// check-in streams files over the big-file threshold to a pack),
		// fast to compress: 50,000 loose objects cost seconds of file
		// creation and twenty times the disk.
		if _, err := g.run(nil, "-c", "core.bigFileThreshold=1", "-c", "core.compression=1", "add", "-A", "--ignore-errors", "--", "."); err != nil {
			return nil, err
		}
	}
	tree, err := g.out("write-tree")
	if err != nil {
		return nil, err
	}
	when := s.now()
	stamp := strconv.FormatInt(when.Unix(), 10) + " +0000"
	g.env = append(g.env, "GIT_AUTHOR_NAME=governance", "GIT_AUTHOR_EMAIL=governance@localhost", "GIT_AUTHOR_DATE="+stamp,
		"GIT_COMMITTER_NAME=governance", "GIT_COMMITTER_EMAIL=governance@localhost", "GIT_COMMITTER_DATE="+stamp)
	commit, err := g.out("commit-tree", tree, "-m", "checkpoint "+id)
	if err != nil {
		return nil, err
	}
	// The ref is written here, under the store's lock, never over another.
	ref := filepath.Join(dir, "refs", "checkpoints", id)
	if err := os.MkdirAll(filepath.Dir(ref), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(ref, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", id, err)
	}
	if _, err := f.WriteString(commit + "\n"); err != nil {
		f.Close()
		os.Remove(ref)
		return nil, err
	}
	if err := f.Close(); err != nil {
		os.Remove(ref)
		return nil, err
	}
	return &Checkpoint{ID: id, Project: root, Time: when.UTC().Truncate(time.Second), Commit: commit, store: dir}, nil
}

// fewFiles is the most changed files handed to the index by name; more
// are added with a walk of their own, packed.
const fewFiles = 2000

func (s *Store) fewFiles() int {
	if s.few != 0 {
		return s.few
	}
	return fewFiles
}

// open makes the project's store if it is missing, and locks it. A store
// another user owns (see [Store.owned]) is refused.
func (s *Store) open(dir, root string) (func(), error) {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, err
	}
	if !s.owned(dir) {
		return nil, fmt.Errorf("the checkpoint store %s belongs to another user: the state folder must be yours (see XDG_STATE_HOME)", dir)
	}
	unlock, err := filelock.Lock(dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, "project")); err == nil {
		return unlock, nil
	}
	g := s.git(root, dir, "", "")
	if _, err := g.run(nil, "init", "-q", "--bare", dir); err != nil {
		unlock()
		return nil, err
	}
	if _, err := g.run(nil, "config", "gc.auto", "0"); err != nil {
		unlock()
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "project"), []byte(root+"\n"), 0o600); err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// changed returns the files that differ from the store's index (changed,
// new and not ignored, removed), each once, and refuses a checkpoint
// whose new content is over the bound. A nested repository (listed as
// its folder) is left out: git records only its commit.
func (s *Store) changed(g *gitCmd, root string, seeded map[string]bool) ([]string, error) {
	max := s.MaxBytes
	if max <= 0 {
		max = DefaultMaxBytes
	}
	out, err := g.run(nil, "ls-files", "-z", "--others", "--modified", "--deleted", "--exclude-standard")
	if err != nil {
		return nil, err
	}
	var names []string
	seen := map[string]bool{}
	var total int64
	for _, b := range bytes.Split(out, []byte{0}) {
		name := string(b)
		if name == "" || strings.HasSuffix(name, "/") || seen[name] {
			continue
		}
		seen[name] = true
		names = append(names, name)
		if seeded[name] {
			// Its content is in the store, unless it changed.
			continue
		}
		if fi, err := os.Lstat(filepath.Join(root, name)); err == nil {
			total += fi.Size()
		}
		if total > max {
			return nil, fmt.Errorf("%w: over %d MiB of files it does not hold yet (ignore them in .gitignore)", ErrTooLarge, max>>20)
		}
	}
	return names, nil
}

// seed copies into the store the content the index of the repository at
// root names (git pack-objects, reading the repository only), and
// returns the paths whose content it copied; nil when root is no
// repository or the copy failed (the first checkpoint then reads and
// packs every file itself).
func (s *Store) seed(dir, root string) map[string]bool {
	if fi, err := os.Lstat(filepath.Join(root, ".git")); err != nil || fi.Mode()&fs.ModeSymlink != 0 {
		return nil
	}
	repo := s.git(root, "", "", "")
	repo.env = slices.DeleteFunc(repo.env, func(kv string) bool { return strings.HasPrefix(kv, "GIT_DIR=") })
	entries, err := repo.runIn(root, nil, "ls-files", "-s", "-z")
	if err != nil {
		return nil
	}
	paths := map[string]bool{}
	var objects bytes.Buffer
	seen := map[string]bool{}
	for _, e := range bytes.Split(entries, []byte{0}) {
		// "MODE SHA STAGE\tPATH"; gitlinks (160000) name commits of another
		// repository.
		meta, path, ok := bytes.Cut(e, []byte{'\t'})
		f := strings.Fields(string(meta))
		if !ok || len(f) != 3 || f[2] != "0" || f[0] == "160000" {
			continue
		}
		paths[string(path)] = true
		if !seen[f[1]] {
			seen[f[1]] = true
			objects.WriteString(f[1] + "\n")
		}
	}
	if len(seen) == 0 {
		return nil
	}
	pack := exec.Command(repo.bin, "-c", "core.fsmonitor=false", "pack-objects", "--stdout", "-q")
	pack.Dir, pack.Env, pack.Stdin = root, repo.env, &objects
	store := exec.Command(repo.bin, "index-pack", "--stdin")
	store.Env = append(slices.Clone(repo.env), "GIT_DIR="+dir)
	out, err := pack.StdoutPipe()
	if err != nil {
		return nil
	}
	store.Stdin = out
	if err := pack.Start(); err != nil {
		return nil
	}
	storeErr := store.Run()
	if err := pack.Wait(); err != nil || storeErr != nil {
		return nil
	}
	return paths
}

// copyExclude hands the project's own excludes (.git/info/exclude, of the
// repository or of the one a .git file points to) to the store.
func copyExclude(root, dir string) {
	gitDir := filepath.Join(root, ".git")
	if data, err := os.ReadFile(gitDir); err == nil {
		d, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
		if !ok {
			return
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(root, d)
		}
		gitDir = d
		if c, err := os.ReadFile(filepath.Join(d, "commondir")); err == nil {
			cd := strings.TrimSpace(string(c))
			if !filepath.IsAbs(cd) {
				cd = filepath.Join(d, cd)
			}
			gitDir = cd
		}
	}
	data, err := os.ReadFile(filepath.Join(gitDir, "info", "exclude"))
	if err != nil {
		// Gone with the .git folder, or never there: the copy the store
		// has stays, so that files the project excluded are still not
		// the project's to restore or remove.
		return
	}
	dst := filepath.Join(dir, "info", "exclude")
	if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, data) {
		return
	}
	os.MkdirAll(filepath.Dir(dst), 0o700)
	os.WriteFile(dst, data, 0o600)
}

// owned reports whether a store, the folder of stores and the state
// folder around it are this user's (or root's): git runs in a store by
// GIT_DIR, which skips git's own check of its owner, and so runs what
// another user's store configuration names (core.fsmonitor, a hook),
// and a restore would write their content into the project.
func (s *Store) owned(dir string) bool {
	return layout.OwnedFolders(filepath.Dir(s.Dir), filepath.Base(s.Dir), filepath.Base(dir))
}

// List returns every checkpoint of every project, oldest first; the
// stores another user owns are passed over.
func (s *Store) List() ([]Checkpoint, error) {
	stores, err := filepath.Glob(filepath.Join(s.Dir, "*.git"))
	if err != nil {
		return nil, err
	}
	var out []Checkpoint
	for _, dir := range stores {
		if !s.owned(dir) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "project"))
		if err != nil {
			continue
		}
		root := strings.TrimSpace(string(data))
		g := s.git(root, dir, root, "")
		refs, err := g.out("for-each-ref", "--format=%(refname:lstrip=2) %(objectname) %(committerdate:unix)", "refs/checkpoints/")
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(refs, "\n") {
			f := strings.Fields(line)
			if len(f) != 3 {
				continue
			}
			sec, _ := strconv.ParseInt(f[2], 10, 64)
			out = append(out, Checkpoint{ID: f[0], Commit: f[1], Project: root, Time: time.Unix(sec, 0).UTC(), store: dir})
		}
	}
	slices.SortStableFunc(out, func(a, b Checkpoint) int { return a.Time.Compare(b.Time) })
	return out, nil
}

// Find returns the checkpoint named id, or an error wrapping ErrUnknown.
func (s *Store) Find(id string) (*Checkpoint, error) {
	if !ValidID(id) {
		return nil, fmt.Errorf("%w: %q", ErrBadID, id)
	}
	all, err := s.List()
	if err != nil {
		return nil, err
	}
	for _, c := range all {
		if c.ID == id {
			return &c, nil
		}
	}
	return nil, fmt.Errorf("%w: %s", ErrUnknown, id)
}

// Restore brings the project's files back to checkpoint c and returns
// what it changed: files changed since are written back, files removed
// since recreated, files created since (not ignored) removed; ignored
// files and the .git folder are left alone, and so are the paths leave
// accepts (nil: none), which are listed with the status "left". The
// project as it was just before is recorded first as a checkpoint of its
// own, named in before, so that a restore can itself be undone. With
// dryRun, nothing is written, in the project or the store, and the
// changes it would make are returned.
func (s *Store) Restore(c *Checkpoint, dryRun bool, leave func(path string) bool) (changes []Change, before *Checkpoint, err error) {
	unlock, err := s.open(c.store, c.Project)
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	// The present is read through a copy of the store's index, which
	// keeps the store's own for the checkpoints to come.
	tmp, err := os.CreateTemp(c.store, "restore-index-")
	if err != nil {
		return nil, nil, err
	}
	index := tmp.Name()
	tmp.Close()
	defer os.Remove(index)
	if data, err := os.ReadFile(filepath.Join(c.store, "index")); err == nil {
		if err := os.WriteFile(index, data, 0o600); err != nil {
			return nil, nil, err
		}
	} else {
		os.Remove(index)
	}
	id := "before-restore-" + strconv.FormatInt(s.now().UnixNano(), 36)
	now, err := s.take(c.store, c.Project, id, index)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the project as it is now: %w", err)
	}
	g := s.git(c.Project, c.store, c.Project, index)
	diff, err := g.run(nil, "diff-tree", "-r", "-z", "--no-renames", "--name-status", now.Commit, c.Commit)
	if err != nil {
		return nil, nil, err
	}
	fields := bytes.Split(bytes.TrimSuffix(diff, []byte{0}), []byte{0})
	for i := 0; i+1 < len(fields); i += 2 {
		status := map[string]string{"A": "recreate", "D": "remove"}[string(fields[i])]
		if status == "" {
			status = "restore"
		}
		path := string(fields[i+1])
		if leave != nil && leave(path) {
			status = "left"
		}
		changes = append(changes, Change{Status: status, Path: path})
	}
	var write, remove bytes.Buffer
	for _, ch := range changes {
		switch ch.Status {
		case "remove":
			remove.WriteString(ch.Path + "\x00")
		case "restore", "recreate":
			write.WriteString(ch.Path + "\x00")
		}
	}
	if dryRun || write.Len()+remove.Len() == 0 {
		g.run(nil, "update-ref", "-d", "refs/checkpoints/"+id)
		if !dryRun && len(changes) == 0 {
			changes = nil
		}
		return changes, nil, nil
	}
	// Removed first (a file where the checkpoint has a folder), never a
	// folder; then the files written from the checkpoint's index.
	for _, p := range strings.Split(strings.TrimSuffix(remove.String(), "\x00"), "\x00") {
		full := filepath.Join(c.Project, p)
		if fi, err := os.Lstat(full); err == nil && !fi.IsDir() && p != "" {
			if err := os.Remove(full); err != nil {
				return nil, now, err
			}
		}
	}
	if write.Len() > 0 {
		if _, err := g.run(nil, "read-tree", c.Commit); err != nil {
			return nil, now, err
		}
		if _, err := g.run(write.Bytes(), "checkout-index", "-f", "-z", "--stdin"); err != nil {
			return nil, now, err
		}
	}
	return changes, now, nil
}

// Purge removes the checkpoints older than keep (the restore points
// with them) of the projects match accepts (nil: every project), and the
// content no checkpoint holds any more; it returns those it removed (with
// dryRun: would remove).
func (s *Store) Purge(keep time.Duration, match func(project string) bool, dryRun bool) ([]Checkpoint, error) {
	all, err := s.List()
	if err != nil {
		return nil, err
	}
	cut := s.now().Add(-keep)
	var gone []Checkpoint
	byStore := map[string][]Checkpoint{}
	for _, c := range all {
		if match != nil && !match(c.Project) {
			continue
		}
		byStore[c.store] = append(byStore[c.store], c)
		if c.Time.Before(cut) {
			gone = append(gone, c)
		}
	}
	if dryRun || len(gone) == 0 {
		return gone, nil
	}
	var errs []error
	for dir, cs := range byStore {
		var old []Checkpoint
		for _, c := range cs {
			if c.Time.Before(cut) {
				old = append(old, c)
			}
		}
		if len(old) == 0 {
			continue
		}
		if err := s.purgeStore(dir, cs[0].Project, old, len(old) == len(cs)); err != nil {
			errs = append(errs, err)
		}
	}
	return gone, errors.Join(errs...)
}

// purgeStore removes the old checkpoints of one store, and the store
// itself when none is left.
func (s *Store) purgeStore(dir, root string, old []Checkpoint, all bool) error {
	unlock, err := filelock.Lock(dir)
	if err != nil {
		return err
	}
	defer unlock()
	g := s.git(root, dir, root, "")
	var del bytes.Buffer
	for _, c := range old {
		fmt.Fprintf(&del, "delete refs/checkpoints/%s %s\n", c.ID, c.Commit)
	}
	if _, err := g.run(del.Bytes(), "update-ref", "--stdin"); err != nil {
		return err
	}
	if all {
		if left, err := g.out("for-each-ref", "refs/checkpoints/"); err == nil && left == "" {
			return os.RemoveAll(dir)
		}
	}
	// One pack of what is still held; the rest goes.
	_, err = g.run(nil, "-c", "pack.compression=1", "repack", "-a", "-d", "-q", "--unpack-unreachable=now")
	if err == nil {
		_, err = g.run(nil, "prune", "--expire=now")
	}
	return err
}

// gitCmd runs git on a store, with the project as its work tree.
type gitCmd struct {
	bin string
	env []string
	err error
}

// git returns the git of the store dir, with root as its work tree ("" for
// none) and the index file index; project is the folder it is for, from
// which git is not taken (see lookGit).
func (s *Store) git(project, dir, root, index string) *gitCmd {
	env := []string{}
	for _, kv := range s.Env {
		if !strings.HasPrefix(kv, "GIT_") {
			env = append(env, kv)
		}
	}
	env = append(env, "GIT_DIR="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	if root != "" {
		env = append(env, "GIT_WORK_TREE="+root)
	}
	if index != "" {
		env = append(env, "GIT_INDEX_FILE="+index)
	}
	g := &gitCmd{env: env}
	g.bin, g.err = lookGit(env, project)
	return g
}

// lookGit finds the git the checkpoint runs on the host, in a PATH
// folder no confined call can write: a git planted in the project's
// activated .venv/bin would otherwise run unconfined at the next
// checkpoint.
func lookGit(env []string, project string) (string, error) {
	getenv := func(name string) string { return envValue(env, name) }
	if p := locate.Program(getenv("PATH"), "git", locate.Untrusted(project, getenv)); p != "" {
		return p, nil
	}
	return "", ErrNoGit
}

// run runs git with args, stdin given, and returns its output; its
// error carries git's message.
func (g *gitCmd) run(stdin []byte, args ...string) ([]byte, error) {
	return g.runIn(envValue(g.env, "GIT_WORK_TREE"), stdin, args...)
}

// runIn is run in the folder dir ("" for the current one).
func (g *gitCmd) runIn(dir string, stdin []byte, args ...string) ([]byte, error) {
	if g.err != nil {
		return nil, g.err
	}
	// Settings that would change what is stored, or run programs, are
	// pinned whatever the user's global configuration says.
	pinned := []string{"-c", "core.autocrlf=false", "-c", "core.safecrlf=false", "-c", "core.fsmonitor=false",
		"-c", "core.symlinks=true", "-c", "core.filemode=true", "-c", "core.ignorecase=false", "-c", "core.hooksPath=/dev/null",
		"-c", "core.splitIndex=false", "-c", "core.untrackedCache=false", "-c", "advice.addEmbeddedRepo=false", "-c", "core.quotePath=false"}
	cmd := exec.Command(g.bin, append(pinned, args...)...)
	cmd.Env = g.env
	cmd.Dir = dir
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndex(msg, "\n"); i >= 0 {
			msg = msg[i+1:]
		}
		return out, fmt.Errorf("git %s: %v: %s", subcommand(args), err, msg)
	}
	return out, nil
}

// subcommand names the git command args run, past its -c options.
func subcommand(args []string) string {
	for i := 0; i < len(args); i++ {
		if args[i] == "-c" {
			i++
			continue
		}
		return args[i]
	}
	return ""
}

func (g *gitCmd) out(args ...string) (string, error) {
	out, err := g.run(nil, args...)
	return strings.TrimSpace(string(out)), err
}

func envValue(env []string, name string) string {
	for _, kv := range slices.Backward(env) {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}
