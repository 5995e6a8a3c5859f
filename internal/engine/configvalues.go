package engine

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A command that prints git's configuration (git remote -v, git config
// --list, git ls-remote --get-url) prints whatever credentials it holds:
// a token in a remote's URL (https://user:TOKEN@host/repo) is how many
// set up a push, an Authorization header in http.extraHeader is how
// actions/checkout does, and reading either back is how an agent would
// take it. The configuration files such a command reads are looked at as
// it runs. So are a project's npm and yarn settings, which hold registry
// tokens as often as not: reading them is asked only when they do.

// urlPassword matches a URL with a password in it. Compiled on first
// use, as the others: compiled at start it cost every hook process about
// 50 µs, and most calls print no configuration.
var urlPasswordOnce = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]+:[^/\s@]+@`)
}}

func urlPassword() *regexp.Regexp { return urlPasswordOnce.get() }

// authHeader matches git's http.extraHeader set to an Authorization
// header with a credential (AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46...),
// in a file (extraheader = ...) or as git config -l prints it
// (http.https://github.com/.extraheader=...).
var authHeaderOnce = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)extraheader\s*=\s*"?\s*authorization\s*:\s*[a-z-]+\s+[^\s"]`)
}}

func authHeader() *regexp.Regexp { return authHeaderOnce.get() }

// registryToken matches a registry credential in npm's or yarn's
// settings: npm's _authToken, _auth and _password
// (//registry.npmjs.org/:_authToken=...), yarn's npmAuthToken and
// npmAuthIdent. A value taken from the environment (${NPM_TOKEN}) is
// none.
var registryTokenOnce = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)(?:^|[\s:])(?:_authToken|_auth|_password|npmAuthToken|npmAuthIdent)\s*[=:]\s*["']?[^\s"'$]`)
}}

func registryToken() *regexp.Regexp { return registryTokenOnce.get() }

// configCredential reports what credential a configuration text holds,
// or "".
func configCredential(text string) string {
	if strings.Contains(text, "@") && strings.Contains(text, "://") && urlPassword().MatchString(text) {
		return "a password in a URL"
	}
	lower := strings.ToLower(text)
	if strings.Contains(lower, "extraheader") && authHeader().MatchString(text) {
		return "an Authorization header"
	}
	if (strings.Contains(text, "_auth") || strings.Contains(text, "_password") || strings.Contains(text, "npmAuth")) &&
		registryToken().MatchString(text) {
		return "a registry token"
	}
	return FindSecret(text)
}

// ValueCredential reports what credential one value holds (of a
// configuration, of a variable of the environment), or "": a URL with a
// password, or a token of a known shape.
func ValueCredential(v string) string {
	if strings.Contains(v, "@") && strings.Contains(v, "://") && urlPassword().MatchString(v) {
		return "a password in a URL"
	}
	return FindSecret(v)
}

// registryConfigs are the base names of npm's and yarn's settings files:
// npmrc is npm's global one, in the etc folder of node's prefix (nvm's
// versions/node/v20/etc/npmrc).
var registryConfigs = []string{".npmrc", ".yarnrc", ".yarnrc.yml", "npmrc"}

// indexConfigs are the base names of pip's and gem's configuration
// files, whose index and source URLs carry the password of a private
// one (index-url = https://user:pass@host/simple).
var indexConfigs = []string{"pip.conf", "pip.ini", ".gemrc", "gemrc"}

// credentialConfig reports a configuration file whose content is looked
// at for credentials before it is read: git's, npm's and yarn's, and the
// go command's environment file (go env -w), where GOPROXY may carry a
// password (https://user:pass@proxy) beside settings of no harm
// (GOFLAGS, GOTOOLCHAIN, GOPRIVATE): judged by what it holds, it is
// asked, and emptied in a confinement, only when it holds one. Names
// are compared in any case, as the secrets' are (see anyPath): where
// names ignore case, .GIT/CONFIG is git's file; where they keep it,
// there is usually no such file to look at.
func (ev *evaluation) credentialConfig(p string) bool {
	if p == "" {
		return false
	}
	base := filepath.Base(p)
	for _, n := range slices.Concat(registryConfigs, indexConfigs) {
		if strings.EqualFold(base, n) {
			return true
		}
	}
	if strings.EqualFold(base, "env") && strings.EqualFold(filepath.Base(filepath.Dir(p)), "go") {
		// $GOENV's default, in the user's configuration folder.
		return true
	}
	return ev.gitConfigFile(p)
}

