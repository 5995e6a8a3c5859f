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
