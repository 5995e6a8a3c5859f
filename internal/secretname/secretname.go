// Package secretname says whether a name says that its value is a secret:
// an environment variable (GITHUB_TOKEN, PGPASSWORD), an option
// (--db-password) or a key of a configuration (authToken, client_secret).
//
// It is the one list the analysis (a variable whose value must not be
// printed or sent), the confinement (the variables a confined call does
// not see) and the decision log (the values it masks) share. The words
// it knows are checked against the keyword list of detect-secrets and the
// rule names of gitleaks (see the tests).
package secretname

import (
	"slices"
	"strings"
)

// words make a name a secret's wherever they stand in it; token is
// handled apart so that MAX_TOKENS and --tokenizer are not.
var words = [...]string{"password", "passwd", "passphrase", "secret", "credential",
	"api_key", "apikey", "app_key", "appkey", "auth_key", "authkey", "service_key", "servicekey",
	"application_key", "applicationkey", "account_key", "accountkey", "db_key", "dbkey",
	"database_key", "databasekey", "client_key", "clientkey", "access_key", "session_key",
	"private_key", "privatekey", "priv_key", "privkey", "signing_key", "encryption_key", "master_key",
	"keypass", "key_pass", "contrasena", "contraseña"}

// parts make a name a secret's only as whole words of it: db_pass but not
// passthrough or compass, GH_AUTH but not GIT_AUTHOR_NAME.
var parts = [...]string{"pass", "pwd", "pw", "creds", "pat", "jwt", "bearer", "dsn", "webhook"}

// lastParts are words that name a secret as a name's last word only: a
// password manager's unlocked session (BW_SESSION, a session cookie's
// value) and a secret key's short form (STRIPE_SK, where a first word sk
// is a prefix: SK_LIVE).
var lastParts = [...]string{"session", "sk"}

// notSecretSessions are the words before a last word "session" that name
// a desktop's or a terminal's session, not a credential.
var notSecretSessions = [...]string{"desktop", "xdg", "tmux", "screen", "terminal", "term", "zellij", "kitty", "ssh"}

// known are names whose words say nothing, each the credential of a
// well-known tool: SonarQube's token, 1Password's unlocked sessions
// (OP_SESSION_ACCOUNT).
var known = [...]string{"sonar_login", "op_session"}

// connWords are the short forms of a connection string, which carries
// the store's password (Server=...;Password=...): anywhere in a name.
var connWords = [...]string{"connstr", "conn_str", "connection_str"}

// notSecretConns are the words before a last word "conn" that count
// connections (MAX_CONN), not hold one.
var notSecretConns = [...]string{"max", "min", "num", "n", "idle", "open", "total", "pool", "active"}

// contentConfigs are configuration files that hold credentials (a
// cluster's token or client key, a registry's login); contentLast are
// the last words of a name whose value is such a file's content
// (KUBECONFIG_DATA, KUBE_CONFIG_B64, DOCKER_CONFIG_JSON), where the name
// alone is its path (KUBECONFIG, DOCKER_CONFIG).
var contentConfigs = [...]string{"kubeconfig", "kube_config", "docker_config", "dockerconfig"}

var contentLast = [...]string{"data", "content", "contents", "b64", "base64", "json", "yaml", "raw"}

// auths make a name a secret's as its last word (GH_AUTH, NPM_AUTH,
// HTTP_AUTHORIZATION), or before a header or a configuration: an
// auth.user key names the user of a section of settings.
var auths = [...]string{"auth", "authorization"}

// authHolders are last words after an auth word that hold the login
// (AUTH_HEADER, DOCKER_AUTH_CONFIG: a registry's base64 user:password).
var authHolders = [...]string{"header", "config", "json"}

// public are words that make a key one anybody may hold (a publishable
// key, NEXT_PUBLIC_ variables shipped to the browser).
var public = [...]string{"public", "pub", "publishable"}

// notSecretLast are last words of names whose values are about a secret
// but not the secret: where it is, what it is called, how long it lives,
// whether it is used.
var notSecretLast = [...]string{"file", "path", "dir", "stdin", "env", "fd", "id", "name", "type", "helper",
	"url", "uri", "arn", "ref", "length", "len", "count", "min", "max", "size", "ttl", "timeout", "expiry",
	"prompt", "cmd", "command", "location", "store", "manager", "provider", "mode", "policy", "required",
	"enabled", "disabled", "enable", "disable", "method", "scheme", "version", "format", "algorithm"}

// notSecretKeys are the words before a last word "key" that name a key
// that is no secret: public keys, and the keys of tables, caches and
// objects.
var notSecretKeys = [...]string{"public", "pub", "publishable", "site", "anon", "sort", "partition", "primary",
	"foreign", "cache", "idempotency", "row", "object", "s3", "lookup", "map", "range", "routing", "dedup",
	"group", "index", "shortcut", "hot", "kms", "hash", "unique", "composite", "sorting",
	// The name of a setting (git's GIT_CONFIG_KEY_0), not its value.
	"config", "setting", "field", "column", "attribute", "property"}

// storeURLs are words of names whose URL carries the store's password
// (DATABASE_URL=postgres://user:pass@host, TEST_DATABASE_URL,
// POSTGRES_URL_NON_POOLING); storeStems are found inside a word too
// (REDISCLOUD_URL, JAWSDB_URL, SQLALCHEMY_DATABASE_URI).
var storeURLs = [...]string{"db", "pg", "broker", "connection", "webhook", "datasource", "jdbc"}

