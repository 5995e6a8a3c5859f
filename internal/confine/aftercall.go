package confine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/regularfile"
	"golang.org/x/sys/unix"
)

// The names only a program started later reads (Profile.Checked) get no
// placeholder: once the call and every job it left have ended (the
// sandbox's init gone, so its pid namespace empty), the launcher, or the
// reaper it leaves, looks for each, and moves one that is there aside
// into the project's .governance/quarantine before anything can start
// and read it. A launcher killed before its check leaves the names in a
// list beside the project's lock, which the next launcher checks before
// its call, as it removes the placeholders a killed one left.
//
// What is there is moved whole, by its name: a folder with what it
// holds, a link as the link, a hard link as one more name of its file;
// nothing is followed, read or copied. Each folder on the way is opened
// from the writable folder through no link, and so is the quarantine
// from the project's root. A checked path that holds another launcher's
// placeholder (an empty file or folder the list beside the lock names:
// .envrc is held in one call's folder and checked in another's) is left
// to that launcher.

// afterCall checks the checked paths of a call.
type afterCall struct {
	quarantine string
	writable   []string
	// stderr is where what was moved is named; nil for a reaper, which
	// has none: the quarantine's WHY file says it then.
	stderr io.Writer
	// batch is the folder of this check in the quarantine, made when the
	// first path is moved; -1 before.
	batch     int
	batchPath string
	// warned: a folder on the way that is no folder was named.
	warned bool
	// kept are the folders on the way to a checked path that were a link
	// or no folder before the call: the person's, where one that is so
	// now and was not is the call's doing (see [afterCall.one]).
	kept []string
	// keptTo is what each of kept led to before the call, as a link
	// ("" for no link): one that leads elsewhere now, or is a link where
	// it was none, was swapped by the call (see [afterCall.swapped]).
	keptTo map[string]string
	// moved counts the paths moved aside; gone names them.
	moved int
	gone  []string
	// since is when the launcher looked before the call, less a second
	// (a file system's clock may run behind the launcher's), in Unix
	// nanoseconds: a link whose change time is later was made or moved
	// during the call. 0 when unknown.
	since int64
}

func newAfterCall(p *Profile, stderr io.Writer) *afterCall {
	kept := keptOnTheWay(p.Checked, p.Writable)
	return &afterCall{quarantine: p.Quarantine, writable: p.Writable, stderr: stderr, batch: -1, kept: kept, keptTo: linkTargets(kept),
		since: time.Now().Add(-time.Second).UnixNano()}
}

// linkTargets returns what each of paths leads to as a link, "" for
// one that is no link.
func linkTargets(paths []string) map[string]string {
	out := make(map[string]string, len(paths))
	for _, k := range paths {
		out[k], _ = os.Readlink(k)
	}
	return out
}

// keptHere reports whether w is a folder on the way the person kept as
// a link or no folder, unchanged by the call: one the call swapped for
// a link of its own (the person's .config to their dotfiles made one to
// a folder of the project that holds mise/config.toml) is the call's.
func (a *afterCall) keptHere(w string) bool {
	return slices.Contains(a.kept, w) && !a.swapped(w)
}

// swapped reports whether the kept w leads elsewhere than it did before
// the call; false when that is unknown.
func (a *afterCall) swapped(w string) bool {
	to, ok := a.keptTo[w]
	if !ok {
		return false
	}
	now, _ := os.Readlink(w)
	return now != to
}

// keptOnTheWay returns the folders on the way to the paths, below the
// writable folder each is in, that are a link or no folder now: looked
// at before the call, the person's. A folder missing ends the look on
// its way.
func keptOnTheWay(paths, writable []string) []string {
	var kept []string
	seen := map[string]bool{}
	for _, x := range paths {
		top := nearest(x, writable)
		if top == "" {
			continue
		}
		for _, d := range onTheWay(top, x) {
			if seen[d] {
				continue
			}
			seen[d] = true
			fi, err := os.Lstat(d)
			if err != nil {
				break
			}
			if !fi.IsDir() {
				kept = append(kept, d)
				break
			}
		}
	}
	return kept
}

