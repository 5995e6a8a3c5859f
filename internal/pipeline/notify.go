package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/agentgov/governance/internal/approvals"
	"github.com/agentgov/governance/internal/confine/locate"
)

// Announcer tells a person about a new approval item by starting
// `governance notify ID`, detached, which shows the desktop notification
// and calls the configured webhooks (internal/notify). The hook only
// starts it and goes on: a slow receiver never delays a decision, and the
// hook links no HTTP client or configuration parser for it.
type Announcer struct {
	Getenv     func(string) string
	Executable func() (string, error)
	LookPath   func(string) (string, error)
	// Start starts cmd without waiting for it.
	Start func(cmd *exec.Cmd) error
}

// DefaultAnnouncer announces through the governance binary installed
// beside the running one, else the one on PATH.
var DefaultAnnouncer = Announcer{Getenv: os.Getenv, Executable: os.Executable, LookPath: locate.LookPath, Start: startDetached}

// NotifyApproval announces a new approval item with [DefaultAnnouncer].
// It never blocks. GOVERNANCE_NO_NOTIFY=1 turns it off.
func NotifyApproval(it *approvals.Item) { DefaultAnnouncer.Announce(it) }

// Announce starts `governance notify ID` for it; it does nothing when
// notifications are off or no governance binary is found.
func (a Announcer) Announce(it *approvals.Item) {
	if a.Getenv("GOVERNANCE_NO_NOTIFY") != "" {
		return
	}
	bin := a.governance()
	if bin == "" {
		return
	}
	cmd := exec.Command(bin, "notify", "--", it.ID)
	_ = a.Start(cmd)
}

// governance finds the governance binary: the running one (the MCP
// proxy), the one beside the running hook, else the one on PATH.
func (a Announcer) governance() string {
	name := "governance"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := a.Executable(); err == nil {
		if filepath.Base(self) == name {
			return self
		}
		sibling := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(sibling); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return sibling
		}
	}
	if p, err := a.LookPath(name); err == nil {
		return p
	}
	return ""
}

// startDetached starts cmd in its own session, its standard streams on
// the null device (the hook's stdout is the harness's protocol), and
// reaps it in the background.
func startDetached(cmd *exec.Cmd) error {
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
