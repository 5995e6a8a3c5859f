package engine

import (
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// A bare program name runs the first file of that name along the PATH.
// When the calls run with a PATH that has folders a confined call may
// write (an activated .venv/bin, node_modules/.bin, a direnv PATH_add
// folder, ./bin, one in /tmp) ahead of the system's, a file planted
// there under a system program's name (.venv/bin/git) is what `git
// status` runs: project code, whose effects nobody knows, not the
// program the model of its name describes.

// shellBuiltins are the commands the shell runs itself, whatever the
// PATH holds (bash's and dash's builtins that have a model).
var shellBuiltins = []string{"[", "alias", "cd", "command", "declare", "echo", "export", "false", "hash", "help",
	"jobs", "kill", "local", "printf", "pwd", "read", "set", "shopt", "test", "times", "true", "type", "ulimit",
	"umask", "unset", "wait"}

// plantedProgram reports whether the bare program name of a command is
// found along the calls' PATH in a folder a confined call may write (the
// project, a temporary folder, or a folder a link leads into them) before
// any other folder has it: it runs that file. A link there to a program
// outside those folders runs that program, but for a virtual
// environment's (see plantedIn). It also reports a helper planted there
// (see pathHelpers), which the command's own program may start. Only those
// folders are looked at, once a name and folder for the call, and only
// for a command layer 1 or a learned entry would allow (see layer1).
func (ev *evaluation) plantedProgram(cl *cmdline) bool {
	if len(cl.cmd.Args) == 0 || cl.cmd.Args[0].Dynamic || ev.e.LookupEnv == nil {
		return false
	}
	name := cl.cmd.Args[0].Value
	if name == "" || strings.Contains(name, "/") || isShellBuiltin(name) {
		return false
	}
	cwd := cl.cmd.Cwd
	if cwd == "" {
		cwd = ev.req.Cwd
	}
	pf := ev.pathFoldersAt(cwd)
	if !pf.writable {
		// The common case: no folder of the PATH is one calls write.
		return false
	}
	if pf.helper {
		return true
	}
	// Relative folders of the PATH depend on the command's folder.
	key := cwd + "\x00" + name
	if v, ok := ev.planted[key]; ok {
		return v
	}
	v := ev.plantedAlong(pf.folders, name)
	if ev.planted == nil {
		ev.planted = map[string]bool{}
	}
	ev.planted[key] = v
	return v
}

// pathHelpers are programs that other programs start through PATH
// themselves: tar, zcat and less the compressors; man and git help a
// pager, groff and man-db's filters; git verify-commit gpg or ssh-keygen;
// go list and go env git and a C compiler; cargo rustc; kubectl the
// credential plugins kubeconfigs name (gke-gcloud-auth-plugin, aws,
// kubelogin); npm and other scripts the interpreter their #!/usr/bin/env
// line names. One planted ahead of the system's runs for a command whose
// own program is the system's. Whole families go by prefix
// (pathHelperPrefixes). The interpreters of a virtual environment
// (python, pip) are not helpers: every one has them (see plantedIn for
// python run by name).
var pathHelpers = []string{"gzip", "gunzip", "zcat", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd",
	"lz4", "lzip", "lzop", "compress", "uncompress", "pigz", "man", "groff", "nroff", "troff", "tbl", "eqn", "pic",
	"refer", "soelim", "zsoelim", "manconv", "grotty", "col", "iconv", "preconv", "less", "more", "most", "pager", "gpg",
	"gpg2", "gpgsm", "ssh", "ssh-keygen", "git", "gcc", "cc", "c++", "g++", "clang", "ld", "pkg-config", "rustc",
	"cargo", "gke-gcloud-auth-plugin", "aws", "aws-iam-authenticator", "kubelogin", "gcloud", "az", "doctl", "oci",
	"env", "node", "sh", "bash", "dash", "perl"}

// pathHelperPrefixes are families of helpers: git's subcommands
// (git-lfs), kubectl's plugins, docker's credential helpers.
var pathHelperPrefixes = []string{"git-", "kubectl-", "docker-credential-"}

// pathHelper reports a name of pathHelpers or of their families.
func pathHelper(name string) bool {
	for _, p := range pathHelperPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return slices.Contains(pathHelpers, name)
}

// pathFolders is the calls' PATH as a command run in one folder finds
// it: its folders in order, whether any is one calls write, and whether
// such a folder holds a helper that runs.
type pathFolders struct {
	folders  []pathFolder
	writable bool
	helper   bool
}

type pathFolder struct {
	dir string
	// writable: a confined call may write it (or where it leads);
	// unknown: a relative folder where the command's folder is not known.
	writable, unknown bool
}

// pathFoldersAt returns the PATH's folders for a command run in cwd, made
// once a folder for the call.
func (ev *evaluation) pathFoldersAt(cwd string) *pathFolders {
	for _, d := range ev.pathDirs {
		if d.cwd == cwd {
			return d.pf
		}
	}
	pathVar, _ := ev.e.LookupEnv("PATH")
	pf := ev.e.paths.get(ev, pathVar, cwd)
	if pf == nil {
		start := ev.fsw.entries
		pf = ev.readPathFolders(pathVar, cwd)
		if !pf.writable && !ev.fsw.spent {
			ev.e.paths.put(ev, pathVar, cwd, pf, ev.fsw.entries-start)
		}
	}
	ev.pathDirs = append(ev.pathDirs, cwdFolders{cwd, pf})
	return pf
}

// readPathFolders reads the PATH's folders for a command run in cwd.
func (ev *evaluation) readPathFolders(pathVar, cwd string) *pathFolders {
	pf := &pathFolders{folders: make([]pathFolder, 0, strings.Count(pathVar, ":")+1)}
	for _, dir := range filepath.SplitList(pathVar) {
		if dir == "" {
			// An empty entry is the current folder.
			dir = "."
		}
		if strings.Contains(dir, "$") {
			continue
		}
		f := pathFolder{}
		raw := dir
		switch {
		case path.IsAbs(dir):
			f.dir = path.Clean(dir)
		case path.IsAbs(cwd):
			f.dir = path.Join(cwd, dir)
			raw = cwd + "/" + dir
		default:
			// Where it leads is not known: it may be the project.
			f.unknown, f.writable = true, true
		}
		if !f.unknown {
			f.writable = ev.writableByCalls(f.dir) || ev.linksIntoCalls(f.dir, raw)
		}
		pf.writable = pf.writable || f.writable
		pf.folders = append(pf.folders, f)
	}
	if pf.writable {
		pf.helper = ev.helperPlanted(pf.folders)
	}
	return pf
}

// pathCache holds, for an engine, the PATHs none of whose folders calls
// write, as a command run in a folder of a project finds them, for a
// second. An engine decides one hook event, daemon request or MCP call
// (or a check or test run), and its calls share their PATH, whose folders
// outside the system's (~/.cargo/bin, ~/go/bin, a version manager's
// shims) each cost an lstat to tell they are no link into the project: a
// third of the time of a decision on git status with five such folders
// (BenchmarkDecideOneLine). The second bounds how long a check --jsonl
// that keeps running would miss such a folder made a link. A PATH with a
// folder calls write is read again for each call: what that folder holds
// changes as calls run.
type pathCache struct {
	mu sync.Mutex
	m  map[pathKey]pathEntry
}

// pathCacheFor is how long a PATH's folders are remembered.
const pathCacheFor = time.Second

type pathKey struct{ pathVar, cwd, root string }

type pathEntry struct {
	temps []string
	pf    *pathFolders
	// takes is the file system budget reading the folders spent, which a
	// call that finds them here spends too.
	takes int
	until time.Time
}

// get returns the folders remembered for the call, or nil.
func (c *pathCache) get(ev *evaluation, pathVar, cwd string) *pathFolders {
	c.mu.Lock()
	e, ok := c.m[pathKey{pathVar, cwd, ev.pc.root}]
	c.mu.Unlock()
	if !ok || !slices.Equal(e.temps, ev.pc.temps) || time.Now().After(e.until) {
		return nil
	}
	for range e.takes {
		if !ev.fsw.take(1) {
			// The budget ran out: read them as the call can.
			return nil
		}
	}
	return e.pf
}

func (c *pathCache) put(ev *evaluation, pathVar, cwd string, pf *pathFolders, takes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= 256 {
		// A long check run in many folders: start again.
		c.m = map[pathKey]pathEntry{}
	}
	c.m[pathKey{pathVar, cwd, ev.pc.root}] = pathEntry{temps: ev.pc.temps, pf: pf, takes: takes, until: time.Now().Add(pathCacheFor)}
}

// systemPrefixes are folders whose PATH entries are the system's own:
// no link in them is looked for.
var systemPrefixes = []string{"/usr/", "/bin", "/sbin", "/lib", "/opt/", "/snap/", "/nix/store/"}

// linksIntoCalls reports a folder of the PATH outside the system's that
// is a link into a folder calls write (~/bin a link into a checkout of
// one's dotfiles, the project), or that names one through a .. after a
// link (raw is the entry as PATH has it): a file planted through it
// runs. One lstat a folder: a folder reached through a linked parent
// (~/links/bin with ~/links a link) is taken as written.
func (ev *evaluation) linksIntoCalls(dir, raw string) bool {
	for _, s := range systemPrefixes {
		if dir == strings.TrimSuffix(s, "/") || strings.HasPrefix(dir, s) {
			return false
		}
	}
	if !strings.Contains(raw, "..") {
		if !ev.fsw.take(1) {
			return true
		}
		fi, err := ev.fsw.lstat(dir)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return false
		}
	}
	real, ok := ev.fsw.realPath(dir)
	if strings.Contains(raw, "..") {
		// The kernel follows the links before the .., which Clean drops.
		real, ok = ev.fsw.realPath(raw)
	}
	if !ok {
		return true
	}
	return real != dir && ev.writableByCalls(real)
}

