// Package leaktest builds synthetic secrets in the formats of real
// providers, for tests of what masks them. Every secret is assembled from
// its prefix and random characters when a test runs, so that the
// repository holds no string a secret scanner would flag.
package leaktest

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Sample is a secret in the text a tool call could carry.
type Sample struct {
	// Name says which provider and form.
	Name string
	// Secret is the part that must never be logged or shipped.
	Secret string
	// Text is the command (or other text) that holds it.
	Text string
}

const (
	upper    = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower    = "abcdefghijklmnopqrstuvwxyz"
	digits   = "0123456789"
	hexLower = "0123456789abcdef"
	alnum    = upper + lower + digits
	base64   = alnum + "+/"
	word     = alnum + "_"
	urlsafe  = alnum + "_-"
	base32   = upper + "234567"
	bech32   = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
)

type gen struct{ r *rand.Rand }

// s returns n random characters of alphabet; each of the classes of
// character the alphabet has appears at least once when n allows, so
// that every secret has the entropy of a real one.
func (g gen) s(alphabet string, n int) string {
	for {
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[g.r.IntN(len(alphabet))])
		}
		out := b.String()
		if n < 8 || !mixed(alphabet) || strings.ContainsAny(out, upper) && strings.ContainsAny(out, lower) && strings.ContainsAny(out, digits) {
			return out
		}
	}
}

func mixed(alphabet string) bool {
	return strings.ContainsAny(alphabet, upper) && strings.ContainsAny(alphabet, lower) && strings.ContainsAny(alphabet, digits)
}

// provider makes one secret and the texts it is used in (%s is the
// secret).
type provider struct {
	name     string
	secret   func(g gen) string
	contexts []string
}

