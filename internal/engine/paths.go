package engine

import (
	"path"
	"slices"
	"strings"
)

// Path classes that rules can name in `targets`.
const (
	ClassRoot           = "root"            // / itself, or everything under it (/*)
	ClassHome           = "home"            // the home directory itself, or ~/*
	ClassSystem         = "system"          // operating system directories (/etc, /usr, ...)
	ClassDevice         = "device"          // a device file such as /dev/sda
	ClassTemp           = "temp"            // /tmp and friends
	ClassProject        = "project"         // inside the project
	ClassProjectRoot    = "project-root"    // the project root itself, or all of it (./*)
	ClassOutsideProject = "outside-project" // outside the project (and not temp)
	ClassGovernance     = "governance"      // the governance configuration
	ClassGit            = "git-internal"    // inside a .git directory
	ClassTopLevel       = "top-level"       // a directory directly under the root (/tmp, /usr), or all of one
	ClassSensitive      = "sensitive"       // system files that reveal accounts or process memory
	ClassBuildOutput    = "build-output"    // inside the project, under a folder tools generate (build, dist, node_modules, ...)
	ClassSource         = "source"          // inside the project, not build output, not .git or .governance
	// ClassNone is no path at all: targets_within: [none] matches commands
	// that name no file.
	ClassNone    = "none"
	ClassUnknown = "unknown" // computed at run time, or relative to an unknown directory
)

// pathClasses lists every path class.
var pathClasses = []string{ClassRoot, ClassHome, ClassSystem, ClassDevice, ClassTemp, ClassProject,
	ClassProjectRoot, ClassOutsideProject, ClassGovernance, ClassGit, ClassTopLevel, ClassSensitive, ClassBuildOutput,
	ClassSource, ClassUnknown}

// buildDirs are folders that tools generate and clean: what is in them is
// build output, not authored source.
var buildDirs = []string{"build", "dist", "out", "target", "bin", "obj", "node_modules", ".next", ".nuxt", ".cache",
	"coverage", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".venv", "venv", ".gradle", ".turbo",
	".parcel-cache", "tmp"}

var systemDirs = []string{"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/boot",
	"/dev", "/proc", "/sys", "/var", "/opt", "/srv", "/root", "/snap", "/run", "/System", "/Library",
	"/Applications", "/private", "/nix", "/mnt", "/media"}

var tempDirs = []string{"/tmp", "/var/tmp", "/private/tmp", "/dev/shm"}

// safeDevice reports device files that writing to is harmless.
func safeDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/zero", "/dev/stdout", "/dev/stderr", "/dev/stdin", "/dev/tty", "/dev/random", "/dev/urandom":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/")
}

// place is a path argument resolved against the call's context.
type place struct {
	raw     string
	abs     string // cleaned absolute path; "" when unknown
	glob    bool
	classes []string
	// note says how the place follows from the path as written, for a
	// place the kernel's view adds (a link's target, a glob's match).
	note string
}

func (p place) is(class string) bool {
	for _, c := range p.classes {
		if c == class {
			return true
		}
	}
	return false
}

// pathContext is what path classification needs to know about a call.
type pathContext struct {
	cwd, root, home string
	// temps are the temporary folders (see Engine.TempDirs).
	temps      []string
	configDirs []string
	// moved are the user's folders the environment moves from where the
	// rules name them (see homeMoves).
	moved []homeMove
	// readlink reads a link of /proc (another process's cwd and root);
	// nil where the file system is not at hand.
	readlink func(string) (string, error)
	// example: the fixed context a rule's examples are checked in, where
	// the files an entry binds (see MatchMore.Contents) are not read: a
	// bound file that changed makes the entry stop matching calls, not
	// its examples (which would break the whole file's policy).
	example bool
}

// resolve turns a path as written into a place with its classes. cwd is
// the directory the path is relative to ("" when unknown).
func (pc *pathContext) resolve(raw string, dynamic, glob bool, cwd string) place {
	p := pc.locate(raw, dynamic, glob, cwd)
	if p.abs != "" {
		p.classes = pc.classify(p.abs, glob)
	}
	return p
}

