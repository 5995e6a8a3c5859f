package engine

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// appendKernelSubjects appends, for a file subject, the other places its
// path stands for as the kernel will see it (the file a link points at,
// what a glob matches or could match, the default of a tool's home
// variable), each as a subject of the same kind, so that the rules judge
// them too.
func (ev *evaluation) appendKernelSubjects(out []*subject, s *subject) []*subject {
	for _, alt := range ev.kernelPlaces(s.file) {
		c := *s
		c.file, c.text = alt, fileText{}
		c.display = s.display + " (" + alt.note + ")"
		out = append(out, ev.newSubject(c))
	}
	return out
}

// kernelPlaces returns the places a path stands for besides itself.
func (ev *evaluation) kernelPlaces(p place) []place {
	if p.abs == "" {
		return ev.variablePlaces(p)
	}
	var out []place
	add := func(abs, note string) {
		for _, q := range out {
			if q.abs == abs {
				return
			}
		}
		q := ev.pc.resolve(abs, false, false, "")
		q.note = note
		out = append(out, q)
	}
	unknown := func(note string) {
		out = append(out, place{raw: p.raw, classes: unknownClasses, note: note})
	}
	candidates := []string{p.abs}
	if p.glob {
		matches, ok := ev.fsw.glob(p.abs)
		if !ok {
			unknown("too many files to tell what " + p.raw + " matches")
			return out
		}
		candidates = matches
		for _, m := range matches {
			add(m, p.raw+" matches "+m)
		}
		for _, c := range ev.couldMatch(p.abs) {
			add(c, p.raw+" could match "+c)
		}
	}
	for _, c := range candidates {
		real, ok := ev.fsw.realPath(c)
		switch {
		case !ok:
			unknown("too many links to follow from " + c)
		case real != c:
			add(real, "a link to "+real)
		}
	}
	return out
}

// toolHomes are variables that name where a tool keeps its settings and
// credentials, with the value they default to: a path behind one of them
// is that path when the variable is not set where the hook can see it.
var toolHomes = [][2]string{
	{"AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials"},
	{"AWS_CONFIG_FILE", "~/.aws/config"},
	{"KUBECONFIG", "~/.kube/config"},
	{"GNUPGHOME", "~/.gnupg"},
	{"DOCKER_CONFIG", "~/.docker"},
	{"CODEX_HOME", "~/.codex"},
	{"CLAUDE_CONFIG_DIR", "~/.claude"},
	{"XDG_CONFIG_HOME", "~/.config"},
	{"XDG_DATA_HOME", "~/.local/share"},
	{"XDG_STATE_HOME", "~/.local/state"},
	{"XDG_CACHE_HOME", "~/.cache"},
	{"AZURE_CONFIG_DIR", "~/.azure"},
	{"CLOUDSDK_CONFIG", "~/.config/gcloud"},
	{"GOOGLE_APPLICATION_CREDENTIALS", "~/.config/gcloud/application_default_credentials.json"},
	{"NETRC", "~/.netrc"},
	{"PASSWORD_STORE_DIR", "~/.password-store"},
	{"GH_CONFIG_DIR", "~/.config/gh"},
	{"NPM_CONFIG_USERCONFIG", "~/.npmrc"},
	{"CARGO_HOME", "~/.cargo"},
	{"GEMINI_CONFIG_DIR", "~/.gemini"},
	{"SSH_HOME", "~/.ssh"},
	{"HOME", "~"},
}

// toolHome returns the default of a tool's home variable.
func toolHome(name string) (string, bool) {
	for _, h := range toolHomes {
		if h[0] == name {
			return h[1], true
		}
	}
	return "", false
}

// variablePlaces returns, for a path behind a tool's home variable
// ($KUBECONFIG, ${XDG_CONFIG_HOME}/gh/hosts.yml), the path it defaults to.
func (ev *evaluation) variablePlaces(p place) []place {
	v := p.raw
	if !strings.HasPrefix(v, "$") {
		return nil
	}
	name, rest := v[1:], ""
	if strings.HasPrefix(name, "{") {
		end := strings.IndexByte(name, '}')
		if end < 0 {
			return nil
		}
		name, rest = name[1:end], name[end+1:]
	} else {
		end := len(name)
		for i, c := range name {
			if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
				end = i
				break
			}
		}
		name, rest = name[:end], name[end:]
	}
	def, ok := toolHome(name)
	if !ok || strings.ContainsAny(rest, "$`") {
		return nil
	}
	q := ev.pc.resolve(def+rest, false, strings.ContainsAny(rest, "*?["), "")
	q.note = "$" + name + " is " + def + " unless it is set"
	return []place{q}
}

