package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentgov/governance/internal/confine/locate"
	"github.com/agentgov/governance/internal/layout"
)

// A file removed from a repository is still in its history: git log -p,
// git show REV, git diff REV and git archive REV print it as the commits
// that held it do. The index (committedVerdict) names what is tracked
// now; the history index names every path a commit reachable from the
// branches, tags, stashes and reflogs ever added.
//
// It is read from `git log`, which takes longer than a decision may on a
// large repository: the scan runs as a process of its own that writes its
// result into the state folder, named by the repository's refs, and the
// decision waits for it a short while. A decision that finds no result
// yet is not a plain allow (the history could not be checked); the next
// one finds it. Once refs change (a commit), only the commits that are new
// since the last scan are read, and added to its names.

// historyWait is how long a decision waits for a scan it started.
const historyWait = 150 * time.Millisecond

// historyWaitAlone is how long a decision with no state folder, which
// keeps no scan for the next, waits for its own.
const historyWaitAlone = 3 * time.Second

// historyStale is the age after which a scan still marked running is
// taken for dead and started again.
const historyStale = 10 * time.Minute

// errHistoryPending says the scan of the history has not finished.
var errHistoryPending = errors.New("the history is being read")

// historyNames returns the paths (relative to the work tree's top) that
// the history of the repository in gitDir ever added. It returns
// errHistoryPending when the scan has not finished in time, and nil
// names with no error where git is not installed (nothing can print the
// history then) or the file system is not the machine's own.
func (ev *evaluation) historyNames(gitDir string) ([]string, error) {
	if ev.fsw.fsys != nil {
		return nil, nil
	}
	// git runs on the host: never one from a folder a confined call can
	// write (the project's activated .venv/bin).
	root := ""
	if ev.pc != nil {
		root = ev.pc.root
	}
	git := locate.Program(os.Getenv("PATH"), "git", locate.Untrusted(root, os.Getenv, filepath.Dir(gitDir)))
	if git == "" {
		return nil, nil
	}
	common := gitDir
	if data, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(data))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = filepath.Clean(c)
	}
	if _, err := os.Stat(filepath.Join(gitDir, "HEAD")); err != nil {
		// Not a repository git can read (an empty .git folder): no
		// git command prints a history from it.
		return nil, nil
	}
	key, tips, err := refsKey(gitDir, common)
	if err != nil {
		return nil, err
	}
	dir, wait := "", historyWait
	sum := sha256.Sum256([]byte(gitDir))
	if ev.e.Policy != nil && ev.e.Policy.StateDir != "" && layout.OwnedFolders(ev.e.Policy.StateDir, "git-history", hex.EncodeToString(sum[:8])) {
		dir = filepath.Join(ev.e.Policy.StateDir, "git-history", hex.EncodeToString(sum[:8]))
	} else {
		// No state folder, or one another user owns (whose names
		// and tips would hide what the history holds): a scan of
		// this call's own, in a folder removed after it.
		tmp, err := os.MkdirTemp("", "governance-history-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		// Nothing is kept for the next decision: this one waits longer.
		dir, wait = tmp, historyWaitAlone
	}
	names, err := scanHistory(git, gitDir, dir, key, tips, wait)
	if err != nil && !errors.Is(err, errHistoryPending) && wait == historyWait {
		// A state folder that cannot be written: this decision reads
		// the history alone.
		tmp, terr := os.MkdirTemp("", "governance-history-")
		if terr != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		return scanHistory(git, gitDir, tmp, key, tips, historyWaitAlone)
	}
	return names, err
}

