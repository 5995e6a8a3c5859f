package governance

import (
	"path/filepath"
	"regexp"
	"strings"
)

// A command that prints git's configuration (git remote -v, git config
// --list, git ls-remote --get-url) prints whatever credentials it holds:
// a token in a remote's URL (https://user:TOKEN@host/repo) is how many
// set up a push, and reading it back is how an agent would take it. The
// configuration files such a command reads are looked at as it runs.

// urlPassword matches a URL with a password in it.
var urlPassword = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]+:[^/\s@]+@`)

// configCredential reports what credential a configuration text holds,
// or "".
func configCredential(text string) string {
	if strings.Contains(text, "@") && strings.Contains(text, "://") && urlPassword.MatchString(text) {
		return "a password in a URL"
	}
	return FindSecret(text)
}

// valuesVerdict judges a command that prints the values of a
// configuration file by what the file holds.
func (ev *evaluation) valuesVerdict(s *subject) Verdict {
	p := s.file.abs
	if p == "" {
		return Verdict{}
	}
	if filepath.Base(p) == "config" && filepath.Base(filepath.Dir(p)) == ".git" {
		// The repository's configuration: in its git folder, which a
		// .git file or a worktree's commondir may put elsewhere.
		if gitDir := ev.fsw.gitDirOf(filepath.Dir(filepath.Dir(p))); gitDir != "" {
			if common, err := ev.fsw.fs().ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
				dir := strings.TrimSpace(string(common))
				if !filepath.IsAbs(dir) {
					dir = filepath.Join(gitDir, dir)
				}
				gitDir = dir
			}
			p = filepath.Join(gitDir, "config")
		}
	}
	data, err := ev.fsw.fs().ReadFile(p)
	if err != nil {
		// Not there, or not readable by this user: git prints nothing
		// of it either.
		return Verdict{}
	}
	holds := "is too large to check for credentials"
	if len(data) <= 1<<20 {
		kind := configCredential(string(data))
		if kind == "" {
			return Verdict{}
		}
		holds = "holds a credential (" + kind + "): it would be printed"
	}
	return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "config-credentials", Subject: s.via,
		Message:    "`" + s.via + "` prints values of " + ev.relPath(place{abs: p}) + ", which " + holds + ".",
		Suggestion: "Print only what you need without the credential (git remote without -v names the remotes), or keep the credential in a credential helper instead of the configuration."}
}
