package engine

import (
	"cmp"
	"path"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/programs"
)

// A recursive read (grep -r, rg, the Grep tool) prints the lines of every
// file it walks: the secrets in those folders too. The folder is walked,
// within the call's budget, and each file is judged by the rules that
// deny reading secrets. A search of a folder that holds secrets is not a
// plain allow; a search of a secret folder itself (~/.ssh, ~/.aws) is
// denied, like reading the files it holds.

// treeVerdict judges a recursive read of a folder by what it would read.
func (ev *evaluation) treeVerdict(s *subject) Verdict {
	root := s.file.abs
	if root == "" {
		return Verdict{}
	}
	if real, ok := ev.fsw.realPath(root); ok {
		root = real
	}
	var found []string
	secret := ev.secretProbe()
	if s.committed {
		return ev.committedVerdict(s, root, secret)
	}
	var shown func(dir, name string) bool
	if !s.hidden {
		shown = ev.ignoreLetsThrough()
	}
	complete := ev.fsw.walk(root, s.hidden, shown, func(p string, link, dir bool) bool {
		if s.workTree && strings.Contains(p+"/", "/.git/") {
			// git searches its work tree, never its own folder.
			return true
		}
		if s.treeName != "" {
			// A name filter this matcher cannot read may let any file
			// through.
			if pat, known := bashPattern(s.treeName); known {
				if ok, _ := path.Match(pat, path.Base(p)); !ok {
					return true
				}
			}
		}
		if s.filter != nil && !dir && p != root && !passes(s.filter, root, p) {
			return true
		}
		if s.treeGlob != "" && (dir || p != root && !globReads(s.treeGlob, strings.TrimPrefix(p, root+"/"))) {
			// A folder the glob walks is no file it reads.
			return true
		}
		hit := secret(p)
		if !hit && link {
			// The folders on the way are real: only a link leads
			// elsewhere.
			if real, ok := ev.fsw.realPath(p); ok && real != p {
				hit = secret(real)
			}
		}
		if hit {
			found = append(found, p)
		}
		return len(found) < 5
	})
	what := "`" + s.via + "`"
	if s.via == "" {
		what = "This search"
	}
	switch {
	case len(found) > 0 && !(ev.pc.root != "" && within(root, ev.pc.root)) && secretFolder(root, found):
		return Verdict{Outcome: Deny, Layer: LayerRules, Rule: "recursive-read-secret-folder", Subject: s.display,
			Message: what + " reads every file under " + ev.relPath(s.file) + ", a folder of secrets (" +
				strings.Join(ev.relPaths(found), ", ") + "): their contents would be printed.",
			Suggestion: "Ask the user for the specific non-secret value you need."}
	case len(found) > 0:
		return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "recursive-read-secrets", Subject: s.display,
			Message: what + " reads every file under " + ev.relPath(s.file) + ", which holds secrets (" +
				strings.Join(ev.relPaths(found), ", ") + "): lines of them would be printed.",
			Suggestion: "Search the folders that hold no secrets, or exclude the secret files (grep --exclude, rg -g '!.env')."}
	case !complete:
		return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "recursive-read-unchecked", Subject: s.display,
			Message:    what + " reads every file under " + ev.relPath(s.file) + ", more than can be checked for secrets now.",
			Suggestion: "Search a smaller folder, or approve it if the folder holds no secrets."}
	}
	return Verdict{}
}

// secretProbe returns a function that reports a file the rules that deny
// reading secrets deny reading: what a walk of a folder looks for.
func (ev *evaluation) secretProbe() func(p string) bool {
	rules := ev.secretRules()
	probe := &subject{kind: KindRead}
	return func(p string) bool {
		probe.file = ev.pc.resolve(p, false, false, "")
		probe.text, probe.kbit = fileText{}, 0
		for _, r := range rules {
			// Prepared: a walk meets each rule many times.
			if r.appliesTo(probe, ev.agent, ev.scope) && r.matched(probe, ev.pc, true) >= 0 {
				return true
			}
		}
		// A git, npm or yarn configuration holding a credential (a
		// token in a remote's URL) is printed like any secret.
		return ev.credentialConfig(p) && ev.configCredentialAt(p) != ""
	}
}

