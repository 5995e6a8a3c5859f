package governance_test

import (
	"strings"
	"testing"

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
		matched := 0
		for _, p := range paths {
			ok, text := governance.MatchPath(c.pat, p, "/project", "/home/user")
			if !ok {
				continue
			}
			matched++
			if !strings.Contains(text, lit) {
				t.Errorf("%q matches %q, which lacks the literal run %q", c.pat, text, lit)
			}
		}
		// A pattern that matches no path checks nothing.
		if matched == 0 {
			t.Errorf("%q matches none of the paths", c.pat)
		}
	}
}

// TestFoldSetAgreesWithGlobFold checks the prepared matching of program
// and subcommand names against matching each pattern ignoring case.
func TestFoldSetAgreesWithGlobFold(t *testing.T) {
	t.Parallel()
	sets := [][]string{
		{"git"},
		{"sh", "bash", "python*", "Rscript", "R"},
		{"GIT", "Docker-Compose"},
		{"pip?", "npm"},
		{"\u017fh", "k\u212a"}, // long s and Kelvin sign fold to s and k
		// Long sets are searched sorted.
		{"sh", "bash", "zsh", "dash", "ksh", "fish", "node", "perl", "ruby", "php", "lua", "git", "rscript", "pip3"},
		{"sh", "bash", "zsh", "dash", "ksh", "fish", "node", "perl", "ruby", "php", "lua", "GIT", "python*", "R"},
		{""},
		nil,
	}
	names := []string{"git", "GIT", "Git", "sh", "SH", "\u017fh", "python3", "PYTHON3.12", "rscript", "r", "R",
		"docker-compose", "pip3", "PIP", "npm", "kk", "KK", "k\u212a", "", "gît"}
	for _, pats := range sets {
		for _, name := range names {
			prepared, plain := governance.FoldMatch(pats, name)
			if prepared != plain {
				t.Errorf("patterns %q, name %q: prepared match %v, pattern by pattern %v", pats, name, prepared, plain)
			}
		}
	}
}