// onTheWay are the folders strictly between top and x, shallowest first.
func onTheWay(top, x string) []string {
	var out []string
	for d := filepath.Dir(x); d != top && inside(d, top); d = filepath.Dir(d) {
		out = append(out, d)
	}
	slices.Reverse(out)
	return out
}

// close closes the batch's folder.
func (a *afterCall) close() {
	if a.batch >= 0 {
		unix.Close(a.batch)
		a.batch = -1
	}
}

// check moves aside what is at each of paths, but another launcher's
// placeholder (held names those of the list beside the lock).
func (a *afterCall) check(paths, held []string) {
	if a == nil || a.quarantine == "" {
		return
	}
	defer a.close()
	for _, x := range paths {
		if clean(x) && insideAny(x, a.writable) && !slices.Contains(a.writable, x) {
			a.one(x, slices.Contains(held, x))
		}
	}
}

// one checks the path x.
func (a *afterCall) one(x string, held bool) {
	top := nearest(x, a.writable)
	if top == "" || top == x {
		return
	}
	rel := strings.TrimPrefix(x, top+"/")
	why := whyChecked(x)
	dir, err := openFolderBeneath(top, filepath.Dir(rel), false)
	if err != nil && !errors.Is(err, unix.ENOENT) {
		// A folder on the way is a link or no folder now. One that was
		// not so before the call is the call's doing (.config made a link
		// to a folder that holds mise/config.toml, which mise started
		// later would read through it): moved aside as a made name is.
		if w := a.blocker(top, x); w != "" && !a.keptHere(w) {
			x, rel, held = w, strings.TrimPrefix(w, top+"/"), false
			why = "a program started there later (a harness, an editor, a version manager) reads what it leads to as it starts, and a confined call may not make it"
			dir, err = openFolderBeneath(top, filepath.Dir(rel), false)
		}
	}
	if err != nil {
		// The folder is not there (nothing in it either), or one on the
		// way is a link or no folder the person keeps: what a program
		// started there finds is not the project's.
		// Said once: a folder the person keeps as a link would say it of
		// every name in it, every call.
		if !errors.Is(err, unix.ENOENT) && !a.warned {
			a.warned = true
			a.say("governance: warning: %s was not checked for what the confined call made: a folder on the way to it is not a folder, or is a link (%v)\n", x, err)
		}
		return
	}
	defer unix.Close(dir)
	base := filepath.Base(rel)
	var st unix.Stat_t
	if unix.Fstatat(dir, base, &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
		return
	}
	if held && emptyAt(dir, base, &st) {
		return
	}
	// The person's link the call swapped for its own is put back once
	// the call's is moved.
	restore := ""
	if a.swapped(x) {
		restore = a.keptTo[x]
	}
	dest, err := a.moveAside(dir, rel)
	if err != nil {
		// Out of the way in its own folder, where no program reads it.
		aside := base + ".quarantined-" + strconv.FormatInt(time.Now().Unix(), 10)
		if rerr := unix.Renameat(dir, base, dir, aside); rerr != nil {
			a.say("governance: warning: %s was made by a confined call; %s. It could not be moved aside (%v; %v): remove it yourself before you start anything in that folder\n", x, why, err, rerr)
			return
		}
		dest = filepath.Join(filepath.Dir(x), aside)
	}
	a.moved++
	a.gone = append(a.gone, x)
	a.note(x, dest)
	a.say("governance: warning: %s was made by a confined call, and %s: it was moved to %s (move it back if you made it yourself)\n", x, why, dest)
	if restore != "" {
		if err := unix.Symlinkat(restore, dir, base); err != nil {
			a.say("governance: warning: %s led to %s before the call; it could not be made so again (%v): make it yourself\n", x, restore, err)
		} else {
			a.say("governance: %s leads to %s again, as before the call\n", x, restore)
		}
	}
}

