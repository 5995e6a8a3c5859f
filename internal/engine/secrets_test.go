package engine_test

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// Fake credentials of each shape, built at run time so that secret
// scanners do not flag this file.
var (
	fakeAWSKey    = "AKIA" + strings.Repeat("Z", 16)
	fakeAWSSecret = strings.Repeat("wJalrXUtnFEMIK7MDENGbPxRfiCY", 2)[:40]
	fakeGitHub    = "ghp_" + strings.Repeat("a1B2", 9)
	fakeGitLab    = "glpat-" + strings.Repeat("x", 20)
	fakeSlack     = "xoxb-" + strings.Repeat("1", 12) + "-abcdef"
	fakeStripe    = "sk_live_" + strings.Repeat("4eC39HqLyjWDarjtT1zdp7dc", 1)
	fakeGoogle    = "AIza" + strings.Repeat("S", 35)
	fakeAnthropic = "sk-ant-api03-" + strings.Repeat("A", 90)
	fakeOpenAI    = "sk-proj-" + strings.Repeat("b", 20) + "T3BlbkFJ" + strings.Repeat("c", 20)
	fakeAzure     = "AccountKey=" + strings.Repeat("k", 86) + "=="
	fakeNPM       = "npm_" + strings.Repeat("n", 36)
	fakePyPI      = "pypi-AgEIcHlwaS5vcmc" + strings.Repeat("p", 50)
	fakeJWT       = "eyJ" + strings.Repeat("h", 12) + ".eyJ" + strings.Repeat("p", 12) + "." + strings.Repeat("s", 24)
	fakeKeyBody   = strings.Repeat("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", 3)
	fakeKey       = "-----BEGIN RSA PRIVATE KEY-----\n" + fakeKeyBody + "\n-----END RSA PRIVATE KEY-----"
)

