package governance

import (
	"regexp"
	"sync"
)

// secretPatterns recognise credentials by their shape. Each is specific
// enough that ordinary prose and code do not match it.
var secretPatterns = []struct{ kind, expr string }{
	{"a private key", `-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----`},
	{"an AWS access key", `\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`},
	{"an AWS secret key", `(?i)aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b`},
	{"a Google Cloud service account key", `"type"\s*:\s*"service_account"[\s\S]*"private_key"`},
	{"a Google API key", `\bAIza[0-9A-Za-z_\-]{35}\b`},
	{"a GitHub token", `\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})\b`},
	{"a GitLab token", `\bglpat-[A-Za-z0-9_\-]{20,}\b`},
	{"a Slack token", `\bxox[abposr]-[A-Za-z0-9-]{10,}\b`},
	{"a Stripe secret key", `\b(?:sk|rk)_live_[0-9A-Za-z]{24,}\b`},
	{"an Anthropic API key", `\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_\-]{80,}\b`},
	{"an OpenAI API key", `\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}T3BlbkFJ[A-Za-z0-9_\-]{20,}\b`},
	{"an Azure storage account key", `AccountKey=[A-Za-z0-9+/]{86}==`},
	{"a npm token", `\bnpm_[A-Za-z0-9]{36}\b`},
	{"a PyPI token", `\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}\b`},
	{"a JSON web token", `\beyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{20,}\b`},
}

// secretRegexps are compiled on first use: most calls never need them.
var secretRegexps = sync.OnceValue(func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(secretPatterns))
	for i, p := range secretPatterns {
		out[i] = regexp.MustCompile(p.expr)
	}
	return out
})

// FindSecret returns what kind of credential text holds ("an AWS access
// key"), or "" when it holds none that governance recognises.
func FindSecret(text string) string {
	for i, re := range secretRegexps() {
		if re.MatchString(text) {
			return secretPatterns[i].kind
		}
	}
	return ""
}