// blocker returns the first folder on the way from top to x that is a
// link or no folder, looked at through no link; "" for none.
func (a *afterCall) blocker(top, x string) string {
	for _, d := range onTheWay(top, x) {
		fi, linked, err := lstatBeneath(top, strings.TrimPrefix(d, top+"/"))
		if linked || err != nil {
			return ""
		}
		if !fi.IsDir() {
			return d
		}
	}
	return ""
}

// moveAside moves rel, in the folder dir, into this check's folder in
// the quarantine, at the same relative path, and returns where it went.
func (a *afterCall) moveAside(dir int, rel string) (string, error) {
	if a.batch < 0 {
		if err := a.makeBatch(); err != nil {
			return "", err
		}
	}
	to, err := openIn(a.batch, filepath.Dir(rel), true)
	if err != nil {
		return "", err
	}
	defer unix.Close(to)
	base := filepath.Base(rel)
	if err := unix.Renameat(dir, base, to, base); err != nil {
		return "", err
	}
	return filepath.Join(a.batchPath, rel), nil
}

// makeBatch makes this check's folder in the quarantine: named by the
// time and the launcher's pid, made anew (never one there already).
func (a *afterCall) makeBatch() error {
	root := filepath.Dir(filepath.Dir(a.quarantine))
	top := nearest(root, a.writable)
	if slices.Contains(a.writable, root) {
		top = root
	}
	rel := "."
	if top == "" {
		return fmt.Errorf("the quarantine %s is not in the project", a.quarantine)
	}
	if root != top {
		rel = strings.TrimPrefix(root, top+"/")
	}
	q, err := openFolderBeneath(top, filepath.Join(rel, ".governance", "quarantine"), true)
	if err != nil {
		return err
	}
	defer unix.Close(q)
	base := time.Now().UTC().Format("20060102T150405Z") + "-" + strconv.Itoa(os.Getpid())
	name := base
	for i := 2; ; i++ {
		err := unix.Mkdirat(q, name, 0o700)
		if err == nil {
			break
		}
		if err != unix.EEXIST || i > 100 {
			return err
		}
		// A check before this one in the same second.
		name = base + "-" + strconv.Itoa(i)
	}
	fd, err := unix.Openat(q, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	a.batch, a.batchPath = fd, filepath.Join(a.quarantine, name)
	return nil
}

// note adds a line to the WHY file of this check's folder (or of the
// quarantine, for a path moved in place).
func (a *afterCall) note(from, to string) {
	if a.batch < 0 {
		return
	}
	fd, err := unix.Openat(a.batch, "WHY", unix.O_WRONLY|unix.O_CREAT|unix.O_APPEND|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return
	}
	f := os.NewFile(uintptr(fd), "WHY")
	defer f.Close()
	fmt.Fprintf(f, "%s\t%s\tmade by a confined call: %s; moved here, with what it held\n", from, to, whyChecked(from))
}

// whyChecked says why a confined call may not make the checked path x.
func whyChecked(x string) string {
	switch filepath.Base(x) {
	case ".governance":
		return "a .governance folder makes its folder a project of its own, whose settings replace the enclosing project's (its default decision, audit and confinement) for every call there, and a confined call may not make one"
	case ".git", ".hg", ".jj":
		return "a repository's own folder names programs (its configuration's hooks, fsmonitor, filters and aliases) that the person's later commands in that folder run unconfined, and makes the folder a project of its own, and a confined call may not make one"
	}
	if slices.Contains(gitFolderCode, filepath.Base(x)) && gitFolder(filepath.Dir(x)) {
		return "its folder holds HEAD, objects and refs, which makes it a git folder to git: the person's later git commands there run what its configuration and hooks name, unconfined, and a confined call may not make one"
	}
	return "a program started there later (a harness, an editor, a version manager) reads it as it starts, and a confined call may not make it"
}

// projectFolders are the names that make a folder a project of its own
// or a repository whose configuration the person's later commands there
// run: a confined call may make none in any folder of the project (the
// check below), as it may not in the root (a placeholder or the
// protected set).
var projectFolders = []string{".governance", ".git", ".hg", ".jj"}

// madeInCall reports whether q, a folder entry the check below found,
// was made during the call: a folder the walk for secrets did not list
// before it (known), a file (a .git file naming a git folder, a link)
// whose change time is later than the call's start.
func (a *afterCall) madeInCall(q string, dir bool, known map[string]bool) bool {
	if dir {
		return !known[q]
	}
	return a.changedSince(q)
}

func (a *afterCall) say(format string, args ...any) {
	if a.stderr != nil {
		fmt.Fprintf(a.stderr, format, args...)
	}
}

// openFolderBeneath opens the folder rel below top through no link, making
// the missing ones when mk.
func openFolderBeneath(top, rel string, mk bool) (int, error) {
	fd, err := unix.Open(top, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, err
	}
	defer unix.Close(fd)
	return openIn(fd, rel, mk)
}

// openIn opens the folder rel below the folder dir through no link,
// making the missing ones when mk.
func openIn(dir int, rel string, mk bool) (int, error) {
	fd, err := unix.Dup(dir)
	if err != nil {
		return -1, err
	}
	if rel == "." || rel == "" {
		return fd, nil
	}
	for _, name := range strings.Split(rel, "/") {
		if name == "" || name == "." || name == ".." {
			unix.Close(fd)
			return -1, fmt.Errorf("%q is no path below a folder", rel)
		}
		if mk {
			if err := unix.Mkdirat(fd, name, 0o755); err != nil && err != unix.EEXIST {
				unix.Close(fd)
				return -1, err
			}
		}
		next, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		unix.Close(fd)
		if err != nil {
			return -1, err
		}
		fd = next
	}
	return fd, nil
}

// emptyAt reports an empty regular file or an empty folder: what a
// placeholder is.
func emptyAt(dir int, name string, st *unix.Stat_t) bool {
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		return st.Size == 0
	case unix.S_IFDIR:
		fd, err := unix.Openat(dir, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != nil {
			return false
		}
		f := os.NewFile(uintptr(fd), name)
		defer f.Close()
		names, err := f.Readdirnames(1)
		return len(names) == 0 && err == io.EOF
	}
	return false
}

// noteChecked adds the checked paths of a call to the list beside the
// lock, a file of the user's own, so that the next launcher checks them
// should this one be killed before its check; and the folders on the way
// to them the person keeps as links (see [afterCall.kept]), each on a
// line of its own after [keptPrefix].
func noteChecked(lock *os.File, checked, kept []string, keptTo map[string]string) {
	lines := slices.Clone(checked)
	for _, k := range kept {
		lines = append(lines, keptPrefix+k)
		if to := keptTo[k]; to != "" && !strings.Contains(to, "\n") {
			lines = append(lines, keptToPrefix+k+"\x00"+to)
		}
	}
	appendMade(checkedList(lock), lines)
}

// keptPrefix begins a line of the list of checked paths that names a
// folder on the way the person kept as a link.
const keptPrefix = "kept "

// keptToPrefix begins a line that says what such a folder led to: its
// path, a NUL, the link's target.
const keptToPrefix = "kept-to "

// readChecked reads the list of checked paths.
func readChecked(list string) (paths, kept []string, keptTo map[string]string) {
	keptTo = map[string]string{}
	for _, line := range readLines(list) {
		if kt, ok := strings.CutPrefix(line, keptToPrefix); ok {
			if k, to, ok := strings.Cut(kt, "\x00"); ok && clean(k) {
				keptTo[k] = to
			}
		} else if k, ok := strings.CutPrefix(line, keptPrefix); ok && clean(k) {
			kept = append(kept, k)
		} else if clean(line) {
			paths = append(paths, line)
		}
	}
	return paths, kept, keptTo
}

// checkedList is the file beside the project's lock that lists what the
// launchers check after their calls; empty when the lock's name cannot
// be read.
func checkedList(lock *os.File) string {
	if m := madeList(lock); m != "" {
		return strings.TrimSuffix(m, ".made") + ".checked"
	}
	return ""
}

// below looks for a start name the call made deeper than its folder
// (web/.claude, web/.env.local when it ran in the root), where neither
// a placeholder nor the check of the checked paths looks: in the
// folders the walk for secrets listed whose stamp changed during the
// call, and in the folders made in them since, each listed once. What
// is found is moved aside as a checked path is. Only a profile built in
// the launcher with an index has the folders (see Profile.below).
//
// The look is not bounded: it lists only the folders the call changed
// or made, so its cost is the call's own, and a bound past which it
// stopped would let a call that makes more folders hide a name behind
// them.
func (a *afterCall) below(p *Profile, held []string) {
	if a == nil || a.quarantine == "" || len(p.below) == 0 {
		return
	}
	known := make(map[string]bool, len(p.below))
	for _, st := range p.below {
		known[st.Path] = true
	}
	// What was there before the call is read-only (or a placeholder, or
	// checked apart).
	skip := slices.Concat(p.Protected, p.Masked, p.Absent, p.Checked)
	var found []string
	// fresh: dir was made during the call, and all it holds is new.
	var look func(dir string, fresh bool)
	look = func(dir string, fresh bool) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		found = append(found, a.madeGitFolder(dir, fresh, known, skip)...)
		for _, e := range entries {
			q := dir + "/" + e.Name()
			switch {
			case engine.StartName(q, e.IsDir()):
				if !insideAny(q, skip) {
					found = append(found, q)
				}
			case slices.Contains(projectFolders, e.Name()):
				// A nested project or repository the call made (web/.governance,
				// web2/.git): one the person had was listed by the walk.
				if !insideAny(q, skip) && a.madeInCall(q, e.IsDir(), known) {
					found = append(found, q)
				}
			case e.Type()&fs.ModeSymlink != 0 && engine.StartWay(q):
				// A link made where a program started in that folder reads
				// through it (web/.config to a folder that holds
				// mise/config.toml, web/.vscode to one that holds
				// tasks.json): one in a folder made during the call, or
				// changed since the launcher looked, is the call's.
				if !insideAny(q, skip) && !a.keptHere(q) && (fresh || a.changedSince(q)) {
					found = append(found, q)
				}
			case e.IsDir() && !known[q] && e.Name() != "node_modules" && e.Name() != ".git" && !insideAny(q, skip):
				// A folder made during the call: all it holds is new (the
				// quarantine, in the read-only .governance, is not).
				look(q, true)
			}
		}
	}
	for _, st := range p.below {
		now, ok := stampOf(st.Path)
		if ok && now.Mode&uint32(fs.ModeSymlink) != 0 && slices.Contains(a.writable, st.Path) {
			// A project reached through a link (a home or ~/code linked to
			// another disk, macOS's /tmp): its folder's own stamp.
			now, ok = stampOf(resolvePath(st.Path))
		}
		if !ok || !os.FileMode(now.Mode).IsDir() || now.Mtime == st.Mtime && now.Ctime == st.Ctime && now.Ino == st.Ino {
			continue
		}
		look(st.Path, false)
	}
	a.check(found, held)
}

