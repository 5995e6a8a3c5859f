package decisionlog

import (
	"bytes"
	"encoding/json"
	"math"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/leakrules"
	"github.com/agentgov/governance/internal/secretname"
)

// Mask replaces the secrets in s with "***", keeping the rest readable,
// and reports whether it replaced anything. It masks:
//
//   - credentials recognised by their shape ([governance.MaskSecrets]:
//     private keys, cloud and service tokens, JSON web tokens), and what
//     gitleaks' default rules find ([leakrules.Find]: some two hundred
//     providers' keys and tokens, webhook URLs, Vault tokens);
//   - a bare AWS secret access key (40 characters of base64 with upper
//     and lower case letters and digits) in a text that names AWS
//     (aws configure set aws_secret_access_key KEY);
//   - the password of a URL (scheme://user:***@host);
//   - the values of credential headers (Authorization: Bearer ***,
//     X-Api-Key: ***, Cookie: ***);
//   - NAME=value assignments and --name=value options whose name holds
//     TOKEN, SECRET, PASSWORD, PASSWD, PASSPHRASE, API_KEY, ACCESS_KEY,
//     PRIVATE_KEY or CREDENTIAL, or has PASS, PWD, PW or CREDS as a word
//     (GITHUB_TOKEN=***, --db-password=***, ?access_token=***,
//     terraform -var db_pass=***), except names of files, ids and the
//     like (TOKEN_FILE=, --secret-id=) and the shell's PWD;
//   - the value after such a name in a command that sets configuration
//     (aws configure set aws_secret_access_key ***, npm config set
//     _authToken ***, git config --global github.token ***);
//   - options that take a secret, --token *** and the like, and the
//     password options of known programs (mysql -p***, curl -u user:***,
//     sshpass -p ***, docker login -p ***).
//
// Values that are only a variable reference ($TOKEN) are kept: they are
// not secrets and they say where the secret came from.
func Mask(s string) (string, bool) {
	if s == "" {
		return s, false
	}
	out, any := engine.MaskSecrets(s)
	var spans []span
	for _, f := range leakrules.Find(out) {
		spans = addSpan(spans, out, f.Start, f.End)
	}
	spans = awsSecretKeys(out, spans)
	spans = vaultTokens(out, spans)
	spans = urlPasswords(out, spans)
	spans = headerValues(out, spans)
	spans = wordSecrets(out, spans)
	if len(spans) == 0 {
		return out, any
	}
	return applySpans(out, spans), true
}

// span is a byte range of a string to replace with the mask.
type span struct{ start, end int }

