package config

import (
	"fmt"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// A file rewritten in place (a shell's >, an editor that truncates and
// writes, os.WriteFile) is empty or cut short while it is written, and an
// empty rules file is a valid empty policy: read then, it would turn every
// rule off. So a configuration is read again until it is stable.
const (
	// quiet is how long a configuration must go unchanged before it is
	// taken: a file changed more recently may be half written. A rewrite
	// truncates, then writes; between the two a shell starts the writing
	// program (fork and exec: a few milliseconds, tens on a loaded
	// machine), and the kernel stamps files with a clock that ticks every
	// 1 to 10 ms. 50 ms covers both with room, and costs a compile that
	// follows an edit at most that long once.
	quiet = 50 * time.Millisecond
	// settleBound bounds the wait for a stable configuration; one still
	// changing then is a configuration error, and every call is denied
	// with it until it settles.
	settleBound = 2 * time.Second
	// hold is how long a file that was emptied (it reads as nothing where
	// the last good policy had rules or settings from it) must stay so
	// before the empty file is taken: a writer slower than quiet (a
	// program whose output a shell redirects) has not written yet. Until
	// then the last good policy holds. An intended emptying takes effect
	// after it; the old rules hold that long.
	hold = 2 * time.Second
	// retry is the pause between reads of a changing configuration.
	retry = 5 * time.Millisecond
	// skew is how far in the future a change time may be before it is
	// taken for a clock that differs (a network file system), not for a
	// change being made.
	skew = time.Second
)

// LastGood returns the last snapshot compiled without error from the
// folders p names, or nil: the one the hook enforces, or kept beside it
// when that one reports an error (see [snapshot.GoodPath]).
func LastGood(p layout.Paths) *snapshot.Snapshot {
	for _, path := range []string{snapshot.GoodPath(p), snapshot.CachePath(p)} {
		s, err := snapshot.Read(path)
		if err == nil && s.Version == snapshot.Version && s.From == p && s.Err == "" {
			return s
		}
	}
	return nil
}

// CompileStable compiles the configuration of p once it is stable: the
// sources' stamps are the same before and after a read, and nothing
// changed within [quiet] of its end. While it is not, it is read again,
// for up to [settleBound]; then the snapshot reports the error, and is
// stale at once so that the next call compiles again. A stable
// configuration with a file emptied within [hold] (where good, the last
// good snapshot of the same folders, had rules or content from it) keeps
// good's policy until the file has stayed so for [hold], and says so in
// [snapshot.Snapshot.Held].
func CompileStable(p layout.Paths, good *snapshot.Snapshot, now func() time.Time, sleep func(time.Duration)) *snapshot.Snapshot {
	deadline := now().Add(settleBound)
	// The folders that hold sources change as files are added, removed
	// or renamed into place, each of which is whole; some change often
	// for other reasons (~/.claude as Claude Code works). Only files, and
	// the folders of rules and agents, can be caught half written.
	folders := map[string]bool{}
	for _, src := range p.Sources() {
		if src.Parent < 0 {
			folders[src.Path] = true
		}
	}
	for {
		before := stampSources(p)
		s := compileOnce(p, before)
		after := stampSources(p)
		t := now()
		changed, at := youngest(after, folders, t)
		same := sameStamps(before, after, folders)
		if same && t.Sub(at) >= quiet {
			if held := holdGood(p, s, good, t); held != nil {
				return held
			}
			return s
		}
		if !t.Before(deadline) {
			why := changed + " changed within " + quiet.String() + " of being read"
			if !same {
				why = "the configuration changed while it was read"
			}
			s.Err = fmt.Sprintf("the configuration did not settle for %s (%s): it is being written; every call is denied until it has not changed for %s",
				settleBound, why, quiet)
			s.Until = t.UnixNano()
			return s
		}
		sleep(retry)
	}
}

// youngest returns the path of the stamps changed last, and when (the
// later of the modification and change times); the paths in skip and a
// time past now by more than [skew] are left out.
func youngest(stamps []snapshot.Stamp, skip map[string]bool, now time.Time) (string, time.Time) {
	var path string
	var at int64
	limit := now.Add(skew).UnixNano()
	for _, st := range stamps {
		if !st.Exists || skip[st.Path] {
			continue
		}
		t := max(st.MTime, st.CTime)
		if t > at && t <= limit {
			path, at = st.Path, t
		}
	}
	return path, time.Unix(0, at)
}

// sameStamps reports whether two stampings agree, but for the paths in
// skip.
func sameStamps(a, b []snapshot.Stamp, skip map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !skip[a[i].Path] {
			return false
		}
	}
	return true
}