// madeGitFolder returns what git would run of dir when the call made it
// a git folder under another name than .git (HEAD, objects and refs in
// src, a core.worktree in its config: git status there runs that
// config's fsmonitor): its gitFolderCode. One whose objects and refs
// the walk listed before the call (a bare repository of the person's)
// is not the call's: its code was held read-only.
func (a *afterCall) madeGitFolder(dir string, fresh bool, known map[string]bool, skip []string) []string {
	if filepath.Base(dir) == ".git" || !gitFolder(dir) || !fresh && known[dir+"/objects"] && known[dir+"/refs"] {
		return nil
	}
	var out []string
	for _, n := range gitFolderCode {
		if q := dir + "/" + n; exists(q) && !insideAny(q, skip) {
			out = append(out, q)
		}
	}
	return out
}

// changedSince reports whether the change time of path, not followed,
// is after a.since: made, moved or changed during the call.
func (a *afterCall) changedSince(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil || a.since == 0 {
		return false
	}
	ctime, _ := changeTime(fi)
	return ctime >= a.since
}

// belowData is what the reaper needs of a profile to look below the
// call's folder as the launcher does (see [afterCall.below]): the
// folders' stamps before the call, and what the profile kept read-only,
// absent or masked there.
type belowData struct {
	Below []stamp
	Skip  []string
	// Since and Kept are the launcher's [afterCall.since] and
	// [afterCall.kept], in a note left for the next launcher (see
	// [noteBelow]).
	Since  int64             `json:",omitempty"`
	Kept   []string          `json:",omitempty"`
	KeptTo map[string]string `json:",omitempty"`
}

