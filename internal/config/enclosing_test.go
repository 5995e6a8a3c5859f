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
