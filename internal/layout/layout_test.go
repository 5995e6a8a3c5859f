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
