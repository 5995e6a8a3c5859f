// Package leakrules finds secrets in text with gitleaks' default rules:
// its maintained set of some two hundred detectors for cloud, forge,
// chat, payment and database credentials, private keys and tokens.
//
// The rules come as data, not as the gitleaks library. Its detector
// (github.com/zricethezav/gitleaks/v8/detect, v8.30.1) links 371
// packages, 155 of them outside the standard library (viper, zerolog,
// archive and compression readers, an Aho-Corasick trie built at start),
// and the decision log is written by governance-hook itself, on every
// tool call. So gitleaks.toml is vendored here from a pinned gitleaks
// release (VERSION; scripts/refresh-gitleaks-rules) and compiled by go
// generate into rules_gen.go: plain data the linker lays out, with no
// init work and no TOML parser in the hook.
//
// A rule's expression is compiled the first time one of its keywords
// appears in the text (gitleaks' own prefilter), so a call whose command
// holds none of them pays only for a scan of its bytes.
//
// As gitleaks does, a finding is the rule's first non-empty group (or its
// secretGroup), dropped when its Shannon entropy is at most the rule's
// threshold or when an allowlist of the rule, or the global one, allows
// it. Rules that apply only to files of some paths are left out.
package leakrules

//go:generate go run ../gen/leakrules -o rules_gen.go gitleaks.toml

import (
	"math"
	"regexp"
	"strings"
	"sync"
)

// rule is one gitleaks rule.
type rule struct {
	id, regex   string
	secretGroup int
	entropy     float64
	allow       []allowlist
	// assignment marks gitleaks' assignment rules (NAME = SECRET, where
	// NAME holds a keyword), whose expressions start with a name of up to
	// 50 characters that Go's engine tries at every byte: about 100 µs
	// for a 70-byte command. The generator checks their shape; they are
	// run only where a keyword is followed by an operator and a possible
	// secret (assignmentFollows).
	assignment bool
	// requires are sets of strings, in lower case, of which a match holds
	// one each (the generator reads them off the expression): a text
	// lacking one is not searched. curl's rules need -H or --header, -u
	// or --user, so a plain curl command compiles neither.
	requires [][]string
}

// allowlist is one of gitleaks' allowlists: a secret (or the whole match,
// or the line, by target) that regex matches, or a secret that holds one
// of stopwords, is not a finding.
type allowlist struct {
	target, regex string
	stopwords     []string
}

// keyword is a rule keyword, in lower case, and the rules it selects.
type keyword struct {
	word  string
	rules []uint16
}

// compiled is a rule's expressions, compiled on first use.
type compiled struct {
	re    *regexp.Regexp
	allow []*regexp.Regexp // one per allowlist; nil when it has no regex
}

var (
	ruleOnce   [len(rules)]sync.Once
	ruleRes    [len(rules)]compiled
	globalOnce sync.Once
	globalRe   *regexp.Regexp
)

func compileRule(i int) *compiled {
	ruleOnce[i].Do(func() {
		r := &rules[i]
		c := compiled{re: regexp.MustCompile(r.regex), allow: make([]*regexp.Regexp, len(r.allow))}
		for k, a := range r.allow {
			if a.regex != "" {
				c.allow[k] = regexp.MustCompile(a.regex)
			}
		}
		ruleRes[i] = c
	})
	return &ruleRes[i]
}

func globalRegexp() *regexp.Regexp {
	globalOnce.Do(func() { globalRe = regexp.MustCompile(globalAllow.regex) })
	return globalRe
}

// Finding is a secret found in a text: its byte range and the gitleaks
// rule that found it.
type Finding struct {
	Start, End int
	Rule       string
}

// Find returns the secrets that gitleaks' rules find in text, in the
// order of the rules; findings of different rules may overlap.
func Find(text string) []Finding { return find(text, true) }

// find is Find; with screen false, every rule runs wherever its keywords
// appear (the plain path that the screens must agree with): assignment
// rules without assignmentFollows, all without their required strings.
func find(text string, screen bool) []Finding {
	if len(text) < 3 {
		return nil
	}
	var selected [len(rules)]bool
	lower := strings.ToLower(text)
	any := false
	for i := 0; i+1 < len(lower); i++ {
		c, c1 := lower[i], lower[i+1]
		if p := int(c)<<8 | int(c1); pairs[p>>6]&(1<<(p&63)) == 0 {
			continue
		}
		// The keywords that start with c, sorted: those with second byte
		// c1 are a run within them.
		for k := byFirst[c]; k < byFirst[int(c)+1]; k++ {
			kw := &keywords[k]
			if kw.word[1] != c1 {
				if kw.word[1] > c1 {
					break
				}
				continue
			}
			if !strings.HasPrefix(lower[i:], kw.word) {
				continue
			}
			follows := -1
			for _, r := range kw.rules {
				if screen && rules[r].assignment && !selected[r] {
					if follows < 0 {
						follows = 0
						if assignmentFollows(lower, i+len(kw.word)) {
							follows = 1
						}
					}
					if follows == 0 {
						continue
					}
				}
				selected[r], any = true, true
			}
		}
	}
	if !any {
		return nil
	}
	var out []Finding
	for i := range rules {
		if selected[i] && (!screen || holdsRequired(lower, rules[i].requires)) {
			out = appendFindings(out, i, text)
		}
	}
	return out
}