var providers = []provider{
	{"aws access key id", func(g gen) string { return "AKIA" + g.s(base32, 16) }, []string{
		"AWS_ACCESS_KEY_ID=%s aws s3 ls",
		"aws configure set aws_access_key_id %s",
		`echo '[default]\naws_access_key_id = %s' >> creds.ini`,
	}},
	{"aws secret access key", func(g gen) string { return g.s(base64, 40) }, []string{
		"aws configure set aws_secret_access_key %s",
		"export AWS_SECRET_ACCESS_KEY=%s && aws sts get-caller-identity",
		"AWS_SECRET_ACCESS_KEY='%s' aws s3 cp x s3://b/x",
		`aws configure set aws_secret_access_key "%s" --profile prod`,
		"docker run -e AWS_SECRET_ACCESS_KEY=%s amazon/aws-cli s3 ls",
	}},
	{"github classic token", func(g gen) string { return "ghp_" + g.s(alnum, 36) }, []string{
		"git clone https://%s@github.com/o/r.git",
		"echo %s | gh auth login --with-token",
		`curl -H "Authorization: token %s" https://api.github.com/user`,
	}},
	{"github oauth token", func(g gen) string { return "gho_" + g.s(alnum, 36) }, []string{"gh api user --header 'X: %s'"}},
	{"github server token", func(g gen) string { return "ghs_" + g.s(alnum, 36) }, []string{"git push https://x-access-token:%s@github.com/o/r"}},
	{"github fine-grained token", func(g gen) string { return "github_pat_" + g.s(word, 82) }, []string{
		"GH_TOKEN=%s gh pr list",
		"printf '%%s' %s > /tmp/t && gh auth login --with-token < /tmp/t",
	}},
	{"slack bot token", func(g gen) string { return "xoxb-" + g.s(digits, 12) + "-" + g.s(digits, 13) + "-" + g.s(alnum, 24) }, []string{
		`curl -H "Authorization: Bearer %s" https://slack.com/api/auth.test`,
		"SLACK_BOT=%s node bot.js",
	}},
	{"slack user token", func(g gen) string {
		return "xoxp-" + g.s(digits, 12) + "-" + g.s(digits, 12) + "-" + g.s(digits, 13) + "-" + g.s(hexLower, 32)
	}, []string{"slack-cli --use %s chat send"}},
	{"slack webhook", func(g gen) string {
		return "https://hooks.slack.com/services/T" + g.s(upper+digits, 8) + "/B" + g.s(upper+digits, 10) + "/" + g.s(alnum, 24)
	}, []string{
		`curl -X POST -d '{"text":"done"}' %s`,
		"SLACK_WEBHOOK_URL=%s ./notify.sh",
		`python -c "import requests; requests.post('%s', json={})"`,
	}},
	{"stripe live key", func(g gen) string { return "sk_live_" + g.s(alnum, 24) }, []string{
		"stripe customers list --api-key %s",
		"curl https://api.stripe.com/v1/charges -u %s:",
		"STRIPE_KEY=%s rails s",
	}},
	{"stripe restricted key", func(g gen) string { return "rk_live_" + g.s(alnum, 24) }, []string{"node pay.js %s"}},
	{"stripe test key", func(g gen) string { return "sk_test_" + g.s(alnum, 24) }, []string{"stripe listen --api-key %s"}},
	{"google api key", func(g gen) string { return "AIza" + g.s(urlsafe, 35) }, []string{
		"curl 'https://maps.googleapis.com/maps/api/geocode/json?address=x&key=%s'",
		"gcloud services api-keys lookup %s",
		"GOOGLE_API_KEY=%s python app.py",
	}},
	{"private key", func(g gen) string {
		var lines []string
		for range 6 {
			lines = append(lines, g.s(base64, 64))
		}
		return strings.Join(lines, "\n")
	}, []string{
		"cat > key.pem <<'EOF'\n-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----\nEOF",
		"printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\n' > id",
		"echo \"-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\" | openssl pkey",
	}},
	{"jwt", func(g gen) string {
		return "eyJhbGciOiJIUzI1NiJ9.eyJ" + g.s(urlsafe, 40) + "." + g.s(urlsafe, 43)
	}, []string{
		`curl -H "Authorization: Bearer %s" https://api.example.com/me`,
		"JWT=%s ./call.sh",
		"echo %s | jwt decode -",
	}},
	{"vault service token", func(g gen) string { return "s." + g.s(alnum, 24) }, []string{
		"VAULT_TOKEN=%s vault kv get secret/app",
		"vault login %s",
		`curl -H "X-Vault-Token: %s" https://vault:8200/v1/secret/x`,
	}},
	{"vault hvs token", func(g gen) string { return "hvs." + g.s(urlsafe, 95) }, []string{
		"vault login %s",
		"export VAULT_TOKEN=%s",
	}},
	{"npm token", func(g gen) string { return "npm_" + g.s(alnum, 36) }, []string{
		"npm config set //registry.npmjs.org/:_authToken %s",
		"echo //registry.npmjs.org/:_authToken=%s > .npmrc",
		"NPM_TOKEN=%s npm publish",
	}},
	{"pypi token", func(g gen) string { return "pypi-AgEIcHlwaS5vcmc" + g.s(urlsafe, 60) }, []string{
		"twine upload -u __token__ -p %s dist/*",
		"uv publish --token %s",
	}},
	{"gitlab token", func(g gen) string { return "glpat-" + g.s(urlsafe, 20) }, []string{
		`curl --header "PRIVATE-TOKEN: %s" https://gitlab.com/api/v4/projects`,
		"glab auth login --token %s",
		"git clone https://oauth2:%s@gitlab.com/g/p.git",
	}},
	{"twilio api key", func(g gen) string { return "SK" + g.s(hexLower, 32) }, []string{
		"twilio login --api-key %s",
		"TWILIO_API_KEY=%s node sms.js",
	}},
	{"sendgrid key", func(g gen) string { return "SG." + g.s(urlsafe, 22) + "." + g.s(urlsafe, 43) }, []string{
		`curl -H "Authorization: Bearer %s" https://api.sendgrid.com/v3/mail/send`,
		"SENDGRID_API_KEY=%s python mail.py",
	}},
	{"openai key", func(g gen) string { return "sk-proj-" + g.s(urlsafe, 74) + "T3BlbkFJ" + g.s(urlsafe, 74) }, []string{
		"OPENAI_API_KEY=%s python chat.py",
	}},
	{"anthropic key", func(g gen) string { return "sk-ant-api03-" + g.s(urlsafe, 93) + "AA" }, []string{
		`curl https://api.anthropic.com/v1/messages -H "x-api-key: %s"`,
	}},
	{"shopify token", func(g gen) string { return "shpat_" + g.s(hexLower, 32) }, []string{"curl -H 'X-Shopify-Access-Token: %s' https://s.myshopify.com"}},
	{"digitalocean token", func(g gen) string { return "dop_v1_" + g.s(hexLower, 64) }, []string{"doctl auth init -t %s"}},
	{"hugging face token", func(g gen) string { return "hf_" + g.s(upper+lower, 34) }, []string{"huggingface-cli login --token %s"}},
	{"databricks token", func(g gen) string { return "dapi" + g.s(hexLower, 32) }, []string{"DATABRICKS_TOKEN=%s databricks fs ls"}},
	{"age secret key", func(g gen) string { return "AGE-SECRET-KEY-1" + g.s(bech32, 58) }, []string{"echo %s > key.txt && age -d -i key.txt x.age"}},
	{"postman key", func(g gen) string { return "PMAK-" + g.s(hexLower, 24) + "-" + g.s(hexLower, 34) }, []string{"newman run c.json --postman-api-key %s"}},
	{"password kv", func(g gen) string { return g.s(alnum+"!@%^", 16) }, []string{
		"terraform apply -var db_pass=%s",
		"terraform plan -var 'db_password=%s'",
		"terraform apply -var=admin_pwd=%s",
		"mysql -u root --password=%s app",
		"psql 'postgresql://app:%s@db/app'",
		"./deploy --db-pass %s",
		"helm upgrade x . --set postgresql.auth.password=%s",
		"DB_PASS=%s ./migrate",
		"vault kv put secret/app password=%s",
	}},
	{"token kv", func(g gen) string { return g.s(alnum, 32) }, []string{
		"curl 'https://api.example.com/x?token=%s'",
		"./client --api-key %s",
		"./client --token=%s",
		"app --client-secret %s",
		`echo '{"client_secret": "%s"}' > c.json`,
		"heroku config:set API_TOKEN=%s",
		"git config --global github.token %s",
	}},
}