// helperPlanted reports a helper (pathHelpers, git-NAME) in a folder
// calls write that runs where a program looks it up along PATH.
func (ev *evaluation) helperPlanted(folders []pathFolder) bool {
	for _, f := range folders {
		if !f.writable {
			continue
		}
		if f.unknown || !ev.fsw.take(1) {
			return true
		}
		entries, err := ev.fsw.fs().ReadDir(f.dir)
		if err != nil {
			continue
		}
		for _, d := range entries {
			n := d.Name()
			if pathHelper(n) && ev.plantedAlong(folders, n) {
				return true
			}
		}
	}
	return false
}

// plantedAlong reports whether the first folder of the PATH that holds a
// program called name is one calls write, and holds a file of its own
// there (see plantedIn).
func (ev *evaluation) plantedAlong(folders []pathFolder, name string) bool {
	for i, f := range folders {
		if f.unknown {
			return true
		}
		if !f.writable {
			continue
		}
		switch ev.plantedIn(path.Join(f.dir, name)) {
		case fileAbsent:
			continue
		case fileOutside:
			return false
		}
		// A folder ahead of it that has the name runs its own.
		for _, b := range folders[:i] {
			if !ev.fsw.take(1) {
				return true
			}
			if _, err := ev.fsw.lstat(path.Join(b.dir, name)); err == nil {
				return false
			}
		}
		return true
	}
	return false
}

