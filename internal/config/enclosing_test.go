package config_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/config"
	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/internal/layout"
	"github.com/agentgov/governance/internal/snapshot"
)

// TestEnclosingProjectTightensOnly: in a repository made inside a
// governed project, the outer project's denies and asks hold, its allows
// do not (they were trusted, if at all, for its own folder), and its
// configuration is protected; the snapshot says so after a round trip.
func TestEnclosingProjectTightensOnly(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"proj/.governance/rules/npm.yaml": npmRule,
		"proj/.governance/rules/ok.yaml": "rules:\n  - id: curl-ok\n    match: {program: curl}\n    decision: allow\n" +
			"    message: fine\n",
		"proj/.governance/rules/ci.yaml": "rules:\n  - id: ci-needs-a-person\n    match: {paths: [\".github/workflows/**\"]}\n" +
			"    decision: ask\n    message: CI runs with secrets.\n",
		"proj/sub/.git/HEAD": "ref: refs/heads/main\n",
	})
	env := map[string]string{"HOME": p.Home}
	sub := layout.Discover(filepath.Join(p.ProjectRoot, "sub"), "", func(k string) string { return env[k] })
	if got := sub.EnclosingRoots(); !slices.Equal(got, []string{p.ProjectRoot}) {
		t.Fatalf("enclosing roots %q, want %q", got, p.ProjectRoot)
	}
	l, err := config.Load(sub)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, r := range l.Policy.Rules {
		ids[r.ID] = true
	}
	if !ids["no-publish"] || ids["curl-ok"] {
		t.Errorf("rules from the enclosing project: no-publish %v (want true), curl-ok %v (want false)", ids["no-publish"], ids["curl-ok"])
	}
	if !slices.Contains(l.Policy.ConfigDirs, filepath.Join(p.ProjectRoot, ".governance")) ||
		!slices.Contains(l.Policy.ConfigDirs, filepath.Join(p.ProjectRoot, ".claude")) {
		t.Errorf("the enclosing project's configuration is not protected: %q", l.Policy.ConfigDirs)
	}
	snap := config.Compile(sub)
	data, err := snap.Encode()
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := snapshot.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if decoded.From != sub {
		t.Errorf("the snapshot's folders %+v, want %+v", decoded.From, sub)
	}
	pol := decoded.Policy()
	if pol.Err != nil {
		t.Fatal(pol.Err)
	}
	e := engine.NewEngine(pol)
	req := func(tool engine.Tool) *engine.Request {
		return &engine.Request{Cwd: sub.ProjectRoot, ProjectRoot: sub.ProjectRoot, Home: sub.Home, Tool: tool}
	}
	d := e.Decide(t.Context(), req(engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "npm publish"}}))
	if d.Outcome != engine.Deny || d.Rule != "no-publish" {
		t.Errorf("npm publish in the nested repository: %s by %s, want deny by no-publish", d.Outcome, d.Rule)
	}
	for _, path := range []string{"../.governance/rules/npm.yaml", "../.claude/settings.json", "../.codex/hooks.json"} {
		d := e.Decide(t.Context(), req(engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{path}}}))
		if d.Outcome != engine.Deny || d.Rule != "self-protection" {
			t.Errorf("writing %s from the nested repository: %s by %s", path, d.Outcome, d.Rule)
		}
	}
	// The outer project's path rules hold for its files and the inner
	// project's alike.
	for _, path := range []string{"../.github/workflows/ci.yml", ".github/workflows/ci.yml"} {
		d := e.Decide(t.Context(), req(engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{path}}}))
		if d.Rule != "ci-needs-a-person" {
			t.Errorf("writing %s from the nested repository: %s by %s, want ci-needs-a-person", path, d.Outcome, d.Rule)
		}
	}
	d = e.Decide(t.Context(), req(engine.Tool{Kind: engine.KindRead, Name: "Read", Input: engine.Input{Paths: []string{"../.claude/settings.json"}}}))
	if d.Outcome != engine.Allow {
		t.Errorf("reading the enclosing project's settings: %s by %s, want allow", d.Outcome, d.Rule)
	}
}