// Corpus returns samples of every provider, rounds times over, each with
// a fresh secret; seed makes it repeatable.
func Corpus(seed uint64, rounds int) []Sample {
	g := gen{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	var out []Sample
	for round := range rounds {
		for _, p := range providers {
			for i, c := range p.contexts {
				secret := p.secret(g)
				out = append(out, Sample{Name: fmt.Sprintf("%s/%d/%d", p.name, i, round), Secret: secret,
					Text: strings.Replace(c, "%s", secret, 1)})
			}
		}
	}
	return out
}

// NotSecrets are texts whose long random-looking words are not secrets:
// masking them would hide what a call did.
func NotSecrets(seed uint64) []string {
	g := gen{rand.New(rand.NewPCG(seed, 1))}
	sha := g.s(hexLower, 40)
	uuid := g.s(hexLower, 8) + "-" + g.s(hexLower, 4) + "-4" + g.s(hexLower, 3) + "-a" + g.s(hexLower, 3) + "-" + g.s(hexLower, 12)
	sum := g.s(hexLower, 64)
	return []string{
		"git checkout " + sha,
		"git show " + sha + " -- main.go",
		"git log " + sha[:12] + ".." + sha,
		"aws logs get-log-events --log-stream-name " + uuid,
		"kubectl delete pod web-" + uuid,
		"docker pull alpine@sha256:" + sum,
		"curl https://example.com/items/" + uuid,
		"echo " + sum + "  file.tar.gz | sha256sum -c",
		"go test ./... -run TestSecretName",
		"aws s3 cp s3://bucket/" + sha + "/report.csv .",
	}
}

// Leaked reports whether data holds the secret, or any line of it that
// is long enough to be recognised (a private key is several lines, and
// JSON writes its line breaks as \n).
func Leaked(data []byte, secret string) bool {
	for _, part := range strings.Split(secret, "\n") {
		if len(part) >= 8 && strings.Contains(string(data), part) {
			return true
		}
	}
	return false
}
