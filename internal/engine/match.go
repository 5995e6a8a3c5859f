package engine

import (
	"cmp"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentgov/governance/internal/programs"
	"github.com/agentgov/governance/internal/shell"
)

// subject is one thing a request does that the policy judges: a simple
// command, a file access, a URL, a subagent, an MCP tool call.
type subject struct {
	kind Kind
	// shell
	cl      *cmdline
	targets []place // the paths the command acts on
	// files (also derived from shell commands)
	file place
	via  string // the command a file access comes from
	// stat marks a read of a file's name or metadata only.
	stat bool
	// tree marks an effect on everything under a folder (a recursive
	// read, an archive extracted); hidden says that a read includes dot
	// files.
	tree, hidden bool
	// committed, for a tree read, reads the files git tracks there as
	// the history holds them, not the folder on disk; indexOnly as the
	// index holds them (git diff with no revision).
	committed, indexOnly bool
	// values marks a read of a configuration file whose values the
	// command prints (git remote -v).
	values bool
	// workTree, for a tree read, leaves out git's own folders.
	workTree bool
	// treeName, for a tree read, is a glob the base names of the files
	// read match (find -name '*.py' | xargs cat), or "" for all.
	treeName string
	// treeGlob, for a tree read, is a glob the paths of the files read
	// match under the folder (read_many_files' **/*.ts), or "" for all.
	treeGlob string
	// filter, for a tree read, leaves files out by their names.
	filter *programs.NameFilter
	// op is the effect of a file subject that a command has, from its
	// program's model (0 for a file tool's or a redirect's); vcs marks
	// one of git's, which rewrites only the files it tracks.
	op  programs.Op
	vcs bool
	// web
	url, host string
	// agent
	subagent string
	// mcp
	server, tool string
	arguments    map[string]any
	// argForms are, for the arguments that name files, the places they
	// resolve to (see mcpSubjects).
	argForms map[string][]string
	// derived marks a subject that only the rules judge: the files an
	// MCP call's arguments name add what the rules say of them, and
	// nothing when no rule decides (the call itself has the default).
	derived bool
	display string
	// text caches what path matching works out from file's text; kbit
	// caches kindBit once set.
	text fileText
	kbit kindSet
}

// kindBit returns the bit of the subject's kind, worked out on first use:
// every rule asks for it.
func (s *subject) kindBit() kindSet {
	if s.kbit == 0 {
		s.kbit = s.kind.bit()
	}
	return s.kbit
}

func (s *subject) String() string { return s.display }

// matches reports whether any matcher of the rule matches s. prepared
// matches with the matchers' prepared forms (see Rule.prep), which pay
// for themselves when a rule meets many subjects, as in a call of many
// commands; a call of a few matches without them.
func (r *Rule) matches(s *subject, pc *pathContext, prepared bool) bool {
	return r.matched(s, pc, prepared) >= 0
}

// matched returns the index of the first matcher of the rule that
// matches s, or -1.
func (r *Rule) matched(s *subject, pc *pathContext, prepared bool) int {
	for i := range r.Match {
		if r.matchOne(i, s, pc, prepared) {
			return i
		}
	}
	return -1
}

func (r *Rule) matchOne(i int, s *subject, pc *pathContext, prepared bool) bool {
	m := &r.Match[i]
	var prep *matchPrep
	var kinds kindSet
	if prepared {
		prep = r.prep(i)
		kinds = prep.kinds
	} else {
		kinds = m.kinds()
	}
	if !kinds.hasBit(s.kindBit()) {
		return false
	}
	switch s.kind {
	case KindShell:
		return r.matchShell(m, prep, s, pc)
	case KindRead, KindWrite, KindEdit:
		if r.matchFile(i, s.file, &s.text, pc) {
			return true
		}
		if len(m.Paths) == 0 {
			return false
		}
		// A file where XDG_CONFIG_HOME moves ~/.config is judged as
		// the file there.
		twin, moved := pc.twin(s.file)
		if moved && r.matchFile(i, twin, &fileText{}, pc) {
			return true
		}
		if !r.judgesCopies() {
			return false
		}
		// A secret's backup or copy (.env~, credentials.json.bak) is
		// judged as the secret, each of its names by the whole matcher:
		// a copy of .env.example stays an example.
		for _, q := range s.text.copies(s.file) {
			if r.matchFile(i, q, &fileText{}, pc) {
				return true
			}
			if q, ok := pc.twin(q); ok && r.matchFile(i, q, &fileText{}, pc) {
				return true
			}
		}
		return false
	case KindWeb:
		more := m.more()
		if len(more.Domains) > 0 && !anyDomain(more.Domains, s.host) {
			return false
		}
		if len(more.URLs) > 0 && !anyGlob(more.URLs, s.url) {
			return false
		}
		return true
	case KindMCP:
		more := m.more()
		if len(more.Server) > 0 && !anyGlob(more.Server, s.server) {
			return false
		}
		if len(more.MCPTool) > 0 && !anyGlob(more.MCPTool, s.tool) {
			return false
		}
		for _, a := range more.Arguments {
			v, ok := s.arguments[a.Key]
			if !ok || !s.argMatches(a.Key, a.Glob, v) {
				return false
			}
		}
		for _, a := range more.NotArguments {
			if v, ok := s.arguments[a.Key]; ok && s.argMatches(a.Key, a.Glob, v) {
				return false
			}
		}
		return true
	case KindAgent:
		subagent := m.more().Subagent
		return len(subagent) == 0 || anyGlob(subagent, s.subagent)
	}
	return false
}

