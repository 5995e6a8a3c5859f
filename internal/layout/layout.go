// Package layout says where configuration and state live: the project
// root, the project's .governance folder, the user's global folder, the
// state folder, and the agent folders of each format. It has no
// dependencies beyond the standard library (and regularfile, which has
// none either), so the hook can use it.
package layout

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/regularfile"
)

// Paths are the places configuration and state live for one project.
type Paths struct {
	// ProjectRoot is the project's root folder.
	ProjectRoot string
	// RepoDir is the project's .governance folder.
	RepoDir string
	// UserDir is the user's global configuration folder.
	UserDir string
	// StateDir holds runtime state outside the project (audit log,
	// approvals, rate limits, the daemon socket).
	StateDir string
	// Home is the user's home directory.
	Home string
	// ManagedDir is the managed (system) folder, above the user's: see
	// [DefaultManagedDir].
	ManagedDir string
	// Enclosing holds the roots of the governed projects above
	// ProjectRoot, nearest first, separated by NUL (a string keeps Paths
	// comparable): see [Paths.EnclosingRoots].
	Enclosing string
}

// Env reads environment variables; tests pass their own.
type Env func(string) string

// Discover finds the paths for a call made in cwd. The project root is
// the nearest folder holding .governance, else the nearest holding .git,
// else cwd itself; projectDir, when set (a harness's project directory),
// takes precedence. The governed projects above the root are found too
// (see [Paths.EnclosingRoots]): a repository or .governance folder made
// inside a project, which anyone who can write there can make, never
// sheds the rules of the project around it.
func Discover(cwd, projectDir string, env Env) Paths {
	if env == nil {
		env = os.Getenv
	}
	home := env("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	if home == "" {
		// Started without HOME (a harness or a job that clears the
		// environment): the user's configuration and state are still
		// the account's, and dropping them dropped the user's rules.
		home = accountHome()
	} else if fi, err := os.Stat(home); err != nil || !fi.IsDir() {
		// A HOME that is no folder (a typo, a container's, one removed)
		// holds no configuration: the user's rules, in the account's
		// home, were dropped as with no HOME, and the calls they deny
		// allowed. The account's home is taken when it is a folder.
		if h := accountHome(); h != "" && h != filepath.Clean(home) {
			if fi, err := os.Stat(h); err == nil && fi.IsDir() {
				home = h
			}
		}
	}
	p := Paths{Home: home, ManagedDir: DefaultManagedDir()}
	switch {
	case projectDir != "":
		p.ProjectRoot = filepath.Clean(projectDir)
	default:
		p.ProjectRoot = findRoot(cwd, home)
	}
	p.Enclosing = enclosing(p.ProjectRoot, home)
	p.RepoDir = under(p.ProjectRoot, ".governance")
	// The folders the agent works in may hold what its harness loads into
	// the hook's environment (Gemini CLI loads a project's .env): a home
	// or a configuration or state folder inside one would be the agent's
	// to write, its policy and approvals with them. Such a value is not
	// taken: the home folder is the account's, the others their defaults.
	// Only a project's folders count (a repository, a .governance folder),
	// not a folder the search stopped at for want of one; and a home that
	// is the project's root is taken unless the root is a repository (an
	// agent run in a home folder works there).
	agent := p.EnclosingRoots()
	_, gitErr := os.Lstat(under(p.ProjectRoot, ".git"))
	if gitErr == nil || projectDir != "" || present(p.RepoDir) {
		agent = append(agent, p.ProjectRoot)
	}
	folders := newAgentFolders(agent, &linkWalk{})
	if h := filepath.Clean(home); home != "" && (h != p.ProjectRoot && folders.hold(h, "") || h == p.ProjectRoot && gitErr == nil) {
		if h := accountHome(); h != "" && h != filepath.Clean(home) {
			home, p.Home = h, h
			p.Enclosing = enclosing(p.ProjectRoot, home)
		}
	}
	// The XDG specification: a relative path in these variables is
	// invalid and ignored. A value that is the default is the home
	// folder's, judged above.
	if x := env("XDG_CONFIG_HOME"); filepath.IsAbs(x) && (filepath.Clean(x) == filepath.Join(home, ".config") || !folders.hold(x, home)) {
		p.UserDir = filepath.Join(x, "governance")
	} else if home != "" {
		p.UserDir = filepath.Join(home, ".config", "governance")
	}
	if x := env("XDG_STATE_HOME"); filepath.IsAbs(x) && (filepath.Clean(x) == filepath.Join(home, ".local", "state") || !folders.hold(x, home)) {
		p.StateDir = filepath.Join(x, "governance")
	} else if home != "" {
		p.StateDir = filepath.Join(home, ".local", "state", "governance")
	}
	return p
}