// applySpans replaces each span of s with the mask; overlapping spans
// merge.
func applySpans(s string, spans []span) string {
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.end <= last {
			continue
		}
		if sp.start < last {
			sp.start = last
		} else {
			b.WriteString(s[last:sp.start])
			b.WriteString(engine.SecretMask)
		}
		last = sp.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// addSpan adds the range of a secret value, unless it is empty, already
// masked, or only a variable reference.
func addSpan(spans []span, s string, start, end int) []span {
	if start >= end {
		return spans
	}
	v := s[start:end]
	if v == engine.SecretMask || v[0] == '$' {
		return spans
	}
	return append(spans, span{start, end})
}

// urlPasswords finds the password of each URL: scheme://user:PASSWORD@host.
func urlPasswords(s string, spans []span) []span {
	for off := 0; ; {
		i := strings.Index(s[off:], "://")
		if i < 0 {
			return spans
		}
		start := off + i + 3
		end := start
		for end < len(s) && !strings.ContainsRune("/?#\"' \t\r\n", rune(s[end])) {
			end++
		}
		if at := strings.LastIndexByte(s[start:end], '@'); at > 0 {
			if colon := strings.IndexByte(s[start:start+at], ':'); colon >= 0 {
				spans = addSpan(spans, s, start+colon+1, start+at)
			}
		}
		off = end
	}
}

// credentialHeaders are HTTP headers whose values are credentials.
// Compared in lower case; cookie values run to the end of the quote or
// line, the others are one word after an optional auth scheme.
var credentialHeaders = [...]string{"authorization", "proxy-authorization", "x-api-key", "api-key", "apikey",
	"x-auth-token", "x-access-token", "x-goog-api-key", "private-token", "x-vault-token", "x-amz-security-token",
	"cookie", "set-cookie"}

// headerValues finds the values of credential headers: "Authorization:
// Bearer VALUE", "X-Api-Key: VALUE", and the same as JSON or YAML keys.
func headerValues(s string, spans []span) []span {
	if strings.IndexByte(s, ':') < 0 {
		return spans
	}
	lower := strings.ToLower(s)
	for _, h := range credentialHeaders {
		for off := 0; ; {
			i := strings.Index(lower[off:], h)
			if i < 0 {
				break
			}
			i += off
			off = i + len(h)
			if i > 0 && isHeaderByte(lower[i-1]) {
				continue
			}
			// Name, an optional closing quote, a colon, an optional opening
			// quote.
			j := off
			if j < len(s) && (s[j] == '"' || s[j] == '\'') {
				j++
			}
			j = skipBlanks(s, j)
			if j >= len(s) || s[j] != ':' {
				continue
			}
			j = skipBlanks(s, j+1)
			if j < len(s) && (s[j] == '"' || s[j] == '\'') {
				j++
			}
			start := j
			if strings.HasSuffix(h, "cookie") {
				for j < len(s) && !strings.ContainsRune("\"'\r\n", rune(s[j])) {
					j++
				}
				spans = addSpan(spans, s, start, j)
				continue
			}
			if strings.HasSuffix(h, "authorization") {
				// Keep the scheme: "Bearer", "Basic", "token".
				k := j
				for k < len(s) && isLetter(s[k]) {
					k++
				}
				if k > j && k < len(s) && s[k] == ' ' && k+1 < len(s) && !isWordEnd(s[k+1]) {
					start = k + 1
				}
			}
			end := start
			for end < len(s) && !isWordEnd(s[end]) {
				end++
			}
			spans = addSpan(spans, s, start, end)
		}
	}
	return spans
}

func isHeaderByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '-' || c == '_' }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isWordEnd reports whether c ends a header value or an option's value.
func isWordEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '"' || c == '\'' || c == ',' || c == ';'
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// word is one shell word of a command: its byte range and the simple
// command (segment) it belongs to.
type word struct {
	start, end, seg int
}

