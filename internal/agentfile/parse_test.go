package agentfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgov/governance/agents"
)

// glob is the wildcard used by the engine: * matches anything.
func glob(kind, pattern, subject string) bool {
	if strings.HasSuffix(pattern, "*") {
		return strings.HasPrefix(subject, strings.TrimSuffix(pattern, "*"))
	}
	return pattern == subject
}

func mustParse(t *testing.T, format agents.Format, src string) *agents.Agent {
	t.Helper()
	a, err := Parse("agent.md", []byte(src), format, "agent")
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return a
}

func TestGovernanceFormat(t *testing.T) {
	t.Parallel()
	a := mustParse(t, agents.FormatGovernance, `---
description: test
scope: project
role: ai
permission:
  read: allow
  shell:
    "*": ask
    "git *": allow
    "git push*": deny
  edit:
    "src/*": allow
---
body`)
	if a.Scope != "project" || a.Role != "ai" || !a.Declares {
		t.Fatalf("agent = %+v", a)
	}
	tests := []struct {
		kind, subject string
		want          agents.Action
		implicit      bool
	}{
		{"read", "anything", agents.Allow, false},
		{"shell", "git status", agents.Allow, false},
		{"shell", "git push origin", agents.Deny, false}, // the last match wins
		{"shell", "npm test", agents.Ask, false},
		{"write", "src/a.go", agents.Allow, false}, // edit covers write
		{"edit", "docs/a.md", agents.Deny, true},   // no pattern matches: implicit deny
		{"web", "https://x", agents.Deny, true},    // not declared: implicit deny
		{"other", "TodoWrite", "", false},          // never limited by omission
	}
	for _, tt := range tests {
		c := a.Check(tt.kind, tt.subject, glob)
		if c.Action != tt.want || c.Implicit != tt.implicit {
			t.Errorf("Check(%s, %s) = %+v, want %s implicit=%v", tt.kind, tt.subject, c, tt.want, tt.implicit)
		}
	}
}

func TestOpenCodeFormat(t *testing.T) {
	t.Parallel()
	a := mustParse(t, agents.FormatOpenCode, `---
description: Code review without edits
mode: subagent
permission:
  edit: deny
  bash:
    "*": ask
    "git diff*": allow
    "rm *": deny
  task:
    "reviewer-*": allow
---
Only analyze code.`)
	tests := []struct {
		kind, subject string
		want          agents.Action
	}{
		{"edit", "a.go", agents.Deny},
		{"write", "a.go", agents.Deny},
		{"shell", "git diff HEAD", agents.Allow},
		{"shell", "rm -rf x", agents.Deny},
		{"shell", "ls", agents.Ask},
		{"agent", "reviewer-x", agents.Allow},
		{"agent", "builder", agents.Ask}, // a pattern map with no match asks
		{"read", "a.go", ""},             // not mentioned: OpenCode does not limit it
	}
	for _, tt := range tests {
		if c := a.Check(tt.kind, tt.subject, glob); c.Action != tt.want {
			t.Errorf("Check(%s, %s) = %+v, want %s", tt.kind, tt.subject, c, tt.want)
		}
	}
}

