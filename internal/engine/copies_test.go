package engine_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// bypassSecretCopyCases read a secret under a backup's or a copy's name:
// what an editor, a file manager or a person leaves beside it holds
// what it holds.
var bypassSecretCopyCases = []bypassCase{
	{"secret-copy", `cat .env~`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat .env-backup`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat .env_backup`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat .env2`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '#.env#'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat .#.env`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env copy'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env copy 2'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env (1)'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat .env,v`, blocked, "secrets-env-files", ""},
	{"secret-copy", `head .env.~3~`, blocked, "secrets-env-files", ""},
	{"secret-copy", `grep KEY config/prod.env.OLD`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat ~/.aws/credentials.bak`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.aws/credentials~`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.netrc~`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.git-credentials.bak`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.npmrc~`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.pgpass~`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.docker/config.json.bak`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.kube/config.bak`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat ~/.config/gh/hosts.yml~`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat credentials.json~`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat .credentials.json.swp`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat deploy/id_rsa.orig`, blocked, "secrets-private-keys", ""},
	{"secret-copy", `cat terraform.tfvars-old`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cp .env.save /tmp/x`, blocked, "", ""},
	// File managers' copies (GNOME, Windows) and what a file system or
	// a hand leaves at the end of a name.
	{"secret-copy", `cat '.env (copy)'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env (another copy)'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env (3rd copy)'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env - Copy'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env - Copy (2)'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat 'id_rsa - Copy'`, blocked, "secrets-private-keys", ""},
	{"secret-copy", `cat 'credentials.json (copy)'`, blocked, "secrets-credentials", ""},
	{"secret-copy", `cat '.env '`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat .env,`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat '.env;1'`, blocked, "secrets-env-files", ""},
	{"secret-copy", `cat 'notes (copy).txt'`, allowed, "", ""},
	{"secret-copy", `cat 'README - Copy.md'`, allowed, "", ""},
	// What only looks like one stays readable.
	{"secret-copy", `cat .env.example`, allowed, "", ""},
	{"secret-copy", `cat README.md~`, allowed, "", ""},
	{"secret-copy", `cat main.go.orig`, allowed, "", ""},
	{"secret-copy", `cat certs/cert.pem.bak`, allowed, "", ""},
	{"secret-copy", `cat ~/.ssh/id_rsa.pub.bak`, blocked, "", ""},
}

func TestBypassSecretCopies(t *testing.T) {
	t.Parallel()
	checkBypass(t, bypassSecretCopyCases)
}

// The Read tool meets the same names as a shell reader.
func TestReadSecretCopies(t *testing.T) {
	t.Parallel()
	checkFileCases(t, builtin(engine.DefaultSettings()), []engine.Kind{engine.KindRead}, []fileCase{
		{".env~", blocked},
		{"#.env#", blocked},
		{".env (1)", blocked},
		{".env copy", blocked},
		{".env,v", blocked},
		{"app/.env-backup", blocked},
		{"~/.aws/credentials.bak", blocked},
		{"~/.netrc~", blocked},
		{home + "/.kube/config.bak", blocked},
		{"secrets.json.1", blocked},
		{".env.example", allowed},
		{"README.md~", allowed},
		{"notes.txt.bak", allowed},
	})
}

// A search of a folder that holds a secret's copy prints it: the walk
// for secrets finds the copy as it finds the secret.
func TestTreeReadFindsSecretCopies(t *testing.T) {
	t.Parallel()
	dir := strings.TrimPrefix(root, "/")
	for _, tc := range []struct {
		name    string
		allowed bool
	}{
		{".env~", false},
		{"config/#.env#", false},
		{"credentials.json.bak", false},
		{"README.md~", true},
	} {
		e := engine.NewEngine(builtin(engine.DefaultSettings()))
		e.FS = mapFS{fstest.MapFS{dir + "/" + tc.name: {Data: []byte("API_TOKEN=x\n")}, dir + "/main.go": {Data: []byte("package main\n")}}}
		for _, cmd := range []string{"grep -rn API .", "rg --hidden API"} {
			d := e.Decide(context.Background(), shellReq(cmd))
			if got := d.Outcome == engine.Allow; got != tc.allowed {
				t.Errorf("%s beside %s: got %s by %s (%s), want allowed=%v", cmd, tc.name, d.Outcome, d.Rule, d.Message, tc.allowed)
			}
		}
	}
}
