package engine

import (
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// A git call runs the programs its repository's configuration names:
// core.fsmonitor on git status, a textconv driver on git log -p, a pager.
// That configuration is a file anyone who could write the git folder
// chose (a confined call, a cloned project's submodule, a repository
// nested in the project), and git reads more files than .git/config: the
// common folder's (commondir, for a worktree), config.worktree, the files
// they include, and the configuration of each submodule that status and
// diff look into. Before a git call they are read as git would find them
// from the folder it runs in, and a setting that names a program makes
// the call unknown rather than read-only.

// maxGitIncludes is how deep includes are followed (git itself stops at
// ten); deeper is unknown.
const maxGitIncludes = 5

// gitRecursing are the subcommands that look into every submodule of the
// work tree (git status runs git status in each, with its configuration).
var gitRecursing = []string{"status", "diff", "describe", "commit", "stash", "add"}

// noteGitRepoConfig adds an unknown effect to a git call whose
// repository's configuration names a program.
func (ev *evaluation) noteGitRepoConfig(cl *cmdline) {
	if cl.call == nil || cl.call.Prog == nil || cl.lname != "git" || cl.call.NSub == 0 {
		return
	}
	if why := ev.gitRepoCode(cl); why != "" {
		cl.call.Effects().Unknown(why)
	}
}

// gitRepoCode returns why the configuration the git call reads makes it
// run a program, or "".
func (ev *evaluation) gitRepoCode(cl *cmdline) string {
	c := cl.call
	start := cl.cmd.Cwd
	if !filepath.IsAbs(start) {
		return "git reads the configuration of the repository it finds from a folder not known"
	}
	for _, d := range c.ValueArgs("-C") {
		if d.Dynamic {
			// The model says so already.
			return ""
		}
		start = ev.abs(start, d.Value)
	}
	top, gitDir := ev.fsw.repoOf(start)
	for _, g := range c.ValueArgs("--git-dir") {
		if g.Dynamic {
			return ""
		}
		top, gitDir = "", ev.abs(start, g.Value)
	}
	if gitDir == "" {
		return ""
	}
	gc := gitConfigScan{ev: ev, sub: c.Sub()}
	gc.repo(gitDir)
	if gc.why == "" && top != "" && (containsFold(gitRecursing, c.Sub()) || c.Has("--recurse-submodules") || c.Has("--submodule")) {
		gc.gitlinks(top, gitDir)
	}
	return gc.why
}

// abs resolves p against dir, with ~ the home folder.
func (ev *evaluation) abs(dir, p string) string {
	switch {
	case strings.HasPrefix(p, "~/") && ev.pc.home != "":
		return filepath.Join(ev.pc.home, p[2:])
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// gitConfigScan reads configuration files for settings that name
// programs; why is the first found, or what could not be read.
type gitConfigScan struct {
	ev   *evaluation
	sub  string
	why  string
	seen map[string]bool
}

// repo reads the configuration of a git folder: its own, its common
// folder's, its config.worktree, and those of its submodules (in
// modules/, at any depth: a submodule's name may hold slashes and a
// submodule has submodules).
func (gc *gitConfigScan) repo(gitDir string) {
	common := gitDir
	if data, err := gc.ev.fsw.fs().ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = gc.ev.abs(gitDir, strings.TrimSpace(string(data)))
	}
	for _, f := range []string{filepath.Join(common, "config"), filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree")} {
		gc.file(f, 0)
	}
	for _, d := range []string{common, gitDir} {
		gc.modules(filepath.Join(d, "modules"), 0)
	}
}

// gitDataDirs are the folders of a git folder that hold its data, not
// configuration: a walk of the submodules' folders skips them (git lfs's
// objects are thousands of folders).
var gitDataDirs = []string{"objects", "refs", "logs", "hooks", "info", "lfs", "rr-cache", "branches"}

// modules reads the config files under a git folder's modules folder.
func (gc *gitConfigScan) modules(dir string, depth int) {
	if gc.why != "" || gc.seen[dir] {
		return
	}
	if !gc.ev.fsw.take(1) {
		gc.why = "git reads the configuration of submodules too many to check"
		return
	}
	// Marked before it is read: a missing folder is not read twice (a
	// repository's common folder is most often its git folder).
	gc.mark(dir)
	entries, err := gc.ev.fsw.fs().ReadDir(dir)
	if err != nil {
		if !errorsIsNotExist(err) {
			gc.why = "git reads the configuration of submodules in " + gc.ev.relPath(place{abs: dir}) + ", which cannot be read"
		}
		return
	}
	if depth > 8 {
		gc.why = "git reads the configuration of submodules nested too deep to check"
		return
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case name == "config" && !e.IsDir():
			gc.file(filepath.Join(dir, name), 0)
		case e.IsDir() && !slices.Contains(gitDataDirs, name):
			gc.modules(filepath.Join(dir, name), depth+1)
		}
		if gc.why != "" {
			return
		}
	}
}

// gitlinks reads the configuration of the repositories of the submodules
// the index of the work tree at top lists whose folder holds a .git (a
// folder, as git submodule add leaves an existing repository, or a file):
// git status runs there.
func (gc *gitConfigScan) gitlinks(top, gitDir string) {
	var subs []string
	ok := gc.ev.fsw.indexPaths(filepath.Join(gitDir, "index"), func(e indexEntry) bool {
		if e.mode == 0o160000 {
			subs = append(subs, string(e.name))
		}
		return len(subs) < 64
	})
	if !ok {
		gc.why = "git reads the configuration of the submodules its index lists, which cannot be read"
		return
	}
	for _, s := range subs {
		if sub, g := gc.ev.fsw.repoOf(filepath.Join(top, s)); sub == filepath.Join(top, s) && g != "" {
			gc.repo(g)
		}
		if gc.why != "" {
			return
		}
	}
}

func (gc *gitConfigScan) mark(p string) {
	if gc.seen == nil {
		gc.seen = map[string]bool{}
	}
	gc.seen[p] = true
}

// file reads one configuration file and those it includes.
func (gc *gitConfigScan) file(p string, depth int) {
	if gc.why != "" || gc.seen[p] {
		return
	}
	gc.mark(p)
	if !gc.ev.fsw.take(1) {
		gc.why = "git reads configuration files too many to check"
		return
	}
	data, err := gc.ev.fsw.fs().ReadFile(p)
	switch {
	case errorsIsNotExist(err):
		// git reads no missing file, and ignores a missing include.
		return
	case err != nil || len(data) > 1<<20:
		gc.why = "git reads " + gc.ev.relPath(place{abs: p}) + ", whose settings cannot be checked"
		return
	}
	entries, ok := gitConfigEntries(string(data))
	if !ok {
		gc.why = "git reads " + gc.ev.relPath(place{abs: p}) + ", whose settings cannot be parsed"
		return
	}
	for _, e := range entries {
		name := strings.ToLower(e.name)
		if name == "include.path" || strings.HasPrefix(name, "includeif.") && strings.HasSuffix(name, ".path") {
			if depth >= maxGitIncludes {
				gc.why = "git reads " + gc.ev.relPath(place{abs: p}) + ", whose includes are too deep to check"
				return
			}
			if e.value != "" {
				gc.file(gc.ev.abs(filepath.Dir(p), e.value), depth+1)
			}
		} else if programs.GitConfigNamesProgram(e.name, e.value, gc.sub) {
			gc.why = gc.ev.relPath(place{abs: p}) + " sets " + e.name + ", a program git runs"
		}
		if gc.why != "" {
			return
		}
	}
}

func errorsIsNotExist(err error) bool {
	if pe, ok := err.(*fs.PathError); ok && missingErrno(pe.Err, true) {
		// The usual answer, without errors.Is: its first use in a process
		// builds the interface tables it asserts (a tenth of a hook's
		// check of git's configuration).
		return true
	}
	return err != nil && (errors.Is(err, fs.ErrNotExist) || strings.Contains(err.Error(), "not a directory"))
}

// isNotExist is errors.Is(err, fs.ErrNotExist), told without errors.Is
// for a system call's "no such file".
func isNotExist(err error) bool {
	if pe, ok := err.(*fs.PathError); ok && missingErrno(pe.Err, false) {
		return true
	}
	return errors.Is(err, fs.ErrNotExist)
}

// gitConfigEntry is a setting of a git configuration file: its full name
// (section, subsection and key, as written) and its value.
type gitConfigEntry struct{ name, value string }

// gitConfigEntries parses a git configuration file as git does (sections
// [name] and [name "sub"], a key on the line of its section, values with
// quotes, escapes and continued lines, comments after # and ;); ok is
// false for text git would refuse too.
func gitConfigEntries(text string) (out []gitConfigEntry, ok bool) {
	text = strings.TrimPrefix(text, "\ufeff")
	section := ""
	i := 0
	for i < len(text) {
		ch := text[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
			i++
		case ch == '#' || ch == ';':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case ch == '[':
			end := strings.IndexByte(text[i:], ']')
			if end < 0 {
				return nil, false
			}
			var good bool
			section, good = gitSection(text[i+1 : i+end])
			if !good {
				return nil, false
			}
			i += end + 1
		case isAlpha(ch):
			j := i
			for j < len(text) && (isAlpha(text[j]) || text[j] >= '0' && text[j] <= '9' || text[j] == '-') {
				j++
			}
			if section == "" {
				return nil, false
			}
			e := gitConfigEntry{name: section + "." + text[i:j]}
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			switch {
			case j >= len(text) || text[j] == '\n' || text[j] == '\r' || text[j] == '#' || text[j] == ';':
			case text[j] == '=':
				var good bool
				e.value, j, good = gitValue(text, j+1)
				if !good {
					return nil, false
				}
			default:
				return nil, false
			}
			out = append(out, e)
			i = j
		default:
			return nil, false
		}
	}
	return out, true
}

// gitSection reads a section header's inside: name, or name "subsection"
// (whose \" and \\ are escapes), or the old name.subsection.
func gitSection(h string) (string, bool) {
	name, sub, quoted := strings.Cut(h, "\"")
	name = strings.TrimRight(name, " \t")
	if name == "" || strings.ContainsAny(name, " \t\n") {
		return "", false
	}
	if !quoted {
		return name, true
	}
	if !strings.HasSuffix(sub, "\"") {
		return "", false
	}
	var b strings.Builder
	for k := 0; k < len(sub)-1; k++ {
		if sub[k] == '\\' && k+1 < len(sub)-1 {
			k++
		}
		b.WriteByte(sub[k])
	}
	return name + "." + b.String(), true
}

// gitValue reads a value from text[i:] to its line's end; it returns the
// value and where the next line starts.
func gitValue(text string, i int) (string, int, bool) {
	var b strings.Builder
	quoted := false
	pending := 0 // blanks held until something follows them
	for ; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '\n':
			if quoted {
				return "", i, false
			}
			return b.String(), i + 1, true
		case !quoted && (ch == '#' || ch == ';'):
			for i < len(text) && text[i] != '\n' {
				i++
			}
			return b.String(), i, true
		case ch == '\\':
			if i+1 >= len(text) {
				return "", i, false
			}
			i++
			switch text[i] {
			case '\n':
				continue
			case '\r':
				if i+1 < len(text) && text[i+1] == '\n' {
					i++
				}
				continue
			case 'n':
				ch = '\n'
			case 't':
				ch = '\t'
			case 'b':
				ch = '\b'
			case '\\', '"':
				ch = text[i]
			default:
				return "", i, false
			}
			b.WriteString(strings.Repeat(" ", pending))
			pending = 0
			b.WriteByte(ch)
		case ch == '"':
			quoted = !quoted
		case !quoted && (ch == ' ' || ch == '\t' || ch == '\r'):
			if b.Len() > 0 {
				pending++
			}
		default:
			b.WriteString(strings.Repeat(" ", pending))
			pending = 0
			b.WriteByte(ch)
		}
	}
	if quoted {
		return "", i, false
	}
	return b.String(), i, true
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// containsFold reports whether list holds s, in any case.
func containsFold(list []string, s string) bool {
	for _, l := range list {
		if strings.EqualFold(l, s) {
			return true
		}
	}
	return false
}
