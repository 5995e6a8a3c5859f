package main

import (
	"strings"
	"testing"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/plugins/plugintest"
)

// Fake credentials in the shapes the plugin recognises.
const (
	awsKey     = "AKIA" + "IOSFODNN7EXAMPLE"
	privateKey = "-----BEGIN OPENSSH " + "PRIVATE KEY-----"
	randomPass = "q8Zr3LxT0vW9mK2pN5sY7uB1"
)

// serviceAccount is a Google Cloud service account key file as the
// console downloads it, pretty-printed, with fake values. Its known
// format spans lines 2 to 5.
const serviceAccount = `{
  "type": "service_account",
  "project_id": "demo-project-482913",
  "private_key_id": "3f9c2a7e5b1d8046c2e9a7f3b5d1c8e0a4f6b2d9",
  "private_key": "-----BEGIN PRIVATE` + ` KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n",
  "client_email": "deployer@demo-project-482913.iam.gserviceaccount.com",
  "client_id": "104857392016482957361",
  "auth_uri": "https://accounts.google.com/o/oauth2/auth",
  "token_uri": "https://oauth2.googleapis.com/token"
}
`

func TestFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		kind       string
		line       int
	}{
		{"private key", "first\n" + privateKey + "\nb3BlbnNzaC1rZXktdjEAAAA\n", "a private key", 2},
		{"aws key in env file", "HOST=db\nAWS_ACCESS_KEY_ID=" + awsKey + "\n", "an AWS access key", 2},
		{"random password", "user: app\npassword: " + randomPass + "\n", "what looks like a secret (a random value assigned to password)", 2},
		{"json token", `{"api_key": "` + randomPass + `"}`, "what looks like a secret (a random value assigned to api_key)", 1},
		{"environment reference", `password = "${DB_PASSWORD}"`, "", 0},
		{"placeholder", "API_KEY=your-api-key-goes-right-here-ok", "", 0},
		{"digits only", "token_count = 12345678901234567890123", "", 0},
		{"short value", "password: hunter2", "", 0},
		{"prose", "The token is refreshed every hour by the auth service.", "", 0},
		{"empty", "", "", 0},
		// A known format is looked for in the whole text, before values
		// that only look random, and found where its match starts.
		{"service account key", serviceAccount, "a private key", 5},
		{"service account key without its key's header", "# key\n" + strings.Replace(serviceAccount, "-----BEGIN PRIVATE"+" KEY-----", "", 1),
			"a Google Cloud service account key", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, ok := Find(tt.text)
			if ok != (tt.kind != "") || f.Kind != tt.kind || f.Line != tt.line {
				t.Errorf("Find = %+v, %v; want kind %q on line %d", f, ok, tt.kind, tt.line)
			}
		})
	}
}

// Calls go through a real gRPC connection, as from governance.
func TestEvaluate(t *testing.T) {
	t.Parallel()
	ev := plugintest.Connect(t, Evaluator{})
	heredoc := "cat > .env <<'EOF'\nHOST=db\nAWS_ACCESS_KEY_ID=" + awsKey + "\nEOF"
	tests := []struct {
		name string
		tool governance.Tool
		want governance.Outcome
		says string
	}{
		{"write with a key", governance.Tool{Kind: governance.KindWrite, Name: "Write",
			Input: governance.Input{Paths: []string{"id_ed25519"}, Content: privateKey + "\n"}},
			governance.Deny, "the text to write to id_ed25519 holds a private key on line 1"},
		{"edit with a password", governance.Tool{Kind: governance.KindEdit, Name: "Edit",
			Input: governance.Input{Paths: []string{"config.yaml"}, Content: "db:\n  password: " + randomPass}},
			governance.Deny, "on line 2"},
		{"heredoc", governance.Tool{Kind: governance.KindShell, Name: "Bash", Input: governance.Input{Command: heredoc}},
			governance.Deny, "a heredoc in this command holds an AWS access key on line 3 of the command"},
		{"here-string", governance.Tool{Kind: governance.KindShell, Name: "Bash",
			Input: governance.Input{Command: "tee key.pem <<< '" + privateKey + "'"}},
			governance.Deny, "holds a private key on line 1"},
		{"key as an argument is not a heredoc", governance.Tool{Kind: governance.KindShell, Name: "Bash",
			Input: governance.Input{Command: "echo " + awsKey}}, governance.NoOpinion, ""},
		{"clean write", governance.Tool{Kind: governance.KindWrite, Name: "Write",
			Input: governance.Input{Paths: []string{"main.go"}, Content: "package main\n"}}, governance.NoOpinion, ""},
		{"clean heredoc", governance.Tool{Kind: governance.KindShell, Name: "Bash",
			Input: governance.Input{Command: "cat > notes.txt <<EOF\nhello\nEOF"}}, governance.NoOpinion, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v, err := ev.Evaluate(t.Context(), &governance.Request{Tool: tt.tool})
			if err != nil {
				t.Fatal(err)
			}
			if v.Outcome != tt.want || !strings.Contains(v.Message, tt.says) {
				t.Fatalf("verdict %+v; want %s saying %q", v, tt.want, tt.says)
			}
			for _, secret := range []string{awsKey, privateKey, randomPass} {
				if strings.Contains(v.Message+v.Suggestion, secret) {
					t.Errorf("the verdict shows the secret: %+v", v)
				}
			}
			if v.Outcome == governance.Deny && v.Suggestion == "" {
				t.Error("a deny without a suggestion")
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	t.Parallel()
	info, err := plugintest.Connect(t, Evaluator{}).Describe(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "secrets" || info.Version != Version || !info.Wants(governance.KindWrite) || info.Wants(governance.KindRead) {
		t.Errorf("Describe = %+v", info)
	}
}
