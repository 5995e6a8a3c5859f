package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgov/governance/internal/engine"
)

// A bare name that the calls' PATH finds first in a folder of the
// project (an activated .venv/bin, node_modules/.bin, ./bin) runs the
// file there, which any confined call could have planted: it is judged
// as project code, not as the system program of that name.
func TestPlantedOnProjectPath(t *testing.T) {
	t.Parallel()
	project, sys := t.TempDir(), t.TempDir()
	exe := func(p, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		t.Helper()
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"git", "ls", "cat", "head", "wc", "python3", "gzip", "tar"} {
		exe(filepath.Join(sys, n), "#!/bin/sh\n")
	}
	venv, bin := filepath.Join(project, ".venv", "bin"), filepath.Join(project, "bin")
	exe(filepath.Join(venv, "git"), "#!/bin/sh\ncat ~/.ssh/id_rsa > PWNED\nexec /usr/bin/git \"$@\"\n")
	exe(filepath.Join(venv, "echo"), "#!/bin/sh\n")
	exe(filepath.Join(project, "tools", "head"), "#!/bin/sh\n")
	link(filepath.Join(sys, "cat"), filepath.Join(venv, "cat"))
	link(filepath.Join(sys, "python3"), filepath.Join(venv, "python3"))
	exe(filepath.Join(project, ".venv", "pyvenv.cfg"), "home = /usr/bin\n")
	link("../../tools/head", filepath.Join(venv, "head"))
	exe(filepath.Join(bin, "wc"), "#!/bin/sh\n")
	link(filepath.Join(sys, "python3"), filepath.Join(bin, "python3"))
	if err := os.WriteFile(filepath.Join(venv, "ls"), []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe(filepath.Join(project, "README.md"), "hello\n")
	venv2 := filepath.Join(project, ".venv2", "bin")
	exe(filepath.Join(venv2, "echo"), "#!/bin/sh\n")
	link(filepath.Join(sys, "cat"), filepath.Join(venv2, "cat"))
	if err := os.WriteFile(filepath.Join(venv2, "ls"), []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A helper a program starts through PATH (tar gzip, git git-lfs),
	// planted in a folder of its own; a folder of PATH relative to the
	// command's; a folder of PATH that a link leads into the project.
	helpers := filepath.Join(project, "helpers")
	exe(filepath.Join(project, "a.tgz"), "")
	exe(filepath.Join(helpers, "gzip"), "#!/bin/sh\n")
	gitHelpers := filepath.Join(project, "githelpers")
	exe(filepath.Join(gitHelpers, "git-lfs"), "#!/bin/sh\n")
	// go list runs git, kubectl a kubeconfig's credential plugin, docker
	// its credential helper, man col.
	for _, n := range []string{"git", "gke-gcloud-auth-plugin", "docker-credential-desktop", "col"} {
		exe(filepath.Join(project, "h-"+n, n), "#!/bin/sh\n")
	}
	exe(filepath.Join(project, "sub", "node_modules", ".bin", "git"), "#!/bin/sh\n")
	if err := os.MkdirAll(filepath.Join(project, "node_modules", ".bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	exe(filepath.Join(project, "evil", "git"), "#!/bin/sh\n")
	home := filepath.Join(sys, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	link(filepath.Join(project, "evil"), filepath.Join(home, "bin"))
	link(project, filepath.Join(home, "proj"))

	for _, tc := range []struct {
		path, cmd string
		allowed   bool
	}{
		{venv + ":" + sys, "git status", false},
		{venv + ":" + sys, "git log --oneline", false},
		{venv + ":" + sys, "cat README.md | head -1", false},
		{"bin:" + sys, "wc -l README.md", false},
		{":" + sys, "bin/wc -l README.md", false},
		// The system's folder comes first: its git runs.
		{sys + ":" + venv, "git status", true},
		// Not there, not a program, a link out of the project, a builtin
		// (in a folder with no helper planted: a planted git in venv is
		// one, which git itself or go list would run).
		{venv2 + ":" + sys, "wc -l README.md", true},
		{venv2 + ":" + sys, "ls -la", true},
		{venv2 + ":" + sys, "cat README.md", true},
		{venv2 + ":" + sys, "echo hi", true},
		{venv + ":" + sys, "wc -l README.md", false},
		// A virtual environment's python runs its site-packages; another
		// link to python is python.
		{venv + ":" + sys, "python3 -c 'print(1)'", false},
		{bin + ":" + sys, "python3 -c 'print(1)'", true},
		{helpers + ":" + sys, "tar -tzf a.tgz", false},
		{helpers + ":" + sys, "ls -la", false},
		{gitHelpers + ":" + sys, "git lfs ls-files", false},
		{sys + ":" + helpers, "tar -tzf a.tgz", true},
		{filepath.Join(project, "h-git") + ":" + sys, "go list ./...", false},
		{filepath.Join(project, "h-gke-gcloud-auth-plugin") + ":" + sys, "kubectl get pods", false},
		{filepath.Join(project, "h-docker-credential-desktop") + ":" + sys, "docker search alpine", false},
		{filepath.Join(project, "h-col") + ":" + sys, "man ls", false},
		{"node_modules/.bin:" + sys, "git status; cd sub && git status", false},
		{"node_modules/.bin:" + sys, "git status", true},
		{filepath.Join(home, "bin") + ":" + sys, "git status", false},
		{home + "/proj/sub/../evil:" + sys, "git status", false},
	} {
		e := engine.NewEngine(builtin(engine.DefaultSettings()))
		e.TempDirs = []string{"/nonexistent-temporary-folder"}
		pathVar := tc.path
		e.LookupEnv = func(k string) (string, bool) {
			if k == "PATH" {
				return pathVar, true
			}
			return "", false
		}
		req := &engine.Request{Cwd: project, ProjectRoot: project, Home: filepath.Join(sys, "home"),
			Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: tc.cmd}}}
		d := e.Decide(context.Background(), req)
		if got := d.Outcome == engine.Allow; got != tc.allowed {
			t.Errorf("PATH=%s %q: got %s by %s/%s, want allowed=%v", tc.path, tc.cmd, d.Outcome, d.Layer, d.Rule, tc.allowed)
		}
	}
}

// BenchmarkDecideProjectPath is a read-only command with a PATH that
// starts in the project (an activated virtual environment): the look
// for a planted program costs a file system call per project folder of
// the PATH.
func BenchmarkDecideProjectPath(b *testing.B) {
	dir := tree(b, 1, 1)
	if err := os.MkdirAll(filepath.Join(dir, ".venv", "bin"), 0o755); err != nil {
		b.Fatal(err)
	}
	calls := 0
	e := engine.NewEngine(builtin(engine.DefaultSettings()))
	e.FS = countingFS{&calls}
	e.LookupEnv = func(k string) (string, bool) {
		if k == "PATH" {
			return filepath.Join(dir, ".venv", "bin") + ":/usr/local/bin:/usr/bin:/bin", true
		}
		return "", false
	}
	req := &engine.Request{Cwd: dir, ProjectRoot: dir, Home: filepath.Dir(dir),
		Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "git status && ls -la | head"}}}
	ctx := context.Background()
	for b.Loop() {
		r := *req
		e.Decide(ctx, &r)
	}
	b.ReportMetric(float64(calls)/float64(b.N), "fs-calls/op")
}

// A rule or a learned entry that allows a program by its name allows
// that program: what a planted file of that name on PATH runs is decided
// by no rule.
func TestPlantedNotAllowedByRules(t *testing.T) {
	t.Parallel()
	project, sys := t.TempDir(), t.TempDir()
	for _, p := range []string{filepath.Join(sys, "git"), filepath.Join(project, ".venv", "bin", "git")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	allowGit := engine.RuleSpec{ID: "allow-git", Match: []engine.MatchSpec{{Program: []string{"git"}}}, Decision: engine.Allow}
	for _, tc := range []struct {
		name string
		with func(p *engine.Policy)
	}{
		{"rule", func(p *engine.Policy) { p.Rules = append(p.Rules, engine.CompileTrusted(allowGit, "project")) }},
		{"learned", func(p *engine.Policy) { p.Learned = append(p.Learned, engine.CompileTrusted(allowGit, "learned")) }},
	} {
		for _, pathVar := range []string{filepath.Join(project, ".venv", "bin") + ":" + sys, sys} {
			p := builtin(engine.DefaultSettings())
			tc.with(p)
			e := engine.NewEngine(p)
			e.TempDirs = []string{"/nonexistent-temporary-folder"}
			e.LookupEnv = func(k string) (string, bool) { return pathVar, k == "PATH" }
			req := &engine.Request{Cwd: project, ProjectRoot: project, Home: filepath.Join(sys, "home"),
				Tool: engine.Tool{Kind: engine.KindShell, Name: "Bash", Input: engine.Input{Command: "git fetch origin"}}}
			d := e.Decide(context.Background(), req)
			planted := pathVar != sys
			if got := d.Outcome == engine.Allow; got == planted {
				t.Errorf("%s, PATH=%s: got %s by %s/%s, want allowed=%v", tc.name, pathVar, d.Outcome, d.Layer, d.Rule, !planted)
			}
		}
	}
}
