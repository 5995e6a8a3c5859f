package locate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Programs governance itself runs on the host, outside any confinement
// (bubblewrap, git, the launcher, the commands of a rewrite), are found
// only in folders the agent cannot write: a PATH folder inside the
// project (an activated .venv/bin, node_modules/.bin) is writable from
// a confined call, and a bwrap or git planted there would run on the
// host, unconfined, the next time governance starts it.
//
// Untrusted are the project and the folder of the confined calls' cache
// layers; the launcher adds every folder its profile shows writable. The
// temporary folders are not among them: a confined call has a /tmp of
// its own, and governance's own programs are often unpacked or built in
// one (a test's, a CI's). A folder of the user's own that a confined
// call cannot write (~/.local/bin, ~/go/bin: shown read-only) stays
// trusted: what a file tool writes there runs in the person's own
// shell anyway, and keeping it out is the policy's part.

// TempFolders are temporary folders no program is taken from: none by
// default (see above); a variable for tests.
var TempFolders []string

// SystemFolders are searched after PATH, for a PATH that names no
// trusted folder holding the program.
var SystemFolders = []string{"/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin"}

// Untrusted returns the folders no program governance runs on the host
// is taken from, for a call in project ("" for none) with the
// environment getenv, plus extra (folders a confined call may write).
func Untrusted(project string, getenv func(string) string, extra ...string) []string {
	dirs := append([]string{}, TempFolders...)
	if x := getenv("XDG_CACHE_HOME"); filepath.IsAbs(x) {
		dirs = append(dirs, filepath.Join(x, "governance-confine"))
	} else if h := getenv("HOME"); filepath.IsAbs(h) {
		dirs = append(dirs, filepath.Join(h, ".cache", "governance-confine"))
	}
	if filepath.IsAbs(project) {
		dirs = append(dirs, project)
	}
	return Folders(append(dirs, extra...)...)
}

// Folders returns the absolute folders of dirs, each as written and as
// its links resolve (/tmp is /private/tmp on macOS; a project may be
// reached through a link), for [Program] and [Trusted].
func Folders(dirs ...string) []string {
	out := make([]string, 0, 2*len(dirs))
	for _, d := range dirs {
		if !filepath.IsAbs(d) {
			continue
		}
		d = filepath.Clean(d)
		out = append(out, d)
		if r, err := filepath.EvalSymlinks(d); err == nil && r != d {
			out = append(out, r)
		}
	}
	return out
}

// Program returns the absolute path of the program name as governance
// runs it on the host: the first executable in an absolute folder of
// path, then of [SystemFolders], that is not inside an untrusted folder,
// neither as written nor where its links lead; "" when there is none.
func Program(path, name string, untrusted []string) string {
	for _, dir := range append(filepath.SplitList(path), SystemFolders...) {
		if !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, name)
		if !executable(p) || !Trusted(p, untrusted) {
			continue
		}
		return p
	}
	return ""
}

// Trusted reports whether the program at the absolute path p is outside
// every untrusted folder, as written and where its links lead (a link
// in a trusted folder may name a file in the project).
func Trusted(p string, untrusted []string) bool {
	p = filepath.Clean(p)
	if insideAny(p, untrusted) {
		return false
	}
	// A part that is not there is judged as written: what is planted
	// there later is planted in that folder.
	if dir, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil && insideAny(filepath.Join(dir, filepath.Base(p)), untrusted) {
		return false
	}
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		// A link whose target is not there yet names a file to come.
		fi, lerr := os.Lstat(p)
		return lerr != nil || fi.Mode()&os.ModeSymlink == 0
	}
	return !insideAny(r, untrusted)
}

func insideAny(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || d == "/" || strings.HasPrefix(p, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// ErrNotTrusted says no trusted folder holds a program (see [LookPath]).
var ErrNotTrusted = errors.New("not found in a folder of PATH or of the system that no confined call can write")

// LookPath is exec.LookPath for a program governance runs on the host in
// the current folder: [Program] on the process's PATH, with the current
// folder taken for the project.
func LookPath(name string) (string, error) {
	cwd, _ := os.Getwd()
	if p := Program(os.Getenv("PATH"), name, Untrusted(cwd, os.Getenv)); p != "" {
		return p, nil
	}
	return "", fmt.Errorf("%s: %w", name, ErrNotTrusted)
}
