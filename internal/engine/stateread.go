package engine

import (
	"path/filepath"
	"strings"
)

// Governance's own state is another spelling of the secrets it holds: a
// checkpoint copies every untracked file of a project (keys and .env
// files too) into the state folder, the decision log and the approvals
// hold what calls carried, the daemon's files its token. So are the
// credentials its configuration names. Governance alone reads them; an
// AI caller's read of them, by any tool or command, is denied like a
// secret's.

// stateReadVerdict denies an AI caller's read of governance's state: a
// file in it, or a recursive read of a folder that holds it.
func (ev *evaluation) stateReadVerdict(s *subject) Verdict {
	if s.stat || s.file.abs == "" {
		return Verdict{}
	}
	what := ""
	switch {
	case ev.governanceState(s.file.abs):
		what = ev.relPath(s.file) + " is governance's own state"
	case s.tree:
		if inner := ev.stateInside(s.file.abs, s.hidden); inner != "" {
			what = "The read of every file under " + ev.relPath(s.file) + " takes governance's own state (" + inner + ")"
		}
	}
	if what == "" {
		return Verdict{}
	}
	return Verdict{Outcome: Deny, Layer: LayerInvariant, Rule: "governance-state", Subject: s.display,
		Message:    what + ": its checkpoints, decision log and approvals hold copies of what it keeps from agents (untracked secrets too), its credentials are secrets.",
		Suggestion: "Ask the user for what you need from it; read the project's own files instead."}
}

// governanceState reports a path in the state folder or in the
// credentials of a configuration folder, in any case (as the protected
// set is matched).
func (ev *evaluation) governanceState(abs string) bool {
	if d := ev.stateDir(); d != "" && withinFold(abs, d) {
		return true
	}
	for _, d := range ev.pc.configDirs {
		if d != "" && withinFold(abs, d+"/credentials") {
			return true
		}
	}
	return false
}

// stateInside returns the state folder or a credentials folder when it
// lies inside the folder abs and a walk of abs reaches it (a walk that
// skips dot files does not reach ~/.local/state), or "".
func (ev *evaluation) stateInside(abs string, hidden bool) string {
	dirs := []string{ev.stateDir()}
	for _, d := range ev.pc.configDirs {
		if d != "" {
			dirs = append(dirs, d+"/credentials")
		}
	}
	for _, d := range dirs {
		if d == "" || d == abs || !withinFold(d, abs) {
			continue
		}
		if !hidden && strings.Contains(d[len(abs):], "/.") {
			continue
		}
		if ev.mayExist(d) {
			return d
		}
	}
	return ""
}

// stateDir returns the state folder as paths are compared, or "".
func (ev *evaluation) stateDir() string {
	if ev.e.Policy == nil || ev.e.Policy.StateDir == "" {
		return ""
	}
	return filepath.ToSlash(filepath.Clean(ev.e.Policy.StateDir))
}
