package engine

import (
	"path"

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