// belowFile returns a file in memory that holds p's [belowData], read
// from its start; nil when p has no folders to look in.
func belowFile(p *Profile) *os.File {
	if len(p.below) == 0 || p.Quarantine == "" {
		return nil
	}
	f, err := memFile()
	if err != nil {
		return nil
	}
	data := belowData{Below: p.below, Skip: slices.Concat(p.Protected, p.Masked, p.Absent)}
	if json.NewEncoder(f).Encode(data) != nil {
		f.Close()
		return nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil
	}
	return f
}

// readBelow reads the [belowData] the launcher handed its reaper at the
// descriptor fd, as a profile that holds it; nil for none.
func readBelow(fd int) *Profile {
	if fd < 0 {
		return nil
	}
	f := os.NewFile(uintptr(fd), "below")
	if f == nil {
		return nil
	}
	defer f.Close()
	var data belowData
	if json.NewDecoder(io.LimitReader(f, 256<<20)).Decode(&data) != nil {
		return nil
	}
	return &Profile{below: data.Below, Protected: data.Skip}
}

// The look below the call's folder is owed by the launcher, which a
// SIGKILL (a harness's timeout) ends before it looks: the next launcher
// would then list what the call made there as the person's. So before
// the call the launcher leaves what the look needs (its [belowData], as
// the reaper gets it) in a note beside the project's lock, one file per
// launcher (a project's stamps may be more than the lists beside the
// lock hold), and removes it once it (or its reaper) has looked. A note
// left is a launcher killed before its look: the next launcher that
// holds the project's lock alone looks as the killed one would have,
// from its stamps, then removes it.

