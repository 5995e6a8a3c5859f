package config_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/governance"
	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// project makes a project with a home and returns its paths.
func project(t *testing.T, files map[string]string) layout.Paths {
	t.Helper()
	dir := t.TempDir()
	root, home := filepath.Join(dir, "proj"), filepath.Join(dir, "home")
	for _, d := range []string{filepath.Join(root, ".git"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		write(t, filepath.Join(dir, name), body)
	}
	env := map[string]string{"HOME": home}
	return layout.Discover(root, "", func(k string) string { return env[k] })
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

const npmRule = `rules:
  - id: no-publish
    match: {program: npm, subcommand: publish}
    decision: deny
    message: Releases go through CI.
    suggestion: Push a tag.
`

func TestSnapshotRoundTrip(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"proj/.governance/config.yaml":        "default: ask\nmain_agent: lead\n",
		"proj/.governance/rules/npm.yaml":     npmRule,
		"proj/.governance/agents/lead.md":     "---\nscope: bridge\npermission:\n  read: allow\n---\n",
		"proj/.claude/agents/helper.md":       "---\nname: helper\ntools: Read\n---\n",
		"home/.config/governance/config.yaml": "disable_builtin: [git-stash-drop]\n",
	})
	snap := config.Compile(p)
	if snap.Err != "" {
		t.Fatalf("compile error: %s", snap.Err)
	}
	data, err := snap.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := snapshot.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(snap, back) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", back, snap)
	}
	pol := back.Policy()
	if pol.Settings.Default != governance.Ask || pol.Settings.MainAgent != "lead" {
		t.Errorf("settings = %+v", pol.Settings)
	}
	ids := map[string]bool{}
	for _, r := range pol.Rules {
		ids[r.ID] = true
	}
	if !ids["no-publish"] || ids["git-stash-drop"] || !ids["git-reset-hard"] {
		t.Errorf("rules = %v", ids)
	}
	for _, name := range []string{"lead", "helper"} {
		if got, _ := pol.Agents.Lookup(name); len(got) != 1 {
			t.Errorf("agent %s: %v", name, got)
		}
	}
}

func TestSnapshotFreshness(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{"proj/.governance/rules/npm.yaml": npmRule})
	compiles := 0
	compiler := func(p layout.Paths) (*snapshot.Snapshot, error) {
		compiles++
		s := config.Compile(p)
		return s, s.Write(snapshot.CachePath(p))
	}
	load := func() *governance.Policy { return snapshot.Load(p, compiler) }
	rules := func(pol *governance.Policy) int { return len(pol.Rules) }

	base := rules(load())
	if compiles != 1 {
		t.Fatalf("first load compiled %d times", compiles)
	}
	load()
	if compiles != 1 {
		t.Errorf("a fresh snapshot was recompiled")
	}
	// Editing a rules file (same size, new content) makes it stale.
	time.Sleep(10 * time.Millisecond)
	write(t, filepath.Join(p.RepoDir, "rules", "npm.yaml"), strings.Replace(npmRule, "no-publish", "no-publiz", 1))
	if pol := load(); compiles != 2 || rules(pol) != base {
		t.Errorf("after an edit: compiles=%d rules=%d", compiles, rules(pol))
	}
	// Adding a file makes it stale.
	write(t, filepath.Join(p.RepoDir, "rules", "more.yaml"), strings.Replace(npmRule, "no-publish", "no-publish-2", 1))
	if pol := load(); compiles != 3 || rules(pol) != base+1 {
		t.Errorf("after adding a file: compiles=%d rules=%d", compiles, rules(pol))
	}
	// A new agent folder makes it stale.
	write(t, filepath.Join(p.ProjectRoot, ".claude", "agents", "x.md"), "---\nname: x\ntools: Read\n---\n")
	if pol := load(); compiles != 4 {
		t.Errorf("after adding an agent: compiles=%d", compiles)
	} else if got, _ := pol.Agents.Lookup("x"); len(got) != 1 {
		t.Errorf("agent x not in the snapshot")
	}
	// A broken file is compiled into an error that denies every call.
	write(t, filepath.Join(p.RepoDir, "rules", "more.yaml"), "rules: [")
	if pol := load(); pol.Err == nil || !strings.Contains(pol.Err.Error(), "more.yaml:1") {
		t.Errorf("broken file: err = %v", pol.Err)
	}
	load()
	if compiles != 5 {
		t.Errorf("a broken but unchanged configuration was recompiled (%d)", compiles)
	}
}

func TestNoConfigurationNeedsNoSnapshot(t *testing.T) {
	t.Parallel()
	p := project(t, nil)
	pol := snapshot.Load(p, func(layout.Paths) (*snapshot.Snapshot, error) {
		t.Fatal("compiled a project with no configuration")
		return nil, nil
	})
	if pol.Err != nil || len(pol.Rules) == 0 {
		t.Errorf("policy = %+v", pol)
	}
	// An empty .governance folder holds no configuration either.
	os.MkdirAll(p.RepoDir, 0o755)
	snapshot.Load(p, func(layout.Paths) (*snapshot.Snapshot, error) {
		t.Fatal("compiled an empty .governance folder")
		return nil, nil
	})
}

func TestRepoMayOnlyTighten(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		user, repo string
		wantErr    string
	}{
		{"tighten default", "default: defer\n", "default: ask\n", ""},
		{"loosen default", "default: ask\n", "default: defer\n", "would loosen the user configuration's default"},
		{"disable builtin in repo", "", "disable_builtin: [git-reset-hard]\n", "a project configuration may not disable built-in rules"},
		{"disable unknown builtin", "disable_builtin: [nope]\n", "", `disable_builtin names "nope"`},
		{"safe set back on", "safe_set: false\n", "safe_set: true\n", "safe_set: true would loosen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{}
			if tt.user != "" {
				files["home/.config/governance/config.yaml"] = tt.user
			}
			if tt.repo != "" {
				files["proj/.governance/config.yaml"] = tt.repo
			}
			_, err := config.Load(project(t, files))
			if tt.wantErr == "" && err != nil {
				t.Errorf("unexpected error: %v", err)
			}
			if tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("err = %v, want %q", err, tt.wantErr)
			}
		})
	}
}
