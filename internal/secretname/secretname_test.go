package secretname

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestIs(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"GITHUB_TOKEN", true}, {"token", true}, {"authToken", true}, {"--db-password", true},
		{"PGPASSWORD", true}, {"client_secret", true}, {"SECRET_KEY_BASE", true}, {"x-api-key", true},
		{"apiKey", true}, {"AWS_SECRET_ACCESS_KEY", true}, {"passwd", true}, {"GPG_PASSPHRASE", true},
		{"GH_AUTH", true}, {"NPM_AUTH", true}, {"HTTP_AUTHORIZATION", true}, {"DB_PASS", true}, {"DB_PWD", true},
		{"STRIPE_KEY", true}, {"OPENAI_KEY", true}, {"GITHUB_PAT", true}, {"DATABASE_URL", true}, {"REDIS_URL", true},
		{"MONGODB_URI", true}, {"SENTRY_DSN", true}, {"AZURE_STORAGE_CONNECTION_STRING", true}, {"SLACK_WEBHOOK_URL", true},
		{"SSH_KEY", true}, {"MAXMIND_LICENSE_KEY", true}, {"SESSION_KEY", true}, {"CREDS", true},
		{"MAX_TOKENS", false}, {"tokenizer", false}, {"TOKEN_FILE", false}, {"--secret-id", false},
		{"credential.helper", false}, {"PASSWORD_MIN_LENGTH", false}, {"--no-password", false},
		{"user", false}, {"AWS_ACCESS_KEY_ID", false}, {"", false}, {"PWD", false}, {"OLDPWD", false},
		{"GIT_AUTHOR_NAME", false}, {"GIT_AUTHOR_EMAIL", false}, {"PUBLIC_KEY", false}, {"STRIPE_PUBLISHABLE_KEY", false},
		{"NEXT_PUBLIC_SUPABASE_ANON_KEY", false}, {"SORT_KEY", false}, {"KMS_KEY", false}, {"KEY", false},
		{"API_URL", false}, {"AUTH_URL", false}, {"GITHUB_TOKEN_URL", false}, {"AUTH_ENABLED", false}, {"PATH", false},
		{"TEST_DATABASE_URL", true}, {"SQLALCHEMY_DATABASE_URI", true}, {"DATABASE_PUBLIC_URL", true},
		{"POSTGRES_URL_NON_POOLING", true}, {"DATABASE_URL_UNPOOLED", true}, {"POSTGRES_PRISMA_URL", true},
		{"REDIS_TLS_URL", true}, {"REDISCLOUD_URL", true}, {"JAWSDB_URL", true}, {"CLOUDAMQP_URL", true},
		{"SPRING_DATASOURCE_URL", true}, {"DATABASE_URL_FILE", false}, {"DOCKER_AUTH_CONFIG", true},
		{"PUB_TOKEN", true}, {"PUB_CREDENTIALS", true}, {"SSH_PUB_KEY", false}, {"LOB_PUB_API_KEY", false},
		{"STRIPE_KEY_LIVE", true}, {"OPENAI_KEY_2", true}, {"DEPLOY_KEY_BASE64", true}, {"DB_PW_1", true},
		{"TOKEN_FILE_2", false}, {"SORT_KEY_2", false}, {"PUBLIC_KEY_PEM", false}, {"DATABASE_URL_TEST", true},
		{"HOME", false}, {"VAULT_SECRET_ID", true}, {"APPROLE_SECRET_ID", true}, {"GIT_CONFIG_KEY_0", false}, {"GIT_CONFIG_VALUE_0", false}, {"AUTH_HEADER", true}, {"auth.user", false}, {"COMPASS", false}, {"PASSTHROUGH", false}, {"KEYBOARD", false},
		{"BW_SESSION", true}, {"OP_SESSION_MYTEAM", true}, {"OP_SESSION", true}, {"STRIPE_SK", true}, {"SONAR_LOGIN", true},
		{"SESSION_ID", false}, {"SESSION", false}, {"DB_LOGIN", false}, {"DISK", false}, {"TASK", false}, {"SESSION_TIMEOUT", false},
		{"DESKTOP_SESSION", false}, {"ZELLIJ_SESSION", false},
		{"KUBECONFIG_DATA", true}, {"KUBE_CONFIG_DATA", true}, {"KUBECONFIG_B64", true}, {"KUBECONFIG_CONTENT", true},
		{"DOCKER_CONFIG_JSON", true}, {"KUBECONFIG", false}, {"KUBE_CONFIG_PATH", false}, {"KUBECONFIG_FILE", false},
		{"DOCKER_CONFIG", false}, {"CONFIG_DATA", false}, {"USER_DATA", false},
		{"CONN", true}, {"DB_CONN", true}, {"SQL_CONN", true}, {"REDIS_CONN_2", true}, {"DB_CONNSTR", true}, {"SQL_CONN_STR", true},
		{"ConnectionStrings__Default", true}, {"MAX_CONN", false}, {"CONN_TIMEOUT", false}, {"DB_CONNECTION", false},
		{"CONN_POOL_SIZE", false}, {"IDLE_CONN", false}, {"CONNECTOR", false}, {"DB_CONN_MAX", false},
		{"AZURE_CLIENT_CERTIFICATE", true}, {"ARM_CLIENT_CERTIFICATE", true}, {"AZURE_CLIENT_CERTIFICATE_PATH", false},
		{"AZURE_CLIENT_CERTIFICATE_PASSWORD", true}, {"CA_CERTIFICATE", false}, {"SSL_CERTIFICATE", false}, {"CERTIFICATE", false},
	} {
		if got := Is(tc.name); got != tc.want {
			t.Errorf("Is(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDetectSecretsKeywords: every keyword of detect-secrets names a
// secret, alone, after another word and as an option, but the shell's
// PWD.
func TestDetectSecretsKeywords(t *testing.T) {
	f, err := os.Open("testdata/detect-secrets-denylist.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		k := strings.TrimSpace(sc.Text())
		if k == "" || strings.HasPrefix(k, "#") {
			continue
		}
		n++
		for _, name := range []string{strings.ToUpper(k), "APP_" + strings.ToUpper(k), "--" + strings.ReplaceAll(k, "_", "-"), "my" + strings.ToUpper(k[:1]) + k[1:]} {
			if name == "PWD" {
				continue // the shell's working folder
			}
			if !Is(name) {
				t.Errorf("detect-secrets keyword %q: Is(%q) = false", k, name)
			}
		}
	}
	if n < 30 {
		t.Fatalf("read %d keywords", n)
	}
}

// TestGitleaksRuleNames: the name of each gitleaks rule, spelled as an
// environment variable (github-pat is GITHUB_PAT), names a secret, unless
// the rule is for an identifier (adobe-client-id) or a public key
// (flutterwave-public-key). Qualifiers of a rule name that a variable
// does not carry (routable, v2, long-lived) are dropped.
func TestGitleaksRuleNames(t *testing.T) {
	data, err := os.ReadFile("../leakrules/gitleaks.toml")
	if err != nil {
		t.Fatal(err)
	}
	// Rules whose names do not name a variable: a file's, a format's,
	// an abbreviation, a URL whose name says nothing of a secret.
	skip := map[string]string{
		"pkcs12-file":           "a file's rule",
		"gitlab-ptt":            "an abbreviation",
		"gitlab-rrt":            "an abbreviation",
		"gitlab-session-cookie": "a cookie: COOKIE_NAME and COOKIE_DOMAIN are not secrets",
		"github-oauth":          "OAUTH_SCOPES and OAUTH_CALLBACK are not secrets",
		"sidekiq-sensitive-url": "the URL's name does not say it carries a password",
		"curl-auth-user":        "names curl's -u option: AUTH_USER is a user's name",
	}
	qualifier := regexp.MustCompile(`-(routable|v2|long-lived|short-lived|base64|yaml)$`)
	ids := regexp.MustCompile(`(?m)^id = "([^"]+)"`).FindAllStringSubmatch(string(data), -1)
	if len(ids) < 200 {
		t.Fatalf("read %d rule names", len(ids))
	}
	for _, m := range ids {
		id := m[1]
		if skip[id] != "" {
			continue
		}
		base := id
		for qualifier.MatchString(base) {
			base = qualifier.ReplaceAllString(base, "")
		}
		name := strings.ToUpper(strings.ReplaceAll(base, "-", "_"))
		want := !strings.HasSuffix(base, "-id") && !regexp.MustCompile(`-(public|pub)-`).MatchString(base+"-")
		if got := Is(name); got != want {
			t.Errorf("gitleaks rule %s: Is(%q) = %v, want %v", id, name, got, want)
		}
	}
}