// belowNotePrefix is the name the notes beside the project's lock begin
// with; empty when the lock's name cannot be read.
func belowNotePrefix(lock *os.File) string {
	if m := madeList(lock); m != "" {
		return strings.TrimSuffix(m, ".made") + ".below."
	}
	return ""
}

// noteBelow leaves the note of p's look below its folder beside the
// lock, and returns its name; empty when there is nothing to look in or
// it could not be written.
func noteBelow(lock *os.File, p *Profile, chk *afterCall) string {
	prefix := belowNotePrefix(lock)
	if prefix == "" || len(p.below) == 0 || p.Quarantine == "" {
		return ""
	}
	name := prefix + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscallNoFollow, 0o600)
	if err != nil {
		return ""
	}
	// The rest as a line of JSON, then a stamp a line, as words: written
	// before every call, where JSON took 25 ms for 20,000 folders.
	head, err := json.Marshal(belowData{Skip: slices.Concat(p.Protected, p.Masked, p.Absent), Since: chk.since, Kept: chk.kept, KeptTo: chk.keptTo})
	if err == nil {
		b := make([]byte, 0, len(head)+1+len(p.below)*96)
		b = append(append(b, head...), '\n')
		for _, st := range p.below {
			if strings.Contains(st.Path, "\n") {
				continue
			}
			b = strconv.AppendUint(b, uint64(st.Mode), 10)
			b = strconv.AppendInt(append(b, ' '), st.Mtime, 10)
			b = strconv.AppendInt(append(b, ' '), st.Ctime, 10)
			b = strconv.AppendUint(append(b, ' '), st.Ino, 10)
			b = append(append(append(b, ' '), st.Path...), '\n')
		}
		_, err = f.Write(b)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return ""
	}
	return name
}