// TestEnclosingSettingsCarry: a repository made inside a governed project
// with no config.yaml of its own keeps the enclosing project's stricter
// settings (default, audit, confine), in the loaded policy and its
// snapshot; one with its own config.yaml takes its own; a looser
// enclosing setting changes nothing.
func TestEnclosingSettingsCarry(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"proj/.governance/config.yaml":     "default: deny\naudit: required\nconfine: auto\n",
		"proj/sub/.git/HEAD":               "ref: refs/heads/main\n",
		"proj/own/.git/HEAD":               "ref: refs/heads/main\n",
		"proj/own/.governance/config.yaml": "default: defer\n",
	})
	env := map[string]string{"HOME": p.Home}
	at := func(dir string) layout.Paths {
		return layout.Discover(filepath.Join(p.ProjectRoot, dir), "", func(k string) string { return env[k] })
	}
	sub := at("sub")
	if sub.ProjectRoot != filepath.Join(p.ProjectRoot, "sub") {
		t.Fatalf("project %s", sub.ProjectRoot)
	}
	l, err := config.Load(sub)
	if err != nil {
		t.Fatal(err)
	}
	if s := l.Policy.Settings; s.Default != engine.Deny || !s.AuditRequired || s.Confine != engine.ConfineAuto {
		t.Errorf("the nested repository's settings: default %s, audit required %v, confine %s; want deny, true, auto", s.Default, s.AuditRequired, s.Confine)
	}
	if !slices.Contains(l.Files, filepath.Join(p.ProjectRoot, ".governance", "config.yaml")) {
		t.Errorf("the enclosing config.yaml is not among the files: %q", l.Files)
	}
	data, err := config.Compile(sub).Encode()
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := snapshot.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if s := decoded.Policy().Settings; s.Default != engine.Deny || !s.AuditRequired {
		t.Errorf("the snapshot's settings: default %s, audit required %v", s.Default, s.AuditRequired)
	}
	own, err := config.Load(at("own"))
	if err != nil {
		t.Fatal(err)
	}
	if s := own.Policy.Settings; s.Default != engine.Defer || s.AuditRequired {
		t.Errorf("a nested project with its own config.yaml: default %s, audit required %v; want its own", s.Default, s.AuditRequired)
	}
}

const reviewerAgent = `---
description: Reviews changes; never edits files.
permission:
  read: allow
  shell:
    "git diff*": allow
  web: deny
---
Review the change.
`

