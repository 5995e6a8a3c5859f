package layout

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	home := t.TempDir()
	for _, rel := range []string{"./evil", "evil", "../evil", "."} {
		env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": rel, "XDG_STATE_HOME": rel}
		p := Discover("/p", "/p", func(k string) string { return env[k] })
		if p.UserDir != home+"/.config/governance" || p.StateDir != home+"/.local/state/governance" {
			t.Errorf("XDG_*_HOME=%s: user folder %q, state folder %q", rel, p.UserDir, p.StateDir)
		}
	}
}

// TestEnclosingProjects: whatever is made inside a governed project (a
// repository, a .git file pointing elsewhere, a .governance folder) finds
// the project around it, as does a harness's project folder inside it; a
// project governed only by harness settings that run governance-hook
// counts, settings that do not, and the home folder, do not.
func TestEnclosingProjects(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	files := map[string]string{
		"home/.governance/rules/x.yaml":          "",
		"home/.claude/settings.json":             `{"hooks":{"PreToolUse":[{"hooks":[{"command":"governance-hook claude"}]}]}}`,
		"home/gov/.governance/config.yaml":       "",
		"home/gov/.git/HEAD":                     "",
		"home/gov/sub/.git/HEAD":                 "",
		"home/gov/pkg/.governance/x":             "",
		"home/gov/pkg/deep/.git":                 "gitdir: /elsewhere\n",
		"home/hooked/.git/HEAD":                  "",
		"home/hooked/.codex/hooks.json":          `{"hooks":{"PreToolUse":[{"hooks":[{"command":"governance-hook codex"}]}]}}`,
		"home/hooked/sub/.git/HEAD":              "",
		"home/local/.git/HEAD":                   "",
		"home/local/.claude/settings.local.json": `{"hooks":{"PreToolUse":[{"hooks":[{"command":"governance-hook claude"}]}]}}`,
		"home/local/sub/.git/HEAD":               "",
		"home/plain/.git/HEAD":                   "",
		"home/plain/.claude/settings.json":       `{"permissions":{}}`,
		"home/plain/sub/.git/HEAD":               "",
		"outside/gov/.governance/config.yml":     "",
		"outside/gov/sub/.git/HEAD":              "",
	}
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	at := func(rel string) string { return filepath.Join(dir, filepath.FromSlash(rel)) }
	for _, tc := range []struct {
		cwd, projectDir, root string
		enclosing             []string
	}{
		{cwd: "home/gov/sub", root: "home/gov/sub", enclosing: []string{"home/gov"}},
		{cwd: "home/gov/sub/x/y", root: "home/gov/sub", enclosing: []string{"home/gov"}},
		{cwd: "home/gov/sub", projectDir: "home/gov/sub", root: "home/gov/sub", enclosing: []string{"home/gov"}},
		{cwd: "home/gov/pkg/deep", root: "home/gov/pkg/deep", enclosing: []string{"home/gov/pkg", "home/gov"}},
		{cwd: "home/gov/pkg", root: "home/gov/pkg", enclosing: []string{"home/gov"}},
		{cwd: "home/hooked/sub", root: "home/hooked/sub", enclosing: []string{"home/hooked"}},
		// The second settings file of a folder that has no first one.
		{cwd: "home/local/sub", root: "home/local/sub", enclosing: []string{"home/local"}},
		{cwd: "outside/gov/sub", root: "outside/gov/sub", enclosing: []string{"outside/gov"}},
		// Not over-reaching: the project itself, a project whose settings
		// do not run governance, the home folder's own settings.
		{cwd: "home/gov", root: "home/gov"},
		{cwd: "home/plain/sub", root: "home/plain/sub"},
		{cwd: "home/plain", root: "home/plain"},
	} {
		pd := ""
		if tc.projectDir != "" {
			pd = at(tc.projectDir)
		}
		p := Discover(at(tc.cwd), pd, env)
		var want []string
		for _, e := range tc.enclosing {
			want = append(want, at(e))
		}
		if p.ProjectRoot != at(tc.root) || !slices.Equal(p.EnclosingRoots(), want) {
			t.Errorf("Discover(%s, %q): root %s, enclosing %q; want %s, %q", tc.cwd, tc.projectDir, p.ProjectRoot, p.EnclosingRoots(), at(tc.root), want)
		}
	}
}