// writableByCalls reports a folder inside the project or a temporary
// folder: what a confined call, or an allowed one, may write.
func (ev *evaluation) writableByCalls(dir string) bool {
	if r := ev.pc.root; path.IsAbs(r) && within(dir, r) {
		return true
	}
	for _, t := range ev.pc.temps {
		if path.IsAbs(t) && within(dir, path.Clean(t)) {
			return true
		}
	}
	return false
}

// What plantedIn found at a path.
const (
	fileAbsent  = iota // nothing there
	fileOutside        // a link to a file outside the folders calls write
	filePlanted        // a file of the folder, or a link into such a folder
)

// plantedIn says what a program's path in a folder calls may write holds.
// What cannot be told (the bound on file system work ran out, a link
// that loops) counts as planted.
func (ev *evaluation) plantedIn(p string) int {
	if !ev.fsw.take(1) {
		return filePlanted
	}
	fi, err := ev.fsw.lstat(p)
	switch {
	case err != nil:
		return fileAbsent
	case fi.Mode()&fs.ModeSymlink == 0:
		if fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return filePlanted
		}
		// A folder or a file that cannot run: the shell goes on.
		return fileAbsent
	}
	target, ok := ev.fsw.realPath(p)
	if !ok || ev.writableByCalls(target) {
		return filePlanted
	}
	if _, err := ev.fsw.lstat(target); err != nil {
		return fileAbsent
	}
	// A virtual environment's python is a link to the system's, but it
	// starts with the environment's site-packages, whose .pth files and
	// sitecustomize run as it starts: code of the project, as that of
	// .venv/bin/python run by its path is.
	if base := path.Base(p); (strings.HasPrefix(base, "python") || strings.HasPrefix(base, "pypy")) && ev.fsw.take(1) {
		if _, err := ev.fsw.lstat(path.Join(path.Dir(path.Dir(p)), "pyvenv.cfg")); err == nil {
			return filePlanted
		}
	}
	return fileOutside
}

func isShellBuiltin(name string) bool {
	return slices.Contains(shellBuiltins, name)
}