// holdGood returns good's policy held for s's sources, when a file of s
// was emptied within [hold] of now: it exists and is empty where good
// stamped it with content, or it is a rules file, changed since good was
// compiled, with no rules where good had rules from it (a file that did
// not change lost its rules otherwise: governance review --retire). It
// returns nil when nothing was emptied, or no good snapshot of the same
// folders is known.
func holdGood(p layout.Paths, s, good *snapshot.Snapshot, now time.Time) *snapshot.Snapshot {
	if good == nil || good.From != p || good.Err != "" {
		return nil
	}
	had := map[string]int64{}
	stamped := map[string]snapshot.Stamp{}
	for _, st := range good.Stamps {
		if st.Exists {
			had[st.Path] = st.Size
		}
		stamped[st.Path] = st
	}
	ruled := map[string]bool{}
	if rules, err := good.AllRules(); err == nil {
		for _, r := range rules {
			file, _ := splitSource(r.Spec.Source)
			ruled[file] = true
		}
	}
	for _, r := range append(append([]snapshot.Rule(nil), s.Rules...), s.UntrustedRules...) {
		file, _ := splitSource(r.Spec.Source)
		delete(ruled, file)
	}
	for _, st := range s.Stamps {
		if !st.Exists || st.Size < 0 {
			continue
		}
		at := time.Unix(0, max(st.MTime, st.CTime))
		if now.Sub(at) >= hold || at.After(now.Add(skew)) {
			continue
		}
		emptied := st.Size == 0 && had[st.Path] > 0
		if !emptied && ruled[st.Path] && s.Err == "" && st != stamped[st.Path] {
			emptied = true
		}
		if !emptied {
			continue
		}
		kept := *good
		kept.Stamps = s.Stamps
		kept.Until = at.Add(hold).UnixNano()
		kept.Held = fmt.Sprintf("%s reads as empty since %s, where the last good policy had rules from it: that policy is kept until the file has not changed for %s (it may be being rewritten)",
			st.Path, at.Format("15:04:05.000"), hold)
		return &kept
	}
	return nil
}

// Emptied returns a rules file that gave rules to before and gives none
// to after, and that changed within [hold] of now (and when), or "":
// what a loader that keeps its last good policy (the daemon) holds to
// while the file may be being rewritten.
func Emptied(before, after *engine.Policy, now time.Time) (string, time.Time) {
	files := func(pol *engine.Policy) map[string]bool {
		out := map[string]bool{}
		rules := pol.Rules
		if pol.Untrusted != nil {
			rules = append(rules[:len(rules):len(rules)], pol.Untrusted.Rules...)
		}
		for _, r := range rules {
			if r.RuleSpec != nil && r.Scope != engine.ScopeBuiltin {
				file, _ := splitSource(r.Source)
				out[file] = true
			}
		}
		return out
	}
	now2 := files(after)
	for file := range files(before) {
		if now2[file] {
			continue
		}
		st := snapshot.StampOf(file)
		at := time.Unix(0, max(st.MTime, st.CTime))
		if st.Exists && st.Size >= 0 && now.Sub(at) < hold && !at.After(now.Add(skew)) {
			return file, at
		}
	}
	return "", time.Time{}
}
