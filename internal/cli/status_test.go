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

// status says, in a repository inside a governed project, whose
// configuration applies: the enclosing project's where the repository
// has no config.yaml of its own, else its own; and that the enclosing
// project's denies and asks hold in both.
func TestStatusSaysWhichConfigurationApplies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	root, home := filepath.Join(dir, "p"), filepath.Join(dir, "home")
	for path, data := range map[string]string{
		"p/.governance/config.yaml":     "version: 1\nmain_agent: reviewer\n",
		"p/sub/.git/HEAD":               "ref: refs/heads/main\n",
		"p/own/.git/HEAD":               "ref: refs/heads/main\n",
		"p/own/.governance/config.yaml": "version: 1\n",
		"home/.keep":                    "",
	} {
		file := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home}
	for _, tc := range []struct{ dir, want string }{
		{"sub", "the configuration of the enclosing project " + root + " applies"},
		{"own", "its own .governance/config.yaml applies"},
	} {
		l, err := config.Load(layout.Discover(filepath.Join(root, tc.dir), "", func(k string) string { return env[k] }))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Join(enclosingLines(l.Paths, l.Outer, l.Repo != nil), "\n")
		if !strings.Contains(lines, tc.want) || !strings.Contains(lines, "the deny and ask rules of "+root+" apply here too") {
			t.Errorf("status in %s says:\n%s\nwant %q and the enclosing rules", tc.dir, lines, tc.want)
		}
	}
}