func TestClaudeFormat(t *testing.T) {
	t.Parallel()
	a := mustParse(t, agents.FormatClaude, "---\nname: docs\ndescription: writes docs\ntools: Read, Grep, Edit, mcp__github__get_issue\n---\n")
	if a.Name != "docs" {
		t.Errorf("name = %q", a.Name)
	}
	tests := []struct {
		kind, subject string
		want          agents.Action
	}{
		{"read", "a.go", agents.Allow},
		{"edit", "a.md", agents.Allow},
		{"shell", "ls", agents.Deny},
		{"web", "https://x", agents.Deny},
		{"mcp", "github_get_issue", agents.Allow},
		{"mcp", "github_delete_repo", agents.Deny},
	}
	for _, tt := range tests {
		if c := a.Check(tt.kind, tt.subject, glob); c.Action != tt.want {
			t.Errorf("Check(%s, %s) = %+v, want %s", tt.kind, tt.subject, c, tt.want)
		}
	}
	// Without a tools list, a Claude agent inherits every tool.
	open := mustParse(t, agents.FormatClaude, "---\nname: any\n---\n")
	if c := open.Check("shell", "rm x", glob); c.Action != "" {
		t.Errorf("no tools list: %+v", c)
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src, want string
	}{
		{"unknown key", "---\nscop: project\n---\n", `agent.md:2:1: unknown key "scop" (hint: did you mean "scope"?)`},
		{"bad scope", "---\nscope: everything\n---\n", `agent.md:2:8: unknown scope "everything"`},
		{"bad action", "---\npermission:\n  shell: maybe\n---\n", `agent.md:3:10: unknown action "maybe"`},
		{"bad kind", "---\npermission:\n  teleport: allow\n---\n", `agent.md:3:3: unknown tool kind "teleport"`},
		{"unterminated", "---\nscope: project\n", "agent.md:1: the frontmatter starts with --- but never ends"},
		{"bad yaml", "---\nscope: [\n---\n", "agent.md:"},
	}
	for _, tt := range tests {
		_, err := Parse("agent.md", []byte(tt.src), agents.FormatGovernance, "x")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestRegistry(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("gov/reviewer.md", "---\npermission:\n  read: allow\n---\n")
	write("claude/renamed.md", "---\nname: writer\ntools: Write\n---\n")
	write("oc/review/security.md", "---\npermission:\n  edit: deny\n---\n")
	write("gov/broken.md", "---\nscope: nowhere\n---\n")
	r := NewRegistry(Dir{Path: filepath.Join(dir, "gov"), Format: agents.FormatGovernance},
		Dir{Path: filepath.Join(dir, "claude"), Format: agents.FormatClaude},
		Dir{Path: filepath.Join(dir, "oc"), Format: agents.FormatOpenCode, Recursive: true})
	for _, name := range []string{"reviewer", "writer", "review/security"} {
		got, err := r.Lookup(name)
		if err != nil || len(got) != 1 {
			t.Errorf("Lookup(%q) = %v, %v", name, got, err)
		}
	}
	if got, err := r.Lookup("nobody"); err != nil || len(got) != 0 {
		t.Errorf("Lookup(nobody) = %v, %v", got, err)
	}
	if _, err := r.Lookup("broken"); err == nil {
		t.Errorf("Lookup(broken) should fail")
	}
	all, err := r.All()
	if err == nil || len(all) != 4 {
		t.Errorf("All() = %d agents, err %v; want 4 and the broken file's error", len(all), err)
	}
}

func TestUnreadableAgentFilesAreErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	claude := filepath.Join(dir, "claude")
	if err := os.MkdirAll(filepath.Join(claude, "folder.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone.md"), filepath.Join(claude, "dangling.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(claude, "file-name.md"), []byte("---\nname: front-name\ntools: Read\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := NewRegistry(Dir{Path: claude, Format: agents.FormatClaude})
	for _, c := range []struct{ name, file string }{
		{"dangling", "dangling.md"},
		{"folder", "folder.md"},
	} {
		_, err := r.Lookup(c.name)
		if !errors.Is(err, ErrUnreadable) || !strings.Contains(err.Error(), filepath.Join(claude, c.file)) {
			t.Errorf("Lookup(%q): %v; want an unreadable-file error naming %s", c.name, err, c.file)
		}
	}
	// Found by the name its frontmatter gives and by its file name.
	for _, name := range []string{"front-name", "file-name"} {
		got, err := r.Lookup(name)
		if err != nil || len(got) != 1 || got[0].Source != filepath.Join(claude, "file-name.md") {
			t.Errorf("Lookup(%q) = %v, %v", name, got, err)
		}
	}
	// A scan keeps the unreadable file as a stand-in carrying its error.
	all, err := NewRegistry(Dir{Path: claude, Format: agents.FormatClaude}).All()
	var stand *agents.Agent
	for _, a := range all {
		if a.Name == "dangling" {
			stand = a
		}
	}
	if err == nil || stand == nil || !strings.Contains(stand.Err, "dangling.md") {
		t.Errorf("All() = %v, %v; want a stand-in for dangling.md", all, err)
	}
}