var storeStems = [...]string{"database", "redis", "mongo", "postgres", "sql", "mariadb", "amqp", "rabbitmq",
	"elasticsearch", "opensearch", "clickhouse", "couchdb", "influxdb"}

// storeURL reports a name of a store's URL: a word url or uri and a word
// that names a store, unless the name ends in what is not the URL
// itself (DATABASE_URL_FILE).
func storeURL(ws []string) bool {
	if !slices.Contains(ws, "url") && !slices.Contains(ws, "uri") {
		return false
	}
	last := ws[len(ws)-1]
	if last != "url" && last != "uri" && slices.Contains(notSecretLast[:], last) {
		return false
	}
	for _, w := range ws {
		if slices.Contains(storeURLs[:], w) || strings.HasSuffix(w, "db") && len(w) > 2 {
			return true
		}
		for _, s := range storeStems {
			if strings.Contains(w, s) {
				return true
			}
		}
	}
	return false
}

// Is reports whether a variable, option or key name says its value is a
// secret: GITHUB_TOKEN, --db-password, authToken, PGPASSWORD, STRIPE_KEY,
// DATABASE_URL; not TOKEN_FILE, --secret-id, MAX_TOKENS, PUBLIC_KEY, the
// shell's PWD and OLDPWD.
func Is(name string) bool {
	n := Normalize(name)
	if n == "" || strings.HasPrefix(n, "no_") || name == "PWD" || name == "OLDPWD" {
		return false
	}
	ws := strings.Split(n, "_")
	if l := ws[len(ws)-1]; len(ws) > 1 && slices.Contains(contentLast[:], l) {
		for _, c := range contentConfigs {
			if strings.Contains(n, c) {
				return true
			}
		}
	}
	// A qualifier after the name's last word (STRIPE_KEY_LIVE,
	// OPENAI_KEY_2, DEPLOY_KEY_BASE64, TOKEN_FILE_2) says which one, not
	// what it is.
	for len(ws) > 2 && (slices.Contains(qualifiers[:], ws[len(ws)-1]) || allDigits(ws[len(ws)-1])) {
		ws = ws[:len(ws)-1]
	}
	last := ws[len(ws)-1]
	if strings.HasSuffix(n, "secret_id") && (slices.Contains(ws, "vault") || slices.Contains(ws, "approle")) {
		// Vault's AppRole secret_id is the credential itself, where
		// AWS's --secret-id names a secret.
		return true
	}
	if storeURL(ws) {
		// A store's URL carries its password, a webhook's its token.
		return true
	}
	if len(ws) > 1 && (last == "url" || last == "uri") {
		return false
	}
	for _, w := range ws {
		// pub is a public key's word (SSH_PUB_KEY, LOB_PUB_API_KEY), but
		// Dart's package manager's too (PUB_TOKEN, PUB_CREDENTIALS).
		if slices.Contains(public[:], w) && (w != "pub" || last == "key") {
			return false
		}
	}
	if slices.Contains(notSecretLast[:], last) {
		return false
	}
	for _, w := range words {
		if strings.Contains(n, w) {
			return true
		}
	}
	for off := 0; ; {
		i := strings.Index(n[off:], "token")
		if i < 0 {
			break
		}
		off += i + len("token")
		if off == len(n) || !isLetter(n[off]) {
			return true
		}
	}
	if strings.Contains(n, "connection_string") {
		return true
	}
	for _, w := range connWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	// A connection (CONN, DB_CONN: Server=...;Password=...), not a count
	// of them.
	if last == "conn" && (len(ws) == 1 || !slices.Contains(notSecretConns[:], ws[len(ws)-2])) {
		return true
	}
	// A client certificate to sign in with holds its private key
	// (AZURE_CLIENT_CERTIFICATE, ARM_CLIENT_CERTIFICATE: a PFX).
	if len(ws) > 1 && last == "certificate" && ws[len(ws)-2] == "client" {
		return true
	}
	for _, w := range ws {
		if slices.Contains(parts[:], w) {
			return true
		}
	}
	if len(ws) > 1 && slices.Contains(lastParts[:], last) && !(last == "session" && slices.Contains(notSecretSessions[:], ws[len(ws)-2])) {
		return true
	}
	for _, k := range known {
		if n == k || strings.HasPrefix(n, k+"_") {
			return true
		}
	}
	if slices.Contains(auths[:], last) || len(ws) > 1 && slices.Contains(authHolders[:], last) && slices.Contains(auths[:], ws[len(ws)-2]) {
		return true
	}
	// A key named for what it opens (STRIPE_KEY, OPENAI_KEY), not for
	// what it finds (SORT_KEY) or one anybody may hold (PUBLIC_KEY).
	return len(ws) > 1 && last == "key" && !slices.Contains(notSecretKeys[:], ws[len(ws)-2])
}

// Normalize lowercases a name and separates its words with '_':
// "--db-password" is "db_password", "authToken" "auth_token".
func Normalize(name string) string {
	name = strings.TrimLeft(name, "-")
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '-' || c == '.':
			b.WriteByte('_')
		case c >= 'A' && c <= 'Z':
			if i > 0 && name[i-1] >= 'a' && name[i-1] <= 'z' {
				b.WriteByte('_')
			}
			b.WriteByte(c + 'a' - 'A')
		default:
			b.WriteByte(c)
		}
	}
	return strings.ToLower(b.String())
}

// qualifiers are last words that say which of a name's values this is:
// the deployment, a copy, an encoding.
var qualifiers = [...]string{"live", "test", "prod", "production", "dev", "development", "staging", "stage", "sandbox",
	"old", "new", "prev", "previous", "next", "current", "backup", "b64", "base64", "hex", "pem", "json"}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
