package confine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// indexStamp is a repository's index as it was before the call, for the
// untracked masked files of that repository (see [Untracked]).
type indexStamp struct {
	u      Untracked
	before os.FileInfo
}

// stampIndexes notes the index of each repository with untracked masked
// files, before the call: one stat each.
func stampIndexes(p *Profile) []indexStamp {
	var out []indexStamp
	for _, u := range p.Untracked {
		fi, _ := os.Stat(filepath.Join(u.GitDir, "index"))
		out = append(out, indexStamp{u: u, before: fi})
	}
	return out
}

// unstageMasks takes out of each index that the call changed the entries
// of untracked masked files the call staged (git add -f .env): what it
// staged was the mask, and once the path is tracked, the person's next
// `git commit -a` would commit the file's real content. It says so on
// the launcher's stderr; the file itself is untouched.
func (l *Launcher) unstageMasks(ctx context.Context, p *Profile, stamps []indexStamp) {
	for _, s := range stamps {
		after, err := os.Stat(filepath.Join(s.u.GitDir, "index"))
		if err != nil || s.before != nil && os.SameFile(s.before, after) && s.before.ModTime().Equal(after.ModTime()) && s.before.Size() == after.Size() {
			continue
		}
		if l.unstageIn(ctx, p, s.u, "the call") {
			l.noteChecked(s.u)
		}
	}
}

// checkedIndex is an index found holding none of paths, as it was then
// (see [markStamp]).
type checkedIndex struct {
	stamp string
	paths []string
}

// noteChecked notes u's index as holding none of its paths now: the
// marks of the list that name it need no second read while it stays so.
func (l *Launcher) noteChecked(u Untracked) {
	fi, err := os.Stat(filepath.Join(u.GitDir, "index"))
	if err != nil {
		return
	}
	if l.checked == nil {
		l.checked = map[string]checkedIndex{}
	}
	l.checked[u.GitDir] = checkedIndex{stamp: markStamp(fi), paths: u.Paths}
}

// markPrefix begins a line of the list beside the project's lock (see
// [noteMade]) that names a repository whose index a call may stage masks
// in, with its index as it was before the call: a launcher killed
// (SIGKILL) before its [Launcher.unstageMasks] ran leaves the mask
// staged, and the next launcher that holds the lock alone takes it out
// (see [Launcher.unstageLeftovers]).
const markPrefix = "index "

// indexMark is such a line, after the prefix, in JSON (one line: JSON
// escapes a line break).
type indexMark struct {
	Untracked
	Before string `json:"before"`
}

// indexMarks are the lines of the list for stamps.
func indexMarks(stamps []indexStamp) []string {
	var out []string
	for _, s := range stamps {
		if data, err := json.Marshal(indexMark{Untracked: s.u, Before: markStamp(s.before)}); err == nil {
			out = append(out, markPrefix+string(data))
		}
	}
	return out
}

// markStamp is an index's inode, times and size, as a mark keeps them
// ("" for no index): a call's git that stages a path writes a new index
// (renamed into place) with one more entry.
func markStamp(fi os.FileInfo) string {
	if fi == nil {
		return ""
	}
	ctime, ino := changeTime(fi)
	return fmt.Sprintf("%d/%d/%d/%d", ino, fi.ModTime().UnixNano(), ctime, fi.Size())
}

// markLines are marks as lines of the list again.
func markLines(marks []indexMark) []string {
	var out []string
	for _, m := range marks {
		if data, err := json.Marshal(m); err == nil {
			out = append(out, markPrefix+string(data))
		}
	}
	return out
}

// parseMark reads a line of the list as a mark; ok is false for any
// other line.
func parseMark(line string) (m indexMark, ok bool) {
	data, ok := strings.CutPrefix(line, markPrefix)
	if !ok || json.Unmarshal([]byte(data), &m) != nil {
		return m, false
	}
	return m, true
}

