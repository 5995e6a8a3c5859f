package config_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
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
		"proj/.governance/config.yaml": "default: ask\nmain_agent: lead\n" +
			"roles:\n  ai:\n    sandbox: {exec_allowlist: [git, ls], net: false}\n    rate_limits: {per_minute: 10}\n",
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
	decoded, err := snapshot.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	// The npm rule names its program: it is filed after the JSON line,
	// and decoded with the others when all are asked for.
	if decoded.Filed != "a" || len(decoded.Rules) != 0 {
		t.Errorf("the rule about npm publish is not filed: layout %q, %d rules in the JSON", decoded.Filed, len(decoded.Rules))
	}
	rules, err := decoded.AllRules()
	if err != nil {
		t.Fatal(err)
	}
	back := *decoded
	back.Rules = rules
	back.ClearFiled()
	// The agents are decoded on first use: compare them apart.
	wantAgents, _ := snap.Agents.All()
	gotAgents, err := back.Agents.All()
	if err != nil || !reflect.DeepEqual(gotAgents, wantAgents) {
		t.Fatalf("the agents' round trip differs (%v):\n got %+v\nwant %+v", err, gotAgents, wantAgents)
	}
	want, got := *snap, back
	want.Agents, got.Agents = nil, nil
	if !reflect.DeepEqual(&want, &got) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", got, want)
	}
	if len(back.Roles) != 1 || len(back.Rules) == 0 || len(gotAgents) == 0 {
		t.Fatalf("the snapshot lost parts: %d roles, %d rules, %d agents", len(back.Roles), len(back.Rules), len(gotAgents))
	}
	if strings.Contains(string(data), `:false`) || strings.Contains(string(data), `:null`) ||
		strings.Contains(string(data), `:""`) {
		t.Errorf("the snapshot carries zero values: %s", data)
	}
	pol := back.Policy()
	if pol.Settings.Default != engine.Ask || pol.Settings.MainAgent != "lead" {
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
	load := func() *engine.Policy { return snapshot.Load(p, compiler) }
	rules := func(pol *engine.Policy) int { return len(pol.Rules) }

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
		{"notify in repo", "", "notify:\n  webhooks: [{url: '${env:HOOK}'}]\n", "a project configuration may not set notify"},
		{"notify from the user", "notify:\n  webhooks: [{url: '${env:HOOK}'}]\n", "", ""},
		{"safe set back on", "safe_set: false\n", "safe_set: true\n", "safe_set: true would loosen"},
		{"log-only from a project", "", "mode: log-only\n", "mode: log-only would loosen"},
		{"log-only from the user", "mode: log-only\n", "", ""},
		{"enforce over log-only", "mode: log-only\n", "mode: enforce\n", ""},
		{"deeper delegation", "max_delegation_depth: 2\n", "max_delegation_depth: 4\n", "max_delegation_depth: 4 would loosen"},
		{"shallower delegation", "", "max_delegation_depth: 2\n", ""},
		{"secret prompts off", "block_secret_prompts: true\n", "block_secret_prompts: false\n", "would loosen"},
		{"another default role", "default_role: strict\nroles: {strict: {allowed_tools: [read]}}\n", "default_role: ai\n", "would replace the user configuration's strict"},
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

func TestRoles(t *testing.T) {
	t.Parallel()
	const roles = `roles:
  orchestrator:
    allowed_tools: [shell, edit, read, "mcp:*"]
    denied_tools: ["governance:approve"]
    sandbox:
      fs_write: ["{PROJECT_ROOT}/results/**"]
      exec_allowlist: [python3, git]
      net: false
    rate_limits: {per_minute: 30, max_concurrent: 3}
  ai:
    inherits: orchestrator
    denied_tools: ["mcp:vault_*"]
    rate_limits: {per_minute: 20, slot_expiry: 2m}
  reviewer:
    inherits: ai
    allowed_tools: [read]
    sandbox: {net: true}
`
	l, err := config.Load(project(t, map[string]string{"home/.config/governance/config.yaml": roles}))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]engine.Role{}
	for _, r := range l.Policy.Roles {
		got[r.Name] = r
	}
	ai, rev := got["ai"], got["reviewer"]
	if !reflect.DeepEqual(ai.AllowedTools, []string{"shell", "edit", "read", "mcp:*"}) ||
		!reflect.DeepEqual(ai.DeniedTools, []string{"governance:approve", "mcp:vault_*"}) {
		t.Errorf("ai tools: %+v / %+v", ai.AllowedTools, ai.DeniedTools)
	}
	if ai.Limits.PerMinute != 20 || ai.Limits.MaxConcurrent != 3 || ai.Limits.SlotExpirySeconds != 120 {
		t.Errorf("ai limits: %+v", ai.Limits)
	}
	if !ai.Sandbox.NoNet || !ai.Sandbox.FSWriteSet || len(ai.Sandbox.ExecAllowlist) != 2 {
		t.Errorf("ai sandbox: %+v", ai.Sandbox)
	}
	if !reflect.DeepEqual(rev.AllowedTools, []string{"read"}) || rev.Sandbox.NoNet || len(rev.DeniedTools) != 2 ||
		!reflect.DeepEqual(rev.Chain, []string{"reviewer", "ai", "orchestrator"}) {
		t.Errorf("reviewer: %+v", rev)
	}
	if rev.Limits.SlotExpirySeconds != 120 || got["orchestrator"].Limits.SlotExpirySeconds != engine.DefaultSlotExpirySeconds {
		t.Errorf("slot expiry: %d / %d", rev.Limits.SlotExpirySeconds, got["orchestrator"].Limits.SlotExpirySeconds)
	}
}

func TestRoleErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, config, agent, want string
	}{
		{"cycle", "roles:\n  a: {inherits: b}\n  b: {inherits: c}\n  c: {inherits: a}\n", "", "roles inherit in a cycle: a -> b -> c -> a"},
		{"self", "roles:\n  a: {inherits: a}\n", "", "roles inherit in a cycle: a -> a"},
		{"unknown parent", "roles:\n  a: {inherits: nobody}\n", "", `role a inherits "nobody", which is not defined`},
		{"human configured", "roles:\n  human: {allowed_tools: [read]}\n", "", "the human role cannot be configured"},
		{"default human", "default_role: human\n", "", "default_role cannot be human"},
		{"undefined default", "default_role: strict\n", "", `default_role "strict" is not defined`},
		{"relative sandbox", "roles:\n  a: {sandbox: {fs_write: [results/**]}}\n", "", `fs_write glob "results/**" must be absolute`},
		{"zero limit", "roles:\n  a: {rate_limits: {per_minute: 0}}\n", "", "per_minute must be at least 1"},
		{"unknown key", "roles:\n  a: {alowed_tools: [read]}\n", "", `unknown key "alowed_tools"`},
		{"agent claims human", "", "---\nrole: human\npermission: {read: allow}\n---\n", "an agent's role cannot be human"},
		{"agent names an undefined role", "", "---\nrole: wizard\npermission: {read: allow}\n---\n", `role "wizard" is not defined`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{}
			if tt.config != "" {
				files["home/.config/governance/config.yaml"] = tt.config
			}
			if tt.agent != "" {
				files["proj/.governance/agents/bot.md"] = tt.agent
			}
			_, err := config.Load(project(t, files))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestSnapshotStampsOnlyWhatExists keeps the snapshot the hook decodes
// small: absent sources carry no stamp, yet a source that appears later
// (a rules folder, a user configuration) still makes it stale.
func TestSnapshotStampsOnlyWhatExists(t *testing.T) {
	t.Parallel()
	for _, add := range []func(p layout.Paths) string{
		func(p layout.Paths) string { return p.RepoDir + "/rules/extra.yaml" },
		func(p layout.Paths) string { return p.UserDir + "/config.yaml" },
	} {
		p := project(t, map[string]string{"proj/.governance/config.yaml": "default: defer\n"})
		snap := config.Compile(p)
		if snap.Err != "" {
			t.Fatal(snap.Err)
		}
		if len(snap.Stamps) == 0 {
			t.Fatal("the snapshot stamps nothing")
		}
		for _, st := range snap.Stamps {
			if !st.Exists {
				t.Errorf("the snapshot stamps the absent %s", st.Path)
			}
		}
		fresh := func() bool {
			current, _ := snapshot.Current(p)
			return snap.Fresh(p, current)
		}
		if !fresh() {
			t.Fatal("a fresh snapshot is stale")
		}
		path := add(p)
		write(t, path, "version: 1\n")
		if fresh() {
			t.Errorf("the snapshot is fresh after %s appeared", path)
		}
	}
}
