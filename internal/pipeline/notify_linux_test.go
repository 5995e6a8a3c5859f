package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/approvals"
)

// governance notify runs in a session of its own: a harness that ends the
// hook's process group does not end the announcement with it.
func TestAnnouncerDetaches(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	record := filepath.Join(dir, "sid")
	// Field 6 of /proc/PID/stat is the session id.
	script := "#!/bin/sh\ncut -d' ' -f6 /proc/$$/stat > " + record + ".tmp && mv " + record + ".tmp " + record + "\n"
	if err := os.WriteFile(filepath.Join(dir, "governance"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
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
	sid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("the child did not record its session: %q", data)
	}
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		t.Fatal(err)
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	own, _ := strconv.Atoi(fields[3])
	if sid == own {
		t.Errorf("governance notify runs in the hook's session %d", own)
	}
}
