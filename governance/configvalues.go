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

// gitConfigFile reports a file that git reads its configuration from:
// a repository's (.git/config, a submodule's .git/modules/NAME/config)
// or the user's.
func (ev *evaluation) gitConfigFile(p string) bool {
	if p == "" {
		return false
	}
	if base := filepath.Base(p); (base == "config" || base == "config.worktree") && (filepath.Base(filepath.Dir(p)) == ".git" ||
		filepath.Base(filepath.Dir(filepath.Dir(p))) == "modules" && strings.Contains(p, "/.git/")) {
		return true
	}
	home := ev.pc.home
	return home != "" && (p == filepath.Join(home, ".gitconfig") || p == filepath.Join(home, ".config", "git", "config"))
}

// configCredentialAt reads a configuration file and reports what
// credential it holds, "" for none (or no file).
func (ev *evaluation) configCredentialAt(p string) string {
	data, err := ev.fsw.fs().ReadFile(p)
	switch {
	case err != nil:
		// Not there, or not readable by this user: nothing of it is
		// printed either.
		return ""
	case len(data) > 1<<20:
		return "a file too large to check"
	}
	return configCredential(string(data))
}

// valuesVerdict judges a command that prints the values of a
// configuration file, or a read of one of git's, by what the file holds.
func (ev *evaluation) valuesVerdict(s *subject) Verdict {
	p := s.file.abs
	if p == "" {
		return Verdict{}
	}
	if base := filepath.Base(p); (base == "config" || base == "config.worktree") && filepath.Base(filepath.Dir(p)) == ".git" {
		// The repository's configuration: in its git folder, which a
		// .git file may put elsewhere; a worktree's config is the main
		// repository's (its commondir), its config.worktree its own.
		if gitDir := ev.fsw.gitDirOf(filepath.Dir(filepath.Dir(p))); gitDir != "" {
			if common, err := ev.fsw.fs().ReadFile(filepath.Join(gitDir, "commondir")); err == nil && base == "config" {
				dir := strings.TrimSpace(string(common))
				if !filepath.IsAbs(dir) {
					dir = filepath.Join(gitDir, dir)
				}
				gitDir = dir
			}
			p = filepath.Join(gitDir, base)
		}
	}
	kind := ev.configCredentialAt(p)
	if kind == "" {
		return Verdict{}
	}
	msg := ev.relPath(place{abs: p}) + " holds a credential (" + kind + "): reading it would print it."
	if s.via != "" {
		msg = "`" + s.via + "` prints values of " + ev.relPath(place{abs: p}) + ", which holds a credential (" + kind + "): it would be printed."
	}
	return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "config-credentials", Subject: s.display, Message: msg,
		Suggestion: "Print only what you need without the credential (git remote without -v names the remotes), or keep the credential in a credential helper instead of the configuration."}
}