// TestNestedRepositoryTakesTheEnclosingConfiguration: a repository inside
// a governed project with no config.yaml of its own takes the enclosing
// project's configuration whole (main_agent and its agent file, safe_set,
// missing_agent, roles), so that a call in it is decided as the same call
// at the project's root: the reviewer main agent's deny of writes and
// web fetches no longer stops at a nested .git. A reviewer of the same
// name in the nested repository's .claude/agents (a clone's) does not
// replace the project's. The snapshot is compiled again when the
// enclosing config.yaml changes. A nested project with a config.yaml of
// its own keeps its own settings, and the enclosing denies.
func TestNestedRepositoryTakesTheEnclosingConfiguration(t *testing.T) {
	t.Parallel()
	p := project(t, map[string]string{
		"proj/.governance/config.yaml": "version: 1\naudit: required\nmain_agent: reviewer\nsafe_set: false\nmissing_agent: deny\n" +
			"max_delegation_depth: 1\nroles:\n  builder:\n    sandbox:\n      fs_write: [\"{PROJECT_ROOT}/out/**\"]\n",
		"proj/.governance/agents/reviewer.md": reviewerAgent,
		"proj/.governance/rules/npm.yaml":     npmRule,
		"proj/sub/.git/HEAD":                  "ref: refs/heads/main\n",
		"proj/sub/.claude/agents/reviewer.md": "---\ndescription: a clone's\npermission:\n  edit: allow\n  web: allow\n---\nx\n",
		"proj/own/.git/HEAD":                  "ref: refs/heads/main\n",
		"proj/own/.governance/config.yaml":    "version: 1\n",
	})
	env := map[string]string{"HOME": p.Home}
	at := func(dir string) layout.Paths {
		return layout.Discover(filepath.Join(p.ProjectRoot, dir), "", func(k string) string { return env[k] })
	}
	sub := at("sub")
	l, err := config.Load(sub)
	if err != nil {
		t.Fatal(err)
	}
	if l.Outer != p.ProjectRoot {
		t.Errorf("the configuration of %q applies, want the enclosing project's %q", l.Outer, p.ProjectRoot)
	}
	s := l.Policy.Settings
	if s.MainAgent != "reviewer" || !s.NoSafeSet || s.MissingAgent != engine.MissingAgentDeny || s.MaxDelegationDepth != 1 || !s.AuditRequired {
		t.Errorf("the nested repository's settings: main agent %q, no safe set %v, missing agent %q, depth %d, audit %v",
			s.MainAgent, s.NoSafeSet, s.MissingAgent, s.MaxDelegationDepth, s.AuditRequired)
	}
	i := slices.IndexFunc(l.Policy.Roles, func(r engine.Role) bool { return r.Name == "builder" })
	if want := filepath.ToSlash(p.ProjectRoot) + "/out/**"; i < 0 || !slices.Equal(l.Policy.Roles[i].Sandbox.FSWrite, []string{want}) {
		t.Errorf("the enclosing project's role builder: %+v, want it writing %s", l.Policy.Roles, want)
	}
	// The same calls, decided at the project's root and in the nested
	// repository, from the snapshots the hook reads.
	decide := func(p layout.Paths, tool engine.Tool) *engine.Decision {
		t.Helper()
		data, err := config.Compile(p).Encode()
		if err != nil {
			t.Fatal(err)
		}
		snap, err := snapshot.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		pol := snap.Policy()
		if pol.Err != nil {
			t.Fatal(pol.Err)
		}
		return engine.NewEngine(pol).Decide(t.Context(), &engine.Request{Cwd: p.ProjectRoot, ProjectRoot: p.ProjectRoot, Home: p.Home, Tool: tool})
	}
	for _, tc := range []struct {
		name string
		tool engine.Tool
	}{
		{"Write", engine.Tool{Kind: engine.KindWrite, Name: "Write", Input: engine.Input{Paths: []string{"x.txt"}, Content: "x"}}},
		{"WebFetch", engine.Tool{Kind: engine.KindWeb, Name: "WebFetch", Input: engine.Input{URL: "https://example.com"}}},
	} {
		root, nested := decide(p, tc.tool), decide(sub, tc.tool)
		if root.Outcome != engine.Deny || nested.Outcome != root.Outcome || nested.Rule != root.Rule {
			t.Errorf("%s: %s by %s at the root, %s by %s in the nested repository; want the root's deny",
				tc.name, root.Outcome, root.Rule, nested.Outcome, nested.Rule)
		}
	}
	// An edit of the enclosing config.yaml makes the nested repository's
	// snapshot stale; one with only a config.yaml counts as configured.
	snap := config.Compile(sub)
	current, configured := snapshot.Current(sub)
	if !configured || !snap.Fresh(sub, current) {
		t.Fatalf("the nested repository's snapshot: configured %v, fresh %v", configured, snap.Fresh(sub, current))
	}
	write(t, filepath.Join(p.ProjectRoot, ".governance", "config.yaml"), "version: 1\naudit: required\nmain_agent: reviewer\n")
	if current, _ := snapshot.Current(sub); snap.Fresh(sub, current) {
		t.Error("the nested repository's snapshot is fresh after the enclosing config.yaml changed")
	}

	own := at("own")
	lo, err := config.Load(own)
	if err != nil {
		t.Fatal(err)
	}
	if s := lo.Policy.Settings; lo.Outer != "" || s.MainAgent != "" || s.AuditRequired {
		t.Errorf("a nested project with its own config.yaml: configuration of %q, main agent %q, audit %v; want its own",
			lo.Outer, s.MainAgent, s.AuditRequired)
	}
	d := decide(own, engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "npm publish"}})
	if d.Outcome != engine.Deny || d.Rule != "no-publish" {
		t.Errorf("npm publish in a nested project with its own config.yaml: %s by %s, want the enclosing deny", d.Outcome, d.Rule)
	}
}
