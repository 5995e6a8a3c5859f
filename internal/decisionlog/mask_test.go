package decisionlog

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestMaskMasks(t *testing.T) {
	t.Parallel()
	ghToken := "ghp_" + strings.Repeat("a1B2", 9)
	for _, tc := range []struct{ name, in, want string }{
		// Passwords in URLs.
		{"url password", "git clone https://bob:hunter2@git.example.com/x.git", "git clone https://bob:***@git.example.com/x.git"},
		{"database url", "DATABASE_URL=postgres://app:pw@db:5432/app psql", "DATABASE_URL=postgres://app:***@db:5432/app psql"},
		{"url in a url", "pip install --index-url https://u:p@pypi.internal/simple x", "pip install --index-url https://u:***@pypi.internal/simple x"},
		// Credential headers.
		{"bearer", `curl -H "Authorization: Bearer abc123" https://api`, `curl -H "Authorization: Bearer ***" https://api`},
		{"basic", "curl -H 'authorization:Basic dXNlcjpw' x", "curl -H 'authorization:Basic ***' x"},
		{"api key header", `curl -H 'X-Api-Key: k-123' https://api`, `curl -H 'X-Api-Key: ***' https://api`},
		{"private token", `curl --header "PRIVATE-TOKEN: abc" https://gitlab`, `curl --header "PRIVATE-TOKEN: ***" https://gitlab`},
		{"cookie", `curl -b x -H 'Cookie: sid=1; csrf=2' u`, `curl -b x -H 'Cookie: ***' u`},
		{"header as json", `http POST u '{"Authorization": "Token abc"}'`, `http POST u '{"Authorization": "Token ***"}'`},
		// Assignments and options named for secrets.
		{"env assignment", "GITHUB_TOKEN=abc123 gh pr list", "GITHUB_TOKEN=*** gh pr list"},
		{"pgpassword", "PGPASSWORD='s3 cret' psql -h db", "PGPASSWORD='***' psql -h db"},
		{"export", "export OPENAI_API_KEY=sk-x; run", "export OPENAI_API_KEY=***; run"},
		{"docker env", "docker run -e DB_PASSWORD=pw -e MODE=dev img", "docker run -e DB_PASSWORD=*** -e MODE=dev img"},
		{"camel case", "npm config set _authToken=abc", "npm config set _authToken=***"},
		{"npmrc line", "echo //registry.example/:_authToken=abc >> .npmrc", "echo //registry.example/:_authToken=*** >> .npmrc"},
		{"option equals", "wget --password=pw --user=bob https://x", "wget --password=*** --user=bob https://x"},
		{"java property", "java -Ddb.password=pw -jar app.jar", "java -Ddb.password=*** -jar app.jar"},
		{"helm set list", "helm install x --set auth.password=pw,auth.user=bob", "helm install x --set auth.password=***,auth.user=bob"},
		{"from literal", "kubectl create secret generic s --from-literal=password=pw", "kubectl create secret generic s --from-literal=password=***"},
		{"query", "curl 'https://api/x?access_token=abc&page=2'", "curl 'https://api/x?access_token=***&page=2'"},
		{"credential", "AZURE_CLIENT_CREDENTIAL=abc az login", "AZURE_CLIENT_CREDENTIAL=*** az login"},
		{"private key var", "PRIVATE_KEY=abc node sign.js", "PRIVATE_KEY=*** node sign.js"},
		{"access key var", "MINIO_ACCESS_KEY=abc mc ls", "MINIO_ACCESS_KEY=*** mc ls"},
		{"terraform var", "terraform apply -var db_pass=pw1 -var region=eu", "terraform apply -var db_pass=*** -var region=eu"},
		{"terraform var attached", "terraform apply -var=admin_pwd=pw", "terraform apply -var=admin_pwd=***"},
		{"creds word", "GCP_CREDS=abc deploy", "GCP_CREDS=*** deploy"},
		// Values after a secret's name in commands that set configuration.
		{"aws configure set", "aws configure set aws_secret_access_key abc --profile p", "aws configure set aws_secret_access_key *** --profile p"},
		{"git config", "git config --global github.token abc", "git config --global github.token ***"},
		{"npm config set", "npm config set _authToken abc", "npm config set _authToken ***"},
		// Options that take a secret.
		{"named option", "./deploy --db-pass pw --region eu", "./deploy --db-pass *** --region eu"},
		{"named option quoted", "./cli --admin-token 'a b'", "./cli --admin-token '***'"},
		{"token option", "cargo publish --token abc", "cargo publish --token ***"},
		{"api key option", "nuget push x.nupkg --api-key abc", "nuget push x.nupkg --api-key ***"},
		{"docker login", "docker login -u bob -p pw registry", "docker login -u bob -p *** registry"},
		{"docker login password", "docker login --password pw r", "docker login --password *** r"},
		{"mysql", "mysql -u root -proot123 app", "mysql -u root -p*** app"},
		{"mysqldump via sudo", "sudo mysqldump -ppw app > a.sql", "sudo mysqldump -p*** app > a.sql"},
		{"mysql quoted", "mysql -p'a b' app", "mysql -p'***' app"},
		// gitleaks' curl-auth-user rule masks the user name with the password.
		{"curl user", "curl -u bob:pw https://x", "curl -u *** https://x"},
		{"curl user attached", "curl -ubob:pw https://x", "curl -u*** https://x"},
		{"curl user long", "curl --user=bob:pw https://x", "curl --user=*** https://x"},
		{"sshpass", "sshpass -p pw ssh host", "sshpass -p *** ssh host"},
		{"redis", "redis-cli -h r -a pw ping", "redis-cli -h r -a *** ping"},
		{"sqlcmd", "sqlcmd -S db -U sa -P pw -Q 'select 1'", "sqlcmd -S db -U sa -P *** -Q 'select 1'"},
		{"ldap", "ldapsearch -x -D cn=admin -w pw", "ldapsearch -x -D cn=admin -w ***"},
		{"openssl pass", "openssl rsa -in k.pem -passin pass:pw", "openssl rsa -in k.pem -passin pass:***"},
		{"keytool", "keytool -list -keystore k.jks -storepass pw", "keytool -list -keystore k.jks -storepass ***"},
		{"smbclient", "smbclient //h/s -U bob%pw", "smbclient //h/s -U bob%***"},
		{"gh secret", "gh secret set API -b pw", "gh secret set API -b ***"},
		{"second command", "cd x && mysql -ppw", "cd x && mysql -p***"},
		// Shapes, through governance.MaskSecrets.
		{"shape", "git push https://" + ghToken + "@github.com/o/r", "git push https://***@github.com/o/r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, ok := Mask(tc.in)
			if !ok || got != tc.want {
				t.Errorf("Mask(%q)\n got %q, %v\nwant %q, true", tc.in, got, ok, tc.want)
			}
		})
	}
}