// secretFolder reports a folder that is itself where secrets are kept:
// outside the project, and the folder of the secrets found in it (or
// inside that folder).
func secretFolder(root string, found []string) bool {
	for _, f := range found {
		dir := path.Dir(f)
		if dir == root || within(root, dir) {
			return true
		}
	}
	return false
}

// relPaths renders paths relative to the project when inside it.
func (ev *evaluation) relPaths(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = ev.relPath(place{abs: p})
	}
	return out
}

// secretRules returns the rules that deny reading files by their paths:
// the secrets a recursive read must not reach.
func (ev *evaluation) secretRules() []*Rule {
	var out []*Rule
	for _, r := range ev.e.Policy.Rules {
		if r.outcome < Deny || r.kinds&KindRead.bit() == 0 {
			continue
		}
		for _, m := range r.Match {
			if len(m.Paths) > 0 {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// committedVerdict judges a read of the files git tracks in the
// repository root is in, as the history holds them: each name in the
// index is judged by the rules that deny reading secrets.
func (ev *evaluation) committedVerdict(s *subject, root string, secret func(string) bool) Verdict {
	gitDir := ev.fsw.gitDirOf(root)
	what, subj := "`"+s.via+"`", s.via
	if subj == "" {
		subj = s.display
	}
	if gitDir == "" {
		return Verdict{}
	}
	top := filepath.Dir(gitDir)
	whole := strings.HasSuffix(s.display, ":/") || within(top, root)
	var found []string
	complete := ev.fsw.indexPaths(filepath.Join(gitDir, "index"), func(e indexEntry) bool {
		rel := string(e.name)
		if !ev.fsw.take(1) {
			return false
		}
		// The history under the path named, or, for the repository's
		// own folder or any above the call's, of the whole repository.
		p := path.Join(top, rel)
		if !whole && !within(p, root) {
			return true
		}
		if secret(p) {
			found = append(found, p)
		}
		return len(found) < 5
	}) && !ev.fsw.spent
	// A secret removed from the index is still in the history.
	var history error
	if complete && len(found) == 0 && !s.indexOnly {
		var names []string
		names, history = ev.historyNames(gitDir)
		for _, rel := range names {
			if !ev.fsw.take(1) {
				complete = false
				break
			}
			p := path.Join(top, rel)
			if (whole || within(p, root)) && secret(p) {
				if found = append(found, p); len(found) == 5 {
					break
				}
			}
		}
	}
	switch {
	case len(found) > 0:
		return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "committed-secrets", Subject: subj,
			Message: what + " prints the contents of files as commits hold them, and this repository tracks secrets, now or earlier in its history (" +
				strings.Join(ev.relPaths(found), ", ") + "): their lines would be printed.",
			Suggestion: "Limit it to the paths you need (git log -p -- src/), or leave out the patches (--stat, --name-only)."}
	case history != nil:
		return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "recursive-read-unchecked", Subject: subj,
			Message:    what + " prints the contents of files as commits hold them, and the repository's history could not be checked for secrets now (" + history.Error() + ").",
			Suggestion: "Limit it to the paths you need (git log -p -- src/), or try again in a moment: the history is read once and kept."}
	case history != nil:
		return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "recursive-read-unchecked", Subject: subj,
			Message:    what + " prints the contents of files as commits hold them, and the repository's history could not be checked for secrets now (" + history.Error() + ").",
			Suggestion: "Limit it to the paths you need (git log -p -- src/), or try again in a moment: the history is read once and kept."}
	case !complete:
		return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "recursive-read-unchecked", Subject: subj,
			Message:    what + " prints the contents of files as commits hold them, and the files git tracks could not all be checked for secrets now.",
			Suggestion: "Limit it to the paths you need (git log -p -- src/), or approve it if the repository tracks no secrets."}
	}
	return Verdict{}
}