// unstageLeftovers runs, for each mark of the list, the check the
// launcher that wrote it ran as its call ended, when the index has
// changed since that call began: the caller holds the project's lock
// alone, so that no call that could stage a mask runs, and each
// launcher that wrote one has ended, killed maybe before it checked.
// The marks of launchers that ended as they should (the last one
// clears the list) find an index they checked, where nothing is to
// unstage; one this launcher checked, unchanged since, is not read
// again. The list is trusted no further than what the launcher finds
// itself (see [Launcher.leftoverMasks]).
func (l *Launcher) unstageLeftovers(p *Profile, marks []indexMark) {
	seen := map[string]bool{}
	for _, m := range marks {
		u := m.Untracked
		if !clean(u.Top) || !clean(u.GitDir) || !insideAny(u.Top, p.Writable) || len(u.Paths) == 0 ||
			slices.ContainsFunc(u.Paths, func(p string) bool { return !filepath.IsLocal(p) }) {
			continue
		}
		fi, err := os.Stat(filepath.Join(u.GitDir, "index"))
		if err != nil || m.Before != "" && markStamp(fi) == m.Before {
			continue
		}
		if u = l.leftoverMasks(p, u); len(u.Paths) == 0 {
			continue
		}
		c, checked := l.checked[u.GitDir]
		if checked && c.stamp == markStamp(fi) && !slices.ContainsFunc(u.Paths, func(p string) bool { return !slices.Contains(c.paths, p) }) {
			continue
		}
		key := u.GitDir + "\x00" + strings.Join(u.Paths, "\x00")
		if !seen[key] {
			seen[key] = true
			if l.unstageIn(context.Background(), nil, u, "a call whose launcher was killed") {
				l.noteChecked(u)
			}
		}
	}
}

// emptyBlobs are the object ids of an empty file (SHA-1, SHA-256): what
// the index holds for a mask a call staged.
var emptyBlobs = []string{"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813"}

// leftoverMasks is what of u, a mark's repository and paths, the
// launcher finds itself to be a mask staged: the paths that p shows
// empty (a masked file, a placeholder), in the repository git finds
// for them from u.Top, one whose index a call of p could write (as
// [Profile.Untracked] holds them), that its index holds as the empty
// file. A call of the same user may have written the mark: another
// repository, another path, or a file the person staged is never
// taken out; the rest of a mark is ignored, with a note on stderr.
func (l *Launcher) leftoverMasks(p *Profile, u Untracked) Untracked {
	var files, others []string
	for _, f := range u.Paths {
		switch abs := filepath.Join(u.Top, f); {
		case p.shownEmpty(abs):
			files = append(files, abs)
		case p.checkedName(abs):
			// A name checked after the call, which a launcher's own mark
			// lists besides its masks (see aftercall.go): no mask, and no
			// forgery either.
		default:
			others = append(others, abs)
		}
	}
	if len(others) > 0 {
		l.warnf("governance-confine: the list beside the project's lock names %s, which this project does not mask: ignored\n", fewOf(others))
	}
	out := Untracked{Top: u.Top, GitDir: u.GitDir}
	real := realPaths{}
	for _, g := range engine.GitFiles(files) {
		if g.Top != u.Top || g.GitDir != u.GitDir {
			l.warnf("governance-confine: the list beside the project's lock names the repository %s (work tree %s) for %s, where git finds %s (work tree %s): ignored\n", u.GitDir, u.Top, g.Path, g.GitDir, g.Top)
			continue
		}
		exclude := filepath.Join(commonDir(g.GitDir), "info", "exclude")
		if !insideAny(exclude, p.Writable) || real.beneath(exclude, p.Writable) != nil {
			continue
		}
		if g.Tracked && slices.Contains(emptyBlobs, g.Object) {
			out.Paths = append(out.Paths, strings.TrimPrefix(g.Path, g.Top+"/"))
		}
	}
	return out
}