// Ordinary commands, paths and URLs come back unchanged.
func TestMaskLeavesOrdinaryText(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"git status",
		"git push --force origin main",
		"ls -la /etc/passwd",
		"cat ~/.ssh/id_rsa.pub",
		"docker run -p 8080:80 -e MODE=dev nginx",
		"psql --password -h db app",
		"mysql --password app",
		"mysql -p app",
		"mysql -P 3306 -h db",
		"curl -u bob https://x",
		"curl -s https://example.com:8443/path?page=2",
		"ssh git@github.com",
		"git config credential.helper store",
		"git -c credential.helper= fetch",
		"export GITHUB_TOKEN=$GITHUB_TOKEN",
		"TOKEN=$(vault read -field=token secret/x) make deploy",
		"TOKEN_FILE=/run/secrets/token app",
		"aws secretsmanager get-secret-value --secret-id prod/db",
		"python train.py --max-tokens=4096 --tokenizer=bpe",
		"MAX_TOKENS=100 llm run",
		"docker login --password-stdin -u bob registry",
		"docker build --secret id=npm,src=.npmrc .",
		"openssl rsa -in k.pem -passin env:KEY_PASS",
		"REQUIRE_PASSWORD=true app",
		"grep -rn password src/",
		"echo 'use a token' | wc -c",
		"kubectl get secrets -n prod",
		"/home/me/project/src/secret_test.go",
		"ansible-playbook --ask-become-pass site.yml",
		"PWD=/tmp make",
		"OLDPWD=/tmp cd -",
		"pass show email/work",
		"git config --global user.name bob",
		"npm config set registry https://registry.example",
		"aws configure set region eu-west-1",
		"kubectl get secret app --namespace prod",
		"https://example.com/docs/authorization",
		"",
	} {
		t.Run(in, func(t *testing.T) {
			t.Parallel()
			if got, ok := Mask(in); ok || got != in {
				t.Errorf("Mask(%q) = %q, %v; want it unchanged", in, got, ok)
			}
		})
	}
}

func TestMaskJSON(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in, want string
		masked         []string
		notJSON        bool
	}{
		{"secret keys", `{"query":"select 1","password":"pw","auth":{"apiKey":"k","user":"bob"}}`,
			`{"auth":{"apiKey":"***","user":"bob"},"password":"***","query":"select 1"}`,
			[]string{"/a/auth/apiKey", "/a/password"}, false},
		{"a registry login", `{"auths":{"ghcr.io":{"auth":"dXNlcjpwYXNz"}},"DATABASE_URL":"postgres://app:pw@db/app","STRIPE_KEY":"k"}`,
			`{"DATABASE_URL":"postgres://app:***@db/app","STRIPE_KEY":"***","auths":{"ghcr.io":{"auth":"***"}}}`,
			[]string{"/a/DATABASE_URL", "/a/STRIPE_KEY", "/a/auths/ghcr.io/auth"}, false},
		{"headers", `{"headers":{"Authorization":"Bearer x","Accept":"json"}}`,
			`{"headers":{"Accept":"json","Authorization":"***"}}`, []string{"/a/headers/Authorization"}, false},
		{"strings are masked as text", `{"cmd":["sh","-c","GITHUB_TOKEN=abc gh api"],"n":1}`,
			`{"cmd":["sh","-c","GITHUB_TOKEN=*** gh api"],"n":1}`, []string{"/a/cmd/2"}, false},
		{"numbers under secret keys", `{"pin":1,"token":12345}`, `{"pin":1,"token":"***"}`, []string{"/a/token"}, false},
		{"pointer escaping", `{"a/b":{"secret":"x"}}`, `{"a/b":{"secret":"***"}}`, []string{"/a/a~1b/secret"}, false},
		{"nothing to mask keeps the bytes", `{"b": 1, "a": "x"}`, `{"b": 1, "a": "x"}`, nil, false},
		{"not json", `{"a":`, "", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, masked, ok := maskJSON(json.RawMessage(tc.in), "/a")
			if ok == tc.notJSON {
				t.Fatalf("maskJSON(%s) ok = %v", tc.in, ok)
			}
			if tc.notJSON {
				return
			}
			if string(got) != tc.want || !slices.Equal(masked, tc.masked) {
				t.Errorf("maskJSON(%s)\n got %s %v\nwant %s %v", tc.in, got, masked, tc.want, tc.masked)
			}
		})
	}
}

