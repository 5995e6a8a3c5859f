package programs

import (
	"slices"
	"strings"

	"github.com/agentgov/governance/internal/shell"
)

// URLs that network clients (curl, wget) are given: where a request goes,
// and whether that destination is plain to see.

// urlParts is a URL split into what decides where a request goes.
type urlParts struct {
	scheme   string // in lower case; guessed when the URL has none
	host     string // in lower case; an IPv6 address keeps its brackets
	port     string
	userinfo bool // user[:password]@ before the host
	explicit bool // the URL names its scheme
}

// splitURL splits a URL. guess returns the scheme of a URL written
// without one (curl reads ftp.example.com as ftp, wget as http).
func splitURL(raw string, guess func(host string) string) urlParts {
	var u urlParts
	rest := raw
	if s, r, ok := strings.Cut(raw, "://"); ok && s != "" && !strings.ContainsAny(s, "/?#@") {
		u.scheme, rest, u.explicit = strings.ToLower(s), r, true
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		u.userinfo, authority = true, authority[i+1:]
	}
	host := authority
	if strings.HasPrefix(host, "[") {
		if end := strings.IndexByte(host, ']'); end >= 0 {
			host, u.port = host[:end+1], strings.TrimPrefix(host[end+1:], ":")
		}
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host, u.port = host[:i], host[i+1:]
	}
	u.host = strings.ToLower(host)
	if !u.explicit {
		u.scheme = guess(u.host)
	}
	return u
}

// urlConcern returns why a URL's destination is not plain to see, or ""
// for https, ftp or ftps to a public host name, or any of these and http
// to the loopback interface. Refused, as URL-reputation checks flag them:
// credentials in the URL; cleartext http to a remote host (URLs without a
// scheme are fetched over http); other schemes (file, dict, gopher, telnet,
// smtp, ...); raw IP addresses (private networks, cloud metadata
// endpoints, hosts that hide who they are); internal names; non-ASCII,
// percent-encoded or punycode host names (homoglyphs); top-level domains
// that read as file names (payload.zip, Setup.app); URL shorteners, which
// hide the real destination; doubly encoded paths; and URLs carrying a
// cryptocurrency wallet address.
func urlConcern(raw string, u urlParts) string {
	for i := 0; i < len(raw); i++ {
		if raw[i] <= ' ' || raw[i] >= 0x7f || raw[i] == '\\' {
			return "the URL " + raw + " has spaces, control or non-ASCII characters"
		}
	}
	switch {
	case u.userinfo:
		return "the URL " + raw + " carries credentials"
	case strings.Contains(raw, "%25"):
		return "the URL " + raw + " is encoded twice"
	case walletAddress(raw):
		return "the URL " + raw + " carries a wallet address"
	case u.port != "" && strings.Trim(u.port, "0123456789") != "":
		return "the URL " + raw + " has a port that is not a number"
	}
	loopback := LoopbackHost(u.host)
	switch u.scheme {
	case "https", "ftp", "ftps":
	case "http":
		if !loopback {
			return "the URL " + raw + " is cleartext http to a remote host"
		}
	default:
		return "the URL " + raw + " uses the scheme " + u.scheme
	}
	if !loopback && !publicHost(u.host) {
		return "the host of " + raw + " is not a plain public name"
	}
	return ""
}

// LoopbackHost reports a loopback host: localhost, 127.0.0.0/8 or ::1.
func LoopbackHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || host == "[::1]" || host == "::1" {
		return true
	}
	parts := strings.Split(host, ".")
	if len(parts) != 4 || parts[0] != "127" {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// Host names that are not plain public names. Sorted.
var (
	// lookalikeTLDs read as file extensions.
	lookalikeTLDs = []string{"app", "dev", "mov", "run", "zip"}
	// internalTLDs are those of private networks.
	internalTLDs = []string{"arpa", "corp", "home", "internal", "intranet", "lan", "local", "localdomain", "onion"}
	// urlShorteners hide the real destination.
	urlShorteners = []string{"bit.do", "bit.ly", "buff.ly", "cutt.ly", "goo.gl", "is.gd", "ow.ly", "rb.gy",
		"rebrand.ly", "s.id", "shorturl.at", "t.co", "t.ly", "tiny.cc", "tinyurl.com", "v.gd"}
)

// publicHost reports a plain public DNS name: ASCII letters, digits and
// hyphens in dotted labels, no punycode, an alphabetic top-level domain
// that is neither internal nor a lookalike of a file extension, and not a
// URL shortener.
func publicHost(host string) bool {
	host = strings.ToLower(host)
	if len(host) > 253 || !strings.Contains(host, ".") {
		return false
	}
	labels := strings.Split(host, ".")
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' || strings.HasPrefix(l, "xn--") {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	if len(tld) < 2 || strings.Trim(tld, "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	if _, found := slices.BinarySearch(lookalikeTLDs, tld); found {
		return false
	}
	if _, found := slices.BinarySearch(internalTLDs, tld); found {
		return false
	}
	_, found := slices.BinarySearch(urlShorteners, strings.TrimPrefix(host, "www."))
	return !found
}

// walletAddress reports an Ethereum-style address (0x and 40 hex digits)
// in a URL.
func walletAddress(s string) bool {
	for i := strings.Index(s, "0x"); i >= 0; {
		n := 0
		for j := i + 2; j < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0; j++ {
			n++
		}
		if n >= 40 {
			return true
		}
		next := strings.Index(s[i+2:], "0x")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	return false
}

// requestTo records a request to the URL a, carrying data: a network
// effect to its host, and an unknown effect when its destination is not
// plain to see. A URL computed at run time goes to a host nobody knows.
func requestTo(fx *Effects, a shell.Arg, guess func(string) string, data []shell.Arg) {
	if a.Dynamic {
		fx.Network("", data...)
		return
	}
	u := splitURL(a.Value, guess)
	fx.Network(u.host, data...)
	if why := urlConcern(a.Value, u); why != "" {
		fx.Unknown(why)
	}
}

// remoteName returns the file name a download of the URL is saved under:
// the last part of its path, without query or fragment; "" when the path
// ends with a slash or is empty.
func remoteName(raw string) string {
	rest := raw
	if _, r, ok := strings.Cut(raw, "://"); ok {
		rest = r
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	i := strings.IndexByte(rest, '/')
	if i < 0 {
		return ""
	}
	p := rest[i:]
	return p[strings.LastIndexByte(p, '/')+1:]
}

// credentialHeader reports a request header that carries credentials
// (Authorization, Cookie, X-Api-Key, ...).
func credentialHeader(h string) bool {
	name, _, _ := strings.Cut(h, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	for _, w := range []string{"auth", "cookie", "token", "key", "secret", "pass", "session", "signature", "credential"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// safeMethod reports an HTTP method that does not change the server.
func safeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS", "TRACE":
		return true
	}
	return false
}