// gitConfigFile reports a file that git reads its configuration from, in
// any case: a repository's (.git/config, a submodule's
// .git/modules/NAME/config) or the user's.
func (ev *evaluation) gitConfigFile(p string) bool {
	if base := filepath.Base(p); p == "" || !strings.EqualFold(base, "config") && !strings.EqualFold(base, "config.worktree") &&
		!strings.EqualFold(base, ".gitconfig") {
		// Most files read: no lower case to make.
		return false
	}
	p = strings.ToLower(p)
	if base := filepath.Base(p); (base == "config" || base == "config.worktree") && (filepath.Base(filepath.Dir(p)) == ".git" ||
		filepath.Base(filepath.Dir(filepath.Dir(p))) == "modules" && strings.Contains(p, "/.git/")) {
		return true
	}
	home := strings.ToLower(ev.pc.home)
	return home != "" && (p == filepath.Join(home, ".gitconfig") || p == filepath.Join(home, ".config", "git", "config"))
}

// configCredentialAt reads a configuration file, and the files it
// includes, and reports what credential they hold, "" for none (or no
// file).
func (ev *evaluation) configCredentialAt(p string) string { return ev.configCredentialIn(p, 0) }

func (ev *evaluation) configCredentialIn(p string, depth int) string {
	data, err := ev.fsw.fs().ReadFile(p)
	switch {
	case err != nil:
		// Not there, or not readable by this user: nothing of it is
		// printed either.
		return ""
	case len(data) > 1<<20:
		return "a file too large to check"
	}
	text := string(data)
	if kind := configCredential(text); kind != "" {
		return kind
	}
	for _, inc := range gitIncludes(text) {
		if depth >= 4 {
			return "includes too deep to check"
		}
		switch {
		case strings.HasPrefix(inc, "~/") && ev.pc.home != "":
			inc = filepath.Join(ev.pc.home, inc[2:])
		case !filepath.IsAbs(inc):
			inc = filepath.Join(filepath.Dir(p), inc)
		}
		if kind := ev.configCredentialIn(inc, depth+1); kind != "" {
			return kind
		}
	}
	return ""
}

// gitIncludes returns the files a git configuration includes: the path
// of every [include] and [includeIf ...] section, whatever its condition.
func gitIncludes(text string) []string {
	var out []string
	including := false
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			name := strings.ToLower(strings.TrimLeft(line, "[ \t"))
			including = strings.HasPrefix(name, "include]") || strings.HasPrefix(name, "include ") ||
				strings.HasPrefix(name, "includeif")
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !including || !ok || !strings.EqualFold(strings.TrimSpace(key), "path") {
			continue
		}
		value = strings.TrimSpace(value)
		if i := strings.IndexAny(value, "#;"); i >= 0 && !strings.HasPrefix(value, "\"") {
			value = strings.TrimSpace(value[:i])
		}
		value = strings.Trim(value, "\"")
		if value != "" {
			out = append(out, value)
		}
	}
	return out
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
	sug := "Print only what you need without the credential (git remote without -v names the remotes), or keep the credential in a credential helper instead of the configuration."
	switch {
	case strings.EqualFold(filepath.Base(p), "env"):
		sug = "Ask for the setting you need (go env GOFLAGS), or keep the proxy's credential in ~/.netrc instead of GOPROXY."
	case slices.ContainsFunc(indexConfigs, func(n string) bool { return strings.EqualFold(filepath.Base(p), n) }):
		sug = "Ask for the setting you need without the password, or keep the index's credential in a keyring or ~/.netrc instead of the URL."
	case !ev.gitConfigFile(p):
		sug = "Ask for the setting you need (npm config get registry prints no token), or keep the token in the environment (${NPM_TOKEN}) instead of the file."
	}
	return Verdict{Outcome: Ask, Layer: LayerRules, Rule: "config-credentials", Subject: s.display, Message: msg, Suggestion: sug}
}
