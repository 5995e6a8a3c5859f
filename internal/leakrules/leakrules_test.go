package leakrules

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/leakrules/leaktest"
)

func findIDs(text string) []string {
	var ids []string
	for _, f := range Find(text) {
		ids = append(ids, f.Rule+"="+text[f.Start:f.End])
	}
	return ids
}

// Find reports the secret part of a match (the rule's group), drops
// secrets of low entropy and those an allowlist allows, and finds nothing
// in text with none of the rules' keywords.
func TestFind(t *testing.T) {
	t.Parallel()
	ghp := "ghp_" + strings.Repeat("aB3dE6gH9j", 3) + "kL2mN5"
	stripe := "sk_live_" + strings.Repeat("Zq8W", 6)
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"github token", "git push https://" + ghp + "@github.com/o/r", []string{"github-pat=" + ghp}},
		{"stripe key in the group", "STRIPE=" + stripe + " ./run", []string{"stripe-access-token=" + stripe}},
		{"generic key of high entropy", "app --config api_key=Zx81Kq0Lm2Np4Rs6", []string{"generic-api-key=Zx81Kq0Lm2Np4Rs6"}},
		{"generic key of low entropy", "app --config api_key=aaaaaaaaaaaaaaab", nil},
		{"global allowlist: a variable", "api_key=$API_KEY_VALUE_LONG", nil},
		{"rule allowlist: aws example key", "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", nil},
		{"no keyword", "git status && go test ./... && ls -la", nil},
		{"too short", "ab", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := findIDs(tc.text); !slices.Equal(got, tc.want) {
				t.Errorf("Find(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// The keyword index finds every keyword wherever it is in the text and
// in any case: each keyword selects its rules.
func TestKeywordIndex(t *testing.T) {
	t.Parallel()
	if len(rules) < 200 {
		t.Fatalf("%d rules, want gitleaks' two hundred or more", len(rules))
	}
	for _, k := range keywords {
		c := k.word[0]
		lo, hi := byFirst[c], byFirst[int(c)+1]
		found := false
		for i := lo; i < hi; i++ {
			found = found || keywords[i].word == k.word
		}
		if !found {
			t.Errorf("keyword %q is not under its first byte", k.word)
		}
	}
	// Every rule is selected by its keywords: a text made of one keyword
	// runs the rule (Find compiles it).
	for i := range rules {
		var kw string
		for _, k := range keywords {
			if slices.Contains(k.rules, uint16(i)) {
				kw = k.word
				break
			}
		}
		if kw == "" {
			t.Errorf("rule %s has no keyword", rules[i].id)
			continue
		}
		find("x "+strings.ToUpper(kw)+"_VALUE = 'Zx81Kq0Lm2Np4Rs6Tu8V' x", false)
		if ruleRes[i].re == nil {
			t.Errorf("rule %s was not run on a text holding its keyword %q", rules[i].id, kw)
		}
	}
}

// The screens never lose a finding: Find agrees with the plain path
// (every rule run where its keyword appears) on the synthetic corpus, on
// texts built around every keyword with the operators, blanks, quotes and
// secrets assignment rules accept at varied distances, and on texts that
// hold the strings rules require.
func TestAssignmentScreenAgrees(t *testing.T) {
	t.Parallel()
	var texts []string
	for _, s := range leaktest.Corpus(5, 1) {
		texts = append(texts, s.Text)
	}
	// Rules with required strings, around their keywords and each of
	// those strings.
	for i := range rules {
		for _, set := range rules[i].requires {
			for _, w := range set {
				for _, k := range keywords {
					if slices.Contains(k.rules, uint16(i)) {
						texts = append(texts, k.word+" "+w+" 'Zx81Kq0Lm2Np4Rs6Tu8V:Qw3Er5Ty7Ui9Op1As2'")
					}
				}
			}
		}
	}
	texts = append(texts, `curl -s -H "Authorization: Bearer Zx81Kq0Lm2Np4Rs6" https://api.example.com`,
		"curl -u deploy:Zx81Kq0Lm2Np4Rs6 https://x.example", "curl --user=deploy:Zx81Kq0Lm2 https://x.example",
		"curl\t-H 'X-Api-Key: Zx81Kq0Lm2Np4Rs6' u", "curl https://example.com -o x")
	r := rand.New(rand.NewPCG(9, 9))
	const secretChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.=-+/"
	pick := func(set string, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = set[r.IntN(len(set))]
		}
		return string(b)
	}
	ops := []string{"=", ">", ":", "::=", ":::=", "||", "=>", "?=", ","}
	for _, k := range keywords {
		for range 6 {
			name := pick("abc_.-XYZ ", r.IntN(24)) + pick(" \t'\"", r.IntN(4))
			gap := pick("`'\" =\t", r.IntN(6))
			secret := pick(secretChars, 8+r.IntN(40))
			if r.IntN(2) == 0 {
				secret = pick("abcdef0123456789", 8+r.IntN(60))
			}
			texts = append(texts, fmt.Sprintf("x %s%s%s%s%s y", strings.ToUpper(k.word[:1])+k.word[1:], name, ops[r.IntN(len(ops))], gap, secret))
		}
	}
	assigned := 0
	for _, text := range texts {
		got, want := Find(text), find(text, false)
		if !slices.Equal(got, want) {
			t.Errorf("Find(%q) = %v, the plain path %v", text, got, want)
		}
		for _, f := range want {
			if rules[ruleIndex(f.Rule)].assignment {
				assigned++
				break
			}
		}
	}
	// The texts must exercise the screen: many hold an assignment rule's
	// finding.
	if assigned < 60 {
		t.Errorf("only %d of %d texts hold a finding of an assignment rule", assigned, len(texts))
	}
}

// The strings a rule requires are read off its expression: curl's rules
// need -H or --header, -u or --user, after a blank.
func TestRequiredStrings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id, yes, no string
	}{
		{"curl-auth-header", "curl -H 'X-Api-Key: k'", "curl https://example.com/x -o x"},
		{"curl-auth-user", "curl --user a:b https://x", "curl -s https://x | sh"},
	} {
		r := &rules[ruleIndex(tc.id)]
		if !holdsRequired(strings.ToLower(tc.yes), r.requires) || holdsRequired(strings.ToLower(tc.no), r.requires) {
			t.Errorf("%s requires %q: %q should hold them, %q not", tc.id, r.requires, tc.yes, tc.no)
		}
	}
}

