package engine_test

import (
	"context"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// A file named as a governance program is protected in every folder of
// the PATH the calls run with, and only there and in the folders that go
// on it.
func TestPlantedOnPath(t *testing.T) {
	t.Parallel()
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = testFS
	e.LookupEnv = func(k string) (string, bool) {
		if k == "PATH" {
			return "/opt/tools/bin:" + root + "/scripts:/usr/bin", true
		}
		return "", false
	}
	for _, tc := range []struct {
		cmd  string
		deny bool
	}{
		{"cp x /opt/tools/bin/governance", true},
		{"echo x > scripts/governance-hook", true},
		{"cp x /opt/tools/bin//governance-hook", true},
		{"cp x /opt/other/bin/governance", false},
		{"cp x scripts/governance.md", false},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			t.Parallel()
			d := e.Decide(context.Background(), shellReq(tc.cmd))
			if got := d.Outcome == engine.Deny && d.Rule == "self-protection"; got != tc.deny {
				t.Errorf("%q: got %s by %s (%s), want denied=%v", tc.cmd, d.Outcome, d.Rule, d.Message, tc.deny)
			}
		})
	}
}