// locate is resolve without the classes of a place that has a path: a
// check of whether a file is there needs only where it is, and the
// classes cost most of a resolution.
func (pc *pathContext) locate(raw string, dynamic, glob bool, cwd string) place {
	p := place{raw: raw, glob: glob}
	if dynamic || raw == "" {
		p.classes = unknownClasses
		return p
	}
	v := raw
	if v == "~" || strings.HasPrefix(v, "~/") {
		if pc.home == "" {
			p.classes = unknownClasses
			return p
		}
		v = pc.home + v[1:]
	}
	if !path.IsAbs(v) {
		if cwd == "" {
			p.classes = unknownClasses
			return p
		}
		v = path.Join(cwd, v)
	}
	v, ok := procLinks(v, cwd, pc.readlink)
	if !ok {
		p.classes = unknownClasses
		return p
	}
	p.abs = path.Clean(v)
	return p
}

// procLinks replaces the links of /proc a path goes through with where
// they lead for the command: /proc/self/cwd is the folder the command
// runs in (so /proc/self/cwd/../.env is a file beside it, which cleaning
// the text would put under /proc/self), /proc/self/root is /. Another
// process's links are read where readlink can (a process of the user's
// runs with the user's rights, and its folder may be governance's own:
// the daemon's pid is in its status file); a root that cannot be read is
// taken as / (a process of this machine sees the files the agent does),
// a folder that cannot be read is not known: false. A thread's folder,
// /proc/PID/task/TID, has its process's links.
func procLinks(v, cwd string, readlink func(string) (string, error)) (string, bool) {
	if !strings.HasPrefix(v, "/proc") {
		return v, true
	}
	// The kernel reads // and /./ as /, and .. only once it has
	// followed the links before it.
	var segs []string
	for _, s := range strings.Split(v, "/") {
		if s != "" && s != "." {
			segs = append(segs, s)
		}
	}
	if len(segs) < 3 || segs[0] != "proc" {
		return v, true
	}
	// A thread's folder, /proc/PID/task/TID, has its process's links.
	link := 2
	if len(segs) >= 5 && segs[2] == "task" {
		link = 4
	}
	rest := "/" + strings.Join(segs[link+1:], "/")
	self := segs[1] == "self" || segs[1] == "thread-self"
	switch {
	case self && segs[link] == "cwd":
		if cwd == "" {
			return "", false
		}
		return cwd + rest, true
	case self && segs[link] == "root":
		return rest, true
	case segs[link] != "cwd" && segs[link] != "root":
		return v, true
	}
	// Another process's (a number, or a glob over them).
	var target string
	if readlink != nil && isDigitsOnly(segs[1]) {
		if t, err := readlink("/" + strings.Join(segs[:link+1], "/")); err == nil && path.IsAbs(t) {
			target = t
		}
	}
	switch {
	case target != "":
		return strings.TrimSuffix(target, "/") + rest, true
	case segs[link] == "root":
		return rest, true
	}
	return "", false
}

// unknownClasses are the classes of a path only known at run time. The
// slice is shared: classes are never changed in place.
var unknownClasses = []string{ClassUnknown}

