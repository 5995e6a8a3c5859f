package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// status says how the snapshot the hook reads for its folders stands:
// missing, current, stale, compiled from other folders (stale), or
// holding the last good policy while a file is rewritten.
func TestCompiledStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	root, home := filepath.Join(dir, "p"), filepath.Join(dir, "home")
	rules := filepath.Join(root, ".governance", "rules", "deny.yaml")
	if err := os.MkdirAll(filepath.Dir(rules), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rules, []byte("rules: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": home}
	p := layout.Discover(root, root, func(k string) string { return env[k] })
	p.ManagedDir = filepath.Join(dir, "managed")
	if got := compiledStatus(p); !strings.HasPrefix(got, "not yet") {
		t.Errorf("no snapshot: %s", got)
	}
	now := time.Now().Add(time.Minute)
	snap := config.CompileStable(p, nil, func() time.Time { return now }, func(time.Duration) {})
	write := func(s *snapshot.Snapshot) {
		if err := s.Write(snapshot.CachePath(p)); err != nil {
			t.Fatal(err)
		}
	}
	write(snap)
	if got := compiledStatus(p); !strings.HasPrefix(got, "current") {
		t.Errorf("a current snapshot: %s", got)
	}
	other := *snap
	other.From.UserDir = filepath.Join(root, "evil")
	write(&other)
	if got := compiledStatus(p); !strings.HasPrefix(got, "stale") {
		t.Errorf("a snapshot of other folders: %s", got)
	}
	held := *snap
	held.Held, held.Until = "deny.yaml reads as empty", time.Now().Add(time.Hour).UnixNano()
	write(&held)
	if got := compiledStatus(p); !strings.Contains(got, "holding the last good policy: deny.yaml reads as empty") {
		t.Errorf("a held snapshot: %s", got)
	}
}
