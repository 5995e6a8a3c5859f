package layout

import (
	"path/filepath"
	"testing"
)

func TestUnderIsJoin(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{"", ".", "..", "/", "/a", "/a/b", "a", "a/b", "../a", "/home/u/.config/governance"} {
		for _, name := range []string{".git", ".governance", "config.yaml", "agents"} {
			if got, want := under(dir, name), filepath.Join(dir, name); got != want {
				t.Errorf("under(%q, %q) = %q, want %q", dir, name, got, want)
			}
		}
	}
}

func TestSourcesAreJoined(t *testing.T) {
	t.Parallel()
	for _, p := range []Paths{
		{ProjectRoot: "/p", RepoDir: "/p/.governance", UserDir: "/h/.config/governance", Home: "/h"},
		{ProjectRoot: "/", RepoDir: "/.governance", Home: "/"},
		{ProjectRoot: "/p/./q/", RepoDir: "/p/q/.governance/", UserDir: "/h//cfg/", Home: "/h/"},
		{ProjectRoot: "/p", RepoDir: "/p/.governance", UserDir: "/h/.config/governance", Home: "/h", ManagedDir: "/etc/governance"},
	} {
		src := p.Sources()
		for _, s := range src {
			if s.Parent < 0 {
				if s.Path != filepath.Clean(s.Path) {
					t.Errorf("%+v: folder %q is not clean", p, s.Path)
				}
				continue
			}
			parent := src[s.Parent].Path
			if want := filepath.Join(parent, filepath.Base(s.Path)); s.Path != want {
				t.Errorf("%+v: source %q, want %q", p, s.Path, want)
			}
		}
	}
}

// The managed folder's sources come first, the active bundle's inside its
// link, and no variable moves the folder.
func TestManagedSources(t *testing.T) {
	t.Parallel()
	p := Discover("/p", "/p", func(k string) string {
		return map[string]string{"HOME": "/h", "GOVERNANCE_MANAGED_DIR": "/tmp/elsewhere"}[k]
	})
	if p.ManagedDir != DefaultManagedDir() {
		t.Fatalf("managed folder %q, want %q", p.ManagedDir, DefaultManagedDir())
	}
	want := map[string]bool{
		filepath.Join(p.ManagedDir, "config.yaml"):                   false,
		filepath.Join(p.ManagedDir, "rules"):                         false,
		filepath.Join(p.ManagedDir, "bundle", "active"):              false,
		filepath.Join(p.ManagedDir, "bundle", "active", "rules"):     false,
		filepath.Join(p.ManagedDir, "bundle", "active", ".manifest"): false,
		filepath.Join(p.ManagedDir, "bundle", "status.json"):         false,
	}
	for _, s := range p.Sources() {
		if _, ok := want[s.Path]; ok {
			want[s.Path] = true
		}
	}
	for path, seen := range want {
		if !seen {
			t.Errorf("no source %s", path)
		}
	}
}

// A relative XDG_CONFIG_HOME or XDG_STATE_HOME is ignored, as the XDG
// specification says: it would name a folder under whatever folder a
// call runs in.
func TestRelativeXDGIgnored(t *testing.T) {
	t.Parallel()
	for _, rel := range []string{"./evil", "evil", "../evil", "."} {
		env := map[string]string{"HOME": "/home/u", "XDG_CONFIG_HOME": rel, "XDG_STATE_HOME": rel}
		p := Discover("/p", "/p", func(k string) string { return env[k] })
		if p.UserDir != "/home/u/.config/governance" || p.StateDir != "/home/u/.local/state/governance" {
			t.Errorf("XDG_*_HOME=%s: user folder %q, state folder %q", rel, p.UserDir, p.StateDir)
		}
	}
}
