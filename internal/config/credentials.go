package config

// Credentials in governance's own configuration (a collector's
// authorization header, a token in a bundle source's URL) are never
// written into config.yaml, which any tool may read: the value names
// where the credential is, and governance reads it when it sends.
//
//	${env:NAME}   the environment variable NAME
//	${file:NAME}  the file NAME in the credentials folder beside the
//	              config.yaml that names it (credentials/NAME), which the
//	              built-in policy keeps from every agent as a secret
//
// A literal credential is refused by the command that would send it (it
// sends nothing) and reported by status, doctor and lint; it is not a
// configuration error, so the hook decides as before.

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentgov/governance/internal/engine"
)

// CredentialsFolder is the folder beside config.yaml that ${file:NAME}
// reads.
const CredentialsFolder = "credentials"

// ErrLiteralCredential is what a literal credential in the configuration
// is (errors.Is); the error itself is a [*LiteralCredential].
var ErrLiteralCredential = errors.New("a credential is written in the configuration")

// LiteralCredential is a credential written into a configuration file
// where a reference to it belongs. It names where, never the value.
type LiteralCredential struct {
	File string
	Line int
	// Where is the setting: audit_export.headers.Authorization.
	Where string
	// Hint says how to move it, when the general advice does not fit.
	Hint string
}

func (e *LiteralCredential) Error() string {
	hint := e.Hint
	if hint == "" {
		hint = fmt.Sprintf("move it into an environment variable and write ${env:NAME}, or into %s/NAME beside config.yaml "+
			"(mode 0600) and write ${file:NAME}", CredentialsFolder)
	}
	return fmt.Sprintf("%s:%d: %s holds a credential written into the file, which any tool can read: it is not used "+
		"(%s; then revoke it, as it may have been read)", e.File, e.Line, e.Where, hint)
}

// Is makes errors.Is(err, ErrLiteralCredential) hold.
func (e *LiteralCredential) Is(target error) bool { return target == ErrLiteralCredential }

// credentialHeaderWords make a header's name a credential's: its value is
// a credential, so it must be a reference.
var credentialHeaderWords = []string{"authorization", "token", "key", "secret", "password", "passwd", "auth", "credential",
	"signature", "session", "cookie"}

// IsCredentialHeader reports whether a header's value is a credential by
// its name: Authorization, X-Api-Key, DD-API-KEY, Private-Token, Cookie.
func IsCredentialHeader(name string) bool {
	n := strings.ToLower(name)
	for _, w := range credentialHeaderWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// authSchemes are the words that may precede a credential in an
// authorization header's value.
var authSchemes = []string{"bearer", "basic", "token", "apikey", "api-key", "key", "splunk", "genieKey", "ssws", "digest", "dsn"}

// literalCredential reports whether the value of header name holds a
// credential written out rather than a reference to one: any text left in
// a credential header's value once the references and an auth scheme
// ("Bearer ") are taken away, or a value of any header that has the shape
// of a known credential (a GitHub or cloud token).
func literalCredential(name, value string) bool {
	rest := strings.TrimSpace(removeReferences(value))
	if rest == "" {
		return false
	}
	if engine.FindSecret(rest) != "" {
		return true
	}
	if !IsCredentialHeader(name) {
		return false
	}
	scheme, after, _ := strings.Cut(rest, " ")
	for _, s := range authSchemes {
		if strings.EqualFold(scheme, s) {
			rest = strings.TrimSpace(after)
			break
		}
	}
	return rest != ""
}

// removeReferences returns value without its ${env:...} and ${file:...}
// references.
func removeReferences(value string) string {
	var b strings.Builder
	for {
		i := strings.Index(value, "${")
		if i < 0 {
			b.WriteString(value)
			return b.String()
		}
		j := strings.IndexByte(value[i:], '}')
		if j < 0 {
			b.WriteString(value)
			return b.String()
		}
		b.WriteString(value[:i])
		value = value[i+j+1:]
	}
}

// checkReferences reports the first malformed reference of value.
func checkReferences(value string) error {
	for rest := value; ; {
		i := strings.Index(rest, "${")
		if i < 0 {
			return nil
		}
		j := strings.IndexByte(rest[i:], '}')
		// The messages never quote the value: it may hold a credential.
		if j < 0 {
			return errors.New("a reference ${... is not closed")
		}
		kind, name, ok := strings.Cut(rest[i+2:i+j], ":")
		switch {
		case !ok || kind != "env" && kind != "file":
			return errors.New("a reference is ${env:NAME} or ${file:NAME}")
		case kind == "env" && !envName(name):
			return errors.New("${env:NAME} needs the name of an environment variable (letters, digits, _)")
		case kind == "file" && (name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".."):
			return fmt.Errorf("${file:NAME} names a file of the %s folder, without a path", CredentialsFolder)
		}
		rest = rest[i+j+1:]
	}
}

// Resolver reads what references name: the environment and the
// credentials folder. Tests pass fakes.
type Resolver struct {
	LookupEnv func(string) (string, bool)
	ReadFile  func(string) ([]byte, error)
}

// OSResolver reads the process's environment and the file system.
var OSResolver = Resolver{LookupEnv: os.LookupEnv, ReadFile: os.ReadFile}

// expand replaces the references of value with what they name; dir is the
// folder of the config.yaml that holds value.
func (r Resolver) expand(value, dir string) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(value, "${")
		if i < 0 {
			b.WriteString(value)
			return b.String(), nil
		}
		j := strings.IndexByte(value[i:], '}')
		if j < 0 {
			return "", errors.New("a reference ${... is not closed")
		}
		b.WriteString(value[:i])
		kind, name, _ := strings.Cut(value[i+2:i+j], ":")
		switch kind {
		case "env":
			v, ok := r.LookupEnv(name)
			if !ok || v == "" {
				return "", fmt.Errorf("the environment variable %s is not set", name)
			}
			b.WriteString(v)
		case "file":
			file := filepath.Join(dir, CredentialsFolder, name)
			data, err := r.ReadFile(file)
			if err != nil {
				return "", fmt.Errorf("reading the credential: %w", err)
			}
			b.WriteString(strings.TrimRight(string(data), "\r\n"))
		default:
			return "", errors.New("a reference is ${env:NAME} or ${file:NAME}")
		}
		value = value[i+j+1:]
	}
}

// literalInURL reports whether a URL holds a credential: a password in
// its user information, or a query parameter named for one (?token=).
func literalInURL(u *url.URL) bool {
	if _, ok := u.User.Password(); ok {
		return true
	}
	for k, vs := range u.Query() {
		if !IsCredentialHeader(k) {
			continue
		}
		for _, v := range vs {
			if v != "" {
				return true
			}
		}
	}
	return false
}

// redactedURL is s without the password its user information may hold,
// for messages.
func redactedURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(a URL that does not parse)"
	}
	return u.Redacted()
}