// matchFile matches the file place p against matcher i's paths and
// targets; t caches what is worked out from p's text.
func (r *Rule) matchFile(i int, p place, t *fileText, pc *pathContext) bool {
	m := &r.Match[i]
	if len(m.Paths) > 0 && !anyPathLit(m.Paths, r.pathLits(i), p, t, pc, r.foldPaths()) {
		return false
	}
	if notPaths := m.more().NotPaths; len(notPaths) > 0 && anyPathLit(notPaths, nil, p, t, pc, r.foldPaths()) {
		return false
	}
	return len(m.Targets) == 0 || anyClass(m.Targets, p)
}

// matchShell matches a shell subject; prep is nil when matching without
// the prepared form.
func (r *Rule) matchShell(m *MatchSpec, prep *matchPrep, s *subject, pc *pathContext) bool {
	cl := s.cl
	if cl == nil {
		return false
	}
	more := m.more()
	// The cheap tests first.
	if m.RunsInput && !cl.cmd.RunsInput || m.Privileged && !cl.cmd.Privileged ||
		len(more.InputFrom) > 0 && len(cl.cmd.InputFrom) == 0 {
		return false
	}
	if len(m.Program) > 0 {
		if prep != nil && !prep.programs.match(cl.name, cl.lname) || prep == nil && !anyGlobFold(m.Program, cl.name) {
			return false
		}
	}
	if len(more.Prefix) > 0 && !cl.hasPrefix(more.Prefix, more.PrefixPaths, r.outcome > Allow) {
		return false
	}
	var subs, notSubs *foldSet
	if prep != nil {
		subs, notSubs = &prep.subcommands, &prep.notSubcommands
	}
	if len(m.Subcommand) > 0 && !cl.hasSub(m.Subcommand, subs) {
		return false
	}
	if len(more.NotSubcommand) > 0 && cl.hasSub(more.NotSubcommand, notSubs) {
		return false
	}
	if m.MinArgs > 0 && len(cl.args()) < m.MinArgs {
		return false
	}
	for _, f := range m.Flags {
		if !cl.mayHave(f) {
			return false
		}
	}
	for _, f := range m.NotFlags {
		if cl.hasAny(f) {
			return false
		}
	}
	if len(more.FlagsWithin) > 0 && !cl.flagsWithin(more.FlagsWithin) {
		return false
	}
	if len(more.TargetsWithin) > 0 {
		for _, t := range s.targets {
			for _, c := range t.classes {
				if !slices.Contains(more.TargetsWithin, c) {
					return false
				}
			}
		}
	}
	for _, o := range more.Options {
		if !anyMatchAll(o.Values, cl.value(o.Option)) {
			return false
		}
	}
	if len(m.Args) > 0 {
		found := false
		for _, a := range cl.args() {
			if anyGlob(m.Args, a.Value) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if more.Positionals != nil && !s.positionalsMatch(more.Positionals) {
		return false
	}
	if len(more.Contents) > 0 && !pc.example && !contentsHeld(more.Contents) {
		return false
	}
	if len(m.Targets) > 0 {
		found := false
		for _, t := range s.targets {
			if anyClass(m.Targets, t) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if len(more.InputFrom) > 0 {
		// A command that only runs code found in full (sh -c 'vet', eval
		// 'vet') hands its input to that code, where the rule looks.
		if cl.cmd.Runs && !cl.cmd.RunsInput && !cl.cmd.RunsStdin {
			return false
		}
		found := false
		for _, p := range cl.cmd.InputFrom {
			if anyGlob(more.InputFrom, p) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if len(m.Env) > 0 || len(more.NotEnv) > 0 {
		assigns := cl.assignments()
		if len(m.Env) > 0 && !anyMatchAll(m.Env, assigns) {
			return false
		}
		if len(more.NotEnv) > 0 && anyMatchAll(more.NotEnv, assigns) {
			return false
		}
	}
	for _, d := range more.Dynamic {
		if d == "option" && !cl.dynOption(false) || d == "input" && !cl.dynOption(true) || d == "argument" && !cl.dynArgument() {
			return false
		}
	}
	if len(more.Command) > 0 && !anyGlob(more.Command, cl.String()) {
		return false
	}
	if len(m.Regex) > 0 {
		found := false
		for _, expr := range m.Regex {
			if compiledRegex(expr).MatchString(cl.String()) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// hasPrefix reports whether the command's words start with the pattern
// (one list of literal alternatives per word). A program written as a
// path counts as the pattern's first word when it is one of paths, or, for
// a rule that does not allow (strict), when its base name is. Strict rules
// also see the wrappers the command was run through (sudo rm ... matches
// ["sudo", "rm"]), without their options.
func (cl *cmdline) hasPrefix(pattern [][]string, paths []string, strict bool) bool {
	if prefixOf(pattern, nil, cl.cmd.Args, cl.name, paths, strict) {
		return true
	}
	if strict {
		for k := range cl.cmd.Wrappers {
			if prefixOf(pattern, cl.cmd.Wrappers[k:], cl.cmd.Args, cl.name, paths, strict) {
				return true
			}
		}
	}
	return false
}

// prefixOf matches the pattern against wrapper names followed by words.
func prefixOf(pattern [][]string, wrappers []string, words []shell.Arg, name string, paths []string, strict bool) bool {
	if len(wrappers)+len(words) < len(pattern) {
		return false
	}
	for i, alts := range pattern {
		if i < len(wrappers) {
			if !slices.Contains(alts, wrappers[i]) {
				return false
			}
			continue
		}
		j := i - len(wrappers)
		w := words[j]
		if w.Dynamic {
			return false
		}
		v := w.Value
		if j == 0 && strings.Contains(v, "/") {
			if !strict && !slices.Contains(paths, v) {
				return false
			}
			v = name
		}
		if !slices.Contains(alts, v) {
			return false
		}
	}
	return true
}

// hasSub reports whether the positional words start with any of the
// subcommands ("stash drop" matches git stash drop). words, when not nil,
// are the subcommands of one word as a foldSet.
func (cl *cmdline) hasSub(subs []string, words *foldSet) bool {
	if words != nil && len(cl.pos) > 0 && !cl.pos[0].Dynamic && words.match(cl.pos[0].Value, cl.lowerSub()) {
		return true
	}
	for _, sub := range subs {
		if !strings.Contains(sub, " ") {
			// Most subcommands are one word: no need to split.
			if words == nil && len(cl.pos) > 0 && !cl.pos[0].Dynamic && globFold(sub, cl.pos[0].Value) {
				return true
			}
			continue
		}
		j, ok := 0, true
		for w := range strings.FieldsSeq(sub) {
			if j >= len(cl.pos) || cl.pos[j].Dynamic || !globFold(w, cl.pos[j].Value) {
				ok = false
				break
			}
			j++
		}
		if ok && j > 0 {
			return true
		}
	}
	return false
}

func anyClass(classes []string, p place) bool {
	for _, c := range classes {
		if p.is(c) {
			return true
		}
	}
	return false
}

// Names of files are compared ignoring case where a match keeps a file
// from an agent: the secrets, the protected set. macOS and Windows file
// systems ignore case, so that cat .ENV or ~/.Aws/Credentials opens the
// secret, and .Claude/Settings.json is the harness's settings. On a file
// system that keeps case, the cost is that a file named so (.ENV) is
// held like the one it resembles. Patterns that let a call through (an
// allow rule, an agent's allow-list) keep case: folding them would let
// .ENV through where it is another file than the one allowed.

// anyPath reports whether a place matches any path pattern; fold
// compares ignoring case.
func anyPath(patterns []string, p place, pc *pathContext, fold bool) bool {
	return anyPathLit(patterns, nil, p, nil, pc, fold)
}

// fileText is what path matching works out from the text of a place,
// cmp.Or(abs, raw), on first use: its byte pairs and its lower case. The
// zero value has neither yet.
type fileText struct {
	pairs              uint64
	lower              string
	pairsSet, lowerSet bool
	// copyPlaces are the places the file stands for as a copy (see
	// copiedPlaces).
	copyPlaces []place
	copiesSet  bool
}

func (t *fileText) bytePairs(text string) uint64 {
	if !t.pairsSet {
		t.pairs, t.pairsSet = bytePairs(text), true
	}
	return t.pairs
}

func (t *fileText) lowerCase(text string) string {
	if !t.lowerSet {
		t.lower, t.lowerSet = strings.ToLower(text), true
	}
	return t.lower
}

// pathLits are the literal runs of a list of path patterns (see
// literalRun), and the byte pairs of each run (see bytePairs), worked out
// once for patterns that are matched often. The runs of patterns
// compared ignoring case are in lower case.
type pathLits struct {
	runs  []string
	pairs []uint64
}

func newPathLits(patterns []string, fold bool) pathLits {
	l := pathLits{runs: make([]string, len(patterns)), pairs: make([]uint64, len(patterns))}
	for i, pat := range patterns {
		l.runs[i] = literalRun(pat)
		if fold {
			l.runs[i] = strings.ToLower(l.runs[i])
		}
		if l.pairs[i] = bytePairs(l.runs[i]); l.pairs[i] == allPairs {
			// A run beyond ASCII asks for no pair.
			l.pairs[i] = 0
		}
	}
	return l
}

// allPairs is the set of every byte pair.
const allPairs = ^uint64(0)

// bytePairs returns the set of the pairs of adjacent bytes of s, hashed
// into 64 bits, ASCII letters in lower case. A string that holds s, in
// any case, holds all its pairs: when a pair of s is missing from the
// set of a text, s is not in the text. The lower case of a string
// beyond ASCII may be other bytes (the Kelvin sign's is k): it holds
// every pair.
func bytePairs(s string) uint64 {
	var set uint64
	for i := 1; i < len(s); i++ {
		a, b := s[i-1], s[i]
		if a >= utf8.RuneSelf || b >= utf8.RuneSelf {
			return allPairs
		}
		h := (uint32(lowerASCII(a))<<8 | uint32(lowerASCII(b))) * 0x9e3779b1
		set |= 1 << (h >> 26)
	}
	return set
}

// lowerASCII returns an ASCII letter in lower case, any other byte as is.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// literalRun returns the longest run of a path pattern that any match
// holds verbatim: no glob syntax and no slash. Patterns with brackets,
// braces or escapes give "" (no run is sure).
func literalRun(pat string) string {
	run, _ := literalRunCase(pat)
	return run
}

// literalRunCase is literalRun, and whether the run is not all in lower
// case (it has an upper-case ASCII letter, or bytes beyond ASCII).
func literalRunCase(pat string) (string, bool) {
	bestStart, bestEnd, start := 0, 0, 0
	upper, bestUpper := false, false
	for i := 0; i <= len(pat); i++ {
		if i < len(pat) {
			switch c := pat[i]; c {
			case '[', '{', '\\':
				return "", false
			case '/', '*', '?', '~':
			default:
				upper = upper || 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf
				continue
			}
		}
		if i-start > bestEnd-bestStart {
			bestStart, bestEnd, bestUpper = start, i, upper
		}
		start, upper = i+1, false
	}
	return pat[bestStart:bestEnd], bestUpper
}

// isLiteral reports a path pattern without glob syntax.
func isLiteral(pat string) bool { return !strings.ContainsAny(pat, "*?[{\\") }

// anyPathLit is anyPath with the literal runs of the patterns known in
// advance (built with the same fold), or nil to work them out. Every
// match holds its pattern's literal run, so most paths are ruled out
// without matching the glob, and most of those by the byte pairs of the
// run alone. ft keeps what is worked out from the place's text for the
// next call on the same place, or is nil.
func anyPathLit(patterns []string, lits *pathLits, p place, ft *fileText, pc *pathContext, fold bool) bool {
	if ft == nil {
		ft = &fileText{}
	}
	text := cmp.Or(p.abs, p.raw)
	var textPairs uint64
	if lits != nil {
		textPairs = ft.bytePairs(text)
	}
	lowered := !fold
	for i, pat := range patterns {
		var lit string
		if lits != nil {
			if lits.pairs[i]&^textPairs != 0 {
				continue
			}
			lit = lits.runs[i]
		} else {
			var upper bool
			lit, upper = literalRunCase(pat)
			if fold && upper {
				lit = strings.ToLower(lit)
			}
		}
		if !lowered {
			// Only for a text some pattern may match.
			text, lowered = ft.lowerCase(text), true
		}
		if strings.Contains(text, lit) && matchPath(pat, p, pc, fold) {
			return true
		}
	}
	return false
}

// matchPath matches a gitignore-like pattern: a pattern without a slash
// matches the base name anywhere; ~/ is the home directory; / is absolute;
// other patterns are relative to the project root; **/ matches any depth.
// fold compares ignoring case.
func matchPath(pat string, p place, pc *pathContext, fold bool) bool {
	home, root := pc.home, pc.root
	if fold {
		pat, p.abs, p.raw = strings.ToLower(pat), strings.ToLower(p.abs), strings.ToLower(p.raw)
		home, root = strings.ToLower(home), strings.ToLower(root)
	}
	if p.abs == "" {
		// An unresolved path: compare what was written.
		raw := strings.TrimPrefix(p.raw, "./")
		if !strings.Contains(pat, "/") {
			return doublestar.MatchUnvalidated(pat, path.Base(raw))
		}
		return doublestar.MatchUnvalidated(strings.TrimPrefix(pat, "**/"), raw)
	}
	switch {
	case !strings.Contains(strings.TrimSuffix(pat, "/**"), "/"):
		// A base-name pattern: any element of the path may match, so that
		// .git/** and secrets/ cover what is inside.
		if strings.HasSuffix(pat, "/**") {
			name := strings.TrimSuffix(pat, "/**")
			literal := isLiteral(name)
			for el := range strings.SplitSeq(p.abs, "/") {
				if literal {
					if el == name {
						return true
					}
					continue
				}
				if doublestar.MatchUnvalidated(name, el) {
					return true
				}
			}
			return false
		}
		if isLiteral(pat) {
			return pat == path.Base(p.abs)
		}
		return doublestar.MatchUnvalidated(pat, path.Base(p.abs))
	case strings.HasPrefix(pat, "~/"):
		if home == "" {
			return false
		}
		ok, _ := doublestar.Match(home+pat[1:], p.abs)
		return ok
	case strings.HasPrefix(pat, "/"):
		return doublestar.MatchUnvalidated(pat, p.abs)
	case strings.HasPrefix(pat, "**/"):
		return doublestar.MatchUnvalidated(pat, strings.TrimPrefix(p.abs, "/"))
	default:
		if root == "" || !within(p.abs, root) {
			return false
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.abs, root), "/")
		ok := doublestar.MatchUnvalidated(strings.TrimPrefix(pat, "./"), rel)
		return ok
	}
}

// anyDomain matches a host against domains; *.example.com matches
// subdomains, example.com matches itself and its subdomains.
func anyDomain(domains []string, host string) bool {
	host = strings.ToLower(host)
	for _, d := range domains {
		d = strings.ToLower(d)
		if strings.HasPrefix(d, "*.") {
			if strings.HasSuffix(host, d[1:]) {
				return true
			}
			continue
		}
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// hostOf returns the host name of a URL (or of a bare host[:port]/path).
func hostOf(raw string) string {
	s := raw
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
	}
	if strings.HasPrefix(s, "[") {
		if i := strings.IndexByte(s, ']'); i > 0 {
			return s[1:i]
		}
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		s = s[:i]
	}
	return strings.ToLower(s)
}

func argString(v any) string {
	switch x := v.(type) {
	case string:
		if strings.HasPrefix(x, "/") {
			// An absolute path is matched as the place it names:
			// /srv/box/../etc is /etc.
			return path.Clean(x)
		}
		return x
	case nil:
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// anyMatchAll reports whether any glob matches any of the values.
func anyMatchAll(globs, values []string) bool {
	for _, v := range values {
		if anyGlob(globs, v) {
			return true
		}
	}
	return false
}

// foldSet is a list of patterns matched ignoring case (see globFold),
// prepared so that a name in ASCII, the usual case, is compared with ==
// to the literal patterns in lower case.
type foldSet struct {
	// all are the patterns; lower holds those that are literal ASCII, in
	// lower case, and other the rest. lower is sorted when long.
	all, lower, other []string
}

// foldSorted is the length from which a foldSet's lower-case literals are
// sorted and searched rather than scanned.
const foldSorted = 12

func newFoldSet(pats []string) foldSet {
	fs := foldSet{all: pats}
	plain := true
	for _, p := range pats {
		if l, ok := asciiLower(p); !ok || l != p || hasWildcard(p) {
			plain = false
			break
		}
	}
	switch {
	case plain && len(pats) < foldSorted:
		// Every pattern is a literal in lower case already.
		fs.lower = pats
		return fs
	case plain:
		fs.lower = slices.Clone(pats)
	default:
		for _, p := range pats {
			if l, ok := asciiLower(p); ok && !hasWildcard(p) {
				fs.lower = append(fs.lower, l)
			} else {
				fs.other = append(fs.other, p)
			}
		}
	}
	if len(fs.lower) >= foldSorted {
		slices.Sort(fs.lower)
	}
	return fs
}

// match reports whether any pattern matches s ignoring case; lower is s
// in lower case when s is ASCII, else "".
func (fs *foldSet) match(s, lower string) bool {
	if lower == "" && s != "" {
		return anyGlobFold(fs.all, s)
	}
	if len(fs.lower) >= foldSorted {
		if inSorted(fs.lower, lower) {
			return true
		}
	} else if slices.Contains(fs.lower, lower) {
		return true
	}
	return anyGlobFold(fs.other, s)
}

// oneWord returns the patterns that are one word.
func oneWord(pats []string) []string {
	for i, p := range pats {
		if strings.Contains(p, " ") {
			out := slices.Clone(pats[:i])
			for _, p := range pats[i+1:] {
				if !strings.Contains(p, " ") {
					out = append(out, p)
				}
			}
			return out
		}
	}
	return pats
}

// asciiLower returns s in lower case, and false when s is not ASCII. It
// allocates only for a string with upper-case letters.
func asciiLower(s string) (string, bool) {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return "", false
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if !upper {
		return s, true
	}
	return strings.ToLower(s), true
}

// anyGlobFold is anyGlob ignoring case: programs and subcommands are
// matched that way, since case-insensitive file systems run GIT as git.
func anyGlobFold(globs []string, s string) bool {
	for _, g := range globs {
		if globFold(g, s) {
			return true
		}
	}
	return false
}

func globFold(pat, s string) bool {
	if !hasWildcard(pat) {
		return strings.EqualFold(pat, s)
	}
	return wildcard(pat, s) || glob(strings.ToLower(pat), strings.ToLower(s))
}

// hasWildcard reports whether a pattern has * or ?.
func hasWildcard(pat string) bool {
	for i := 0; i < len(pat); i++ {
		if pat[i] == '*' || pat[i] == '?' {
			return true
		}
	}
	return false
}

func anyGlob(globs []string, s string) bool {
	for _, g := range globs {
		if glob(g, s) {
			return true
		}
	}
	return false
}

// glob matches s against a pattern where * matches any run of characters
// (slashes and spaces included) and ? one character. A trailing " *" also
// matches nothing, so "git status *" matches "git status".
func glob(pat, s string) bool {
	if !hasWildcard(pat) {
		return pat == s
	}
	if strings.HasSuffix(pat, " *") && wildcard(pat[:len(pat)-2], s) {
		return true
	}
	return wildcard(pat, s)
}

func wildcard(pat, s string) bool {
	px, sx := 0, 0
	nextP, nextS := -1, -1
	for px < len(pat) || sx < len(s) {
		if px < len(pat) {
			switch c := pat[px]; c {
			case '*':
				nextP, nextS = px, sx+1
				px++
				continue
			case '?':
				if sx < len(s) {
					px++
					sx++
					continue
				}
			default:
				if sx < len(s) && s[sx] == c {
					px++
					sx++
					continue
				}
			}
		}
		if nextS > 0 && nextS <= len(s) {
			px, sx = nextP, nextS
			continue
		}
		return false
	}
	return true
}

// inSorted reports whether w is in a sorted list. The lists it searches
// are checked to be sorted by TestSearchedTablesAreSorted. It runs for
// every simple command, so the search is written out: one string
// comparison per step.
func inSorted(sorted []string, w string) bool {
	lo, hi := 0, len(sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if sorted[m] < w {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(sorted) && sorted[lo] == w
}

// positionalsMatch reports whether the subject's positional arguments fit
// the places of a learned entry. A word known only at run time or holding
// glob characters fits no place.
func (s *subject) positionalsMatch(places []string) bool {
	args := s.cl.args()
	words := make([]string, len(args))
	for i, a := range args {
		if a.Dynamic || a.Glob {
			return false
		}
		words[i] = a.Value
	}
	return positionalsMatch(places, words, func(w string) bool {
		for _, t := range s.targets {
			if t.raw == w {
				return true
			}
		}
		return false
	})
}
