package engine

import (
	"path"
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

// startCodeVerdict asks before a write of start-up code found by what
// its folder holds (see envCode), as code-run-on-open asks for the
// usual names: no rule's pattern can tell a conda prefix's bin from a
// project's own.
func (ev *evaluation) startCodeVerdict(s *subject) Verdict {
	if s.op == programs.Delete || s.file.abs == "" || s.file.is(ClassGovernance) {
		return Verdict{}
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
