package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentgov/governance/internal/engine"
	"github.com/agentgov/governance/template"
)

// A protected file under another name is the protected file: a write of
// any kind through a hard link or a symbolic link made earlier is judged
// as a write to it; removing or renaming the other name is not.
func TestWritesThroughLinks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	homeDir := filepath.Join(dir, "home")
	project := filepath.Join(dir, "project")
	config := filepath.Join(homeDir, ".config", "governance")
	for _, d := range []string{config, filepath.Join(project, ".git"), filepath.Join(homeDir, ".claude")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	must(t, os.WriteFile(filepath.Join(config, "config.yaml"), []byte("default: ask\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(homeDir, ".claude", "settings.json"), []byte("{}\n"), 0o644))
	must(t, os.Link(filepath.Join(config, "config.yaml"), filepath.Join(project, "notes.yaml")))
	must(t, os.Link(filepath.Join(homeDir, ".claude", "settings.json"), filepath.Join(project, "s.json")))
	must(t, os.Symlink(filepath.Join(config, "config.yaml"), filepath.Join(project, "soft.yaml")))
	// A file with another name outside the protected set, which may be a
	// secret's: asked.
	must(t, os.WriteFile(filepath.Join(dir, "elsewhere"), []byte("x"), 0o644))
	must(t, os.Link(filepath.Join(dir, "elsewhere"), filepath.Join(project, "shared.txt")))
	must(t, os.WriteFile(filepath.Join(project, "plain.txt"), []byte("x"), 0o644))

	p := &engine.Policy{Settings: engine.DefaultSettings(),
		Rules:      engine.CompileAllTrusted(template.PolicyWithExamples(), engine.ScopeBuiltin, nil),
		ConfigDirs: []string{config}}
	e := engine.NewEngine(p)
	tool := func(kind engine.Kind, file string) *engine.Request {
		return &engine.Request{Cwd: project, ProjectRoot: project, Home: homeDir,
			Tool: engine.Tool{Kind: kind, Name: "Write", Input: engine.Input{Paths: []string{file}}}}
	}
	sh := func(cmd string) *engine.Request {
		return &engine.Request{Cwd: project, ProjectRoot: project, Home: homeDir,
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: cmd}}}
	}
	for _, tc := range []struct {
		name string
		req  *engine.Request
		want []engine.Outcome
		rule string
	}{
		{"Write tool on a hard link", tool(engine.KindWrite, filepath.Join(project, "notes.yaml")), blocked, "self-protection"},
		{"Edit tool on a hard link", tool(engine.KindEdit, filepath.Join(project, "notes.yaml")), blocked, "self-protection"},
		{"append", sh("echo 'default: allow' >> notes.yaml"), blocked, "self-protection"},
		{"truncate", sh(": > notes.yaml"), blocked, "self-protection"},
		{"tee", sh("echo x | tee notes.yaml"), blocked, "self-protection"},
		{"cp onto it", sh("cp plain.txt notes.yaml"), blocked, "self-protection"},
		{"sed -i", sh("sed -i s/ask/allow/ notes.yaml"), blocked, "self-protection"},
		{"chmod", sh("chmod 666 notes.yaml"), blocked, "self-protection"},
		{"harness settings", sh("echo '{}' > s.json"), blocked, "hook-settings"},
		{"symbolic link", tool(engine.KindWrite, filepath.Join(project, "soft.yaml")), blocked, "self-protection"},
		{"symbolic link, shell", sh("echo x >> soft.yaml"), blocked, "self-protection"},
		{"another name of a file not found", sh("echo x >> shared.txt"), stopped, "hard-link"},
		// Other names are left as they are.
		{"rm of the other name", sh("rm notes.yaml"), runs, ""},
		{"mv of the other name", sh("mv notes.yaml old.yaml"), runs, ""},
		{"read of it", sh("cat notes.yaml"), allowed, ""},
		{"a file with one name", sh("echo x >> plain.txt"), runs, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := e.Decide(context.Background(), tc.req)
			if !slices.Contains(tc.want, d.Outcome) || tc.rule != "" && d.Rule != tc.rule {
				t.Errorf("got %s by %s/%s (%s), want one of %v by %q", d.Outcome, d.Layer, d.Rule, d.Message, tc.want, tc.rule)
			}
		})
	}
}