// present reports whether something is at path (links followed). The
// root's .governance is asked only when the answer counts: a project
// with a repository, or named by its harness, is the agent's whatever
// its .governance (which findRoot has looked for already), one stat
// fewer on every call.
func present(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// agentFolders are the agent's folders, each as written and as the
// kernel resolves it (links followed), resolved once; links resolves the
// folders they are compared with.
type agentFolders struct {
	list  []struct{ written, real string }
	links *linkWalk
}

func newAgentFolders(agent []string, links *linkWalk) agentFolders {
	out := agentFolders{links: links}
	for _, a := range agent {
		if a != "" && a != "/" {
			out.list = append(out.list, struct{ written, real string }{filepath.Clean(a), links.resolved(a)})
		}
	}
	return out
}

// hold reports whether dir lies in one of the folders, other than skip
// (the home folder: an agent run in the home folder works there; its
// configuration is not the agent's for that). dir is compared as written
// and as the kernel resolves it (/proc/self/cwd/.cfg, a link into the
// project), the second only when the first finds nothing.
func (f agentFolders) hold(dir, skip string) bool {
	in := func(d string) bool {
		for _, a := range f.list {
			if skip != "" && a.written == filepath.Clean(skip) {
				continue
			}
			for _, r := range []string{a.written, a.real} {
				if r != "/" && (d == r || strings.HasPrefix(d, r+string(filepath.Separator))) {
					return true
				}
			}
		}
		return false
	}
	return len(f.list) > 0 && (in(filepath.Clean(dir)) || in(f.links.resolved(dir)))
}

// accountHome is the home folder the system's account database gives the
// process's user, "" where there is none to read.
func accountHome() string {
	f, err := regularfile.Open("/etc/passwd")
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 4<<20))
	if err != nil {
		return ""
	}
	uid := fmt.Sprint(os.Getuid())
	for line := range strings.SplitSeq(string(data), "\n") {
		// name:password:uid:gid:gecos:home:shell
		if fields := strings.Split(line, ":"); len(fields) >= 7 && fields[2] == uid && filepath.IsAbs(fields[5]) {
			return fields[5]
		}
	}
	return ""
}

