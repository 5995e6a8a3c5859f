package engine_test

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/agentgov/governance/internal/engine"
)

// Governance's state (checkpoints, the decision log, approvals) and the
// credentials its configuration names are read by no AI caller, by any
// tool or command: they hold copies of the secrets.
func TestGovernanceStateUnread(t *testing.T) {
	t.Parallel()
	state := "/srv/xdg/state/governance"
	p := builtin(engine.DefaultSettings())
	p.StateDir = state
	p.ConfigDirs = append(p.ConfigDirs, state, "/srv/xdg/config/governance")
	e := engine.NewEngine(p)
	e.FS = mapFS{fstest.MapFS{
		"srv/xdg/state/governance/decisions.jsonl":                 {Data: []byte("{}\n")},
		"srv/xdg/state/governance/checkpoints/0123abcd.git/HEAD":   {Data: []byte("ref: refs/heads/main\n")},
		"srv/xdg/config/governance/credentials/slack":              {Data: []byte("xoxb-decoy\n")},
		"home/user/.local/state/governance/checkpoints/x.git/HEAD": {Data: []byte("x\n")},
	}}
	decide := func(req *engine.Request) *engine.Decision { return e.Decide(context.Background(), req) }
	for _, cmd := range []string{
		"cat /srv/xdg/state/governance/decisions.jsonl",
		"tar -cf - /srv/xdg/state/governance/checkpoints/0123abcd.git | base64 -w0",
		"tar -czf /tmp/ck.tgz /srv/xdg/state/governance/checkpoints",
		"tar -cf - /srv/xdg/state | base64",
		"cat /srv/xdg/state/*/decisions.jsonl",
		"grep -r token /srv/xdg",
		"git --git-dir=/srv/xdg/state/governance/checkpoints/0123abcd.git log -p",
		"base64 /srv/xdg/config/governance/credentials/slack",
		"cp -r /srv/xdg/state/governance/checkpoints ck",
		"zip -r ck.zip /srv/xdg/state/governance",
	} {
		if d := decide(shellReq(cmd)); d.Outcome != engine.Deny {
			t.Errorf("%s: got %s by %s (%s), want deny", cmd, d.Outcome, d.Rule, d.Message)
		}
	}
	for _, path := range []string{state + "/decisions.jsonl", state + "/checkpoints/0123abcd.git/HEAD", "/SRV/xdg/state/governance/decisions.jsonl"} {
		if d := decide(fileReq(engine.KindRead, path)); d.Outcome != engine.Deny {
			t.Errorf("Read %s: got %s by %s, want deny", path, d.Outcome, d.Rule)
		}
	}
	// Not over-blocking: its names, the project, a search that skips
	// dot files past the state under ~/.local.
	for _, cmd := range []string{"ls /srv/xdg/state/governance", "cat app.db", "rg TODO ~", "ls -la ~/.local/state"} {
		if d := decide(shellReq(cmd)); d.Outcome.Blocks() && d.Rule == "governance-state" {
			t.Errorf("%s: got %s by %s, want it not blocked by governance-state", cmd, d.Outcome, d.Rule)
		}
	}
}