// removeBelowNote removes a launcher's note once it has looked: only a
// note's name beside lock.
func removeBelowNote(lock *os.File, note string) {
	if prefix := belowNotePrefix(lock); note != "" && prefix != "" && strings.HasPrefix(note, prefix) && !strings.Contains(strings.TrimPrefix(note, prefix), "/") {
		os.Remove(note)
	}
}

// belowLeftovers looks below the folders of the call of each launcher
// killed before its look, as its note says, for what that call made,
// and removes the notes; held are the placeholders the list beside the
// lock names. Only the folders inside p's writable ones are looked in,
// and what is found moved into p's quarantine: the notes, in the state
// folder, are trusted no further than the profile. What is moved aside
// is dropped from p's own folders, which were listed with it before.
// Called with the project's lock held alone.
func belowLeftovers(lock *os.File, p *Profile, chk *afterCall, held []string) {
	prefix := belowNotePrefix(lock)
	if prefix == "" || chk == nil || p.Quarantine == "" {
		return
	}
	entries, err := os.ReadDir(filepath.Dir(prefix))
	if err != nil {
		return
	}
	var gone []string
	for _, e := range entries {
		note := filepath.Join(filepath.Dir(prefix), e.Name())
		if !strings.HasPrefix(note, prefix) {
			continue
		}
		data, ok := readBelowNote(note)
		os.Remove(note)
		if !ok {
			continue
		}
		// Named as p's folders name them (the killed launcher may have
		// reached the project through a link).
		for i := range data.Below {
			data.Below[i].Path = ownForm(data.Below[i].Path, p.Writable)
		}
		data.Skip = inOwnForm(data.Skip, p.Writable)
		keptTo := map[string]string{}
		for _, k := range data.Kept {
			if to, ok := data.KeptTo[k]; ok {
				keptTo[ownForm(k, p.Writable)] = to
			}
		}
		data.Kept = inOwnForm(data.Kept, p.Writable)
		below := slices.DeleteFunc(data.Below, func(st stamp) bool { return !clean(st.Path) || !insideAny(st.Path, p.Writable) })
		k := &afterCall{quarantine: p.Quarantine, writable: p.Writable, stderr: chk.stderr, batch: -1, kept: data.Kept, keptTo: keptTo, since: data.Since}
		k.below(&Profile{below: below, Protected: data.Skip}, held)
		chk.moved += k.moved
		gone = append(gone, k.gone...)
	}
	if len(gone) > 0 {
		p.below = slices.DeleteFunc(p.below, func(st stamp) bool { return insideAny(st.Path, gone) })
	}
}

// readBelowNote reads a note beside the lock, a file of the user's own.
func readBelowNote(note string) (belowData, bool) {
	var data belowData
	f, fi, err := layout.OpenOwned(note)
	if err != nil {
		return data, false
	}
	defer f.Close()
	if fi.Size() > 256<<20 {
		return data, false
	}
	all, err := regularfile.ReadAll(f, fi.Size())
	if err != nil {
		return data, false
	}
	head, rest, _ := bytes.Cut(all, []byte("\n"))
	if json.Unmarshal(head, &data) != nil {
		return data, false
	}
	for _, line := range strings.Split(string(rest), "\n") {
		f := strings.SplitN(line, " ", 5)
		if len(f) != 5 {
			continue
		}
		mode, err1 := strconv.ParseUint(f[0], 10, 32)
		mtime, err2 := strconv.ParseInt(f[1], 10, 64)
		ctime, err3 := strconv.ParseInt(f[2], 10, 64)
		ino, err4 := strconv.ParseUint(f[3], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			return data, false
		}
		data.Below = append(data.Below, stamp{Path: f[4], Mode: uint32(mode), Mtime: mtime, Ctime: ctime, Ino: ino})
	}
	return data, true
}
