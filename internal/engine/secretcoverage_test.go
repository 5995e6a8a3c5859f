package engine_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// The go command's environment file (go env -w) and npm's global npmrc
// of a node prefix (nvm's) hold a credential as often as a project's
// .npmrc does: a read of one, or a go env that prints it, is asked when
// it holds one, and is a plain read when it does not.
func TestToolConfigCredentials(t *testing.T) {
	t.Parallel()
	h := strings.TrimPrefix(home, "/")
	withCred := fstest.MapFS{
		h + "/.config/go/env":                        {Data: []byte("GOPROXY=https://bob:Decoy-9x@proxy.example.com\nGOFLAGS=-mod=mod\n")},
		h + "/.nvm/versions/node/v20.11.0/etc/npmrc": {Data: []byte("//registry.example.com/:_authToken=decoy-token\n")},
	}
	without := fstest.MapFS{
		h + "/.config/go/env":                        {Data: []byte("GOFLAGS=-mod=mod\nGOPRIVATE=example.com/*\n")},
		h + "/.nvm/versions/node/v20.11.0/etc/npmrc": {Data: []byte("prefix=/usr/local\n")},
	}
	for _, tc := range []struct {
		cmd   string
		asked bool
	}{
		{"cat ~/.config/go/env", true},
		{"go env", true},
		{"go env GOPROXY", true},
		{"go env GOFLAGS", false},
		{"cat ~/.nvm/versions/node/v20.11.0/etc/npmrc", true},
	} {
		for _, fx := range []struct {
			files fstest.MapFS
			held  bool
		}{{withCred, true}, {without, false}} {
			e := engine.NewEngine(builtin(engine.DefaultSettings()))
			e.FS = mapFS{fx.files}
			d := e.Decide(context.Background(), shellReq(tc.cmd))
			want := tc.asked && fx.held
			if got := d.Outcome >= engine.Ask && d.Rule == "config-credentials"; got != want {
				t.Errorf("%q (credential held: %v): got %s by %s (%s), want asked=%v", tc.cmd, fx.held, d.Outcome, d.Rule, d.Message, want)
			}
			if !want && d.Outcome != engine.Allow {
				t.Errorf("%q (credential held: %v): got %s by %s (%s), want it allowed", tc.cmd, fx.held, d.Outcome, d.Rule, d.Message)
			}
		}
	}
}

// A secret variable the calls' environment holds is read, not printed as
// the text it holds: echo $GH_TOKEN was echo of a word, allowed, and
// printed the token.
func TestSecretVariableInEnvironment(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	e.LookupEnv = func(k string) (string, bool) {
		switch k {
		case "GH_TOKEN", "KUBECONFIG_DATA":
			return "decoy-value", true
		case "CONN":
			return "Server=db;Password=decoy", true
		case "PATH":
			return "/usr/bin:/bin", true
		}
		return "", false
	}
	for _, cmd := range []string{"echo $GH_TOKEN", `printf '%s\n' "${KUBECONFIG_DATA}"`, "echo $CONN", "x=$GH_TOKEN; echo $x"} {
		if d := e.Decide(context.Background(), shellReq(cmd)); d.Outcome == engine.Allow {
			t.Errorf("%s: got %s by %s, want it not allowed", cmd, d.Outcome, d.Rule)
		}
	}
	if d := e.Decide(context.Background(), shellReq("echo $PATH")); d.Outcome != engine.Allow {
		t.Errorf("echo $PATH: got %s by %s, want it allowed", d.Outcome, d.Rule)
	}
}