// classify returns the classes of a cleaned absolute path.
func (pc *pathContext) classify(abs string, glob bool) []string {
	// A glob stands for everything its fixed directory holds.
	dir, everything := abs, false
	if glob {
		dir, everything = globBase(abs)
	}
	out := make([]string, 0, 4)
	add := func(c string) { out = append(out, c) }
	switch {
	case dir == "/" && (everything || abs == "/"):
		add(ClassRoot)
	case pc.home != "" && dir == pc.home && (everything || abs == pc.home):
		add(ClassHome)
	}
	if strings.HasPrefix(abs, "/dev/") && !safeDevice(abs) && !strings.HasPrefix(abs, "/dev/shm") {
		add(ClassDevice)
	}
	temp := false
	for _, t := range pc.temps {
		if t != "" && within(dir, t) {
			temp = true
		}
	}
	if temp {
		add(ClassTemp)
	} else {
		for _, s := range systemDirs {
			if within(dir, s) {
				add(ClassSystem)
				break
			}
		}
	}
	if pc.root != "" && within(dir, pc.root) {
		add(ClassProject)
		if dir == pc.root && (everything || abs == pc.root) {
			add(ClassProjectRoot)
		}
		rel := strings.TrimPrefix(abs, pc.root)
		switch {
		case withinFold(rel, "/.governance"):
			// In any case, as the protected set is (see anyPath).
			add(ClassGovernance)
		case rel == "/.git" || strings.HasPrefix(rel, "/.git/"):
		case rel != "" && slices.Contains(buildDirs, firstElem(rel[1:])):
			add(ClassBuildOutput)
		case rel != "":
			add(ClassSource)
		}
	} else if !temp {
		add(ClassOutsideProject)
	}
	if strings.Contains(abs, "/.git/") || strings.HasSuffix(abs, "/.git") {
		add(ClassGit)
	}
	if dir != "/" && !strings.Contains(dir[1:], "/") && (everything || abs == dir) {
		add(ClassTopLevel)
	}
	if anyPathLit(sensitiveReads, sensitiveReadLits(), place{abs: abs}, nil, pc, true) {
		add(ClassSensitive)
	}
	for _, d := range pc.configDirs {
		if d != "" && withinFold(abs, d) {
			add(ClassGovernance)
			// The credentials governance's configuration names as
			// ${file:NAME}, wherever XDG_CONFIG_HOME puts the folder: never
			// read by the safe set, never sent (the built-in policy denies
			// reading them at their usual places).
			if withinFold(abs, d+"/credentials") {
				add(ClassSensitive)
			}
		}
	}
	return out
}

// globBase returns the directory before the first glob metacharacter, and
// whether the glob covers that whole directory (its last element is only
// metacharacters, as in /* or ./*).
func globBase(abs string) (string, bool) {
	i := strings.IndexAny(abs, "*?[")
	if i < 0 {
		return abs, false
	}
	dir := abs[:i]
	j := strings.LastIndex(dir, "/")
	base := path.Clean(abs[:j+1])
	rest := abs[j+1:]
	everything := strings.Trim(rest, "*") == "" || rest == ".*" || rest == "{.,}*"
	if strings.Contains(rest, "/") {
		everything = false
	}
	return base, everything
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return strings.HasPrefix(p, dir) && (len(p) == len(dir) || p[len(dir)] == '/')
}

// withinFold is within comparing ASCII letters in any case.
func withinFold(p, dir string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	return len(p) >= len(dir) && strings.EqualFold(p[:len(dir)], dir) && (len(p) == len(dir) || p[len(dir)] == '/')
}

// firstElem returns the first element of a relative path.
func firstElem(rel string) string {
	first, _, _ := strings.Cut(rel, "/")
	return first
}

// homeMove is a folder of the home that a variable of the environment
// moves elsewhere: at is where it is, def where the rules name it.
type homeMove struct{ at, def string }

// movedVariables are the variables that move a folder of the home whose
// files the rules name: a rule of ~/.config/gh/hosts.yml or ~/.config/**
// holds the same file where XDG_CONFIG_HOME puts it.
var movedVariables = [...][2]string{{"XDG_CONFIG_HOME", "/.config"}, {"XDG_DATA_HOME", "/.local/share"}}

// homeMoves returns the folders of the home that the environment
// lookup sees moved.
func homeMoves(lookup func(string) (string, bool), home string) []homeMove {
	if lookup == nil || home == "" {
		return nil
	}
	var out []homeMove
	for _, v := range movedVariables {
		at, ok := lookup(v[0])
		if !ok || !path.IsAbs(at) {
			continue
		}
		at = path.Clean(at)
		if def := home + v[1]; at != def && at != "/" && at != home {
			out = append(out, homeMove{at: at, def: def})
		}
	}
	return out
}

// twin returns p as the rules name it when it is in a moved folder: the
// same path under the folder's default place.
func (pc *pathContext) twin(p place) (place, bool) {
	if p.abs == "" {
		return place{}, false
	}
	for _, m := range pc.moved {
		if within(p.abs, m.at) {
			q := p
			q.abs = m.def + p.abs[len(m.at):]
			q.raw = q.abs
			return q, true
		}
	}
	return place{}, false
}
