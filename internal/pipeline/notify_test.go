package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// fakeGovernance writes a governance program into a folder that records
// its arguments into the file it returns.
func fakeGovernance(t *testing.T) (dir, record string) {
	t.Helper()
	dir = t.TempDir()
	record = filepath.Join(dir, "args")
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + record + ".tmp && mv " + record + ".tmp " + record + "\n"
	if err := os.WriteFile(filepath.Join(dir, "governance"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, record
}

// The hook announces an item by starting governance notify, from beside
// itself, detached: the announcement runs after Announce returned.
func TestAnnouncerStartsGovernanceNotify(t *testing.T) {
	t.Parallel()
	dir, record := fakeGovernance(t)
	a := Announcer{Getenv: func(string) string { return "" },
		Executable: func() (string, error) { return filepath.Join(dir, "governance-hook"), nil },
		LookPath:   func(string) (string, error) { return "", exec.ErrNotFound },
		Start:      startDetached}
	a.Announce(&approvals.Item{ID: "7kq2mx"})
	var data []byte
	for range 200 {
		var err error
		if data, err = os.ReadFile(record); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got, want := string(data), "notify\n--\n7kq2mx\n"; got != want {
		t.Errorf("governance ran with %q, want %q", got, want)
	}
}

func TestAnnouncerFindsGovernance(t *testing.T) {
	t.Parallel()
	dir, _ := fakeGovernance(t)
	elsewhere := t.TempDir()
	for _, tc := range []struct {
		name, self, onPath, noNotify, want string
	}{
		{"beside the hook", filepath.Join(dir, "governance-hook"), "", "", filepath.Join(dir, "governance")},
		{"itself", "/opt/bin/governance", "", "", "/opt/bin/governance"},
		{"on PATH", filepath.Join(elsewhere, "governance-hook"), "/usr/bin/governance", "", "/usr/bin/governance"},
		{"none", filepath.Join(elsewhere, "governance-hook"), "", "", ""},
		{"turned off", filepath.Join(dir, "governance-hook"), "", "1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var started []string
			a := Announcer{Getenv: func(k string) string {
				if k == "GOVERNANCE_NO_NOTIFY" {
					return tc.noNotify
				}
				return ""
			},
				Executable: func() (string, error) { return tc.self, nil },
				LookPath: func(string) (string, error) {
					if tc.onPath == "" {
						return "", exec.ErrNotFound
					}
					return tc.onPath, nil
				},
				Start: func(cmd *exec.Cmd) error { started = append(started, strings.Join(cmd.Args, " ")); return nil }}
			a.Announce(&approvals.Item{ID: "-rf"})
			if tc.want == "" {
				if len(started) != 0 {
					t.Errorf("started %q, want nothing", started)
				}
				return
			}
			if want := tc.want + " notify -- -rf"; len(started) != 1 || started[0] != want {
				t.Errorf("started %q, want %q", started, want)
			}
		})
	}
}