// Gitleaks' entropy: the Shannon entropy of the characters.
func TestEntropy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		s    string
		want float64
	}{{"aaaa", 0}, {"abab", 1}, {"abcd", 2}, {"abcdefgh", 3}} {
		if got := entropy(tc.s); got != tc.want {
			t.Errorf("entropy(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// BenchmarkFind measures a text with no keyword (what most tool calls
// are: only the keyword scan runs) and one with a keyword, whose rules
// are compiled once per process and then run.
func BenchmarkFind(b *testing.B) {
	for _, bc := range []struct{ name, text string }{
		{"plain", "git status && go test ./internal/shell -run TestParse -count=1"},
		{"curl", "curl -fsSL https://example.com/install.sh -o install.sh"},
		{"keyword", "curl -H 'Authorization: Bearer x' https://api.example.com/v1/items?page=2"},
		{"secret", "GITHUB_TOKEN=ghp_" + strings.Repeat("aB3dE6gH9j", 3) + "kL2mN5 gh pr list"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			Find(bc.text)
			for b.Loop() {
				Find(bc.text)
			}
		})
	}
}

// BenchmarkCompile is what a hook process pays once, the first time a
// keyword of these rules appears: the generic rule ("key", "token",
// "auth", ...), the JSON web token rule ("ey"), and every rule.
func BenchmarkCompile(b *testing.B) {
	byID := func(id string) string {
		for _, r := range rules {
			if r.id == id {
				return r.regex
			}
		}
		b.Fatalf("no rule %s", id)
		return ""
	}
	for _, id := range []string{"generic-api-key", "jwt"} {
		b.Run(id, func(b *testing.B) {
			expr := byID(id)
			for b.Loop() {
				regexp.MustCompile(expr)
			}
		})
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			for _, r := range rules {
				regexp.MustCompile(r.regex)
			}
		}
	})
}

func ruleIndex(id string) int {
	for i := range rules {
		if rules[i].id == id {
			return i
		}
	}
	return -1
}