// A home, configuration or state folder that the environment puts inside
// the project (an agent's harness loads a project's .env into the hook's
// environment) is not taken: the policy and the approvals would be the
// agent's to write. Outside the project, and for an agent that works in
// the home folder itself, the variables are taken as they are.
func TestAgentFoldersNotTaken(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home, project := filepath.Join(dir, "home"), filepath.Join(dir, "home", "src", "app")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	discover := func(cwd string, env map[string]string) Paths {
		return Discover(cwd, "", func(k string) string { return env[k] })
	}
	p := discover(project, map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(project, "cfg"),
		"XDG_STATE_HOME": filepath.Join(project, "sub", "state")})
	if want := filepath.Join(home, ".config", "governance"); p.UserDir != want {
		t.Errorf("XDG_CONFIG_HOME in the project: user folder %q, want %q", p.UserDir, want)
	}
	if want := filepath.Join(home, ".local", "state", "governance"); p.StateDir != want {
		t.Errorf("XDG_STATE_HOME in the project: state folder %q, want %q", p.StateDir, want)
	}
	p = discover(filepath.Join(project, "pkg"), map[string]string{"HOME": home, "XDG_CONFIG_HOME": project})
	if want := filepath.Join(home, ".config", "governance"); p.UserDir != want {
		t.Errorf("XDG_CONFIG_HOME the project itself: user folder %q, want %q", p.UserDir, want)
	}
	elsewhere := filepath.Join(dir, "xdg")
	p = discover(project, map[string]string{"HOME": home, "XDG_CONFIG_HOME": elsewhere + "/config", "XDG_STATE_HOME": elsewhere + "/state"})
	if p.UserDir != elsewhere+"/config/governance" || p.StateDir != elsewhere+"/state/governance" {
		t.Errorf("XDG folders outside the project: %q, %q", p.UserDir, p.StateDir)
	}
	// An agent in the home folder: its folders there are the person's own.
	p = discover(home, map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg")})
	if want := filepath.Join(home, "cfg", "governance"); p.ProjectRoot != home || p.UserDir != want {
		t.Errorf("agent in the home folder: root %q, user folder %q, want %q", p.ProjectRoot, p.UserDir, want)
	}
	// A home inside the project is the account's home instead.
	if account := accountHome(); account != "" && !strings.HasPrefix(account, project) {
		p = discover(project, map[string]string{"HOME": filepath.Join(project, "h")})
		if p.Home != account || p.UserDir != filepath.Join(account, ".config", "governance") {
			t.Errorf("HOME in the project: home %q, user folder %q, want the account's %q", p.Home, p.UserDir, account)
		}
	}
}

// A home that is a repository's root, as the environment says, is the
// account's home instead: its .config would be the agent's to write.
func TestHomeRepositoryNotTaken(t *testing.T) {
	t.Parallel()
	account := accountHome()
	project := t.TempDir()
	if account == "" || strings.HasPrefix(account, project) {
		t.Skip("no account home to fall back on")
	}
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := Discover(project, "", func(k string) string { return map[string]string{"HOME": project}[k] })
	if p.Home != account || p.UserDir != filepath.Join(account, ".config", "governance") {
		t.Errorf("HOME the repository's root: home %q, user folder %q, want the account's %q", p.Home, p.UserDir, account)
	}
}

// The folders are compared as the kernel resolves them: a path through
// /proc/self/cwd, /proc/self/root or a link that leads into the project
// is inside it.
func TestAgentFoldersResolved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home, project := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "elsewhere")
	if err := os.Symlink(filepath.Join(project, "cfg"), link); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(home, ".config", "governance")
	for _, x := range []string{"/proc/self/root" + project + "/cfg", link, link + "/sub", dir + "/../" + filepath.Base(dir) + "/proj/cfg"} {
		p := Discover(project, "", func(k string) string { return map[string]string{"HOME": home, "XDG_CONFIG_HOME": x}[k] })
		if p.UserDir != want {
			t.Errorf("XDG_CONFIG_HOME=%s: user folder %q, want %q", x, p.UserDir, want)
		}
	}
}

// TestMissingHomeIsTheAccounts: a HOME that is no folder (missing, or a
// file) holds none of the user's configuration: the account's home is
// read, as with no HOME; a HOME that is a folder is taken as it is.
func TestMissingHomeIsTheAccounts(t *testing.T) {
	account := accountHome()
	if fi, err := os.Stat(account); account == "" || err != nil || !fi.IsDir() {
		t.Skip("no account home to fall back on")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	for _, home := range []string{filepath.Join(dir, "gone"), file} {
		p := Discover(project, "", func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		})
		if p.Home != account || p.UserDir != filepath.Join(account, ".config", "governance") ||
			p.StateDir != filepath.Join(account, ".local", "state", "governance") {
			t.Errorf("HOME %s: home %q, user folder %q, state folder %q, want the account's %q", home, p.Home, p.UserDir, p.StateDir, account)
		}
	}
	p := Discover(project, "", func(k string) string {
		if k == "HOME" {
			return dir
		}
		return ""
	})
	if p.Home != dir || p.UserDir != filepath.Join(dir, ".config", "governance") {
		t.Errorf("HOME %s, a folder: home %q, user folder %q", dir, p.Home, p.UserDir)
	}
}

// A hook started without HOME (a harness or a job that clears the
// environment) reads the configuration and state of the account's home:
// without them the user's rules were dropped, and the calls they deny
// allowed.
func TestNoHomeIsTheAccounts(t *testing.T) {
	t.Setenv("HOME", "")
	account := accountHome()
	if account == "" {
		t.Skip("no account home to fall back on")
	}
	project := t.TempDir()
	p := Discover(project, "", func(string) string { return "" })
	if p.Home != account || p.UserDir != filepath.Join(account, ".config", "governance") ||
		p.StateDir != filepath.Join(account, ".local", "state", "governance") {
		t.Errorf("no HOME: home %q, user folder %q, state folder %q, want the account's %q", p.Home, p.UserDir, p.StateDir, account)
	}
}
