package engine_test

import (
	"context"
	"os"
	"slices"
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
		{"cp x /opt/tools/bin/governance-confine", true},
		{"echo x > scripts/Governance-Confine", true},
		{"cp x /opt/other/bin/governance", false},
		{"cp x scripts/governance.md", false},
		// A program the harness or a person runs by name, in a folder
		// of PATH inside the project.
		{"echo x > scripts/git", true},
		{"cp x scripts/GH", true},
		{"cp x /opt/tools/bin/git", false},
		{"cp x scripts/pytest", false},
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

// Every program cmd/ builds is one the protected set names: a program
// added later is protected wherever it is installed, not forgotten.
func TestProgramNamesComplete(t *testing.T) {
	t.Parallel()
	entries, err := os.ReadDir("../../cmd")
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		if en.IsDir() && !slices.Contains(engine.ProgramNames, en.Name()) {
			t.Errorf("cmd/%s builds a program the protected set does not name: add it to programNames", en.Name())
		}
	}
}

// Every installed program beside the running one is protected where it
// is, whatever the folder: the launcher too.
func TestInstalledProgramsProtected(t *testing.T) {
	t.Parallel()
	for _, name := range engine.ProgramNames {
		e := engine.NewEngine(builtin(engine.DefaultSettings()))
		e.FS = testFS
		e.Binaries = []string{"/opt/gov/" + name}
		d := e.Decide(context.Background(), fileReq(engine.KindWrite, "/opt/gov/"+name))
		if d.Outcome != engine.Deny || d.Rule != "self-protection" {
			t.Errorf("write %s: got %s by %s, want deny by self-protection", name, d.Outcome, d.Rule)
		}
	}
}
