package cli

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/layout"
)

// The daemon's poller keeps to the bundle's deadlines: a registry that
// accepts the connection and never answers fails the pull, said in the
// error the daemon logs, instead of stopping the poller for good.
func TestDaemonPullHasDeadlines(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	defer func() { close(done); l.Close() }()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { <-done; c.Close() }()
		}
	}()
	managed := t.TempDir()
	cfg := "bundle:\n  source: http://" + l.Addr().String() + "/bundle.tar.gz\n  public_key: team.pub\n  poll: 1m\n  first_byte_timeout: 200ms\n"
	if err := os.WriteFile(filepath.Join(managed, "config.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	pull, every, err := (&App{}).daemonBundle(layout.Paths{ManagedDir: managed})()
	if err != nil || pull == nil || every != time.Minute {
		t.Fatalf("daemonBundle: %v, %v", every, err)
	}
	// Only a guard against a hang: the deadline above ends the pull.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err = pull(ctx)
	if ctx.Err() != nil {
		t.Fatalf("the daemon's pull hung until the test gave up: %v", err)
	}
	if err == nil || !strings.Contains(err.Error(), "waiting for the first byte from "+l.Addr().String()) {
		t.Fatalf("pull: %v", err)
	}
}