// couldMatch returns the secret and protected places an absolute glob
// could match even where no file of that name exists yet: a glob that
// names something (.e*, .e[n]v, id_*), not one made only of wildcards
// (*, ??), matched against a representative of every path pattern of the
// policy's denials and of the protected set.
func (ev *evaluation) couldMatch(glob string) []string {
	dir, last := path.Split(glob)
	if !hasLiteral(last) {
		return nil
	}
	// A pattern this matcher cannot read as bash does could match
	// anything of the folder.
	pat, known := bashPattern(last)
	joined := path.Join(dir, pat)
	lead, sure := globLead(joined)
	sure = sure && known
	var out []string
	for _, r := range ev.e.representatives() {
		switch {
		case r.base != "":
			if strings.HasPrefix(r.base, ".") != strings.HasPrefix(last, ".") {
				// A leading dot is never matched by a wildcard.
				continue
			}
			if ok, _ := path.Match(pat, r.base); ok || !known {
				out = append(out, path.Join(dir, r.base))
			}
		default:
			full := ev.expandTemplate(r.path)
			// The folders on the way count too: rm -rf .[g]overnance
			// deletes what .governance/config.yaml is in.
			for full != "" && full != "/" && full != ev.pc.root && full != ev.pc.home {
				if sure && !strings.HasPrefix(full, lead) {
					// Most representatives lie outside the glob's
					// folder: no match, and, a clean path's folders
					// being its prefixes, none on the way either.
					if full == path.Clean(full) {
						break
					}
					full = path.Dir(full)
					continue
				}
				if ok, err := doublestar.Match(joined, full); ok || err != nil || !known {
					if !known && path.Dir(full) != path.Clean(dir) {
						break
					}
					out = append(out, full)
					break
				}
				full = path.Dir(full)
			}
		}
	}
	return out
}

// globLead returns the folders a glob names before its first element
// with glob syntax: every path it matches starts so. sure is false for a
// glob doublestar rejects (its error counts as a match).
func globLead(glob string) (lead string, sure bool) {
	if !doublestar.ValidatePattern(glob) {
		return "", false
	}
	if i := strings.IndexAny(glob, "*?[{\\"); i >= 0 {
		glob = glob[:i]
	}
	return glob[:max(strings.LastIndexByte(glob, '/'), 0)], true
}

// hasLiteral reports a glob element with a character outside bracket
// expressions that is not a wildcard.
func hasLiteral(el string) bool {
	bracket := false
	for i := 0; i < len(el); i++ {
		switch c := el[i]; {
		case bracket:
			if c == ']' {
				bracket = false
			}
		case c == '[':
			bracket = true
		case c != '*' && c != '?':
			return true
		}
	}
	return false
}

// representative is a concrete name that stands for a path pattern: a
// base name (.env, x.pem) or a path template (~/.ssh/x, .claude/settings.json).
type representative struct {
	base, path string
}

// expandTemplate turns a path template (~/... or relative to the project)
// into an absolute path, or "" when the call's home or root is unknown.
func (ev *evaluation) expandTemplate(t string) string {
	switch {
	case strings.HasPrefix(t, "~/"):
		if ev.pc.home == "" {
			return ""
		}
		return ev.pc.home + t[1:]
	case strings.HasPrefix(t, "/"):
		return t
	}
	if ev.pc.root == "" {
		return ""
	}
	return ev.pc.root + "/" + t
}

// representatives returns the representatives of the path patterns of
// the policy's rules that deny or ask, and of the protected set, worked
// out once per engine.
func (e *Engine) representatives() []representative {
	e.repOnce.Do(func() {
		seen := map[representative]bool{}
		add := func(pat string) {
			r, ok := representativeOf(pat)
			if ok && !seen[r] {
				seen[r] = true
				e.reps = append(e.reps, r)
			}
		}
		for _, r := range e.Policy.Rules {
			if r.outcome < Ask {
				continue
			}
			for _, m := range r.Match {
				for _, p := range m.Paths {
					add(p)
				}
			}
		}
		for _, p := range protectedPatterns() {
			add(p)
		}
	})
	return e.reps
}

// representativeOf returns a concrete name that a path pattern matches:
// each wildcard replaced by x, a bracket by its first character, a brace
// by its first alternative.
func representativeOf(pat string) (representative, bool) {
	pat = strings.TrimSuffix(pat, "/**")
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '*':
			for i+1 < len(pat) && pat[i+1] == '*' {
				i++
			}
			b.WriteByte('x')
		case '?':
			b.WriteByte('x')
		case '[':
			end := strings.IndexByte(pat[i:], ']')
			if end < 2 {
				return representative{}, false
			}
			first := pat[i+1]
			if first == '!' || first == '^' {
				return representative{}, false
			}
			b.WriteByte(first)
			i += end
		case '{':
			end := strings.IndexByte(pat[i:], '}')
			if end < 0 {
				return representative{}, false
			}
			alt, _, _ := strings.Cut(pat[i+1:i+end], ",")
			b.WriteString(alt)
			i += end
		case '\\':
			if i+1 < len(pat) {
				i++
				b.WriteByte(pat[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	s := strings.TrimPrefix(b.String(), "x/")
	if s == "" || s == "x" {
		return representative{}, false
	}
	if !strings.Contains(s, "/") {
		return representative{base: s}, true
	}
	return representative{path: s}, true
}

// protectedPatterns are the path patterns of the protected set, beside
// the policy's own rules: the governance configuration and the harnesses'
// settings and hook files.
var protectedPatternsOnce = lazy[[]string]{make: func() []string {
	out := []string{".governance/config.yaml", ".governance/rules/x.yaml", ".governance/agents/x.md"}
	return append(out, harnessSettings()...)
}}

func protectedPatterns() []string { return protectedPatternsOnce.get() }
