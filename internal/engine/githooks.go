package engine

import (
	"cmp"
	"io/fs"
	"path"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// A confinement keeps git's configuration and hooks folder read-only, so
// that a confined call plants no code git runs later outside it. An
// install whose git hook manager (husky, simple-git-hooks, lefthook)
// writes them would fail there, or leave the hooks unset with little
// said: the analysis reads the package.json the install runs the scripts
// of, and the decision says so (Decision.ConfineHazard), for the
// pipeline to ask rather than confine.

// noteGitHookManager records a confinement hazard when one of cl's
// effects is the install lifecycle of a project whose package.json names
// a git hook manager.
func (ev *evaluation) noteGitHookManager(cl *cmdline) {
	if ev.confineHazard != "" || cl.call == nil || cl.call.Prog == nil {
		return
	}
	for _, e := range cl.call.Effects().List {
		if e.Op != programs.Exec || !e.Lifecycle {
			continue
		}
		pkg, data := ev.nearestPackageJSON(cl.cmd.Cwd)
		if pkg == "" {
			return
		}
		if name, where := programs.GitHookManager(data); name != "" {
			ev.confineHazard = e.Why + ", and " + ev.relPath(place{abs: pkg}) + " names " + name + " (" + where +
				"), which writes git's configuration or hooks folder (.git/config, .git/hooks)"
		}
		return
	}
}

// nearestPackageJSON returns the package.json an install in dir acts on:
// in dir or the nearest folder above it, up to the project's root.
func (ev *evaluation) nearestPackageJSON(dir string) (string, []byte) {
	if !path.IsAbs(dir) {
		return "", nil
	}
	for {
		p := path.Join(dir, "package.json")
		if !ev.fsw.take(1) {
			return "", nil
		}
		if data, err := ev.fsw.fs().ReadFile(p); err == nil {
			return p, data
		}
		if dir == ev.pc.root || dir == ev.pc.home || dir == "/" || ev.pc.root != "" && !within(dir, ev.pc.root) {
			return "", nil
		}
		dir = path.Dir(dir)
	}
}

// gitHooksInstalled says why the repository a git call acts in has a
// hook installed, or "" when it has none: an executable file (or a link)
// other than git's *.sample in a hooks folder git may run (the common
// git folder's hooks, any folder core.hooksPath names in the
// repository's or the home folder's configuration), or the configuration
// of a hook manager at the top of the work tree. A hook runs what the
// work tree holds (a pre-commit entry ./scripts/check.sh, husky's npm
// test), which the analysis does not read; what cannot be looked at
// counts as installed.
func (ev *evaluation) gitHooksInstalled(cl *cmdline) string {
	start := cl.cmd.Cwd
	if !path.IsAbs(start) {
		return "the repository's hooks, from a folder not known, cannot be looked at"
	}
	for _, d := range cl.call.ValueArgs("-C") {
		if d.Dynamic {
			return "the repository's hooks, in a folder not known, cannot be looked at"
		}
		start = ev.abs(start, d.Value)
	}
	top, gitDir := ev.fsw.repoOf(start)
	for _, g := range cl.call.ValueArgs("--git-dir") {
		if g.Dynamic {
			return "the repository's hooks, in a folder not known, cannot be looked at"
		}
		top, gitDir = "", ev.abs(start, g.Value)
	}
	if gitDir == "" {
		return ""
	}
	common := gitDir
	if data, err := ev.fsw.fs().ReadFile(path.Join(gitDir, "commondir")); err == nil {
		common = ev.abs(gitDir, strings.TrimSpace(string(data)))
	}
	base := cmp.Or(top, gitDir)
	folders := []string{path.Join(common, "hooks")}
	configs := []string{path.Join(common, "config"), path.Join(gitDir, "config"), path.Join(gitDir, "config.worktree")}
	if ev.pc.home != "" {
		configs = append(configs, path.Join(ev.pc.home, ".gitconfig"), path.Join(ev.pc.home, ".config/git/config"))
	}
	configs = append(configs, "/etc/gitconfig")
	// The files those include are read as git reads them (relative to the
	// including file, whatever the condition): a core.hooksPath there
	// counts as much.
	seen := map[string]bool{}
	for i := 0; i < len(configs); i++ {
		f := configs[i]
		if seen[f] {
			continue
		}
		seen[f] = true
		if !ev.fsw.take(1) || len(seen) > 8*maxGitIncludes {
			return "the repository's hooks are too many files to look at"
		}
		data, err := ev.fsw.fs().ReadFile(f)
		if err != nil {
			continue
		}
		entries, _ := gitConfigEntries(string(data))
		for _, e := range entries {
			name := strings.ToLower(e.name)
			switch {
			case name == "core.hookspath" && e.value != "":
				folders = append(folders, ev.abs(base, e.value))
			case (name == "include.path" || strings.HasPrefix(name, "includeif.") && strings.HasSuffix(name, ".path")) && e.value != "":
				configs = append(configs, ev.abs(path.Dir(f), e.value))
			}
		}
	}
	for _, dir := range folders {
		if why := ev.hookIn(dir); why != "" {
			return why
		}
	}
	if top == "" {
		return ""
	}
	for _, m := range HookManagers {
		for _, f := range m.Files {
			if !ev.fsw.take(1) {
				return "the repository's hooks are too many files to look at"
			}
			if _, err := ev.fsw.lstat(path.Join(top, f)); err == nil {
				return ev.relPath(place{abs: path.Join(top, f)}) + " configures the hook manager " + m.Name +
					", whose hooks run what the work tree says"
			}
		}
	}
	return ""
}

// hookIn says which hook is installed in a hooks folder, or "".
func (ev *evaluation) hookIn(dir string) string {
	if !ev.fsw.take(1) {
		return "the repository's hooks are too many files to look at"
	}
	entries, err := ev.fsw.fs().ReadDir(dir)
	if errorsIsNotExist(err) {
		return ""
	}
	if err != nil {
		return "the hooks folder " + ev.relPath(place{abs: dir}) + " cannot be read"
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".sample") {
			continue
		}
		fi, err := e.Info()
		if err != nil || fi.Mode()&fs.ModeSymlink != 0 || fi.Mode()&0o111 != 0 {
			return "the hook " + ev.relPath(place{abs: path.Join(dir, e.Name())}) + " is installed, and runs what it says"
		}
	}
	return ""
}