// text returns the word's text with the quotes removed.
func (w word) text(s string) string {
	v := s[w.start:w.end]
	if !strings.ContainsAny(v, `"'\`) {
		return v
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
		case c == quote:
			quote = 0
		case c == '\\' && quote != '\'' && i+1 < len(v):
			i++
			b.WriteByte(v[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// splitWords splits a command into words, roughly as a shell would:
// quotes and backslashes protect blanks and operators, and |, &, ;,
// parentheses, backquotes and newlines end a simple command. It never
// fails: it is for finding secrets in what was logged, not for deciding.
func splitWords(s string) []word {
	var words []word
	seg := 0
	start := -1
	var quote byte
	depth := 0 // $( ... ) nesting, inside which operators do not split
	end := func(i int) {
		if start >= 0 {
			words = append(words, word{start, i, seg})
			start = -1
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quote != 0 {
			switch {
			case c == quote:
				quote = 0
			case c == '\\' && quote == '"':
				i++
			}
			continue
		}
		switch c {
		case '\'', '"':
			if start < 0 {
				start = i
			}
			quote = c
		case '\\':
			if start < 0 {
				start = i
			}
			i++ // the escaped byte belongs to the word
		case ' ', '\t':
			if depth == 0 {
				end(i)
			}
		case '\n', '\r', '|', '&', ';', '(', ')', '`':
			switch {
			case c == '(' && i > 0 && s[i-1] == '$':
				depth++
			case c == ')' && depth > 0:
				depth--
			case depth == 0:
				end(i)
				seg++
				continue
			}
			if start < 0 {
				start = i
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	end(len(s))
	return words
}

// valueSpan returns the range of a value inside s[start:end] without its
// enclosing quotes.
func valueSpan(s string, start, end int) (int, int) {
	if end > len(s) {
		end = len(s)
	}
	if end-start >= 2 && (s[start] == '"' || s[start] == '\'') && s[end-1] == s[start] {
		return start + 1, end - 1
	}
	if end-start >= 1 && (s[start] == '"' || s[start] == '\'') {
		return start + 1, end
	}
	return start, end
}

// secretOption is an option that takes a secret.
type secretOption struct {
	// programs the option belongs to (base names); nil for any program.
	programs []string
	// sub is a word that must come before the option (docker login -p).
	sub string
	// names are the option's spellings.
	names []string
	// attached: the value may be joined to a short option (-pSECRET);
	// attachedOnly: it must be (mysql -p alone prompts for the password).
	attached, attachedOnly bool
	// after masks only what follows this separator in the value
	// (curl -u user:PASSWORD); the whole value when it has none, unless
	// afterOnly.
	after     string
	afterOnly bool
}

var mysqlPrograms = []string{"mysql", "mariadb", "mysqldump", "mysqladmin", "mysqlimport", "mysqlshow",
	"mysqlcheck", "mysqlslap", "mariadb-dump", "mariadb-admin"}

// secretOptions are the options that take a secret. Programs whose
// --password is a switch (psql, mysql) are excluded from the generic
// ones by noValuePassword.
var secretOptions = [...]secretOption{
	{names: []string{"--token", "--api-key", "--apikey", "--api-token", "--auth-token", "--access-token",
		"--refresh-token", "--bearer-token", "--client-secret", "--secret-string", "--secret-key",
		"--secret-access-key", "--oauth2-bearer", "--passphrase", "--http-password", "--ftp-password",
		"--proxy-password", "--password"}},
	{programs: mysqlPrograms, names: []string{"-p"}, attached: true, attachedOnly: true},
	{programs: []string{"curl"}, names: []string{"-u", "--user", "-U", "--proxy-user"}, attached: true,
		after: ":", afterOnly: true},
	{programs: []string{"docker", "podman", "nerdctl", "buildah", "helm", "oras", "az", "skopeo"}, sub: "login",
		names: []string{"-p"}},
	{programs: []string{"skopeo"}, names: []string{"--creds", "--src-creds", "--dest-creds"}, after: ":", afterOnly: true},
	{programs: []string{"sshpass"}, names: []string{"-p"}, attached: true},
	{programs: []string{"mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport", "twine"},
		names: []string{"-p"}},
	{programs: []string{"redis-cli"}, names: []string{"-a", "--pass"}},
	{programs: []string{"sqlcmd", "bcp"}, names: []string{"-P"}},
	{programs: []string{"ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami", "ldappasswd"},
		names: []string{"-w"}},
	{programs: []string{"zip", "unzip"}, names: []string{"-P"}},
	{programs: []string{"7z", "7za", "7zr"}, names: []string{"-p"}, attached: true, attachedOnly: true},
	{programs: []string{"keytool", "jarsigner"}, names: []string{"-storepass", "-keypass", "-srcstorepass",
		"-deststorepass", "-srckeypass", "-destkeypass"}},
	{programs: []string{"openssl"}, names: []string{"-pass", "-passin", "-passout"}, after: "pass:", afterOnly: true},
	{programs: []string{"openssl"}, names: []string{"-k"}},
	{programs: []string{"smbclient"}, names: []string{"-U", "--user"}, after: "%", afterOnly: true},
	{programs: []string{"gh"}, sub: "secret", names: []string{"-b", "--body"}},
}

// noValuePassword are programs whose --password option takes no value.
var noValuePassword = [...]string{"psql", "pg_dump", "pg_dumpall", "pg_restore", "createdb", "dropdb",
	"createuser", "dropuser", "vacuumdb", "reindexdb", "clusterdb", "pg_basebackup", "mysql", "mariadb",
	"mysqldump", "mysqladmin", "mysqlimport", "mysqlshow", "mysqlcheck", "mysqlslap", "mariadb-dump", "mariadb-admin"}

// wordSecrets finds secrets in the words of a command: assignments and
// options whose names say they hold one, and the values of secret
// options.
func wordSecrets(s string, spans []span) []span {
	if !mayHoldWordSecret(s) {
		return spans
	}
	words := splitWords(s)
	prog, progAt := "", -1
	seg := -1
	setVerb := false // a set verb came earlier in the simple command
	for i, w := range words {
		if w.seg != seg {
			seg, prog, progAt, setVerb = w.seg, "", -1, false
		}
		text := w.text(s)
		spans = assignmentSecrets(s, w, spans)
		if setVerb {
			spans = setValue(s, words, i, text, spans)
		} else if slices.Contains(setVerbs[:], text) {
			setVerb = true
		}
		if base := path.Base(text); isOptionProgram(base) && (prog == "" || !strings.HasPrefix(text, "-")) {
			prog, progAt = base, i
			continue
		}
		if !strings.HasPrefix(text, "-") {
			continue
		}
		spans = namedOption(s, words, i, text, prog, spans)
		for oi := range secretOptions {
			o := &secretOptions[oi]
			if o.programs != nil && !slices.Contains(o.programs, prog) {
				continue
			}
			if o.programs == nil && prog != "" && text == "--password" && slices.Contains(noValuePassword[:], prog) {
				continue
			}
			if o.sub != "" && !hasWordBetween(s, words, progAt+1, i, o.sub) {
				continue
			}
			for _, name := range o.names {
				vs, ve, ok := optionValue(s, words, i, name, o)
				if !ok {
					continue
				}
				if o.after != "" {
					v := s[vs:ve]
					if k := strings.Index(v, o.after); k >= 0 {
						vs += k + len(o.after)
					} else if o.afterOnly {
						break
					}
				}
				spans = addSpan(spans, s, vs, ve)
				break
			}
		}
	}
	return spans
}

// namedOption masks the next word after a long option whose name says it
// takes a secret (--db-pass VALUE, --admin-token VALUE), except the
// switches that only ask for one (--ask-become-pass, psql's --password).
func namedOption(s string, words []word, i int, text, prog string, spans []span) []span {
	if !strings.HasPrefix(text, "--") || strings.Contains(text, "=") || !secretName(text) {
		return spans
	}
	n := secretname.Normalize(text)
	if strings.HasPrefix(n, "ask_") || strings.HasPrefix(n, "prompt_") ||
		text == "--password" && slices.Contains(noValuePassword[:], prog) {
		return spans
	}
	if i+1 >= len(words) || words[i+1].seg != words[i].seg {
		return spans
	}
	next := words[i+1]
	// A value of settings (docker build --secret id=npm,src=.npmrc) names
	// where the secret is; its own assignments are masked apart.
	if v := next.text(s); v == "" || strings.HasPrefix(v, "-") || strings.Contains(strings.TrimRight(v, "="), "=") {
		return spans
	}
	vs, ve := valueSpan(s, next.start, next.end)
	return addSpan(spans, s, vs, ve)
}

// vaultTokens finds HashiCorp Vault service, batch and recovery tokens
// (hvs., hvb., hvr. and at least 90 more characters). Gitleaks' rule
// allows an hvs. token whose first 24 characters are letters, as its
// allowlist for legacy s. tokens also matches inside it.
func vaultTokens(s string, spans []span) []span {
	for off := 0; ; {
		i := strings.Index(s[off:], "hv")
		if i < 0 {
			return spans
		}
		i += off
		off = i + 2
		if i+4 > len(s) || !strings.ContainsRune("sbr", rune(s[i+2])) || s[i+3] != '.' || i > 0 && isNameByte(s[i-1]) {
			continue
		}
		j := i + 4
		for j < len(s) && (isLetter(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '_' || s[j] == '-') {
			j++
		}
		if j-i-4 >= 90 {
			spans = addSpan(spans, s, i, j)
		}
		off = j
	}
}

// setVerbs are the words after which a command sets a named value:
// aws configure set NAME VALUE, npm config set NAME VALUE, git config
// NAME VALUE, heroku config:set.
var setVerbs = [...]string{"set", "config", "configure", "config:set", "put", "add"}

// setValue masks the word after words[i] when words[i] is a secret's name
// (not an option, not an assignment); the caller has seen a set verb
// earlier in the simple command: aws configure set aws_secret_access_key
// VALUE.
func setValue(s string, words []word, i int, text string, spans []span) []span {
	w := words[i]
	if i+1 >= len(words) || words[i+1].seg != w.seg || strings.HasPrefix(text, "-") ||
		strings.ContainsAny(text, "=/") || !secretName(text) {
		return spans
	}
	next := words[i+1]
	if v := next.text(s); v == "" || strings.HasPrefix(v, "-") {
		return spans
	}
	vs, ve := valueSpan(s, next.start, next.end)
	return addSpan(spans, s, vs, ve)
}

// awsSecretKeys finds bare AWS secret access keys: runs of exactly 40
// base64 characters holding upper and lower case letters and digits, with
// the entropy of random bytes, in a text that names AWS. A git commit id
// (lower case hex) is not one.
func awsSecretKeys(s string, spans []span) []span {
	if len(s) < 40 || !strings.Contains(strings.ToLower(s), "aws") {
		return spans
	}
	isKey := func(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '/' || c == '+' }
	for i := 0; i < len(s); {
		if !isKey(s[i]) {
			i++
			continue
		}
		j := i
		var upper, lower, digit bool
		for j < len(s) && isKey(s[j]) {
			c := s[j]
			upper = upper || c >= 'A' && c <= 'Z'
			lower = lower || c >= 'a' && c <= 'z'
			digit = digit || c >= '0' && c <= '9'
			j++
		}
		if j-i == 40 && upper && lower && digit && !strings.Contains(s[i:j], "//") && entropy(s[i:j]) > 4.2 {
			spans = addSpan(spans, s, i, j)
		}
		i = j
	}
	return spans
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	e := 0.0
	for _, n := range counts {
		if n > 0 {
			f := float64(n) / float64(len(s))
			e -= f * math.Log2(f)
		}
	}
	return e
}

// isOptionProgram reports whether a program has secret options of its
// own.
func isOptionProgram(base string) bool {
	for oi := range secretOptions {
		if slices.Contains(secretOptions[oi].programs, base) {
			return true
		}
	}
	return false
}

// hasWordBetween reports whether words[from:to] holds the word w.
func hasWordBetween(s string, words []word, from, to int, w string) bool {
	for k := max(from, 0); k < to; k++ {
		if words[k].text(s) == w {
			return true
		}
	}
	return false
}

// optionValue returns the range of the value that words[i] gives option
// name: "--name=VALUE", "-nVALUE" (attached) or "--name VALUE" (the next
// word of the same simple command).
func optionValue(s string, words []word, i int, name string, o *secretOption) (int, int, bool) {
	w := words[i]
	raw := s[w.start:w.end]
	if !strings.HasPrefix(raw, name) {
		return 0, 0, false
	}
	rest := raw[len(name):]
	switch {
	case rest == "":
		if o.attachedOnly || i+1 >= len(words) || words[i+1].seg != w.seg {
			return 0, 0, false
		}
		next := words[i+1]
		if v := next.text(s); v == "" || strings.HasPrefix(v, "-") && len(v) > 1 {
			return 0, 0, false
		}
		vs, ve := valueSpan(s, next.start, next.end)
		return vs, ve, true
	case strings.HasPrefix(name, "--") && rest[0] == '=':
		vs, ve := valueSpan(s, w.start+len(name)+1, w.end)
		return vs, ve, true
	case o.attached && !strings.HasPrefix(name, "--") && len(name) == 2:
		vs, ve := valueSpan(s, w.start+len(name), w.end)
		return vs, ve, true
	}
	return 0, 0, false
}

// assignmentSecrets finds NAME=VALUE pairs in a word whose NAME says the
// value is a secret: environment assignments, --name=value options,
// key=value lists and URL query parameters.
func assignmentSecrets(s string, w word, spans []span) []span {
	raw := s[w.start:w.end]
	for off := 0; ; {
		eq := strings.IndexByte(raw[off:], '=')
		if eq < 0 {
			return spans
		}
		eq += off
		off = eq + 1
		// The name: the run of name characters before '='.
		ns := eq
		for ns > 0 && isNameByte(raw[ns-1]) {
			ns--
		}
		if ns == eq || !secretName(raw[ns:eq]) {
			continue
		}
		ve := valueEnd(raw, eq+1)
		vs, vend := valueSpan(s, w.start+eq+1, w.start+ve)
		if v := s[vs:vend]; strings.EqualFold(v, "true") || strings.EqualFold(v, "false") {
			continue
		}
		spans = addSpan(spans, s, vs, vend)
		off = ve
	}
}

// valueEnd returns where the value that starts at raw[i] ends: at the
// end of the word, or where the next parameter of a query string or a
// list starts (&page=2, ,user=bob).
func valueEnd(raw string, i int) int {
	for ; i < len(raw); i++ {
		if c := raw[i]; c != '&' && c != ',' && c != ';' {
			continue
		}
		j := i + 1
		for j < len(raw) && isNameByte(raw[j]) {
			j++
		}
		if j > i+1 && j < len(raw) && raw[j] == '=' {
			return i
		}
	}
	return len(raw)
}

func isNameByte(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// secretName reports whether a variable, option or key name says its
// value is a secret (see [secretname.Is]); a URL's value is not masked
// whole, but its password where it has one (DATABASE_URL=postgres://app:***@db).
func secretName(name string) bool {
	n := secretname.Normalize(name)
	return secretname.Is(name) && !strings.HasSuffix(n, "_url") && !strings.HasSuffix(n, "_uri")
}

// mayHoldWordSecret is a quick test that s could hold a secret assignment
// or option, or set one: it has '=' or '-', or a set verb.
func mayHoldWordSecret(s string) bool {
	if strings.ContainsAny(s, "=-") {
		return true
	}
	for _, v := range setVerbs {
		if strings.Contains(s, v) {
			return true
		}
	}
	return false
}

// maskJSON masks the secrets of a JSON document: values of keys whose
// names say they are secrets become "***", and every string is masked
// with [Mask]. It returns the masked document, the JSON pointers (below
// ptr) that changed, and false when data is not JSON.
func maskJSON(data json.RawMessage, ptr string) (json.RawMessage, []string, bool) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil || dec.More() {
		return nil, nil, false
	}
	var masked []string
	v = maskValue(v, ptr, false, &masked)
	if len(masked) == 0 {
		return data, nil, true
	}
	out, err := json.Marshal(v)
	if err != nil {
		return nil, nil, false
	}
	return out, masked, true
}

// authSection reports a key that names a section of settings, not a
// secret: "auth": {"user": "bob", "token": "..."}; a string under it
// ("auth": "dXNlcjpwYXNz", as a registry login keeps it) is a secret.
func authSection(k string, v any) bool {
	_, obj := v.(map[string]any)
	n := secretname.Normalize(k)
	return obj && (n == "auth" || n == "authorization")
}

func maskValue(v any, ptr string, secret bool, masked *[]string) any {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			x[k] = maskValue(x[k], ptr+"/"+pointerToken(k), secret || secretName(k) && !authSection(k, x[k]) || isCredentialHeader(k), masked)
		}
	case []any:
		for i := range x {
			x[i] = maskValue(x[i], ptr+"/"+strconv.Itoa(i), secret, masked)
		}
	case string:
		if secret && x != "" && x != engine.SecretMask && x[0] != '$' {
			*masked = append(*masked, ptr)
			return engine.SecretMask
		}
		if m, ok := Mask(x); ok {
			*masked = append(*masked, ptr)
			return m
		}
	case json.Number:
		if secret {
			*masked = append(*masked, ptr)
			return engine.SecretMask
		}
	}
	return v
}

func isCredentialHeader(k string) bool {
	k = strings.ToLower(k)
	return slices.Contains(credentialHeaders[:], k)
}

// pointerToken escapes a key for a JSON pointer (RFC 6901).
func pointerToken(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
