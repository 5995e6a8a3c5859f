package governance_test

import (
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentgov/governance/governance"
)

// TestLiteralRunIsInEveryMatch checks the prefilter of path matching: the
// literal run of a pattern is in every path the pattern matches.
func TestLiteralRunIsInEveryMatch(t *testing.T) {
	t.Parallel()
	cases := []struct{ pat, want string }{
		{"**/.env", ".env"},
		{"*.pem", ".pem"},
		{"~/.ssh/**", ".ssh"},
		{"**/id_rsa*", "id_rsa"},
		{"/etc/**", "etc"},
		{"secrets/*.key", "secrets"},
		{"**/*.{pem,key}", ""},
		{"[ab].txt", ""},
		{"**", ""},
	}
	for _, c := range cases {
		if got := governance.LiteralRun(c.pat); got != c.want {
			t.Errorf("LiteralRun(%q) = %q, want %q", c.pat, got, c.want)
		}
	}
	paths := []string{"/project/.env", "/home/user/.ssh/id_rsa", "/project/a/b/server.pem", "/etc/passwd",
		"/project/secrets/x.key", "/project/id_rsa.pub", "/x/.envrc", "/a.txt"}
	for _, c := range cases {
		lit := governance.LiteralRun(c.pat)
		for _, p := range paths {
			if ok, _ := doublestar.Match(strings.TrimPrefix(strings.ReplaceAll(c.pat, "~", "/home/user"), "/"), strings.TrimPrefix(p, "/")); ok && !strings.Contains(p, lit) {
				t.Errorf("%q matches %q, which lacks the literal run %q", c.pat, p, lit)
			}
		}
	}
}
