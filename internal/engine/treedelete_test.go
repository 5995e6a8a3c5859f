package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestRecursiveDeleteOfSecrets: a recursive delete of a folder that
// holds secrets is asked, however it is spelled; one of a folder without
// them, or of a file, is left to the rest of the decision.
func TestRecursiveDeleteOfSecrets(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for name, body := range map[string]string{
		"config/app.yaml":            "a: 1\n",
		"config/deep/.env.local":     "TOKEN=x\n",
		"build/out.o":                "o\n",
		"keys/server.key":            "-----BEGIN PRIVATE KEY-----\n",
		"src/main.go":                "package main\n",
		"node_modules/left-pad/x.js": "x\n",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eng := engine.NewEngine(builtin(engine.DefaultSettings()))
	for _, tc := range []struct {
		cmd  string
		asks bool
	}{
		{"rm -rf config", true},
		{"rm -r -f ./config/", true},
		{"rm -fr keys src", true},
		{"cd src && rm -rf ../config", true},
		{"rm -rf build", false},
		{"rm -rf node_modules", false},
		{"rm -r config/app.yaml", false},
		{"rm config/deep/.env.local", false},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			req := &engine.Request{Cwd: root, ProjectRoot: root, Home: home,
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
			d := eng.Decide(context.Background(), req)
			asked := d.Rule == "recursive-delete-secrets"
			if asked != tc.asks || asked && d.Outcome != engine.Ask {
				t.Errorf("%s (%s: %s), want asked for its secrets: %v", d.Outcome, d.Rule, d.Message, tc.asks)
			}
		})
	}
}