func TestSecretName(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"GITHUB_TOKEN", true}, {"token", true}, {"authToken", true}, {"--db-password", true},
		{"PGPASSWORD", true}, {"client_secret", true}, {"SECRET_KEY_BASE", true}, {"x-api-key", true},
		{"apiKey", true}, {"AWS_SECRET_ACCESS_KEY", true}, {"passwd", true}, {"GPG_PASSPHRASE", true},
		{"MAX_TOKENS", false}, {"tokenizer", false}, {"TOKEN_FILE", false}, {"--secret-id", false},
		{"credential.helper", false}, {"PASSWORD_MIN_LENGTH", false}, {"--no-password", false},
		{"user", false}, {"AWS_ACCESS_KEY_ID", false}, {"", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := secretName(tc.name); got != tc.want {
				t.Errorf("secretName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}

// Remask masks an entry read back from the log again, the error and the
// notices included, reports whether it changed anything, and lists each
// masked field once.
func TestRemask(t *testing.T) {
	t.Parallel()
	line := `{"decision_id":"1","timestamp":"2026-11-25T10:00:00Z","labels":{"harness":"claude","version":"dev","host":"h"},"path":"governance/x/y",` +
		`"input":{"depth":0,"tool":{"kind":"shell","input":{"command":"GITHUB_TOKEN=*** make"}}},` +
		`"result":{"decision":"deny","layer":"x","rule":"y","error":"plugin said: curl -u bob:hunter2 https://x","notices":["ok","--password=hunter2"]},` +
		`"metrics":{"timer_governance_eval_ns":1},"masked":["/input/tool/input/command"]}`
	e := Parse([]byte(line))
	if e == nil {
		t.Fatal("not parsed")
	}
	if !e.Remask() {
		t.Fatal("Remask changed nothing")
	}
	out, _ := e.Marshal()
	if strings.Contains(string(out), "hunter2") {
		t.Errorf("a secret is left: %s", out)
	}
	want := []string{"/input/tool/input/command", "/result/error", "/result/notices/1"}
	if !slices.Equal(e.Masked, want) {
		t.Errorf("masked = %q, want %q", e.Masked, want)
	}
	clean := Parse([]byte(strings.Replace(strings.Replace(line, "bob:hunter2", "bob", 1), "--password=hunter2", "done", 1)))
	if clean.Remask() {
		t.Errorf("Remask changed an entry with no secret left: %+v", clean)
	}
}

// Bare AWS secret keys are masked where the text names AWS; Vault tokens
// are masked whatever their first characters (gitleaks allows an hvs.
// token that starts with 24 letters).
func TestMaskBareKeys(t *testing.T) {
	t.Parallel()
	key := "wJalr" + strings.Repeat("XUtnF", 2) + "EMI/K7MDENG/bPxRfiCY" + "Q3x9Zp1"[:5]
	if len(key) != 40 {
		t.Fatalf("key has %d characters", len(key))
	}
	hvs := "hvs." + strings.Repeat("abcdefgh", 3) + strings.Repeat("Xy3_Kq9-Lm", 7)
	for _, tc := range []struct{ name, in, want string }{
		{"aws configure", "aws configure set aws_secret_access_key " + key, "aws configure set aws_secret_access_key ***"},
		{"aws positional", "aws-vault add prod " + key, "aws-vault add prod ***"},
		{"vault letters first", "vault login " + hvs, "vault login ***"},
		{"vault in a header", "curl -H 'X-Token: " + hvs + "' u", "curl -H 'X-Token: ***' u"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got, _ := Mask(tc.in); got != tc.want {
				t.Errorf("Mask(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
	// The same key with no mention of AWS, and a commit id next to AWS,
	// stay.
	for _, in := range []string{"echo " + key, "aws codecommit get-commit --commit-id " + strings.Repeat("0a1b2c3d4e", 4)} {
		if got, ok := Mask(in); ok {
			t.Errorf("Mask(%q) = %q; want it unchanged", in, got)
		}
	}
}