// fewOf names the first three of paths, and how many more: a note on
// what a list that a call may write names stays short.
func fewOf(paths []string) string {
	if len(paths) <= 3 {
		return strings.Join(paths, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(paths[:3], ", "), len(paths)-3)
}

// shownEmpty reports a path p shows the call empty, whose index entry,
// staged by the call, would be the empty file: a masked file, the
// placeholder of an absent protected path, or an empty protected file
// (a placeholder a killed launcher left).
func (p *Profile) shownEmpty(path string) bool {
	if slices.Contains(p.Masked, path) || slices.Contains(p.Absent, path) {
		return true
	}
	if !slices.Contains(p.Protected, path) {
		return false
	}
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Size() == 0
}

// unstageIn takes the untracked masked files of u out of its index, where
// the index holds them. The index is read directly; where it cannot be
// (another object format) or keeps its entries in a shared index too
// (core.splitIndex), the host's git reads it. who names the call in
// what the launcher says. It reports whether the index holds none of
// the paths now.
func (l *Launcher) unstageIn(ctx context.Context, p *Profile, u Untracked, who string) bool {
	index := filepath.Join(u.GitDir, "index")
	held, ok := engine.IndexHolds(index, u.Paths)
	if shared, _ := filepath.Glob(filepath.Join(u.GitDir, "sharedindex.*")); !ok || len(held) == 0 && len(shared) > 0 {
		var err error
		if held, err = l.gitHeld(ctx, p, u); err != nil {
			l.warnf("governance-confine: the index %s cannot be read (%v): check that it stages none of %s, which %s was shown empty\n",
				index, err, strings.Join(u.Paths, ", "), who)
			return false
		}
	}
	if len(held) == 0 {
		return true
	}
	if err := l.unstage(ctx, p, u, held); err != nil {
		l.warnf("governance-confine: %s staged %s, which it was shown empty (masked), and it could not be unstaged (%v): run `git rm --cached -- %s` before your next commit\n",
			who, strings.Join(held, ", "), err, strings.Join(held, " "))
		return false
	}
	if committed, _ := l.gitIn(ctx, p, u, []string{"diff", "--cached", "--name-only", "--diff-filter=D", "-z"}, u.Paths); committed != "" {
		names := strings.Split(strings.TrimRight(committed, "\x00"), "\x00")
		// A name checked after the call holds what the call wrote, not a
		// mask: the commit brings the call's file back.
		made := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return !p.checkedName(filepath.Join(u.Top, n)) })
		masks := slices.DeleteFunc(names, func(n string) bool { return p.checkedName(filepath.Join(u.Top, n)) })
		if len(masks) > 0 {
			l.warnf("governance-confine: %s committed %s as shown to it, empty (masked), and it is unstaged again: your next commit records it deleted. Until then, `git reset --hard` or a checkout of that commit empties your file, and `git reset` would track it again: commit (or amend) first\n",
				who, strings.Join(masks, ", "))
		}
		if len(made) > 0 {
			l.warnf("governance-confine: %s committed %s with what it wrote there, which a program started later would read (moved aside into the quarantine), and it is unstaged again: your next commit records it deleted. Until then, `git reset --hard`, `git stash` or a checkout of that commit puts the call's file back: commit (or amend) first\n",
				who, strings.Join(made, ", "))
		}
		return true
	}
	l.warnf("governance-confine: %s staged %s, which it was shown empty (masked): unstaged again, so that no commit takes it; the file is as it was\n",
		who, strings.Join(held, ", "))
	return true
}

// gitHeld returns which of u's paths its index holds, as the host's git
// lists them.
func (l *Launcher) gitHeld(ctx context.Context, p *Profile, u Untracked) ([]string, error) {
	out, err := l.gitIn(ctx, p, u, []string{"ls-files", "--cached", "-z"}, u.Paths)
	if err != nil {
		return nil, err
	}
	var held []string
	for _, name := range strings.Split(out, "\x00") {
		if name != "" && !slices.Contains(held, name) {
			held = append(held, name)
		}
	}
	return held, nil
}

// unstage removes paths from the index of u's repository (no hook runs
// for git rm --cached).
func (l *Launcher) unstage(ctx context.Context, p *Profile, u Untracked, paths []string) error {
	_, err := l.gitIn(ctx, p, u, []string{"rm", "--cached", "--force", "--quiet", "--ignore-unmatch"}, paths)
	return err
}

// gitIn runs the host's git in u's repository with args, then paths as
// literal paths after --, running nothing the repository's configuration
// names (fsmonitor is off), and returns its output; an error says what
// git said.
func (l *Launcher) gitIn(ctx context.Context, p *Profile, u Untracked, args, paths []string) (string, error) {
	git := l.program(p, "git")
	if git == "" {
		return "", fmt.Errorf("no git on PATH")
	}
	argv := slices.Concat([]string{"--git-dir=" + u.GitDir, "--work-tree=" + u.Top, "-c", "core.fsmonitor=false"}, args, []string{"--"}, paths)
	cmd := exec.CommandContext(ctx, git, argv...)
	cmd.Dir = u.Top
	cmd.Env = append(gitEnv(l.Env), "GIT_LITERAL_PATHSPECS=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// warnf writes a note on the launcher's stderr, if it has one.
func (l *Launcher) warnf(format string, a ...any) {
	if l.Stderr != nil {
		fmt.Fprintf(l.Stderr, format, a...)
	}
}

// checkedName reports whether abs is a name p checks after the call (see
// [Profile.Checked]), absent or there as the call started; a nil p
// checks none.
func (p *Profile) checkedName(abs string) bool {
	return p != nil && (slices.Contains(p.Checked, abs) || slices.Contains(p.CheckedHere, abs))
}
