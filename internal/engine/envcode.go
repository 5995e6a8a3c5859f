package engine

import (
	"path"
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// Start-up code found by what a folder holds rather than by its name:
// the rules' patterns name the usual folders (.venv/bin), and a
// confined call finds the others by the same marks and holds the same
// files read-only (the launcher's venvStart).

// EnvMarks are what makes a folder a Python environment whose programs
// the person runs later: a virtual environment's pyvenv.cfg, and the
// conda-meta folder of a conda or pixi prefix (conda create -p ./env,
// .pixi/envs/default), which has no pyvenv.cfg. Python takes any prefix
// that holds its standard library as its own, and runs the .pth files of
// its site-packages at every start. The launcher finds environments by
// the same marks (see [Engine.ShownUnder]).
var EnvMarks = []string{"pyvenv.cfg", "conda-meta"}

// envCode reports a path in an environment's folder of programs (bin,
// Scripts on Windows): pip, pytest and every entry point there is run by
// the person, by name once the environment is activated; or in its
// etc/conda, whose activate.d scripts conda activate and pixi source
// into the person's shell. The environment is the folder that holds an
// EnvMark. Its site-packages' .pth files and sitecustomize are asked for
// by their names anywhere (code-run-on-open).
func (ev *evaluation) envCode(abs string) (env string, ok bool) {
	if i := strings.Index(abs, "/etc/conda/"); i > 0 {
		if env = abs[:i]; ev.envAt(env) {
			return env, true
		}
	}
	dir := path.Dir(abs)
	if base := path.Base(dir); base != "bin" && base != "Scripts" {
		return "", false
	}
	env = path.Dir(dir)
	return env, env != dir && ev.envAt(env)
}

// envAt reports a folder that holds one of EnvMarks.
func (ev *evaluation) envAt(dir string) bool {
	for _, m := range EnvMarks {
		if !ev.fsw.take(1) {
			return true
		}
		if _, err := ev.fsw.lstat(path.Join(dir, m)); err == nil {
			return true
		}
	}
	return false
}

// gitFolderAt reports a folder git takes as a git folder of its own,
// whatever its name, as its discovery does (is_git_directory): one that
// holds HEAD, objects and refs. A write that completes the three counts
// them there (written).
func (ev *evaluation) gitFolderAt(dir, written string) bool {
	for _, n := range []string{"HEAD", "objects", "refs"} {
		p := path.Join(dir, n)
		if p == written || strings.HasPrefix(written, p+"/") {
			continue
		}
		if !ev.fsw.take(1) {
			return true
		}
		fi, err := ev.fsw.lstat(p)
		if err != nil || fi.IsDir() != (n != "HEAD") {
			return false
		}
	}
	return true
}

// gitFolderNames are what git reads of a git folder that names programs
// or where their names are, beside what makes it one (HEAD, objects,
// refs): the launcher's gitFolderCode, whose list it is.
var gitFolderNames = []string{"config", "commondir", "config.worktree", "hooks", "modules", "worktrees"}

// gitFolderCode reports a path the walk keeps read-only for a confined call
// where a git folder holds it under another name than .git (a bare
// repository of the person's in the project): its configuration and
// hooks, as a nested repository's .git/config and .git/hooks are.
func (ev *evaluation) gitFolderCode(p string, link, dir bool) bool {
	base := path.Base(p)
	if link || strings.Contains(p, "/.git/") || strings.HasSuffix(p, "/.git") || !slices.Contains(gitFolderNames, base) ||
		dir != (base == "hooks" || base == "modules" || base == "worktrees") {
		return false
	}
	return ev.gitFolderAt(path.Dir(p), "")
}

// gitFolderEntry reports a name git reads in a git folder: what makes it
// one (HEAD, objects, refs) or what names programs (gitFolderNames).
func gitFolderEntry(n string) bool {
	return n == "HEAD" || n == "objects" || n == "refs" || slices.Contains(gitFolderNames, n)
}

// madeGitFolder reports a path whose write names programs in a folder
// that is, or with it becomes, a git folder under another name than .git
// (src/config with core.worktree and core.fsmonitor, beside src/HEAD,
// objects and refs: git status in src runs it). The rules deny .git's
// own (git-hooks-and-config).
func (ev *evaluation) madeGitFolder(abs string) (string, bool) {
	if strings.Contains(abs, "/.git/") {
		return "", false
	}
	// The folder whose name the write is in: src for src/config,
	// src/HEAD, src/hooks/pre-commit, src/refs/heads/main.
	dir, rest := path.Dir(abs), path.Base(abs)
	for i := 0; !gitFolderEntry(rest); i++ {
		if i == 4 || dir == "/" || dir == "." {
			return "", false
		}
		dir, rest = path.Dir(dir), path.Base(dir)
	}
	if !ev.gitFolderAt(dir, abs) {
		return "", false
	}
	// A write of HEAD, objects or refs that completes one asks when
	// code is there already.
	if !slices.Contains(gitFolderNames, rest) && !slices.ContainsFunc(gitFolderNames, func(n string) bool {
		_, err := ev.fsw.lstat(path.Join(dir, n))
		return err == nil
	}) {
		return "", false
	}
	return dir, true
}

// startCodeVerdict asks before a write of start-up code found by what
// its folder holds (see envCode, madeGitFolder), as code-run-on-open
// asks for the usual names: no rule's pattern can tell a conda prefix's
// bin, or a folder made a git folder, from a project's own.
func (ev *evaluation) startCodeVerdict(s *subject) Verdict {
	if s.op == programs.Delete || s.file.abs == "" || s.file.is(ClassGovernance) {
		return Verdict{}
	}
	if dir, ok := ev.madeGitFolder(s.file.abs); ok {
		return Verdict{Outcome: Ask, Layer: LayerInvariant, Rule: "code-run-on-open", Subject: ev.relPath(s.file),
			Message:    ev.relPath(place{abs: dir}) + " holds HEAD, objects and refs, which makes it a git folder to git: the person's later git commands there run what its configuration and hooks name, outside any confinement.",
			Suggestion: "Say what the change runs and when, so that the person can approve it; a repository's files belong in its .git folder."}
	}
	env, ok := ev.envCode(s.file.abs)
	if !ok || strings.Contains(env, "/node_modules/") {
		return Verdict{}
	}
	return Verdict{Outcome: Ask, Layer: LayerInvariant, Rule: "code-run-on-open", Subject: ev.relPath(s.file),
		Message: ev.relPath(s.file) + " is in the Python environment " + ev.relPath(place{abs: env}) +
			": the programs there run later, outside any confinement, when the person uses the environment (pip, pytest, an entry point run by name once it is activated).",
		Suggestion: "Say what the change runs and when, so that the person can approve it; install packages with the environment's own tools where the person runs them."}
}
