//go:build linux

package confine

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// TestGrants: what a person's configuration grants a project's confined
// calls: a secret read (unmasked, read-only), a folder outside written,
// the network; governance's state stays hidden whatever is granted.
func TestGrants(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.profile(t, UnknownEffects, Options{Grants: engine.ConfineGrants{
		Read: []string{".env", "~/.local", "missing.txt"}, Write: []string{"~/.aws", "~/absent"}, Network: []string{"loopback"}}})
	env := filepath.Join(w.project, ".env")
	if slices.Contains(p.Masked, env) || !slices.Contains(p.Protected, env) {
		t.Errorf(".env masked %v, protected %v: want it shown read-only", p.Masked, p.Protected)
	}
	if !slices.Contains(p.Masked, filepath.Join(w.project, "certs", "server.key")) {
		t.Errorf("a secret not granted is not masked: %v", p.Masked)
	}
	if !slices.Contains(p.Masked, w.state) {
		t.Errorf("a read grant of ~/.local showed governance's state: masked %v", p.Masked)
	}
	if !slices.Contains(p.Writable, filepath.Join(w.home, ".aws")) || !p.Network {
		t.Errorf("writable %v, network %v", p.Writable, p.Network)
	}
	needBwrap(t)
	code, out, errs := w.run(t, p, "/bin/sh", "-c", `cat .env; echo x >> .env || echo read-only; cat certs/server.key; cat `+w.home+`/.local/state/governance/daemon.token; echo done`)
	if code != 0 || !strings.Contains(out, secretValue) || !strings.Contains(out, "read-only") || strings.Count(out, secretValue) != 1 {
		t.Fatalf("status %d, output:\n%s%s", code, out, errs)
	}
	wantFile(t, env, "API_TOKEN="+secretValue+"\n")
}
