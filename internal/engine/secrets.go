package engine

import (
	"regexp"
	"strings"
	"sync"
)

// secretPatterns recognise credentials by their shape. Each is specific
// enough that ordinary prose and code do not match it.
//
// hints are literal strings that any match contains (compared ignoring
// case when fold is set): text holding none of them cannot match, so the
// expression is neither compiled nor run. That keeps a hook process that
// never sees a credential from paying for regexp compilation.
//
// mask, when set, is what [MaskSecrets] replaces instead of a match of
// expr. In either expression, a first capturing group names the secret
// part of the match; without one the whole match is the secret.
var secretPatterns = [...]struct {
	kind, expr, mask string
	hints            []string
	fold             bool
}{
	{kind: "a private key", expr: `-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----`,
		// The key's body, up to its END line or the end of the text.
		mask:  `-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----([\s\S]*?)(?:-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|$)`,
		hints: []string{"PRIVATE KEY"}},
	{kind: "an AWS access key", expr: `\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`, hints: []string{"AKIA", "ASIA", "ABIA", "ACCA"}},
	{kind: "an AWS secret key", expr: `(?i)aws_?secret_?access_?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})\b`,
		hints: []string{"secret"}, fold: true},
	{kind: "a Google Cloud service account key", expr: `"type"\s*:\s*"service_account"[\s\S]*"private_key"`,
		mask:  `"private_key"\s*:\s*"((?:[^"\\]|\\.)*)"`,
		hints: []string{"service_account"}},
	{kind: "a Google API key", expr: `\bAIza[0-9A-Za-z_\-]{35}\b`, hints: []string{"AIza"}},
	{kind: "a GitHub token", expr: `\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})\b`,
		hints: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"}},
	{kind: "a GitLab token", expr: `\bglpat-[A-Za-z0-9_\-]{20,}\b`, hints: []string{"glpat-"}},
	{kind: "a Slack token", expr: `\bxox[abposr]-[A-Za-z0-9-]{10,}\b`, hints: []string{"xox"}},
	{kind: "a Stripe secret key", expr: `\b(?:sk|rk)_live_[0-9A-Za-z]{24,}\b`, hints: []string{"_live_"}},
	{kind: "an Anthropic API key", expr: `\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_\-]{80,}\b`, hints: []string{"sk-ant-"}},
	{kind: "an OpenAI API key", expr: `\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}T3BlbkFJ[A-Za-z0-9_\-]{20,}\b`,
		hints: []string{"T3BlbkFJ"}},
	{kind: "an Azure storage account key", expr: `AccountKey=([A-Za-z0-9+/]{86}==)`, hints: []string{"AccountKey="}},
	// A connection string's password (Server=db;User Id=sa;Password=...;),
	// not one taken from elsewhere (Password=${DB_PASS}, %PASS%).
	{kind: "a password in a connection string", expr: `(?i);\s*(?:password|pwd)\s*=\s*([^;'"\s$%{][^;'"\s]*)`,
		hints: []string{"password", "pwd"}, fold: true},
	{kind: "a npm token", expr: `\bnpm_[A-Za-z0-9]{36}\b`, hints: []string{"npm_"}},
	{kind: "a PyPI token", expr: `\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}\b`, hints: []string{"pypi-AgEIcHlwaS5vcmc"}},
	{kind: "a JSON web token", expr: `\beyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{20,}\b`, hints: []string{"eyJ"}},
}

// Compiled expressions, one pattern at a time on first use: most calls
// need none of them. Arrays of zero values cost nothing at start-up.
var (
	secretOnce, maskOnce [len(secretPatterns)]sync.Once
	secretRes, maskRes   [len(secretPatterns)]*regexp.Regexp
)

func secretRegexp(i int) *regexp.Regexp {
	secretOnce[i].Do(func() { secretRes[i] = regexp.MustCompile(secretPatterns[i].expr) })
	return secretRes[i]
}

func maskRegexp(i int) *regexp.Regexp {
	p := &secretPatterns[i]
	if p.mask == "" {
		return secretRegexp(i)
	}
	maskOnce[i].Do(func() { maskRes[i] = regexp.MustCompile(p.mask) })
	return maskRes[i]
}

// mayHold reports whether text holds one of pattern i's hints, so that it
// may match.
func mayHold(i int, text string, lower func() string) bool {
	p := &secretPatterns[i]
	if p.fold {
		text = lower()
	}
	for _, h := range p.hints {
		if strings.Contains(text, h) {
			return true
		}
	}
	return false
}

// lowerOnce returns a function that lowercases text the first time it is
// called.
func lowerOnce(text string) func() string {
	var s string
	var done bool
	return func() string {
		if !done {
			s, done = strings.ToLower(text), true
		}
		return s
	}
}

// FindSecret returns what kind of credential text holds ("an AWS access
// key"), or "" when it holds none that governance recognises.
func FindSecret(text string) string {
	lower := lowerOnce(text)
	for i := range secretPatterns {
		if mayHold(i, text, lower) && secretRegexp(i).MatchString(text) {
			return secretPatterns[i].kind
		}
	}
	return ""
}

// SecretMask replaces each secret in masked text.
const SecretMask = "***"

// MaskSecrets replaces every credential that [FindSecret] recognises in s
// with [SecretMask], keeping the text around it (a key's BEGIN and END
// lines, the name in aws_secret_access_key=...), and reports whether it
// replaced anything.
func MaskSecrets(s string) (string, bool) {
	masked := false
	lower := lowerOnce(s)
	for i := range secretPatterns {
		if !mayHold(i, s, lower) {
			continue
		}
		re := maskRegexp(i)
		locs := re.FindAllStringSubmatchIndex(s, -1)
		if len(locs) == 0 {
			continue
		}
		var b strings.Builder
		last := 0
		for _, loc := range locs {
			start, end := loc[0], loc[1]
			if len(loc) > 2 && loc[2] >= 0 {
				start, end = loc[2], loc[3]
			}
			if start < last || start == end {
				continue
			}
			b.WriteString(s[last:start])
			b.WriteString(SecretMask)
			last = end
		}
		if last == 0 {
			continue
		}
		b.WriteString(s[last:])
		s, masked = b.String(), true
		lower = lowerOnce(s)
	}
	return s, masked
}