// ignoreLetsThrough returns whether an ignore file lets a dot file or
// folder through to a search that skips them: ripgrep and fd search a
// hidden file that a ! line of .gitignore, .ignore, .rgignore or
// .fdignore names, in its folder or any folder above it, or of git's own
// exclude files. A line this matcher cannot read lets any through.
func (ev *evaluation) ignoreLetsThrough() func(dir, name string) bool {
	type negation struct{ base, pattern string }
	// read returns the ! lines of an ignore file, anchored at base.
	read := func(file, base string) []negation {
		if !ev.fsw.take(1) {
			// Out of budget: anything may be let through.
			return []negation{{base, "**"}}
		}
		data, err := ev.fsw.fs().ReadFile(file)
		if err != nil {
			return nil
		}
		var out []negation
		for _, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if p, ok := strings.CutPrefix(line, "!"); ok && p != "" {
				out = append(out, negation{base, strings.TrimSuffix(p, "/")})
			}
		}
		return out
	}
	byDir := map[string][]negation{}
	load := func(dir string) []negation {
		n, ok := byDir[dir]
		if !ok {
			for _, f := range []string{".gitignore", ".ignore", ".rgignore", ".fdignore"} {
				n = append(n, read(path.Join(dir, f), dir)...)
			}
			byDir[dir] = n
		}
		return n
	}
	// git's own exclude files are anchored at the top of the repository.
	top := cmp.Or(ev.pc.root, "/")
	var global []negation
	if home := ev.req.Home; home != "" {
		global = append(global, read(path.Join(home, ".config", "git", "ignore"), top)...)
	}
	if ev.pc.root != "" {
		global = append(global, read(path.Join(ev.pc.root, ".git", "info", "exclude"), top)...)
	}
	matches := func(n negation, dir, name string) bool {
		p := n.pattern
		if strings.Contains(p, "**") {
			return true
		}
		target := name
		if strings.Contains(strings.TrimPrefix(p, "/"), "/") || strings.HasPrefix(p, "/") {
			// Anchored at the ignore file's folder.
			rel, err := filepath.Rel(n.base, path.Join(dir, name))
			if err != nil {
				return true
			}
			p, target = strings.TrimPrefix(p, "/"), filepath.ToSlash(rel)
		}
		pat, known := bashPattern(p)
		if !known {
			return true
		}
		ok, err := path.Match(pat, target)
		return ok || err != nil
	}
	return func(dir, name string) bool {
		for _, n := range global {
			if matches(n, dir, name) {
				return true
			}
		}
		for d := dir; ; d = path.Dir(d) {
			for _, n := range load(d) {
				if matches(n, dir, name) {
					return true
				}
			}
			if d == "/" || d == "." {
				return false
			}
		}
	}
}

// passes reports whether a file under root gets through a tree read's
// name filter. A glob this matcher cannot read is taken to match when it
// would have the file read, and not to match when it would leave it out.
func passes(f *programs.NameFilter, root, p string) bool {
	base := path.Base(p)
	rel := strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
	for i := len(f.Globs) - 1; i >= 0; i-- {
		g := f.Globs[i]
		if m, known := globMatches(g, base, rel); m || !known && !g.Exclude {
			return !g.Exclude
		}
	}
	for _, g := range f.Globs {
		if !g.Exclude {
			// Some glob names the files to read: this is not one (rg), or
			// the first glob includes (grep).
			return !f.Whitelist && f.Globs[0].Exclude
		}
	}
	return true
}

// globMatches matches a filter glob against a file's base name, or its
// path under the folder searched.
func globMatches(g programs.NameGlob, base, rel string) (match, known bool) {
	glob, target := g.Glob, base
	if g.Path {
		if strings.Contains(glob, "**") {
			return false, false
		}
		if strings.Contains(strings.TrimSuffix(glob, "/"), "/") {
			glob, target = strings.TrimPrefix(glob, "/"), rel
		}
	}
	if g.Fold {
		glob, target = strings.ToLower(glob), strings.ToLower(target)
	}
	if strings.ContainsAny(glob, "{}\\") {
		return false, false
	}
	pat, known := bashPattern(glob)
	if !known {
		return false, false
	}
	ok, err := path.Match(pat, target)
	return ok, err == nil
}
