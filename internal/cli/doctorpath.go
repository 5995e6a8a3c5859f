package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// The folders of PATH that come before governance's own are searched
// first: a program named governance or governance-hook that an agent
// puts in one of them runs when a person types governance approvals, or
// when a harness runs the hook by its name. doctor warns about each such
// folder that an agent may write: one inside the project, a temporary
// folder, a relative entry (the folder a command runs in), or one the user
// may write.

// pathShadow is a folder of PATH searched before governance's folder that
// an agent may write, and why it may.
type pathShadow struct {
	dir, why string
	// inProject: the folder is the project's (or relative, so the
	// folder a command runs in): a confined call writes it, and a program
	// of governance's name there is planted (installs go elsewhere).
	inProject bool
}

// pathShadows returns the folders of pathVar, in order, that come before
// binDir (all of them when binDir is not on it) and that an agent may
// write: inside project, one of temps, relative, or writable.
func pathShadows(pathVar, binDir, project string, temps []string, writable func(string) bool) []pathShadow {
	var out []pathShadow
	within := func(dir, root string) bool {
		return root != "" && (dir == root || strings.HasPrefix(dir, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator)))
	}
	for _, d := range filepath.SplitList(pathVar) {
		if !filepath.IsAbs(d) {
			out = append(out, pathShadow{d, "a relative entry: the folder each command runs in", true})
			continue
		}
		d = filepath.Clean(d)
		real := d
		if r, err := filepath.EvalSymlinks(d); err == nil {
			real = r
		}
		if binDir != "" && (real == binDir || d == binDir) {
			break
		}
		var why string
		switch {
		case within(real, project) || within(d, project):
			why = "inside the project"
		case anyWithin(real, temps, within):
			why = "a temporary folder"
		case writable(d):
			why = "writable by you, so by the agents you run"
		default:
			continue
		}
		out = append(out, pathShadow{d, why, why == "inside the project"})
	}
	return out
}

func anyWithin(dir string, roots []string, within func(dir, root string) bool) bool {
	for _, r := range roots {
		if within(dir, r) {
			return true
		}
	}
	return false
}

// binDir is the folder governance runs from.
func binDir() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	return filepath.Dir(exe)
}

// tempFolders are the temporary folders, links resolved.
func tempFolders() []string {
	temps := []string{os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"}
	for i, t := range temps {
		if r, err := filepath.EvalSymlinks(t); err == nil {
			temps[i] = r
		}
	}
	return temps
}

// plantedOnPath returns the programs of governance's names in the folders
// of PATH before its own that an agent may write.
func (a *App) plantedOnPath(project string) []string {
	var out []string
	for _, s := range pathShadows(a.Getenv("PATH"), binDir(), project, tempFolders(), writableByMe) {
		if s.inProject {
			out = append(out, plantedPrograms(s.dir, project)...)
		}
	}
	return out
}

// pathLines prints doctor's report on PATH: governance's folder, the
// folders before it that an agent may write, and any program of
// governance's name already in one of them, which runs in place of
// governance's own (a problem, counted in the return).
func (a *App) pathLines(w io.Writer, project string) int {
	bin := binDir()
	shadows := pathShadows(a.Getenv("PATH"), bin, project, tempFolders(), writableByMe)
	fmt.Fprintf(w, "\nPATH: governance runs from %s\n", bin)
	if len(shadows) == 0 {
		fmt.Fprintf(w, "  no folder an agent may write comes before it\n")
		return 0
	}
	problems := 0
	for _, s := range shadows {
		fmt.Fprintf(w, "  warning: %s comes first on PATH and is %s: a program named governance or governance-hook put there would run instead\n", s.dir, s.why)
		if !s.inProject {
			continue
		}
		for _, f := range plantedPrograms(s.dir, project) {
			problems++
			fmt.Fprintf(w, "  error: %s is there: it runs in place of governance's own, and a harness that runs the hook by its name runs it (remove it)\n", f)
		}
	}
	fmt.Fprintf(w, "  hint: put %s before these folders on PATH, or remove them from it\n", bin)
	return problems
}

// plantedPrograms returns the files named as governance's programs in
// dir (relative to project when dir is relative).
func plantedPrograms(dir, project string) []string {
	if !filepath.IsAbs(dir) {
		if project == "" {
			return nil
		}
		dir = filepath.Join(project, dir)
	}
	var out []string
	for _, n := range []string{"governance-hook", "governance", "governance-confine"} {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out
}
