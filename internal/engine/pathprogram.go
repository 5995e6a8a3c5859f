package engine

import (
	"io/fs"
	"path"
	"path/filepath"
	"strings"
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
// project, a temporary folder) before any other folder has it: it runs
// that file. A link there to a program outside those folders runs that
// program, but for a virtual environment's (see plantedIn). Only those
// folders are looked at, once a name for the call, and only when the
// command would otherwise be taken for its model.
func (ev *evaluation) plantedProgram(cl *cmdline) bool {
	if len(cl.cmd.Args) == 0 || cl.cmd.Args[0].Dynamic || ev.e.LookupEnv == nil {
		return false
	}
	name := cl.cmd.Args[0].Value
	if name == "" || strings.Contains(name, "/") || isShellBuiltin(name) {
		return false
	}
	if v, ok := ev.planted[name]; ok {
		return v
	}
	pathVar, _ := ev.e.LookupEnv("PATH")
	v := ev.plantedAlong(pathVar, cl.cmd.Cwd, name)
	if ev.planted == nil {
		ev.planted = map[string]bool{}
	}
	ev.planted[name] = v
	return v
}

func isShellBuiltin(name string) bool {
	for _, b := range shellBuiltins {
		if b == name {
			return true
		}
	}
	return false
}

// plantedAlong is plantedProgram for one PATH value; cwd (the folder the
// command runs in, else the call's) places its relative folders.
func (ev *evaluation) plantedAlong(pathVar, cwd, name string) bool {
	if cwd == "" {
		cwd = ev.req.Cwd
	}
	var before []string
	for _, dir := range filepath.SplitList(pathVar) {
		if dir == "" {
			// An empty entry is the current folder.
			dir = "."
		}
		if strings.Contains(dir, "$") {
			continue
		}
		if !path.IsAbs(dir) {
			if !path.IsAbs(cwd) {
				// Where it leads is not known: it may be the project.
				return true
			}
			dir = path.Join(cwd, dir)
		}
		dir = path.Clean(dir)
		if !ev.writableByCalls(dir) {
			before = append(before, dir)
			continue
		}
		switch ev.plantedIn(path.Join(dir, name)) {
		case fileAbsent:
			continue
		case fileOutside:
			return false
		}
		// A folder ahead of it that has the name runs its own.
		for _, b := range before {
			if !ev.fsw.take(1) {
				return true
			}
			if _, err := ev.fsw.lstat(path.Join(b, name)); err == nil {
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