func findRoot(cwd, home string) string {
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	cwd = filepath.Clean(cwd)
	for dir := cwd; ; {
		if dir != home {
			if fi, err := os.Stat(under(dir, ".governance")); err == nil && fi.IsDir() {
				return dir
			}
		}
		// A repository's root bounds the search: configuration above it
		// belongs to another project.
		if _, err := os.Stat(under(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir || dir == home {
			return cwd
		}
		dir = parent
	}
}

// installedSettings are the project files in which governance install
// writes the hook; a folder whose file names governance-hook is governed
// even without a .governance folder.
var installedSettings = []string{
	".claude/settings.json", ".claude/settings.local.json", ".codex/hooks.json",
	".gemini/settings.json", ".cursor/hooks.json", ".github/hooks/governance.json",
}

// governed reports whether dir is a governed project's root: it holds a
// .governance folder or harness settings that run governance-hook.
func governed(dir string) bool {
	if fi, err := os.Stat(under(dir, ".governance")); err == nil && fi.IsDir() && OwnedHere(fi) {
		return true
	}
	absent := "" // a folder of settings found missing
	for i, name := range installedSettings {
		folder, _, _ := strings.Cut(name, "/")
		if folder == absent {
			continue
		}
		// A folder that holds two of the files (.claude) is looked for
		// first: where it is missing, as it is in most folders above a
		// project, that is one system call, not two.
		if i+1 < len(installedSettings) && strings.HasPrefix(installedSettings[i+1], folder+"/") {
			if _, err := os.Stat(under(dir, folder)); err != nil {
				absent = folder
				continue
			}
		}
		// Only a regular file is opened (a FIFO there, which anyone who
		// can write the folder can make, would hang the hook), and a huge
		// one is not read whole.
		f, err := regularfile.Open(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		if fi, err := f.Stat(); err != nil || !OwnedHere(fi) {
			f.Close()
			continue
		}
		buf := make([]byte, 256<<10)
		n, _ := io.ReadFull(f, buf)
		f.Close()
		if strings.Contains(string(buf[:n]), "governance-hook") {
			return true
		}
	}
	return false
}

// enclosing lists the governed folders above root, nearest first, up to
// the home folder (excluded, as findRoot excludes it), joined by NUL.
func enclosing(root, home string) string {
	if root == "" || root == home {
		return ""
	}
	var out []string
	for dir := filepath.Dir(root); dir != home; {
		if governed(dir) {
			out = append(out, dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return strings.Join(out, "\x00")
}

// EnclosingRoots returns the roots of the governed projects above the
// project root, nearest first. Their rules' denies and asks and their
// protected files hold in the project too: a folder inside a project
// (a nested repository, a package with its own .governance) only adds
// to the rules of the project around it.
func (p Paths) EnclosingRoots() []string {
	if p.Enclosing == "" {
		return nil
	}
	return strings.Split(p.Enclosing, "\x00")
}

// Source is a configuration file or folder that the policy is built from.
type Source struct {
	Path string
	// Dir sources are folders whose files are read.
	Dir bool
	// Parent is the index of a source's enclosing folder in the list, or
	// -1; when the parent does not exist, neither does the source.
	Parent int
}

// Sources lists every file and folder that the policy of a project is read
// from, in a fixed order, with the folders that enclose them.
func (p Paths) Sources() []Source {
	out := make([]Source, 0, 34)
	// The folders are cleaned once; the names below them are plain, and
	// their paths share one buffer (the hook lists the sources on every
	// call).
	var buf strings.Builder
	buf.Grow(512)
	parent := func(dir, name string) int {
		out = append(out, Source{Path: filepath.Join(dir, name), Dir: true, Parent: -1})
		return len(out) - 1
	}
	add := func(par int, name string, dir bool) {
		path := out[par].Path
		if !joinable(path) {
			path = filepath.Join(path, name)
		} else {
			// A strings.Builder never changes the bytes it holds, so
			// slices of its String stay valid as it grows.
			start := buf.Len()
			buf.WriteString(path)
			if !os.IsPathSeparator(path[len(path)-1]) {
				buf.WriteByte(filepath.Separator)
			}
			buf.WriteString(name)
			path = buf.String()[start:]
		}
		out = append(out, Source{Path: path, Dir: dir, Parent: par})
	}
	if p.ManagedDir != "" {
		m := parent(p.ManagedDir, "")
		add(m, "config.yaml", false)
		add(m, "rules", true)
		add(m, "agents", true)
		add(m, "learned.yaml", false)
		// The bundle's folder is read through the link bundle/active; a
		// pull replaces the link, which changes its stamp.
		b := len(out)
		add(m, "bundle", true)
		out[b].Dir = false
		a := len(out)
		add(b, "active", true)
		out[a].Dir = false
		add(a, ".manifest", false)
		add(a, "config.yaml", false)
		add(a, "rules", true)
		add(a, "agents", true)
		add(a, "learned.yaml", false)
		add(b, "status.json", false)
	}
	if p.UserDir != "" {
		u := parent(p.UserDir, "")
		add(u, "config.yaml", false)
		add(u, "rules", true)
		add(u, "agents", true)
		add(u, "projects.yaml", false)
		add(u, "learned.yaml", false)
		add(u, "reviews.yaml", false)
		add(u, "ground-rules.md", false)
		add(u, "trusted-plugins", false)
		add(u, "trusted-projects.yaml", false)
	}
	r := parent(p.RepoDir, "")
	add(r, "config.yaml", false)
	add(r, "rules", true)
	add(r, "agents", true)
	add(r, "learned.yaml", false)
	add(r, "reviews.yaml", false)
	add(r, "ground-rules.md", false)
	add(r, "mcp-proxy.yaml", false)
	// The rules of the governed projects around this one hold in it; a
	// project with no config.yaml of its own takes the nearest one's
	// config.yaml and agents (see [Paths.AgentDirsFrom]).
	for _, root := range p.EnclosingRoots() {
		e := parent(root, ".governance")
		add(e, "rules", true)
		add(e, "config.yaml", false)
		add(e, "agents", true)
		ec := parent(root, ".claude")
		add(ec, "agents", true)
		eo := parent(root, ".opencode")
		add(eo, "agent", true)
		add(eo, "agents", true)
	}
	c := parent(p.ProjectRoot, ".claude")
	add(c, "agents", true)
	o := parent(p.ProjectRoot, ".opencode")
	add(o, "agent", true)
	add(o, "agents", true)
	if p.Home != "" {
		h := parent(p.Home, ".claude")
		add(h, "agents", true)
	}
	return out
}

// AgentDir is a folder of agent files in one format.
type AgentDir struct {
	Path string
	// Format is governance, opencode or claude.
	Format string
	// Recursive folders name agents by their path below the folder.
	Recursive bool
}

// AgentDirs lists the folders agent definitions are read from, in order
// of precedence.
func (p Paths) AgentDirs() []AgentDir { return p.AgentDirsFrom("") }

// AgentDirsFrom lists the folders agent definitions are read from when
// the project takes its configuration from the enclosing project at
// outer (a repository inside it with no config.yaml of its own): that
// project's agent folders come each before the project's own of its
// kind, so that its main_agent is the agent it defines, not one of the
// same name in a repository cloned inside it.
func (p Paths) AgentDirsFrom(outer string) []AgentDir {
	var dirs []AgentDir
	add := func(path, f string, rec bool) {
		dirs = append(dirs, AgentDir{Path: path, Format: f, Recursive: rec})
	}
	if p.ManagedDir != "" {
		// The managed layer's agents come first: an agent it defines is
		// the one that holds.
		add(filepath.Join(p.ActiveBundle(), "agents"), "governance", false)
		add(filepath.Join(p.ManagedDir, "agents"), "governance", false)
	}
	if outer != "" {
		add(filepath.Join(outer, ".governance", "agents"), "governance", false)
	}
	add(filepath.Join(p.RepoDir, "agents"), "governance", false)
	if p.UserDir != "" {
		add(filepath.Join(p.UserDir, "agents"), "governance", false)
	}
	if outer != "" {
		add(filepath.Join(outer, ".claude", "agents"), "claude", false)
		add(filepath.Join(outer, ".opencode", "agent"), "opencode", true)
		add(filepath.Join(outer, ".opencode", "agents"), "opencode", true)
	}
	add(filepath.Join(p.ProjectRoot, ".claude", "agents"), "claude", false)
	add(filepath.Join(p.ProjectRoot, ".opencode", "agent"), "opencode", true)
	add(filepath.Join(p.ProjectRoot, ".opencode", "agents"), "opencode", true)
	if p.Home != "" {
		add(filepath.Join(p.Home, ".claude", "agents"), "claude", false)
	}
	return dirs
}

// BrainDir is where the project's runtime state (the brain) lives: the
// .governance/brain folder when the project has a .governance folder,
// else a folder for the project under the state folder, so that a project
// without configuration gets no new folder.
func (p Paths) BrainDir() string {
	if fi, err := os.Stat(p.RepoDir); err == nil && fi.IsDir() {
		return filepath.Join(p.RepoDir, "brain")
	}
	return filepath.Join(p.StateDir, "projects", projectKey(p.ProjectRoot), "brain")
}

// projectKey names a project's folder under the state folder: the base
// name of its root and a hash of the full path.
func projectKey(root string) string {
	h := fnv.New64a()
	h.Write([]byte(root))
	return fmt.Sprintf("%s-%016x", filepath.Base(root), h.Sum64())
}

// DecisionLog is the file decisions are appended to.
func (p Paths) DecisionLog() string { return filepath.Join(p.StateDir, "decisions.jsonl") }

// under is filepath.Join(dir, name) for a clean folder and a plain name
// (no separator, not . or ..), without cleaning the result again.
func under(dir, name string) string {
	switch {
	case !joinable(dir):
		return filepath.Join(dir, name)
	case os.IsPathSeparator(dir[len(dir)-1]):
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// joinable reports whether a plain name joins a clean folder by
// concatenation: not for "" or ".", which Join drops, nor for a bare
// volume name ("C:").
func joinable(dir string) bool {
	return dir != "" && dir != "." && filepath.VolumeName(dir) != dir
}

// Differ names the folders that differ between p and q, as "user folder
// /a (not /b)", for messages; "" when they are the same.
func (p Paths) Differ(q Paths) string {
	var out []string
	for _, f := range []struct{ name, a, b string }{
		{"project", p.ProjectRoot, q.ProjectRoot}, {"project configuration folder", p.RepoDir, q.RepoDir},
		{"user configuration folder", p.UserDir, q.UserDir}, {"state folder", p.StateDir, q.StateDir},
		{"home", p.Home, q.Home}, {"managed folder", p.ManagedDir, q.ManagedDir},
		{"enclosing projects", strings.ReplaceAll(p.Enclosing, "\x00", ":"), strings.ReplaceAll(q.Enclosing, "\x00", ":")},
	} {
		if f.a != f.b {
			out = append(out, fmt.Sprintf("%s %q, not %q", f.name, f.b, f.a))
		}
	}
	return strings.Join(out, "; ")
}