func TestFindSecret(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, want string }{
		{"key: " + fakeKey, "a private key"},
		{"export AWS_ACCESS_KEY_ID=" + fakeAWSKey, "an AWS access key"},
		{"AWS_SECRET_ACCESS_KEY=" + fakeAWSSecret, "an AWS secret key"},
		{`{"type": "service_account", "private_key": "x"}`, "a Google Cloud service account key"},
		{"key=" + fakeGoogle, "a Google API key"},
		{"token " + fakeGitHub, "a GitHub token"},
		{fakeGitLab, "a GitLab token"},
		{fakeSlack, "a Slack token"},
		{fakeStripe, "a Stripe secret key"},
		{fakeAnthropic, "an Anthropic API key"},
		{fakeOpenAI, "an OpenAI API key"},
		{"DefaultEndpointsProtocol=https;" + fakeAzure, "an Azure storage account key"},
		{fakeNPM, "a npm token"},
		{fakePyPI, "a PyPI token"},
		{"Bearer " + fakeJWT, "a JSON web token"},
		{"Server=db.example.com;Database=app;User Id=sa;Password=Decoy-9x;", "a password in a connection string"},
		{"Host=db; Username=app; PWD = hunter2", "a password in a connection string"},
		{"Server=db;User Id=sa;Password=${DB_PASSWORD};", ""},
		{"Server=db;Integrated Security=true;", ""},
		{"password=hunter2", ""},
		{"git status && ls -la", ""},
		{"the secret is in the vault; ask for the private key", ""},
		{"AKIA is a prefix", ""},
	} {
		t.Run(tc.want+"/"+tc.text[:min(len(tc.text), 20)], func(t *testing.T) {
			t.Parallel()
			if got := engine.FindSecret(tc.text); got != tc.want {
				t.Errorf("FindSecret(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestMaskSecrets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"aws access key", "aws configure set aws_access_key_id " + fakeAWSKey + " --profile x",
			"aws configure set aws_access_key_id *** --profile x"},
		{"aws secret keeps its name", "AWS_SECRET_ACCESS_KEY=" + fakeAWSSecret + " aws s3 ls",
			"AWS_SECRET_ACCESS_KEY=*** aws s3 ls"},
		{"private key keeps its frame", "printf '" + fakeKey + "' > id_rsa",
			"printf '-----BEGIN RSA PRIVATE KEY-----***-----END RSA PRIVATE KEY-----' > id_rsa"},
		{"private key cut short", "echo -----BEGIN PRIVATE KEY-----" + fakeKeyBody,
			"echo -----BEGIN PRIVATE KEY-----***"},
		{"service account key", `{"type": "service_account", "private_key": "abc\"def", "client_email": "a@b"}`,
			`{"type": "service_account", "private_key": "***", "client_email": "a@b"}`},
		{"two tokens", "gh auth login " + fakeGitHub + " && glab auth login " + fakeGitLab,
			"gh auth login *** && glab auth login ***"},
		{"connection string keeps its frame", "sqlcmd -C 'Server=db;User Id=sa;Password=Decoy-9x;Encrypt=no'",
			"sqlcmd -C 'Server=db;User Id=sa;Password=***;Encrypt=no'"},
		{"azure keeps the name", "az storage blob list --connection-string '" + fakeAzure + "'",
			"az storage blob list --connection-string 'AccountKey=***'"},
		{"jwt", "curl -H 'Authorization: Bearer " + fakeJWT + "' https://x",
			"curl -H 'Authorization: Bearer ***' https://x"},
		{"others", strings.Join([]string{fakeSlack, fakeStripe, fakeGoogle, fakeAnthropic, fakeOpenAI, fakeNPM, fakePyPI}, " "),
			"*** *** *** *** *** *** ***"},
		// Nothing to mask: ordinary commands come back unchanged.
		{"plain", "git push --force origin main", ""},
		{"talks about keys", "grep -r 'PRIVATE KEY' docs/ && echo AKIA", ""},
		{"short sk", "sk_live_ is the prefix of a key", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, ok := engine.MaskSecrets(tc.text)
			if tc.want == "" {
				if ok || got != tc.text {
					t.Errorf("MaskSecrets(%q) = %q, %v; want it unchanged", tc.text, got, ok)
				}
				return
			}
			if !ok || got != tc.want {
				t.Errorf("MaskSecrets(%q)\n got %q, %v\nwant %q, true", tc.text, got, ok, tc.want)
			}
		})
	}
}

// TestSecretFiles reads each file that holds credentials by convention
// with cat and with the Read tool, and the ordinary files beside them.
func TestSecretFiles(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	for _, tc := range []struct {
		path, rule string // rule "" for a file read freely
	}{
		// Credential stores of git, container engines and runtimes.
		{"~/.config/git/credentials", "secrets-credentials"},
		{"~/.git-credentials", "secrets-credentials"},
		{"~/.dockercfg", "secrets-credentials"},
		{"~/.config/containers/auth.json", "secrets-credentials"},
		{"/run/user/1000/containers/auth.json", "secrets-credentials"},
		{"/var/run/secrets/kubernetes.io/serviceaccount/token", "secrets-credentials"},
		{"/run/secrets/db_password", "secrets-credentials"},
		// Package registries and build tools.
		{"~/.composer/auth.json", "secrets-credentials"},
		{"~/.config/composer/auth.json", "secrets-credentials"},
		{"~/.ivy2/.credentials", "secrets-credentials"},
		{"~/.sbt/credentials", "secrets-credentials"},
		{"~/.gradle/gradle.properties", "secrets-credentials"},
		{"~/.nuget/NuGet/NuGet.Config", "secrets-credentials"},
		{"~/.pypirc", "secrets-credentials"},
		{"~/.npmrc", "secrets-credentials"},
		{"~/.m2/settings-security.xml", "secrets-credentials"},
		{"~/.cargo/credentials.toml", "secrets-credentials"},
		{"~/.gem/credentials", "secrets-credentials"},
		// Command-line tools of hosted services.
		{"~/.config/github-copilot/hosts.json", "secrets-credentials"},
		{"~/.config/github-copilot/apps.json", "secrets-credentials"},
		{"~/.config/stripe/config.toml", "secrets-credentials"},
		{"~/.config/configstore/firebase-tools.json", "secrets-credentials"},
		{"~/.local/share/com.vercel.cli/auth.json", "secrets-credentials"},
		{"~/.supabase/access-token", "secrets-credentials"},
		{"~/.sentryclirc", "secrets-credentials"},
		{"~/.config/ngrok/ngrok.yml", "secrets-credentials"},
		{"~/.circleci/cli.yml", "secrets-credentials"},
		{"~/.railway/config.json", "secrets-credentials"},
		{"~/.dbt/profiles.yml", "secrets-credentials"},
		{"~/.config/gcloud/legacy_credentials/a@example.com/adc.json", "secrets-credentials"},
		{"~/.azure/msal_token_cache.json", "secrets-credentials"},
		{"~/.oci/oci_api_key.pem", "secrets-private-keys"},
		{"~/.terraformrc", "secrets-credentials"},
		// Vault passwords, password files, Rails secrets, state files.
		{"~/.vault_pass.txt", "secrets-credentials"},
		{"ansible/.vault_pass", "secrets-credentials"},
		{"public/.htpasswd", "secrets-credentials"},
		{"config/secrets.yml", "secrets-credentials"},
		{"config/master.key", "secrets-private-keys"},
		{"config/credentials/production.key", "secrets-private-keys"},
		{"infra/terraform.tfstate", "secrets-credentials"},
		{"infra/terraform.tfstate.1700000000.backup", "secrets-credentials"},
		{"android/release.keystore", "secrets-private-keys"},
		{"certs/client.p12", "secrets-private-keys"},
		// Agents' settings and transcripts.
		{"~/.claude.json", "secrets-agent-data"},
		{"~/.claude/.credentials.json", "secrets-credentials"},
		{"~/.claude/projects/-project/2b9e.jsonl", "secrets-agent-data"},
		{"~/.claude/history.jsonl", "secrets-agent-data"},
		{"~/.cursor/mcp.json", "secrets-agent-data"},
		{"~/.codex/sessions/2025/01/02/rollout-1.jsonl", "secrets-agent-data"},
		{"~/.codex/history.jsonl", "secrets-agent-data"},
		{"~/.codex/auth.json", "secrets-credentials"},
		// Browser stores.
		{"~/.mozilla/firefox/ab12.default-release/logins.json", "secrets-browser-stores"},
		{"~/.mozilla/firefox/ab12.default-release/key4.db", "secrets-browser-stores"},
		{"~/.config/google-chrome/Default/Cookies", "secrets-browser-stores"},
		{"~/.config/google-chrome/Default/Login Data", "secrets-browser-stores"},
		{"~/.config/chromium/Profile 1/Network/Cookies", "secrets-browser-stores"},
		{"~/.config/BraveSoftware/Brave-Browser/Default/Web Data", "secrets-browser-stores"},
		// Ordinary files beside them.
		{"~/.gradle/init.gradle", ""},
		{"gradle.properties", ""},
		{"package.json", ""},
		{"~/.config/git/config", ""},
		{"~/.config/git/ignore", ""},
		{"~/.config/containers/registries.conf", ""},
		{"~/.claude/settings.json", ""},
		{"~/.claude/CLAUDE.md", ""},
		{"~/.claude/projects/-project/memory/MEMORY.md", ""},
		{"~/.codex/config.toml", ""},
		{".mcp.json", ""},
		{"config/secrets.example.yml", ""},
		{"config/database.yml", ""},
		{"~/.mozilla/firefox/profiles.ini", ""},
		{"~/.config/google-chrome/Default/Preferences", ""},
		{"src/cookies.ts", ""},
		{"/run/user/1000/bus", ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			t.Parallel()
			abs := tc.path
			if rest, ok := strings.CutPrefix(abs, "~/"); ok {
				abs = home + "/" + rest
			}
			for _, req := range []*engine.Request{shellReq("cat '" + abs + "'"), fileReq(engine.KindRead, abs)} {
				d := decide(t, p, req)
				switch {
				case tc.rule == "" && d.Outcome != engine.Allow:
					t.Errorf("%s %s: %s by %s (%s), want allow", req.Tool.Kind, tc.path, d.Outcome, d.Rule, d.Message)
				case tc.rule != "" && (d.Outcome != engine.Deny || d.Rule != tc.rule):
					t.Errorf("%s %s: %s by %s, want deny by %s", req.Tool.Kind, tc.path, d.Outcome, d.Rule, tc.rule)
				}
			}
		})
	}
}

