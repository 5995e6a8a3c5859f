package snapshot

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
)

// provenancePaths are the folders of a project with a rules file, in a
// temporary folder.
func provenancePaths(t *testing.T) layout.Paths {
	t.Helper()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	root := filepath.Join(dir, "project")
	env := map[string]string{"HOME": home}
	p := layout.Discover(root, root, func(k string) string { return env[k] })
	p.ManagedDir = filepath.Join(dir, "managed")
	if err := os.MkdirAll(filepath.Join(p.RepoDir, "rules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p.RepoDir, "rules", "deny.yaml"), []byte("rules: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// stampsOf stamps every source of p that exists, as a compile does.
func stampsOf(p layout.Paths) Stamps {
	var out Stamps
	for _, s := range p.Sources() {
		if st := StampOf(s.Path); st.Exists {
			out = append(out, st)
		}
	}
	return append(out, StampOf(filepath.Join(p.RepoDir, "rules", "deny.yaml")))
}

// A snapshot is fresh only for the folders it was compiled from: one
// compiled with another user, state, managed or home folder (an agent's
// `XDG_CONFIG_HOME=./evil governance compile`) is stale for the hook's
// folders even where every stamp it holds still matches, since the
// folders it did not read hold no stamp.
func TestFreshOnlyForItsFolders(t *testing.T) {
	t.Parallel()
	p := provenancePaths(t)
	now := time.Now()
	snap := &Snapshot{Version: Version, Root: p.ProjectRoot, From: p, Stamps: stampsOf(p)}
	current, configured := Current(p)
	if !configured {
		t.Fatal("the project has a rules file but is not configured")
	}
	if !snap.FreshAt(p, current, now) {
		t.Fatal("a snapshot of the hook's own folders, unchanged, is not fresh")
	}
	evil := filepath.Join(p.ProjectRoot, "evil")
	for name, move := range map[string]func(*layout.Paths){
		"user":    func(q *layout.Paths) { q.UserDir = filepath.Join(evil, "governance") },
		"state":   func(q *layout.Paths) { q.StateDir = filepath.Join(evil, "state") },
		"managed": func(q *layout.Paths) { q.ManagedDir = evil },
		"home":    func(q *layout.Paths) { q.Home = evil },
		"repo":    func(q *layout.Paths) { q.RepoDir = evil },
		"none":    func(q *layout.Paths) { *q = layout.Paths{ProjectRoot: q.ProjectRoot} },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			from := p
			move(&from)
			other := &Snapshot{Version: Version, Root: p.ProjectRoot, From: from, Stamps: snap.Stamps}
			if other.FreshAt(p, current, now) {
				t.Errorf("a snapshot compiled from %s is fresh for %s", from.Differ(p), p.UserDir)
			}
			if CachePath(from) == CachePath(p) {
				t.Errorf("a compile of other folders (%s) writes the snapshot the hook reads", from.Differ(p))
			}
		})
	}
}

// A snapshot that holds a policy for a while is stale once that time
// has passed, whatever its stamps.
func TestFreshUntil(t *testing.T) {
	t.Parallel()
	p := provenancePaths(t)
	now := time.Now()
	current, _ := Current(p)
	snap := &Snapshot{Version: Version, Root: p.ProjectRoot, From: p, Stamps: stampsOf(p), Until: now.Add(time.Second).UnixNano()}
	if !snap.FreshAt(p, current, now) {
		t.Error("a held snapshot is stale before its time")
	}
	if snap.FreshAt(p, current, now.Add(time.Second)) {
		t.Error("a held snapshot is fresh after its time")
	}
}

// The hook denies with the reason when the compile it runs returns a
// snapshot of other folders, and takes none from the cache.
func TestLoadRefusesOtherFolders(t *testing.T) {
	t.Parallel()
	p := provenancePaths(t)
	from := p
	from.UserDir = filepath.Join(p.ProjectRoot, "evil", "governance")
	evil := &Snapshot{Version: Version, Root: p.ProjectRoot, From: from, Stamps: stampsOf(p),
		Settings: engine.Settings{LogOnly: true}}
	if err := evil.Write(CachePath(p)); err != nil {
		t.Fatal(err)
	}
	pol := Load(p, func(layout.Paths) (*Snapshot, error) { return evil, nil })
	if pol.Err == nil || !strings.Contains(pol.Err.Error(), "user configuration folder") {
		t.Fatalf("a compile of other folders was taken: error %v, log-only %v", pol.Err, pol.Settings.LogOnly)
	}
	good := &Snapshot{Version: Version, Root: p.ProjectRoot, From: p, Stamps: stampsOf(p)}
	// governance compile writes the cache as it prints.
	pol = Load(p, func(layout.Paths) (*Snapshot, error) { return good, good.Write(CachePath(p)) })
	if pol.Err != nil || pol.Settings.LogOnly {
		t.Fatalf("the hook's own compile: error %v, log-only %v", pol.Err, pol.Settings.LogOnly)
	}
	pol = Load(p, func(layout.Paths) (*Snapshot, error) { return nil, errors.New("not compiled again") })
	if pol.Err != nil {
		t.Fatalf("the snapshot of the hook's folders is not taken from the cache: %v", pol.Err)
	}
}

// The compile the hook starts resolves the hook's folders, whatever the
// environment it inherits says.
func TestCompileEnvResolvesTheSameFolders(t *testing.T) {
	t.Parallel()
	for _, env := range []map[string]string{
		{"HOME": "/home/u"},
		{"HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "/state"},
		{"HOME": "/home/u", "XDG_CONFIG_HOME": "relative/cfg"},
		{},
	} {
		p := layout.Discover("/p", "/p", func(k string) string { return env[k] })
		inherited := []string{"XDG_CONFIG_HOME=/evil", "XDG_STATE_HOME=/evil-state", "HOME=/evil-home", "PATH=/bin"}
		got := map[string]string{}
		for _, kv := range CompileEnv(inherited, p) {
			k, v, _ := strings.Cut(kv, "=")
			got[k] = v
		}
		if got["PATH"] != "/bin" {
			t.Errorf("CompileEnv dropped PATH: %v", got)
		}
		q := layout.Discover("/p", "/p", func(k string) string { return got[k] })
		if q != p {
			t.Errorf("env %v: the compile resolves %s", env, p.Differ(q))
		}
	}
}

// A snapshot file another user owns is not taken: who can write the
// state folder (one made in a shared folder, or handed to another user)
// would choose the policy the hook enforces. The hook compiles the
// configuration instead, and the last good snapshot is not held either.
func TestLoadRefusesAnotherUsersSnapshot(t *testing.T) {
	t.Parallel()
	if os.Getuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	p := provenancePaths(t)
	evil := &Snapshot{Version: Version, Root: p.ProjectRoot, From: p, Stamps: stampsOf(p),
		Settings: engine.Settings{LogOnly: true}}
	for _, path := range []string{CachePath(p), GoodPath(p)} {
		if err := evil.Write(path); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(path, 4242, 4242); err != nil {
			t.Fatal(err)
		}
	}
	compiled := false
	good := &Snapshot{Version: Version, Root: p.ProjectRoot, From: p, Stamps: stampsOf(p)}
	pol := Load(p, func(layout.Paths) (*Snapshot, error) { compiled = true; return good, nil })
	if !compiled || pol.Settings.LogOnly {
		t.Fatalf("another user's snapshot was taken: compiled %v, log-only %v", compiled, pol.Settings.LogOnly)
	}
	if _, err := Read(GoodPath(p)); !errors.Is(err, layout.ErrNotOwned) {
		t.Fatalf("reading another user's last good snapshot: %v, want %v", err, layout.ErrNotOwned)
	}
	// The user's own file, and root's, are taken.
	if err := os.Chown(CachePath(p), os.Getuid(), os.Getgid()); err != nil {
		t.Fatal(err)
	}
	pol = Load(p, func(layout.Paths) (*Snapshot, error) { return nil, errors.New("not compiled again") })
	if pol.Err != nil || !pol.Settings.LogOnly {
		t.Fatalf("the user's own snapshot is not taken: error %v, log-only %v", pol.Err, pol.Settings.LogOnly)
	}
}