// scanHistory returns the names of the scan keyed key in dir, starting
// it (or the scan of what is new since the last one) when there is none.
func scanHistory(git, gitDir, dir, key string, tips []string, wait time.Duration) ([]string, error) {
	names := filepath.Join(dir, key+".names")
	if data, err := layout.ReadOwned(names); err == nil {
		return splitNames(data), nil
	} else if errors.Is(err, layout.ErrNotOwned) {
		// Another user's names: the scan that would add to them
		// cannot be kept here either.
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	running := filepath.Join(dir, key+".running")
	f, err := os.OpenFile(running, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// A scan that died (killed, the machine restarted) left its
		// mark: the next decision starts it again.
		if data, err := os.ReadFile(running); err == nil {
			pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
			fi, serr := os.Stat(running)
			if pid > 0 && !processAlive(pid) || serr == nil && time.Since(fi.ModTime()) > historyStale {
				os.Remove(running)
			}
		}
		return waitNames(names, wait)
	}
	if err != nil {
		return nil, err
	}
	f.Close()
	if err := os.WriteFile(filepath.Join(dir, key+".tips"), []byte(strings.Join(tips, "\n")), 0o600); err != nil {
		os.Remove(running)
		return nil, err
	}
	// The last finished scan: its names are kept, and only the commits
	// its tips do not reach are read.
	script := `set -e
cd "$1"
trap 'rm -f "$4.running" "$4.tmp"' EXIT
git=$2
gitdir=$3
key=$4
prev=$(cat last 2>/dev/null || true)
log() { "$git" --git-dir="$gitdir" --no-pager -c safe.directory='*' -c log.showSignature=false -c core.quotePath=false log --all --reflog -m --no-renames --diff-filter=A --format= --name-only -z "$@"; }
if [ -n "$prev" ] && [ -f "$prev.names" ] && [ -f "$prev.tips" ]; then
	# Tips gone since (a branch deleted and collected): read it all.
	if ! { cat "$prev.names" && sed 's/^/^/' "$prev.tips" | log --stdin; } > "$key.tmp"; then
		log < /dev/null > "$key.tmp"
	fi
else
	log < /dev/null > "$key.tmp"
fi
mv "$key.tmp" "$key.names"
printf %s "$key" > last.tmp
mv last.tmp last
if [ -n "$prev" ] && [ "$prev" != "$key" ]; then rm -f "$prev.names" "$prev.tips"; fi
`
	cmd := exec.Command("/bin/sh", "-c", script, "sh", dir, git, gitDir, key)
	cmd.Env = historyEnv()
	cmd.SysProcAttr = detached()
	if err := cmd.Start(); err != nil {
		os.Remove(running)
		return nil, err
	}
	os.WriteFile(running, []byte(strconv.Itoa(cmd.Process.Pid)), 0o600)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			os.Remove(running)
			return nil, err
		}
		data, err := layout.ReadOwned(names)
		if err != nil {
			return nil, err
		}
		return splitNames(data), nil
	case <-time.After(wait):
		if wait == historyWaitAlone {
			// Its folder goes with this decision: so does it.
			killSession(cmd.Process.Pid)
			return nil, errHistoryPending
		}
		// It goes on in a session of its own; the next decision finds
		// its names.
		return nil, errHistoryPending
	}
}

// waitNames waits at most d for a scan another decision started.
func waitNames(names string, d time.Duration) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for {
		if data, err := layout.ReadOwned(names); err == nil {
			return splitNames(data), nil
		}
		select {
		case <-ctx.Done():
			return nil, errHistoryPending
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// splitNames reads git log -z --name-only output: names ended by NUL,
// commits apart by a newline.
func splitNames(data []byte) []string {
	var out []string
	for _, n := range bytes.Split(data, []byte{0}) {
		if n = bytes.Trim(n, "\n"); len(n) > 0 {
			out = append(out, string(n))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// refsKey names the state of a repository's refs: HEAD, packed-refs and
// every loose ref and reflog, by content; tips are the commits they name.
func refsKey(gitDir, common string) (string, []string, error) {
	h := sha256.New()
	var tips []string
	add := func(name string, data []byte) {
		h.Write([]byte(name))
		h.Write([]byte{0})
		h.Write(data)
		h.Write([]byte{0})
		for _, w := range strings.Fields(string(data)) {
			w = strings.TrimPrefix(w, "^")
			if (len(w) == 40 || len(w) == 64) && isHex(w) {
				tips = append(tips, w)
			}
		}
	}
	for _, f := range []string{filepath.Join(gitDir, "HEAD"), filepath.Join(common, "packed-refs")} {
		if data, err := os.ReadFile(f); err == nil {
			add(f, data)
		}
	}
	for _, root := range []string{filepath.Join(common, "refs"), filepath.Join(common, "logs")} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			if strings.HasSuffix(root, "logs") {
				// A reflog changes with its ref; its size says enough.
				add(p, []byte(strconv.Itoa(len(data))))
				return nil
			}
			add(p, data)
			return nil
		})
		if err != nil {
			return "", nil, err
		}
	}
	slices.Sort(tips)
	return hex.EncodeToString(h.Sum(nil)[:12]), slices.Compact(tips), nil
}

func isHex(s string) bool {
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// historyEnv is git's environment for the scan: no system or user
// configuration (which could name programs or trace files), no prompt, no
// lock taken, the C locale. The scan runs git log --name-only, which runs
// no program the repository's configuration names (signatures are turned
// off), so a repository of another user's is read too (safe.directory).
// git is named by its path; the script's own tools (cat, sed, mv, rm) are
// taken from the system's folders only, never from the caller's PATH,
// where an activated .venv/bin in the project could hold a planted cat
// that would run on the host.
func historyEnv() []string {
	return []string{"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull, "GIT_TERMINAL_PROMPT=0",
		"GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "PATH=" + strings.Join(locate.SystemFolders, string(os.PathListSeparator))}
}