// TestNamesInAnyCase: the rules that hold a file back, and the protected
// set, match its name in any case, through the file tools too; a rule
// that allows keeps case, so that it lets through only the file it names.
func TestNamesInAnyCase(t *testing.T) {
	t.Parallel()
	p := builtin(engine.DefaultSettings())
	p.Rules = append(p.Rules,
		mustRule(t, engine.RuleSpec{ID: "docs-writable", Decision: engine.Allow, Tools: []engine.Kind{engine.KindWrite},
			Match: []engine.MatchSpec{{Paths: []string{"docs/**"}}}}),
		mustRule(t, engine.RuleSpec{ID: "no-vendor", Decision: engine.Deny, Message: "m", Suggestion: "s",
			Tools: []engine.Kind{engine.KindWrite}, Match: []engine.MatchSpec{{Paths: []string{"vendor/**"}}}}))
	for _, tc := range []struct {
		name string
		req  *engine.Request
		want engine.Outcome
		rule string
	}{
		{"Read .ENV", fileReq(engine.KindRead, root+"/.ENV"), engine.Deny, "secrets-env-files"},
		{"Read ~/.Aws/Credentials", fileReq(engine.KindRead, home+"/.Aws/Credentials"), engine.Deny, "secrets-credentials"},
		{"Edit ID_RSA", fileReq(engine.KindEdit, root+"/deploy/ID_RSA"), engine.Deny, "secrets-private-keys"},
		{"Write .CLAUDE/SETTINGS.json", fileReq(engine.KindWrite, root+"/.CLAUDE/SETTINGS.json"), engine.Deny, "hook-settings"},
		{"Write .Mcp.json", fileReq(engine.KindWrite, root+"/.Mcp.json"), engine.Deny, "hook-settings"},
		{"a denial in any case", fileReq(engine.KindWrite, root+"/Vendor/x.go"), engine.Deny, "no-vendor"},
		{"an allow as written", fileReq(engine.KindWrite, root+"/docs/a.md"), engine.Allow, "docs-writable"},
		{"an allow in another case is not that allow", fileReq(engine.KindWrite, root+"/DOCS/a.md"), engine.Defer, "default"},
		{"Read .env.Example", fileReq(engine.KindRead, root+"/.env.Example"), engine.Allow, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := decide(t, p, tc.req)
			if d.Outcome != tc.want || tc.rule != "" && d.Rule != tc.rule {
				t.Errorf("got %s by %s (%s), want %s by %s", d.Outcome, d.Rule, d.Message, tc.want, tc.rule)
			}
		})
	}
}