// holdsRequired reports whether lower holds a string of each set.
func holdsRequired(lower string, sets [][]string) bool {
	for _, set := range sets {
		found := false
		for _, w := range set {
			if strings.Contains(lower, w) {
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

// assignmentFollows reports whether what follows a keyword that ends at
// lower[j] could be the rest of an assignment rule's match: at most 23
// name characters, blanks and quotes ([ \t\w.-]{0,20}[\s'"]{0,3}), an
// operator (= > : | ? ,), at most eight operator characters, quotes,
// blanks or '=', and ten or more characters a secret can hold. It is
// looser than every such rule: bytes past ASCII count as name and secret
// characters (case folding lets \w match the Kelvin sign).
func assignmentFollows(lower string, j int) bool {
	for n := 0; j < len(lower) && n < 23 && isNameOrBlank(lower[j]); n++ {
		j++
	}
	if j >= len(lower) || !isOperator(lower[j]) {
		return false
	}
	for s := j + 1; s <= j+9 && s < len(lower); s++ {
		run := 0
		for k := s; k < len(lower) && isSecretByte(lower[k]); k++ {
			run++
		}
		if run >= 10 {
			return true
		}
		if c := lower[s]; !isOperator(c) && !isBlankOrQuote(c) && c != '`' {
			return false
		}
	}
	return false
}

func isOperator(c byte) bool { return strings.IndexByte("=>:|?,", c) >= 0 }

func isBlankOrQuote(c byte) bool { return strings.IndexByte(" \t\n\r\f\v'\"", c) >= 0 }

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

func isNameOrBlank(c byte) bool { return isWordByte(c) || c == '.' || c == '-' || isBlankOrQuote(c) }

func isSecretByte(c byte) bool { return isWordByte(c) || strings.IndexByte(".=-+/", c) >= 0 }

// appendFindings appends the findings of rule i in text.
func appendFindings(out []Finding, i int, text string) []Finding {
	r := &rules[i]
	c := compileRule(i)
	for _, loc := range c.re.FindAllStringSubmatchIndex(text, -1) {
		match := text[loc[0]:loc[1]]
		start, end := loc[0], loc[1]
		if g := r.secretGroup; g > 0 {
			if 2*g+1 >= len(loc) || loc[2*g] < 0 {
				continue
			}
			start, end = loc[2*g], loc[2*g+1]
		} else {
			for g := 1; 2*g+1 < len(loc); g++ {
				if loc[2*g] >= 0 && loc[2*g+1] > loc[2*g] {
					start, end = loc[2*g], loc[2*g+1]
					break
				}
			}
		}
		secret := text[start:end]
		if secret == "" || r.entropy != 0 && entropy(secret) <= r.entropy {
			continue
		}
		if allowed(&globalAllow, globalRegexpIf(), secret, match, text) {
			continue
		}
		ok := true
		for k := range r.allow {
			if allowed(&r.allow[k], c.allow[k], secret, match, text) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, Finding{Start: start, End: end, Rule: r.id})
		}
	}
	return out
}

func globalRegexpIf() *regexp.Regexp {
	if globalAllow.regex == "" {
		return nil
	}
	return globalRegexp()
}

// allowed reports whether allowlist a allows a finding, as gitleaks'
// checkFindingAllowed does for a list whose condition is OR.
func allowed(a *allowlist, re *regexp.Regexp, secret, match, line string) bool {
	if re != nil {
		target := secret
		switch a.target {
		case "match":
			target = match
		case "line":
			target = line
		}
		if re.MatchString(target) {
			return true
		}
	}
	if len(a.stopwords) > 0 {
		s := strings.ToLower(secret)
		for _, w := range a.stopwords {
			if strings.Contains(s, w) {
				return true
			}
		}
	}
	return false
}

// entropy is the Shannon entropy of s in bits per character, as gitleaks
// computes it.
func entropy(s string) float64 {
	counts := map[rune]int{}
	for _, c := range s {
		counts[c]++
	}
	e := 0.0
	for _, k := range counts {
		f := float64(k) / float64(len(s))
		e -= f * math.Log2(f)
	}
	return e
}
