package engine_test

import (
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
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
		if got := engine.LiteralRun(c.pat); got != c.want {
			t.Errorf("LiteralRun(%q) = %q, want %q", c.pat, got, c.want)
		}
	}
	paths := []string{"/project/.env", "/home/user/.ssh/id_rsa", "/project/a/b/server.pem", "/etc/passwd",
		"/project/secrets/x.key", "/project/id_rsa.pub", "/x/.envrc", "/a.txt"}
	for _, c := range cases {
		lit := engine.LiteralRun(c.pat)
		matched := 0
		for _, p := range paths {
			ok, text := engine.MatchPath(c.pat, p, "/project", "/home/user")
			if !ok {
				continue
			}
			matched++
			if !strings.Contains(text, lit) {
				t.Errorf("%q matches %q, which lacks the literal run %q", c.pat, text, lit)
			}
			if engine.BytePairs(lit)&^engine.BytePairs(text) != 0 {
				t.Errorf("%q matches %q, but the byte pairs of %q are not all in it", c.pat, text, lit)
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
			prepared, plain := engine.FoldMatch(pats, name)
			if prepared != plain {
				t.Errorf("patterns %q, name %q: prepared match %v, pattern by pattern %v", pats, name, prepared, plain)
			}
		}
	}
}

// TestBytePairsKeepEveryMatch checks the faster prefilter over the path
// patterns of the built-in policy: whenever a pattern matches a path, the
// byte pairs of its literal run are all among those of the path.
func TestBytePairsKeepEveryMatch(t *testing.T) {
	t.Parallel()
	paths := []string{"/project/.env", "/project/app/.env.local", "/project/.envrc", "/home/user/.ssh/id_rsa",
		"/home/user/.ssh/id_ed25519_work", "/project/certs/server.key", "/project/k.pem", "/home/user/.aws/credentials",
		"/home/user/.config/gcloud/legacy/x.db", "/project/infra/terraform.tfstate", "/project/.netrc",
		"/home/user/.npmrc", "/etc/shadow", "/etc/sudoers.d/90-users", "/proc/1/environ", "/etc/ssh/ssh_host_rsa_key",
		"/home/user/.bashrc", "/home/user/.config/fish/conf.d/x.fish", "/etc/profile.d/a.sh", "/project/.git/hooks/pre-commit",
		"/project/sub/.git/config", "/home/user/.gitconfig", "/project/.codex/rules/a", "/home/user/.tirith/x",
		"/project/a.token", "/project/src/main.go"}
	matched := 0
	for _, spec := range template.Policy {
		for _, m := range spec.Match {
			pats := append([]string(nil), m.Paths...)
			if m.More != nil {
				pats = append(pats, m.More.NotPaths...)
			}
			for _, pat := range pats {
				lit := engine.LiteralRun(pat)
				for _, p := range paths {
					ok, text := engine.MatchPath(pat, p, "/project", "/home/user")
					if !ok {
						continue
					}
					matched++
					if !strings.Contains(text, lit) || engine.BytePairs(lit)&^engine.BytePairs(text) != 0 {
						t.Errorf("%s: %q matches %q, but the prefilter of %q rules it out", spec.ID, pat, text, lit)
					}
				}
			}
		}
	}
	if matched < len(paths) {
		t.Fatalf("only %d matches checked", matched)
	}
}

// TestFoldedPrefilterKeepsEveryMatch checks the prefilter of matching
// ignoring case against the patterns of the built-in policy: a path in
// any case that a pattern matches is never ruled out by the literal run
// or its byte pairs.
func TestFoldedPrefilterKeepsEveryMatch(t *testing.T) {
	t.Parallel()
	paths := []string{"/project/.ENV", "/project/App/.Env.Local", "/HOME/USER/.SSH/ID_RSA", "/home/user/.Aws/Credentials",
		"/project/certs/Server.KEY", "/project/K.PEM", "/home/user/.CONFIG/GCLOUD/x.db", "/project/Infra/Terraform.TFSTATE",
		"/ETC/SHADOW", "/Proc/1/Environ", "/home/user/.config/google-chrome/Default/LOGIN DATA", "/home/user/.Claude.json",
		"/project/.GIT/HOOKS/pre-commit", "/project/A.Token", "/project/src/Main.go", "/home/user/.\u212Aube/config"}
	matched := 0
	for _, spec := range template.Policy {
		for _, m := range spec.Match {
			pats := append([]string(nil), m.Paths...)
			if m.More != nil {
				pats = append(pats, m.More.NotPaths...)
			}
			for _, pat := range pats {
				for _, p := range paths {
					prepared, unprepared, plain := engine.MatchPathFold(pat, p, "/project", "/home/user")
					if prepared != plain || unprepared != plain {
						t.Errorf("%s: %q on %q: %v through the prepared prefilter, %v through the other, %v by the pattern",
							spec.ID, pat, p, prepared, unprepared, plain)
					}
					if plain {
						matched++
					}
				}
			}
		}
	}
	if matched < len(paths)-2 {
		t.Fatalf("only %d matches checked", matched)
	}
}

// TestGlobLeadStartsEveryMatch checks the prefilter of a glob's
// could-match check: every path a glob matches starts with its lead, the
// folders it names before its first element with glob syntax.
func TestGlobLeadStartsEveryMatch(t *testing.T) {
	t.Parallel()
	globs := []string{"/project/.[g]overnance", "/project/src/*.go", "/project/.c*", "/project/*/.cl*",
		"/project/{.claude,.gemini}", "/project/.gem?ni", "/project/a\\*b", "/*.json", "/project/sub/.c*"}
	paths := []string{"/project/.governance", "/project/src/a.go", "/project/.claude", "/project/.codex",
		"/project/src/.claude", "/project/.gemini", "/project/a*b", "/x.json", "/project/sub/.cursor",
		"/project/.claude/settings.json", "/home/user/.claude", "/project"}
	matched := 0
	for _, g := range globs {
		lead, sure := engine.GlobLead(g)
		if !sure {
			t.Errorf("GlobLead(%q) is not sure of a glob doublestar reads", g)
		}
		for _, p := range paths {
			if ok, _ := doublestar.Match(g, p); ok {
				matched++
				if !strings.HasPrefix(p, lead) {
					t.Errorf("%q matches %q, which does not start with its lead %q", g, p, lead)
				}
			}
		}
	}
	if matched < len(globs) {
		t.Fatalf("only %d matches checked", matched)
	}
	if _, sure := engine.GlobLead("/project/[a"); sure {
		t.Errorf("GlobLead is sure of a glob doublestar rejects")
	}
}
